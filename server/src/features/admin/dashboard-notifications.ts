import { sql } from 'drizzle-orm';
import { NOTIFICATION_QUEUES, type DashboardQueue } from '@ziver/shared';
import { rowsOf, type Db } from '../../platform/db/client.js';
import type { OutboxKind } from '../../platform/db/schema.js';
import { outboxFigures } from '../../platform/outbox/figures.js';

type NotificationQueue = (typeof NOTIFICATION_QUEUES)[number];

/** Which outbox kind each of the dashboard's notification queues is. */
const KIND_OF: Record<NotificationQueue, OutboxKind> = { mining_ready: 'mining_ready', announcements: 'announcement' };

/**
 * One notification queue's sends per day, for the dashboard's `notifications_sent`. Cheap at
 * millions of rows: it reads outbox_messages_sent_at_idx.
 */
export type NotificationSource = {
  queue: NotificationQueue;
  /** Messages sent per UTC day (YYYY-MM-DD) in [from, to), every channel together. */
  sentPerDay: (db: Db, from: Date, to: Date) => Promise<Map<string, number>>;
};

type Row = Record<string, unknown>;

function outboxSource(queue: NotificationQueue): NotificationSource {
  return {
    queue,
    async sentPerDay(db, from, to) {
      const rows = rowsOf<Row>(
        await db.execute(sql`
          select to_char(sent_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as sent
          from outbox_messages
          where sent_at is not null and kind = ${KIND_OF[queue]}
            and sent_at >= ${from.toISOString()}::timestamptz and sent_at < ${to.toISOString()}::timestamptz
          group by 1`),
      );
      return new Map(rows.map((r) => [String(r.day), Number(r.sent)]));
    },
  };
}

export const NOTIFICATION_SOURCES: readonly NotificationSource[] = NOTIFICATION_QUEUES.map(outboxSource);

/**
 * The queues now, one entry per queue and channel, from the outbox's one query (outboxFigures,
 * which /metrics and the system page read too). Telegram's entry of each queue is always there;
 * another channel's once it holds open or problem rows.
 */
export async function notificationQueues(db: Db, at: Date): Promise<DashboardQueue[]> {
  const figures = await outboxFigures(db, at);
  return NOTIFICATION_QUEUES.flatMap((queue) => {
    const ofKind = figures.filter(
      (f) =>
        f.kind === KIND_OF[queue] && (f.channel === 'telegram' || f.pending + f.sending + f.failed + f.unconfirmed > 0),
    );
    const channels = [...new Set(['telegram' as const, ...ofKind.map((f) => f.channel)])];
    return channels.map((channel) => {
      const figure = ofKind.find((f) => f.channel === channel);
      return {
        queue,
        channel,
        // A row being sent is still waiting for its outcome.
        pending: (figure?.pending ?? 0) + (figure?.sending ?? 0),
        due: (figure?.due ?? 0) + (figure?.sending ?? 0),
        failed: figure?.failed ?? 0,
        unconfirmed: figure?.unconfirmed ?? 0,
      };
    });
  });
}
