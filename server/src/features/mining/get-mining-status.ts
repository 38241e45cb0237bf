import type { PGlite } from '@electric-sql/pglite';
import { and, eq, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import type { AppSettings, MiningStatus, MiningUserData } from '@ziver/shared';
import { createCoalescer } from '../../platform/coalesce.js';
import type { Database, Db } from '../../platform/db/client.js';
import { miningSessions, type UserRow } from '../../platform/db/schema.js';

export type OpenCycle = { id: string; startedAt: Date; endsAt: Date; now: Date };

/** The user's unclaimed cycle, with the database's clock so every instance agrees. */
export async function findOpenCycle(db: Db, userId: string): Promise<OpenCycle | undefined> {
  const [row] = await db
    .select({
      id: miningSessions.id,
      startedAt: miningSessions.startedAt,
      endsAt: miningSessions.endsAt,
      now: sql<string>`now()`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(miningSessions)
    .where(and(eq(miningSessions.userId, userId), isNull(miningSessions.claimedAt)))
    .limit(1);
  return row as OpenCycle | undefined;
}

/** What the status shows of the user: read fresh with the cycle, never from a cache. */
export type MiningStatusUser = Pick<UserRow, 'zpBalance' | 'socialCapitalScore' | 'dailyStreakCount'>;

/** `clockOffsetMs`: the database's clock minus this process's, as measured when the row arrived. */
export type StatusRow = { user: MiningStatusUser; cycle: OpenCycle | undefined; clockOffsetMs: number };

/** One statement for a batch of users: their balances and open cycles, with the database's clock. */
const STATUS_ROWS_SQL = `
  select u.id as user_id, u.zp_balance, u.social_capital_score, u.daily_streak_count,
         m.id as cycle_id, m.started_at, m.ends_at, now() as now
  from users u
  left join mining_sessions m on m.user_id = u.id and m.claimed_at is null
  where u.id = any($1::uuid[])`;

type RawStatusRow = {
  user_id: string;
  zp_balance: string | number;
  social_capital_score: string | number;
  daily_streak_count: number;
  cycle_id: string | null;
  started_at: Date | string | null;
  ends_at: Date | string | null;
  now: Date | string;
};

/** Most users one statement reads (an ANY array of this many ids is still one index walk each). */
const MAX_BATCH = 500;

/**
 * A reader of the user's balances and unclaimed cycle (the status endpoint's only database read
 * when the session and the settings are cached; undefined when the user no longer exists), one
 * per app's status cache. Status polls arriving together share one statement, coalesced
 * (platform/coalesce.ts): the first poll reads at once; polls that arrive while `maxInFlight`
 * reads are under way go together in the next read, which starts after they arrived, so none
 * sees data older than its own arrival. Takes the database, not a transaction: the batch runs
 * on the pool (or PGlite) outside any caller's transaction. On PostgreSQL the statement is
 * prepared once per connection and up to 2 reads run at once; on PGlite (one connection) one
 * read at a time.
 */
export function createStatusRowReader(db: Database): (userId: string) => Promise<StatusRow | undefined> {
  const client = (db as unknown as { $client: unknown }).$client;
  const isPool = client instanceof pg.Pool;
  const query = isPool
    ? async (ids: readonly string[]) =>
        (
          await (client as pg.Pool).query<RawStatusRow>({
            name: 'mining_status_rows',
            text: STATUS_ROWS_SQL,
            values: [ids],
          })
        ).rows
    : async (ids: readonly string[]) => (await (client as PGlite).query<RawStatusRow>(STATUS_ROWS_SQL, [ids])).rows;

  return createCoalescer<string, StatusRow | undefined>({
    key: (userId) => userId,
    maxBatch: MAX_BATCH,
    maxInFlight: isPool ? 2 : 1,
    async run(ids, answers) {
      const rows = await query(ids);
      const byUser = new Map(rows.map((row) => [row.user_id, row]));
      // Measured on arrival: the estimate lags the database's clock by at most the way back.
      const arrivedAt = Date.now();
      for (const id of ids) {
        const row = byUser.get(id);
        answers.resolve(id, row ? toStatusRow(row, arrivedAt) : undefined);
      }
    },
  });
}

const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

function toStatusRow(row: RawStatusRow, arrivedAt: number): StatusRow {
  const { cycle_id: id, started_at: startedAt, ends_at: endsAt } = row;
  const now = asDate(row.now);
  return {
    clockOffsetMs: now.getTime() - arrivedAt,
    user: {
      zpBalance: Number(row.zp_balance),
      socialCapitalScore: Number(row.social_capital_score),
      dailyStreakCount: Number(row.daily_streak_count),
    },
    cycle: id && startedAt && endsAt ? { id, startedAt: asDate(startedAt), endsAt: asDate(endsAt), now } : undefined,
  };
}

/** The `userData` block of the status and the claim: balances, streak and the running cycle's start. */
export function miningUserData(
  user: MiningStatusUser,
  cycle: Pick<OpenCycle, 'startedAt'> | undefined,
): MiningUserData {
  return {
    zp_balance: Number(user.zpBalance),
    social_capital_score: Number(user.socialCapitalScore),
    daily_streak_count: user.dailyStreakCount,
    mining_session_start_time: cycle ? cycle.startedAt.toISOString() : null,
  };
}

/** Builds the status the client renders (docs/spec.md §4): ready, in progress, or claimable. */
export function describeMiningStatus(
  user: MiningStatusUser,
  cycle: OpenCycle | undefined,
  settings: AppSettings,
): MiningStatus {
  const userData = miningUserData(user, cycle);
  if (!cycle) {
    return {
      success: true,
      isMining: false,
      canClaim: false,
      timeRemaining: 0,
      progress: 0,
      cycleEndsAt: null,
      userData,
      appSettings: settings,
    };
  }
  const total = cycle.endsAt.getTime() - cycle.startedAt.getTime();
  const elapsed = cycle.now.getTime() - cycle.startedAt.getTime();
  const canClaim = elapsed >= total;
  return {
    success: true,
    isMining: !canClaim,
    canClaim,
    timeRemaining: canClaim ? 0 : total - elapsed,
    progress: canClaim ? 1 : Math.min(1, Math.max(0, elapsed / total)),
    cycleEndsAt: cycle.endsAt.toISOString(),
    userData,
    appSettings: settings,
  };
}
