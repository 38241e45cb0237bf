import { z } from 'zod';
import { USER_ACTIVITY_TYPES } from './constants.js';
import { messageFields } from './message-schema.js';
import { appSettingsSchema, publicUserSchema } from './schemas.js';

/** Bounds an admin may set through PUT /api/mining/settings (fractions allowed). */
export const MINING_CYCLE_HOURS_MIN = 1 / 3600; // one second
export const MINING_CYCLE_HOURS_MAX = 24 * 30;
export const MINING_REWARD_MIN = 0.0001;
export const MINING_REWARD_MAX = 1_000_000;

/** PUT /api/mining/settings: either or both keys; unknown keys are refused so a typo is not lost. */
export const miningSettingsUpdateSchema = z
  .strictObject(
    {
      MINING_CYCLE_HOURS: z
        .number({ error: 'MINING_CYCLE_HOURS must be a number of hours' })
        .min(MINING_CYCLE_HOURS_MIN, `MINING_CYCLE_HOURS must be at least ${MINING_CYCLE_HOURS_MIN} (one second)`)
        .max(MINING_CYCLE_HOURS_MAX, `MINING_CYCLE_HOURS must be at most ${MINING_CYCLE_HOURS_MAX}`)
        .optional(),
      MINING_REWARD: z
        .number({ error: 'MINING_REWARD must be a number of ZP' })
        .min(MINING_REWARD_MIN, `MINING_REWARD must be at least ${MINING_REWARD_MIN}`)
        .max(MINING_REWARD_MAX, `MINING_REWARD must be at most ${MINING_REWARD_MAX}`)
        .optional(),
    },
    {
      error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown setting: ${issue.keys.join(', ')}` : undefined),
    },
  )
  .refine((v) => v.MINING_CYCLE_HOURS !== undefined || v.MINING_REWARD !== undefined, {
    message: 'Give MINING_CYCLE_HOURS and/or MINING_REWARD',
  });
export type MiningSettingsUpdate = z.infer<typeof miningSettingsUpdateSchema>;

export const miningSettingsUpdateResponseSchema = z.object({
  success: z.literal(true),
  ...messageFields,
  settings: appSettingsSchema,
});

/** POST /api/user/activity. */
export const userActivityRequestSchema = z.object({
  activityType: z.enum(USER_ACTIVITY_TYPES, {
    error: `activityType must be one of: ${USER_ACTIVITY_TYPES.join(', ')}`,
  }),
});
export type UserActivityRequest = z.infer<typeof userActivityRequestSchema>;

export const userActivityResponseSchema = z.object({
  success: z.literal(true),
  activityType: z.enum(USER_ACTIVITY_TYPES),
  /** True when this call credited today's reward; false when it was already credited today. */
  credited: z.boolean(),
  ...messageFields,
  /** The UTC day (YYYY-MM-DD) the reward belongs to. */
  day: z.string(),
  reward: z.object({ zp: z.number(), seb: z.number() }).nullable(),
  user: publicUserSchema,
});
export type UserActivityResponse = z.infer<typeof userActivityResponseSchema>;

export const ECONOMY_MESSAGES = {
  miningSettingsUpdated: 'Mining settings updated',
  dailyLoginCredited: 'Daily login reward credited',
  dailyLoginAlreadyCredited: 'Daily login reward already received today',
  transactionNotFound: 'Transaction not found',
} as const;
