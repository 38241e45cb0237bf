import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../platform/db/client.js';

/** A cycle's Telegram mining-ready notice as the outbox holds it. */
export type MiningNotice = {
  /** The row's state; 'pending' too while the cycle's notices are not written yet; 'none': written, but no Telegram row (nobody to tell). */
  state: string;
  attempts: number;
  nextAt: Date | null;
  sentAt: Date | null;
};

/** Each cycle's Telegram notice (outbox_messages `mining_ready:<cycle>:telegram`). */
export async function miningNotices(db: Db, cycleIds: string[]): Promise<Map<string, MiningNotice>> {
  if (cycleIds.length === 0) return new Map();
  const result = await db.execute(sql`
    SELECT s.id, s.notices_queued_at IS NULL AND s.claimed_at IS NULL AS is_unseen,
           m.state, m.attempts, m.next_at, m.sent_at
    FROM mining_sessions s
    LEFT JOIN outbox_messages m ON m.dedupe_key = 'mining_ready:' || s.id || ':telegram'
    WHERE s.id IN (${sql.join(
      cycleIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  const rows = rowsOf<Record<string, unknown>>(result);
  const at = (value: unknown) => (value === null || value === undefined ? null : new Date(String(value)));
  return new Map(
    rows.map((r) => [
      String(r.id),
      {
        state: r.state === null ? (r.is_unseen === true ? 'pending' : 'none') : String(r.state),
        attempts: Number(r.attempts ?? 0),
        nextAt: at(r.next_at),
        sentAt: at(r.sent_at),
      },
    ]),
  );
}

/** How many of the cycles still have a notice to send (not written yet, pending or sending). */
export async function openNoticeCount(db: Db, cycleIds: string[]): Promise<number> {
  const notices = await miningNotices(db, cycleIds);
  return [...notices.values()].filter((n) => n.state === 'pending' || n.state === 'sending').length;
}

/** Nothing a test left to send may reach the next test's runners. */
export async function dropOpenNotices(db: Db): Promise<void> {
  await db.execute(sql`UPDATE mining_sessions SET notices_queued_at = now() WHERE notices_queued_at IS NULL`);
  await db.execute(
    sql`UPDATE outbox_messages SET state = 'skipped' WHERE kind = 'mining_ready' AND state IN ('pending', 'sending')`,
  );
}
