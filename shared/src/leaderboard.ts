import { z } from 'zod';
import { endpoint } from './contract/define.js';

/**
 * The leaderboards (GET /api/leaderboard): the schemas beside the contract entry, so the
 * feature's shared part is this one file, reached through CONTRACT (docs/architecture.md
 * "Adding an endpoint and a screen"). The ranking rules are docs/decisions.md "Leaderboards".
 */

const LEADERBOARD_BOARDS = ['seb', 'zp', 'referrals'] as const;
const LEADERBOARD_PERIODS = ['week', 'all'] as const;
const LEADERBOARD_SCOPES = ['global', 'friends'] as const;

/** The last page a client may ask for (pages of 50: ranks beyond 10,000 are only shown as `me`). */
const LEADERBOARD_MAX_PAGE = 200;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

function choiceParam<const T extends readonly [string, ...string[]]>(name: string, values: T, fallback: T[number]) {
  return z.preprocess(
    blankToUndefined,
    z.enum(values, { error: `${name} must be one of: ${values.join(', ')}` }).default(fallback),
  );
}

const pageRange = `page must be a whole number from 1 to ${LEADERBOARD_MAX_PAGE}`;

const leaderboardQuerySchema = z.object({
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

const leaderboardRowSchema = z.object({
  rank: z.number(),
  userId: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  value: z.number(),
});

const leaderboardResponseSchema = z.object({
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
