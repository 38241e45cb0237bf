import { z } from 'zod';
import { currencySchema } from './schemas.js';

/** The admin dashboard (issue 14): GET /api/admin/dashboard?days=7|30|90. */
export const DASHBOARD_RANGES = [7, 30, 90] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

export const DASHBOARD_MESSAGES = {
  invalidDays: 'days must be 7, 30 or 90',
} as const;

/**
 * The notification queues the dashboard reports: kinds of the one outbox (outbox_messages),
 * each per channel. A new kind adds its name here and its kind on the server
 * (`server/src/features/admin/dashboard-notifications.ts`).
 */
export const NOTIFICATION_QUEUES = ['mining_ready', 'announcements'] as const;

/** The channels the outbox sends on (server: outbox_messages.channel). */
export const OUTBOX_CHANNEL_NAMES = ['telegram', 'email', 'push'] as const;

export const dashboardQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'], { error: DASHBOARD_MESSAGES.invalidDays })
    .default('7')
    .transform((value) => Number(value) as DashboardRange),
});

const count = z.number().int().nonnegative();
const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Days after sign-up that the cohort retention reports (issue 29). */
export const DASHBOARD_RETENTION_OFFSETS = [1, 7, 30] as const;

/** Net amount and number of ledger entries of one type and currency on one day. */
export const dashboardLedgerFigureSchema = z.object({
  type: z.string(),
  currency: currencySchema,
  amount: z.number(),
  entries: count,
});
export type DashboardLedgerFigure = z.infer<typeof dashboardLedgerFigureSchema>;

/** One UTC day. `users_total` counts users created up to the day's end who still exist. */
export const dashboardDaySchema = z.object({
  day: daySchema,
  users_total: count,
  users_new: count,
  users_active: count,
  mining_claims: count,
  referrals: count,
  notifications_sent: count,
  users_blocked: count,
  /** Users active this day who signed up 1, 7 or 30 days before it (what the retention sums). */
  retained_d1: count,
  retained_d7: count,
  retained_d30: count,
  ledger: z.array(dashboardLedgerFigureSchema),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

/** A queue's state now: waiting (pending), waiting past its time (due), and what went wrong. */
export const dashboardQueueSchema = z.object({
  queue: z.string(),
  channel: z.enum(OUTBOX_CHANNEL_NAMES),
  pending: count,
  due: count,
  failed: count,
  unconfirmed: count,
});
export type DashboardQueue = z.infer<typeof dashboardQueueSchema>;

/** Of a cohort's members whose day N has ended (eligible), how many were active on it. */
const retentionFigureSchema = z.object({ eligible: count, retained: count });

/** One sign-up cohort: the users who signed up in the UTC week (Monday to Sunday) from `week`. */
export const dashboardCohortSchema = z.object({
  week: daySchema,
  users: count,
  d1: retentionFigureSchema,
  d7: retentionFigureSchema,
  d30: retentionFigureSchema,
});
export type DashboardCohort = z.infer<typeof dashboardCohortSchema>;

/**
 * Referrals that began in the period: invited (arrived with a referral link: signed up, or a
 * Telegram arrival still pending), signed up (a referral recorded and not removed), first claim
 * (the friend then claimed a mining cycle).
 */
export const dashboardReferralFunnelSchema = z.object({ invited: count, signed_up: count, first_claim: count });
export type DashboardReferralFunnel = z.infer<typeof dashboardReferralFunnelSchema>;

export const dashboardResponseSchema = z.object({
  success: z.literal(true),
  days: z.number().int(),
  /** When the figures were read (the last day is today, UTC, still counting). */
  generated_at: z.string(),
  series: z.array(dashboardDaySchema),
  notifications: z.object({
    queues: z.array(dashboardQueueSchema),
    /** Users who blocked the bot (telegram_blocked_at set): nothing is sent to them. */
    blocked_users: count,
  }),
  /** The last 8 UTC sign-up weeks, oldest first (the current one last), whatever `days` is. */
  retention: z.array(dashboardCohortSchema),
  referral_funnel: dashboardReferralFunnelSchema,
  /** TON wallets linked with a verified ton_proof (0 where wallets are off). */
  wallets: z.object({ linked: count }),
  /**
   * Integrity (issue 41): accounts and rings flagged now, and the referral rewards reversed by
   * integrity reviews in the period (entries and ZP; per day they are the ZP chart's
   * `referral_reward_reversal`).
   */
  integrity: z.object({
    accounts_flagged: count,
    rings_flagged: count,
    rewards_reversed: count,
    rewards_reversed_zp: z.number(),
    /** Referral rewards held back now: due (the invitee claimed) but waiting for review. */
    rewards_held: count,
    rewards_held_zp: z.number(),
  }),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
