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

/**
 * One kind of the outbox (outbox_messages, platform/outbox/runner.ts), every channel together.
 * `now` walks the partial outbox_messages_open_idx (open and problem states only), `sentPerDay`
 * outbox_messages_sent_at_idx: neither grows with the number of settled messages.
 */
function outboxSource(queue: string, kind: 'mining_ready' | 'announcement'): NotificationSource {
  return {
    queue,
    async now(db, at) {
      const [row] = rowsOf(
        await db.execute(sql`
          select (count(*) filter (where state in ('pending', 'sending')))::int as pending,
                 (count(*) filter (where state in ('pending', 'sending')
                   and (next_at is null or next_at <= ${at.toISOString()}::timestamptz)))::int as due,
                 (count(*) filter (where state = 'failed'))::int as failed,
                 (count(*) filter (where state = 'unconfirmed'))::int as unconfirmed
          from outbox_messages
          where kind = ${kind} and state in ('pending', 'sending', 'failed', 'unconfirmed')`),
      );
      return {
        pending: Number(row?.pending ?? 0),
        due: Number(row?.due ?? 0),
        failed: Number(row?.failed ?? 0),
        unconfirmed: Number(row?.unconfirmed ?? 0),
      };
    },
    async sentPerDay(db, from, to) {
      const rows = rowsOf(
        await db.execute(sql`
          select to_char(sent_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as sent
          from outbox_messages
          where sent_at is not null and kind = ${kind}
            and sent_at >= ${from.toISOString()}::timestamptz and sent_at < ${to.toISOString()}::timestamptz
          group by 1`),
      );
      return new Map(rows.map((r) => [String(r.day), Number(r.sent)]));
    },
  };
}

/** Mining-ready notices (features/telegram/mining-notifier.ts), on every channel. */
export const miningReadySource = outboxSource('mining_ready', 'mining_ready');

/** Announcement deliveries (features/telegram/announcement-sender.ts), one row per recipient. */
export const announcementsSource = outboxSource('announcements', 'announcement');

export const NOTIFICATION_SOURCES: readonly NotificationSource[] = [miningReadySource, announcementsSource];
