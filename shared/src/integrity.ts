import { z } from 'zod';
import { messageFields } from './message-schema.js';
import { safeText } from './text.js';

/**
 * Integrity (issue 41): the reasons a risk score gives, the operator's threshold and the
 * /api/admin/integrity/* schemas. Rules and weights: docs/decisions.md "Integrity: risk score".
 */

/** The stable codes of a score's reasons (the console translates them by `integrity.reason_<code>`). */
export const INTEGRITY_REASON_CODES = [
  'network_burst',
  'referrer_farm',
  'claim_rhythm',
  'never_opened_app',
  'new_telegram_account',
  'shared_fingerprint',
] as const;
export type IntegrityReasonCode = (typeof INTEGRITY_REASON_CODES)[number];

/** Reasons that only say "many accounts came from one place": never enough alone for premium or old Telegram accounts. */
export const NETWORK_REASON_CODES: readonly IntegrityReasonCode[] = ['network_burst', 'shared_fingerprint'];

/** The score at or over which an account is flagged, unless the operator sets another (app setting `integrity`). */
export const INTEGRITY_THRESHOLD_DEFAULT = 60;
export const INTEGRITY_RINGS_PAGE_SIZE = 25;
export const INTEGRITY_RINGS_LAST_PAGE = 10_000;
/** An action's reason (required), kept in the audit log. */
export const INTEGRITY_REASON_MAX = 500;

/** The reasons' texts (keys `integrity.reason_<code>`) and the integrity API's own texts. */
export const INTEGRITY_MESSAGES = {
  reason_network_burst: 'Signed up with many other accounts from one network block within minutes',
  reason_referrer_farm: 'Part of a referral tree whose invitees stop after their first claim',
  reason_claim_rhythm: 'Claims within seconds of every cycle end',
  reason_never_opened_app: 'Claims without ever opening the app',
  reason_new_telegram_account: 'The Telegram account is very new',
  reason_shared_fingerprint: 'Shares its device and language with many accounts that signed up together',
  ringNotFound: 'Ring not found',
  reasonRequired: 'Give a reason',
  reasonTooLong: `The reason must be at most ${INTEGRITY_REASON_MAX} characters`,
  ringReviewed: 'Ring marked as reviewed: its members are no longer flagged for these signals',
  ringSuspended: 'Ring members suspended: {count}',
  rewardsReversed: 'Referral rewards reversed: {count} ({zp} ZP)',
  ringsPageInvalid: `The page must be a whole number from 1 to ${INTEGRITY_RINGS_LAST_PAGE}`,
  heldRewardNotFound: 'No held referral reward with this id',
  heldRewardNotDue: 'This reward is not due yet: the invited friend has not claimed',
  heldRewardReleased: 'Referral reward released: {zp} ZP paid',
  heldRewardDropped: 'Referral reward dropped: it will never be paid',
  heldRewardAlreadySettled: 'This reward was already settled',
  accountNotFound: 'Account not found',
  accountReviewed:
    'Account marked as reviewed: it is no longer flagged for these signals; held rewards released: {count}',
} as const;

export const riskReasonSchema = z.object({
  code: z.enum(INTEGRITY_REASON_CODES),
  weight: z.number(),
  /** Figures behind the reason, for the operator (e.g. `{ accounts: 20, network: '203.0.113.0/24' }`). */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});
export type RiskReason = z.infer<typeof riskReasonSchema>;

/**
 * A referrer's reward for an invitee's first claim, held while the invitee is flagged
 * (docs/decisions.md "Integrity: held referral rewards"). `due`: the invitee has claimed, so
 * it would have been paid; a reward not due yet is released by the invitee's first claim once
 * the hold is cleared.
 */
export const heldRewardSchema = z.object({
  referral_id: z.string(),
  referrer: z.object({ id: z.string(), username: z.string() }),
  invitee: z.object({ id: z.string(), username: z.string() }),
  zp: z.number(),
  held_at: z.string(),
  due: z.boolean(),
});
export type HeldReward = z.infer<typeof heldRewardSchema>;

/** An account's risk as an admin sees it (GET /api/admin/users/{id}). */
export const accountRiskSchema = z.object({
  score: z.number().int().min(0).max(100),
  threshold: z.number(),
  /** At or over the threshold, or a member of a flagged ring. */
  flagged: z.boolean(),
  reasons: z.array(riskReasonSchema),
  computed_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  /** Held rewards where the account is the invitee or the referrer. */
  held_rewards: z.array(heldRewardSchema),
});
export type AccountRisk = z.infer<typeof accountRiskSchema>;

