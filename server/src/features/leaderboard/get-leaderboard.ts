import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { CONTRACT } from '@ziver/shared';
import { rowsOf, type Db } from '../../platform/db/client.js';

type Entry = (typeof CONTRACT)['leaderboards'];
type LeaderboardQuery = z.output<Entry['query']>;
type LeaderboardResponse = z.input<Entry['response']>;

/** Entries per page (fixed). */
export const LEADERBOARD_PAGE_SIZE = 50;

/** Where the all-time period starts: the beginning of the ledger (any entry is later); board_periods() in SQL. */
export const ALL_TIME_START = '1970-01-01T00:00:00.000Z';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC week holding `now`: Monday 00:00 UTC (inclusive) to the next Monday 00:00 UTC (exclusive). */
export function weekOf(now: Date): { start: Date; end: Date } {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(midnight - ((now.getUTCDay() + 6) % 7) * DAY_MS);
  return { start, end: new Date(start.getTime() + 7 * DAY_MS) };
}

/** How a rank is read: counted live up to `liveRanks` ahead, beyond that from the rank marks. */
export type RankReading = { liveRanks: number };

/** A position's time as text (exact to the microsecond; a JavaScript Date keeps milliseconds). */
type Position = { rank_key: string; reached_at: string; user_id: string };
type ScoreRow = Position & { value: string | number };
type EntryRow = { user_id: string; value: string | number; username: string; avatar_url: string | null };
type MarkRow = Position & { rank: number; computed_at: Date | string };

/** The rows of one board and period that are on it: visible, value above 0 (board_scores_rank_idx). */
const onBoard = (board: string, periodStart: Date) =>
  sql`s.board = ${board} and s.period_start = ${periodStart} and s.visible and s.rank_key < 0`;

/** A position on a board as a row value, in board order (rank_key = -value, then reached_at, then id). */
const key = (row: Position) => sql`(${row.rank_key}::numeric, ${row.reached_at}::timestamptz, ${row.user_id}::uuid)`;
const POSITION = sql`(s.rank_key, s.reached_at, s.user_id)`;

/** The accounts of the friends scope: the caller, its referrer and its referrals (active ones). */
function friendsOf(userId: string): SQL {
  return sql`s.user_id in (
    select ${userId}::uuid
    union all select referrer_id from referrals where referred_id = ${userId} and removed_at is null
    union all select referred_id from referrals where referrer_id = ${userId} and removed_at is null)`;
}

const isoOf = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** Visible entries ahead of `mine`, at most `limit` counted. */
async function countAhead(db: Db, where: SQL, mine: ScoreRow, limit?: number) {
  const bounds = sql`${where} and ${POSITION} < ${key(mine)}`;
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(
      limit === undefined
        ? sql`select count(*) as n from board_scores s where ${bounds}`
        : sql`select count(*) as n from (select 1 from board_scores s where ${bounds} limit ${limit}) x`,
    ),
  );
  return Number(row?.n ?? 0);
}

/**
 * The caller's rank among the visible accounts of the scope (also when hidden: counted as if on
 * the board). Exact and live while fewer than `liveRanks` accounts are ahead (every rank a page
 * can show) and in the friends scope. Further down a global board: the rank of the nearest rank
 * mark ahead (as of its refresh) plus the live count between that mark and the caller (at most
 * about one mark's spacing), with the marks' time as `rankAsOf`.
 */
async function rankOf(
  db: Db,
  mine: ScoreRow,
  where: SQL,
  options: { board: string; periodStart: Date; global: boolean; reading: RankReading },
): Promise<{ rank: number; rankAsOf: string | null }> {
  const exact = async (limit?: number) => (await countAhead(db, where, mine, limit)) + 1;
  if (!options.global) return { rank: await exact(), rankAsOf: null };
  const { liveRanks } = options.reading;
  // The nearest mark ahead and the live count between it and me, in one statement (one round trip).
  const [mark] = rowsOf<MarkRow & { behind_mark: string | number }>(
    await db.execute(sql`
      select m.rank, m.rank_key, m.reached_at::text as reached_at, m.user_id, m.computed_at,
        (select count(*) from board_scores s
         where ${where} and ${POSITION} < ${key(mine)} and ${POSITION} > (m.rank_key, m.reached_at, m.user_id)) as behind_mark
      from (
        select rank, rank_key, reached_at, user_id, computed_at from board_rank_marks
        where board = ${options.board} and period_start = ${options.periodStart}
          and (rank_key, reached_at, user_id) < ${key(mine)}
        order by rank desc limit 1
      ) m`),
  );
  if (!mark || Number(mark.rank) < liveRanks) {
    const live = await exact(liveRanks);
    if (live <= liveRanks) return { rank: live, rankAsOf: null };
    // No marks yet (none refreshed since this board began): counted in full, exact.
    if (!mark) return { rank: await exact(), rankAsOf: null };
  }
  return { rank: Number(mark.rank) + Number(mark.behind_mark) + 1, rankAsOf: isoOf(mark.computed_at) };
}

/**
 * One page of a leaderboard and the caller's standing, read from board_scores (kept by triggers
 * in the ledger's transactions, migration 0035_board_scores). Ranks are unique: a higher value
 * first, then whoever reached it first (the earlier last counted entry), then the lower account
 * id. The rules are docs/decisions.md "Leaderboards".
 */
export async function getLeaderboard(
  db: Db,
  options: { userId: string; query: LeaderboardQuery; reading: RankReading; now?: Date },
): Promise<LeaderboardResponse> {
  const { userId, query } = options;
  const now = options.now ?? new Date();
  const { start, end } = query.period === 'week' ? weekOf(now) : { start: new Date(ALL_TIME_START), end: now };
  const global = query.scope === 'global';
  const where = sql`${onBoard(query.board, start)}${global ? sql`` : sql` and ${friendsOf(userId)}`}`;
  const offset = (query.page - 1) * LEADERBOARD_PAGE_SIZE;

  // The page and the caller's standing are independent reads: asked at once, on two connections.
  const readPage = async () =>
    rowsOf<EntryRow>(
      await db.execute(sql`
        select s.user_id, s.value, u.username, u.avatar_url
        from board_scores s join users u on u.id = s.user_id
        where ${where}
        order by s.rank_key, s.reached_at, s.user_id
        limit ${LEADERBOARD_PAGE_SIZE + 1} offset ${offset}`),
    );
  const readMe = async () => {
    const [mine] = rowsOf<ScoreRow>(
      await db.execute(sql`
        select s.user_id, s.value, s.rank_key, s.reached_at::text as reached_at from board_scores s
        where s.board = ${query.board} and s.period_start = ${start} and s.user_id = ${userId} and s.rank_key < 0`),
    );
    if (!mine) return { rank: null, value: 0, rankAsOf: null };
    const rank = await rankOf(db, mine, where, {
      board: query.board,
      periodStart: start,
      global,
      reading: options.reading,
    });
    return { value: Number(mine.value), ...rank };
  };
  const [page, me] = await Promise.all([readPage(), readMe()]);

  return {
    success: true,
    entries: page.slice(0, LEADERBOARD_PAGE_SIZE).map((row, index) => ({
      rank: offset + index + 1,
      userId: row.user_id,
      username: row.username,
      avatarUrl: row.avatar_url,
      value: Number(row.value),
    })),
    me,
    period: { start: isoOf(start), end: isoOf(end) },
    page: query.page,
    hasMore: page.length > LEADERBOARD_PAGE_SIZE,
  };
}
