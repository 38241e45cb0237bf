import { z } from 'zod';
import { messageFields } from './message-schema.js';
import { REFERRAL_MINING_WINDOW_HOURS } from './constants.js';
import { publicUserSchema } from './schemas.js';
import { safeText } from './text.js';
import { REFERRAL_MESSAGES } from './feature-messages.js';

/** Entries on the referral leaderboard. */
export const REFERRAL_LEADERBOARD_LIMIT = 20;
/** The smart suggestion looks at mining activity over this many days. */
export const REFERRAL_SUGGESTION_ACTIVITY_DAYS = 7;

/** Whether a referral counts as "mining": its session started within the last 4 hours (docs/spec.md §4). */
export function isReferralMining(sessionStart: Date | string | null | undefined, now: Date = new Date()): boolean {
  if (!sessionStart) return false;
  const started = typeof sessionStart === 'string' ? Date.parse(sessionStart) : sessionStart.getTime();
  if (Number.isNaN(started)) return false;
  const age = now.getTime() - started;
  return age >= 0 && age < REFERRAL_MINING_WINDOW_HOURS * 3_600_000;
}

/** Normalises a typed code: trimmed and upper-cased (codes are issued upper-case). */
export function normaliseReferralCode(code: string): string {
  return code.trim().toUpperCase();
}

// ---------- requests ----------

/**
 * POST /referrals/apply. Only `referralCode` is read: the code always applies to the signed-in
 * user, so a `userId` in the body (sent by older clients) is stripped and never used.
 */
export const applyReferralRequestSchema = z.object({
  referralCode: safeText({ error: REFERRAL_MESSAGES.codeRequired })
    .trim()
    .min(1, REFERRAL_MESSAGES.codeRequired)
    .max(32, REFERRAL_MESSAGES.invalidCode)
    .regex(/^[A-Za-z0-9_-]+$/, REFERRAL_MESSAGES.invalidCode),
  /** 'suggestion' when the code came from GET /referrals/smart-suggestion. */
  source: z.enum(['apply', 'suggestion']).optional(),
});
export type ApplyReferralRequest = z.infer<typeof applyReferralRequestSchema>;

// ---------- responses ----------

export const referrerSummarySchema = z.object({ username: z.string(), referral_code: z.string() });
export type ReferrerSummary = z.infer<typeof referrerSummarySchema>;

export const referralEntrySchema = z.object({
  /** The referred user's id (the row describes them): what DELETE /referrals/{id} takes. */
  id: z.string(),
  username: z.string(),
  avatar_url: z.string().nullable(),
  /** When the referral was recorded (for sign-up referrals: when the friend joined). */
  created_at: z.string(),
  mining_session_start_time: z.string().nullable(),
  daily_streak_count: z.number(),
  last_seen: z.string().nullable(),
  isMining: z.boolean(),
  rewardPaid: z.boolean(),
});
export type ReferralEntry = z.infer<typeof referralEntrySchema>;

export const referralDataResponseSchema = z.object({
  success: z.literal(true),
  referralCode: z.string(),
  referralCount: z.number(),
  /** ZP earned from referral rewards, net of reversals. */
  totalEarnings: z.number(),
  maxReferrals: z.number(),
  referrals: z.array(referralEntrySchema),
});
export type ReferralDataResponse = z.infer<typeof referralDataResponseSchema>;

export const referrerInfoResponseSchema = z.object({
  success: z.literal(true),
  isValid: z.literal(true),
  referrer: referrerSummarySchema.extend({ referralCount: z.number() }),
});
export type ReferrerInfoResponse = z.infer<typeof referrerInfoResponseSchema>;

/**
 * GET /referrals/smart-suggestion. `success` pairs with a referrer (docs/spec.md §7): `success: true`
 * carries the suggestion, `success: false` carries `referrer: null` and a message saying why
 * (still a 200: an ordinary answer, not an error).
 */
export const smartSuggestionResponseSchema = z.discriminatedUnion('success', [
  z.object({
    success: z.literal(true),
    canApply: z.literal(true),
    referrer: referrerSummarySchema,
    reason: z.string(),
  }),
  z.object({
    success: z.literal(false),
    /** False for a signed-in user who cannot take a referrer (already has one, or joined too long ago). */
    canApply: z.boolean(),
    referrer: z.null(),
    reason: z.null(),
    ...messageFields,
  }),
]);
export type SmartSuggestionResponse = z.infer<typeof smartSuggestionResponseSchema>;

export const applyReferralResponseSchema = z.object({
  success: z.literal(true),
  ...messageFields,
  referralApplied: z.literal(true),
  referrer: referrerSummarySchema,
  bonus: z.number(),
  user: publicUserSchema,
});
export type ApplyReferralResponse = z.infer<typeof applyReferralResponseSchema>;

export const reversalSchema = z.object({
  /** What the reversal should take back. */
  requested: z.number(),
  /** What it took back: less than requested when the balance did not allow more. */
  reversed: z.number(),
});

export const removeReferralResponseSchema = z.object({
  success: z.literal(true),
  ...messageFields,
  reversal: z.object({ bonus: reversalSchema, reward: reversalSchema }),
});
export type RemoveReferralResponse = z.infer<typeof removeReferralResponseSchema>;

export const leaderboardEntrySchema = z.object({
  rank: z.number(),
  username: z.string(),
  referralCount: z.number(),
  isMe: z.boolean(),
});
export const referralLeaderboardResponseSchema = z.object({
  success: z.literal(true),
  leaderboard: z.array(leaderboardEntrySchema),
  /** The signed-in user's own standing, also when outside the top entries (rank null at 0 referrals). */
  me: z.object({ rank: z.number().nullable(), referralCount: z.number() }),
});
export type ReferralLeaderboardResponse = z.infer<typeof referralLeaderboardResponseSchema>;

/** DELETE /referrals/pending/{code}: `removed` false when there was nothing pending (still 200). */
export const removePendingReferralResponseSchema = z.object({
  success: z.literal(true),
  removed: z.boolean(),
  ...messageFields,
});
export type RemovePendingReferralResponse = z.infer<typeof removePendingReferralResponseSchema>;

/**
 * POST /auth/pending-referral: before sign-up, remembers a referral code for the caller's own
 * Telegram identity, proven by the mini app's signed initData (like the bot's `/start CODE`).
 */
export const pendingReferralRequestSchema = z.object({
  initData: safeText({ error: 'initData is required' }).min(1, 'initData is required').max(8192),
  referralCode: applyReferralRequestSchema.shape.referralCode,
});
export type PendingReferralRequest = z.infer<typeof pendingReferralRequestSchema>;

export const pendingReferralResponseSchema = z.object({
  success: z.literal(true),
  saved: z.boolean(),
  ...messageFields,
  referrer: referrerSummarySchema.nullable(),
});
export type PendingReferralResponse = z.infer<typeof pendingReferralResponseSchema>;
