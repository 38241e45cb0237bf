import { sql } from 'drizzle-orm';
import { DELIVERY_STATUSES, type DeliveryCounts } from '@ziver/shared';
import { rowsOf, type Db } from '../../platform/db/client.js';

export function emptyDeliveryCounts(): DeliveryCounts {
  return Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as DeliveryCounts;
}

/**
 * Deliveries per status for each of the given announcements (one grouped query on the
 * outbox_messages_announcement_idx). Announcements without deliveries get all zeros.
 */
export async function countAnnouncementDeliveries(
  db: Db,
  options: { announcementIds: string[] },
): Promise<Map<string, DeliveryCounts>> {
  const counts = new Map(options.announcementIds.map((id) => [id, emptyDeliveryCounts()]));
  if (options.announcementIds.length === 0) return counts;
  const result = await db.execute(sql`
    SELECT announcement_id, state AS status, count(*)::int AS n FROM outbox_messages
    WHERE announcement_id IN (${sql.join(
      options.announcementIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    GROUP BY announcement_id, state`);
  for (const row of rowsOf<{ announcement_id: string; status: string; n: number }>(result)) {
    const entry = counts.get(row.announcement_id);
    if (entry && row.status in entry) entry[row.status as keyof DeliveryCounts] = Number(row.n);
  }
  return counts;
}

/**
 * Deliveries per status over all announcements created since `since` (all time when omitted):
 * for the dashboard (sent, failed, blocked, still pending…).
 */
export async function countDeliveriesByStatus(db: Db, options: { since?: Date } = {}): Promise<DeliveryCounts> {
  const counts = emptyDeliveryCounts();
  const result = await db.execute(sql`
    SELECT d.state AS status, count(*)::int AS n FROM outbox_messages d
    ${options.since ? sql`JOIN announcements a ON a.id = d.announcement_id AND a.created_at >= ${options.since.toISOString()}` : sql``}
    WHERE d.kind = 'announcement'
    GROUP BY d.state`);
  for (const row of rowsOf<{ status: string; n: number }>(result)) {
    if (row.status in counts) counts[row.status as keyof DeliveryCounts] = Number(row.n);
  }
  return counts;
}
