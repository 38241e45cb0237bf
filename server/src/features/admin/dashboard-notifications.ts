import { sql } from 'drizzle-orm';
import type { DashboardQueue } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';

/**
 * One notification queue as the dashboard sees it. The seam for more queues (announcements):
 * write a source like `miningReadySource` and add it to NOTIFICATION_SOURCES (and its name to
 * NOTIFICATION_QUEUES in shared). Both functions must stay cheap at millions of rows: an index
 * on the timestamp `sentPerDay` reads and partial indexes for the states `now` counts.
 */
export type NotificationSource = {
  queue: string;
  /** The queue now: pending, due (pending past its time), failed, unconfirmed. */
  now: (db: Db, at: Date) => Promise<Omit<DashboardQueue, 'queue'>>;
  /** Messages sent per UTC day (YYYY-MM-DD) in [from, to). */
  sentPerDay: (db: Db, from: Date, to: Date) => Promise<Map<string, number>>;
};

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/** The mining-ready outbox on mining_sessions (features/telegram/mining-notifier.ts). */
export const miningReadySource: NotificationSource = {
  queue: 'mining_ready',
  async now(db, at) {
    // Both counts walk mining_sessions_notify_due_idx (pending only), the others the partial
    // mining_sessions_notify_problem_idx: neither grows with the number of sent notifications.
    const [pending] = rowsOf(
      await db.execute(sql`
        select count(*)::int as pending,
               (count(*) filter (where ends_at <= ${at.toISOString()}::timestamptz))::int as due
        from mining_sessions where notify_status = 'pending'`),
    );
    const [problems] = rowsOf(
      await db.execute(sql`
        select (count(*) filter (where notify_status = 'failed'))::int as failed,
               (count(*) filter (where notify_status = 'unconfirmed'))::int as unconfirmed
        from mining_sessions where notify_status in ('failed', 'unconfirmed')`),
    );
    return {
      pending: Number(pending?.pending ?? 0),
      due: Number(pending?.due ?? 0),
      failed: Number(problems?.failed ?? 0),
      unconfirmed: Number(problems?.unconfirmed ?? 0),
    };
  },
  async sentPerDay(db, from, to) {
    const rows = rowsOf(
      await db.execute(sql`
        select to_char(notified_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as sent
        from mining_sessions
        where notified_at is not null
          and notified_at >= ${from.toISOString()}::timestamptz and notified_at < ${to.toISOString()}::timestamptz
        group by 1`),
    );
    return new Map(rows.map((r) => [String(r.day), Number(r.sent)]));
  },
};

/** Announcement deliveries (features/telegram/announcement-sender.ts), one row per recipient. */
export const announcementsSource: NotificationSource = {
  queue: 'announcements',
  async now(db, at) {
    // announcement_deliveries_due_idx (pending/sending only) and the partial problem index.
    const [pending] = rowsOf(
      await db.execute(sql`
        select count(*)::int as pending,
               (count(*) filter (where next_at is null or next_at <= ${at.toISOString()}::timestamptz))::int as due
        from announcement_deliveries where status in ('pending', 'sending')`),
    );
    const [problems] = rowsOf(
      await db.execute(sql`
        select (count(*) filter (where status = 'failed'))::int as failed,
               (count(*) filter (where status = 'unconfirmed'))::int as unconfirmed
        from announcement_deliveries where status in ('failed', 'unconfirmed')`),
    );
    return {
      pending: Number(pending?.pending ?? 0),
      due: Number(pending?.due ?? 0),
      failed: Number(problems?.failed ?? 0),
      unconfirmed: Number(problems?.unconfirmed ?? 0),
    };
  },
  async sentPerDay(db, from, to) {
    const rows = rowsOf(
      await db.execute(sql`
        select to_char(sent_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as sent
        from announcement_deliveries
        where sent_at is not null
          and sent_at >= ${from.toISOString()}::timestamptz and sent_at < ${to.toISOString()}::timestamptz
        group by 1`),
    );
    return new Map(rows.map((r) => [String(r.day), Number(r.sent)]));
  },
};

export const NOTIFICATION_SOURCES: readonly NotificationSource[] = [miningReadySource, announcementsSource];
