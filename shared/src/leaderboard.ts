import { z } from 'zod';
import { endpoint } from './contract/define.js';

/**
 * The leaderboards (GET /api/leaderboard): the schemas and the contract entry sit together here,
 * so the feature's shared part is one file (docs/architecture.md "Adding an endpoint and a screen").
 * The ranking rules are docs/decisions.md "Leaderboards".
 */

export const LEADERBOARD_BOARDS = ['seb', 'zp', 'referrals'] as const;
export type LeaderboardBoard = (typeof LEADERBOARD_BOARDS)[number];
export const LEADERBOARD_PERIODS = ['week', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export const LEADERBOARD_SCOPES = ['global', 'friends'] as const;
export type LeaderboardScope = (typeof LEADERBOARD_SCOPES)[number];

/** Entries per page (fixed). */
export const LEADERBOARD_PAGE_SIZE = 50;
/** The last page a client may ask for: ranks beyond 10,000 are only shown as `me`. */
export const LEADERBOARD_MAX_PAGE = 200;

/** Where the all-time period starts: the beginning of the ledger (any entry is later). */
export const ALL_TIME_START = '1970-01-01T00:00:00.000Z';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The UTC week holding `now`: Monday 00:00 UTC (inclusive) to the next Monday 00:00 UTC (exclusive). */
export function weekOf(now: Date): { start: Date; end: Date } {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const daysSinceMonday = (now.getUTCDay() + 6) % 7;
  const start = new Date(midnight - daysSinceMonday * 24 * 60 * 60 * 1000);
  return { start, end: new Date(start.getTime() + WEEK_MS) };
}

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

function choiceParam<const T extends readonly [string, ...string[]]>(name: string, values: T, fallback: T[number]) {
  return z.preprocess(
    blankToUndefined,
    z.enum(values, { error: `${name} must be one of: ${values.join(', ')}` }).default(fallback),
  );
}

const pageRange = `page must be a whole number from 1 to ${LEADERBOARD_MAX_PAGE}`;

export const leaderboardQuerySchema = z.object({
  board: choiceParam('board', LEADERBOARD_BOARDS, 'seb'),
  period: choiceParam('period', LEADERBOARD_PERIODS, 'week'),
  scope: choiceParam('scope', LEADERBOARD_SCOPES, 'global'),
  page: z.preprocess(
    (v) => {
      const value = blankToUndefined(v);
      return typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
    },
    z.number({ error: pageRange }).int(pageRange).min(1, pageRange).max(LEADERBOARD_MAX_PAGE, pageRange).default(1),
  ),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

export const leaderboardRowSchema = z.object({
  rank: z.number(),
  userId: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  value: z.number(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

export const leaderboardResponseSchema = z.object({
  success: z.literal(true),
  entries: z.array(leaderboardRowSchema),
  /**
   * The caller's own standing, also when outside the page or hidden from the boards (then the
   * rank they would hold among the visible accounts). rank null while the value is 0 (not on the board).
   */
  me: z.object({ rank: z.number().nullable(), value: z.number() }),
  period: z.object({ start: z.string(), end: z.string() }),
  page: z.number(),
  hasMore: z.boolean(),
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;

/** The contract entry (spread into CONTRACT as `leaderboards`). */
export const leaderboardsEndpoint = endpoint({
  method: 'GET',
  path: '/leaderboard',
  tag: 'Leaderboard',
  summary:
    'A leaderboard page: SEB, ZP earned or referrals made, this UTC week or all time, everyone or friends, with my rank',
  access: 'user',
  query: leaderboardQuerySchema,
  response: leaderboardResponseSchema,
});
