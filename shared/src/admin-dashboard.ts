import { z } from 'zod';
import { currencySchema } from './schemas.js';

/** The admin dashboard (issue 14): GET /api/admin/dashboard?days=7|30|90. */
export const DASHBOARD_RANGES = [7, 30, 90] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

export const DASHBOARD_MESSAGES = {
  invalidDays: 'days must be 7, 30 or 90',
} as const;

/**
 * The notification queues the dashboard reports. 'mining_ready' is the mining-ready outbox
 * (mining_sessions.notify_*); a new queue (announcements) adds its name here and a source on
 * the server (`server/src/features/admin/dashboard-notifications.ts`).
 */
export const NOTIFICATION_QUEUES = ['mining_ready', 'announcements'] as const;

export const dashboardQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'], { error: DASHBOARD_MESSAGES.invalidDays })
    .default('7')
    .transform((value) => Number(value) as DashboardRange),
});

const count = z.number().int().nonnegative();

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
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  users_total: count,
  users_new: count,
  users_active: count,
  mining_claims: count,
  referrals: count,
  notifications_sent: count,
  users_blocked: count,
  ledger: z.array(dashboardLedgerFigureSchema),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

/** A queue's state now: waiting (pending), waiting past its time (due), and what went wrong. */
export const dashboardQueueSchema = z.object({
  queue: z.string(),
  pending: count,
  due: count,
  failed: count,
  unconfirmed: count,
});
export type DashboardQueue = z.infer<typeof dashboardQueueSchema>;

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
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
