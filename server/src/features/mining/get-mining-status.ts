import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppSettings, MiningStatus, MiningUserData } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { miningSessions, users, type UserRow } from '../../platform/db/schema.js';

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

/**
 * The user's balances and unclaimed cycle in one statement (the status endpoint's only query
 * when the session and the settings are cached). Undefined when the user no longer exists.
 */
export async function findStatusRow(
  db: Db,
  userId: string,
): Promise<{ user: MiningStatusUser; cycle: OpenCycle | undefined } | undefined> {
  const [row] = await db
    .select({
      zpBalance: users.zpBalance,
      socialCapitalScore: users.socialCapitalScore,
      dailyStreakCount: users.dailyStreakCount,
      id: miningSessions.id,
      startedAt: miningSessions.startedAt,
      endsAt: miningSessions.endsAt,
      now: sql<string>`now()`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(users)
    .leftJoin(miningSessions, and(eq(miningSessions.userId, users.id), isNull(miningSessions.claimedAt)))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  const { zpBalance, socialCapitalScore, dailyStreakCount, id, startedAt, endsAt, now } = row;
  return {
    user: { zpBalance, socialCapitalScore, dailyStreakCount },
    cycle: id && startedAt && endsAt ? { id, startedAt, endsAt, now } : undefined,
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

/** Builds the status the client renders (spec §4): ready, in progress, or claimable. */
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
