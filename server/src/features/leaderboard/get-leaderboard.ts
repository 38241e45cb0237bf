import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { REVERSAL_SUFFIX, SPENDING_TYPES, type CONTRACT } from '@ziver/shared';
import { rowsOf, type Db } from '../../platform/db/client.js';

type Entry = (typeof CONTRACT)['leaderboards'];
type LeaderboardQuery = z.output<Entry['query']>;
type LeaderboardResponse = z.input<Entry['response']>;

/** Entries per page (fixed). */
export const LEADERBOARD_PAGE_SIZE = 50;

/** Where the all-time period starts: the beginning of the ledger (any entry is later). */
const ALL_TIME_START = '1970-01-01T00:00:00.000Z';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC week holding `now`: Monday 00:00 UTC (inclusive) to the next Monday 00:00 UTC (exclusive). */
export function weekOf(now: Date): { start: Date; end: Date } {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(midnight - ((now.getUTCDay() + 6) % 7) * DAY_MS);
  return { start, end: new Date(start.getTime() + 7 * DAY_MS) };
}

type ScoreRow = { user_id: string; value: string | number; reached_at: Date | string | null };
type EntryRow = ScoreRow & { username: string; avatar_url: string | null };

/** Spending entries (and their reversals) are not "earned": the same split as the ledger's totals. */
const NOT_EARNED = SPENDING_TYPES.flatMap((type) => [type, `${type}${REVERSAL_SUFFIX}`]);

/**
 * Each account's value on a board over [start, end) and when it reached it (the time of its last
 * counted entry), for the accounts `who` selects (a SQL condition on the user id column).
 * Only values above 0 are on a board. The rules are docs/decisions.md "Leaderboards".
 */
function scores(query: LeaderboardQuery, start: Date, end: Date, who: (column: SQL) => SQL): SQL {
  if (query.board === 'referrals') {
    return sql`
      select r.referrer_id as user_id, count(*) as value, max(r.created_at) as reached_at
      from referrals r
      where r.removed_at is null and r.created_at >= ${start} and r.created_at < ${end} and ${who(sql`r.referrer_id`)}
      group by r.referrer_id`;
  }
  if (query.board === 'seb' && query.period === 'all') {
    // The score itself (the sum of every SEB entry, by the ledger invariant); reached at its last entry.
    return sql`
      select u.id as user_id, u.social_capital_score as value,
        (select max(t.created_at) from transactions t where t.user_id = u.id and t.currency = 'SEB') as reached_at
      from users u
      where u.social_capital_score > 0 and ${who(sql`u.id`)}`;
  }
  const currency = query.board === 'zp' ? 'ZP' : 'SEB';
  return sql`
    select t.user_id, sum(t.amount) as value, max(t.created_at) as reached_at
    from transactions t
    where t.currency = ${currency} and t.created_at >= ${start} and t.created_at < ${end}
      and t.type not in (${sql.join(
        NOT_EARNED.map((type) => sql`${type}`),
        sql`, `,
      )})
      and ${who(sql`t.user_id`)}
    group by t.user_id
    having sum(t.amount) > 0`;
}

/** The accounts of the friends scope: the caller, its referrer and its referrals (active ones). */
function friendsOf(userId: string): (column: SQL) => SQL {
  return (column) => sql`${column} in (
    select ${userId}::uuid
    union all select referrer_id from referrals where referred_id = ${userId} and removed_at is null
    union all select referred_id from referrals where referrer_id = ${userId} and removed_at is null)`;
}

const everyone = () => sql`true`;
const only = (userId: string) => (column: SQL) => sql`${column} = ${userId}`;

/** Who may appear on a board: not suspended, not hidden by the account's own choice. */
const VISIBLE = sql`u.suspended_at is null and u.hide_from_boards = false`;

const isoOf = (value: Date | string | null) =>
  value === null ? ALL_TIME_START : (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * One page of a leaderboard and the caller's standing. Ranks are unique: a higher value first,
 * then whoever reached it first (the earlier last counted entry), then the lower account id.
 */
export async function getLeaderboard(
  db: Db,
  options: { userId: string; query: LeaderboardQuery; now?: Date },
): Promise<LeaderboardResponse> {
  const { userId, query } = options;
  const now = options.now ?? new Date();
  const { start, end } = query.period === 'week' ? weekOf(now) : { start: new Date(ALL_TIME_START), end: now };
  const scope = query.scope === 'friends' ? friendsOf(userId) : everyone;
  const offset = (query.page - 1) * LEADERBOARD_PAGE_SIZE;

  const page = rowsOf<EntryRow>(
    await db.execute(sql`
      with scores as (${scores(query, start, end, scope)})
      select s.user_id, s.value, s.reached_at, u.username, u.avatar_url
      from scores s join users u on u.id = s.user_id
      where ${VISIBLE}
      order by s.value desc, s.reached_at asc, s.user_id asc
      limit ${LEADERBOARD_PAGE_SIZE + 1} offset ${offset}`),
  );

  // My own value, and my rank among the visible accounts of the scope (also when I am hidden).
  const [mine] = rowsOf<ScoreRow & { ahead: string | number }>(
    await db.execute(sql`
      with mine as (${scores(query, start, end, only(userId))}),
        scores as (${scores(query, start, end, scope)})
      select m.user_id, m.value, m.reached_at,
        (select count(*) from scores s join users u on u.id = s.user_id
          where ${VISIBLE} and s.user_id <> m.user_id and (
            s.value > m.value
            or (s.value = m.value and s.reached_at < m.reached_at)
            or (s.value = m.value and s.reached_at = m.reached_at and s.user_id < m.user_id))) as ahead
      from mine m`),
  );

  return {
    success: true,
    entries: page.slice(0, LEADERBOARD_PAGE_SIZE).map((row, index) => ({
      rank: offset + index + 1,
      userId: row.user_id,
      username: row.username,
      avatarUrl: row.avatar_url,
      value: Number(row.value),
    })),
    me: mine ? { rank: Number(mine.ahead) + 1, value: Number(mine.value) } : { rank: null, value: 0 },
    period: { start: isoOf(start), end: isoOf(end) },
    page: query.page,
    hasMore: page.length > LEADERBOARD_PAGE_SIZE,
  };
}