/** What a ring's members share: the group kinds that joined them. */
export const RING_SIGNALS = ['network_burst', 'referrer_farm', 'shared_fingerprint'] as const;
export type RingSignal = (typeof RING_SIGNALS)[number];

export const ringSignalSchema = z.object({
  kind: z.enum(RING_SIGNALS),
  /** The shared value: the network block, the referrer's id, or the fingerprint's digest. */
  value: z.string(),
  accounts: z.number().int(),
});

export const integrityRingSchema = z.object({
  id: z.string(),
  score: z.number().int(),
  flagged: z.boolean(),
  member_count: z.number().int(),
  signals: z.array(ringSignalSchema),
  members: z.array(
    z.object({ id: z.string(), username: z.string(), score: z.number().int(), reasons: z.array(riskReasonSchema) }),
  ),
  /** ZP the members earned (every positive ZP ledger entry) and of it the referral rewards and bonuses. */
  total_zp: z.number(),
  referral_rewards: z.number(),
  /** Rewards held for the members' referrers (the members as invitees). */
  held_rewards: z.array(heldRewardSchema),
  computed_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type IntegrityRing = z.infer<typeof integrityRingSchema>;

export const integrityRingsQuerySchema = z.object({
  page: z.coerce
    .number({ error: INTEGRITY_MESSAGES.ringsPageInvalid })
    .int(INTEGRITY_MESSAGES.ringsPageInvalid)
    .min(1, INTEGRITY_MESSAGES.ringsPageInvalid)
    .max(INTEGRITY_RINGS_LAST_PAGE, INTEGRITY_MESSAGES.ringsPageInvalid)
    .default(1),
});

export const integrityRingsResponseSchema = z.object({
  success: z.literal(true),
  rings: z.array(integrityRingSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  threshold: z.number(),
});
export type IntegrityRingsResponse = z.infer<typeof integrityRingsResponseSchema>;

export const integrityRingResponseSchema = z.object({
  success: z.literal(true),
  ring: integrityRingSchema,
  threshold: z.number(),
});
export type IntegrityRingResponse = z.infer<typeof integrityRingResponseSchema>;

/** POST /api/admin/integrity/rings/{id}/review and /suspend: the reason is required and audited. */
export const integrityRingActionRequestSchema = z.object({
  reason: safeText({ error: INTEGRITY_MESSAGES.reasonRequired })
    .trim()
    .min(1, INTEGRITY_MESSAGES.reasonRequired)
    .max(INTEGRITY_REASON_MAX, INTEGRITY_MESSAGES.reasonTooLong),
});
export type IntegrityRingActionRequest = z.infer<typeof integrityRingActionRequestSchema>;

export const integrityRingActionResponseSchema = z.object({
  success: z.literal(true),
  ...messageFields,
  ring: integrityRingSchema,
  threshold: z.number(),
  /** Members this call changed (reviewed, or suspended now) or rewards it reversed; a repeat changes none. */
  affected: z.number().int(),
});
export type IntegrityRingActionResponse = z.infer<typeof integrityRingActionResponseSchema>;

/** POST /api/admin/integrity/held-rewards/{id} (the referral's id): release (pay now, once) or drop (never pays). */
export const heldRewardActionRequestSchema = integrityRingActionRequestSchema.extend({
  action: z.enum(['release', 'drop'], { error: 'Choose release or drop' }),
});
export type HeldRewardActionRequest = z.infer<typeof heldRewardActionRequestSchema>;

export const heldRewardActionResponseSchema = z.object({
  success: z.literal(true),
  ...messageFields,
  referral_id: z.string(),
  /** What the reward is now: paid (by this call or a racing one) or dropped. */
  state: z.enum(['paid', 'dropped']),
  /** Rewards this call paid or dropped (0 for a repeat). */
  affected: z.number().int(),
});
export type HeldRewardActionResponse = z.infer<typeof heldRewardActionResponseSchema>;

/** POST /api/admin/integrity/accounts/{id}/review: the account's reasons stop counting and its held rewards are released. */
export const accountReviewResponseSchema = z.object({
  success: z.literal(true),
  ...messageFields,
  risk: accountRiskSchema,
  /** Held rewards this call paid. */
  affected: z.number().int(),
});
export type AccountReviewResponse = z.infer<typeof accountReviewResponseSchema>;
