import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/client.js';
import type { OutboxChannelName } from '../../platform/db/schema.js';

/**
 * Writes the mining-ready notices of cycles that have ended since the last call: one outbox row
 * per channel the user has on (Telegram: linked, notifications on, bot not blocked; email:
 * `notify_email` and an address), keyed `mining_ready:<cycle>:<channel>` so a cycle is told
 * once per channel; browser push: one row per subscribed device (`notify_push` on), keyed
 * `mining_ready:<cycle>:push:<subscription>` so a cycle is told once per device (decisions.md §45). One statement: the cycles are marked (notices_queued_at) under
 * `FOR UPDATE SKIP LOCKED` in the same statement that inserts their rows, so instances polling
 * at once never write a cycle twice, and a cycle claimed before it was seen gets none.
 * `channels`: the channels this server delivers (a row nobody would send is not written).
 */
export async function queueMiningReadyNotices(
  db: Db,
  options: { channels: readonly OutboxChannelName[]; limit?: number },
): Promise<number> {
  if (options.channels.length === 0) return 0;
  const result = await db.execute(sql`
    WITH ready AS (
      UPDATE mining_sessions s SET notices_queued_at = now()
      WHERE s.id IN (
        SELECT id FROM mining_sessions
        WHERE notices_queued_at IS NULL AND claimed_at IS NULL AND ends_at <= now()
        ORDER BY ends_at
        LIMIT ${options.limit ?? 500}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING s.id, s.user_id, s.ends_at
    ), added AS (
      INSERT INTO outbox_messages (channel, kind, user_id, dedupe_key, payload, next_at)
      SELECT c.channel, 'mining_ready', r.user_id, 'mining_ready:' || r.id || ':' || c.channel,
             jsonb_build_object('sessionId', r.id), r.ends_at
      FROM ready r
      JOIN users u ON u.id = r.user_id
      CROSS JOIN LATERAL (VALUES
        ('telegram', u.telegram_id IS NOT NULL AND u.notify_push AND u.telegram_blocked_at IS NULL),
        ('email', u.notify_email AND u.email IS NOT NULL)
      ) AS c(channel, is_on)
      WHERE c.is_on AND c.channel IN (${sql.join(
        options.channels.map((c) => sql`${c}`),
        sql`, `,
      )})
      ORDER BY r.ends_at
      ON CONFLICT (dedupe_key) DO NOTHING
      RETURNING 1
    ), added_push AS (
      INSERT INTO outbox_messages (channel, kind, user_id, dedupe_key, payload, next_at)
      SELECT 'push', 'mining_ready', r.user_id, 'mining_ready:' || r.id || ':push:' || p.id,
             jsonb_build_object('sessionId', r.id, 'subscriptionId', p.id), r.ends_at
      FROM ready r
      JOIN users u ON u.id = r.user_id AND u.notify_push
      JOIN push_subscriptions p ON p.user_id = r.user_id
      WHERE ${options.channels.includes('push')}
      ORDER BY r.ends_at, p.id
      ON CONFLICT (dedupe_key) DO NOTHING
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM added)::int + (SELECT count(*) FROM added_push)::int AS n`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * The sending marker's condition for a mining-ready row (alias `m`): its cycle is still
 * unclaimed. `FOR SHARE` waits for a claim in flight on that cycle, so a claim that commits
 * before the marker always cancels the notice (the marker then makes the row 'skipped').
 */
export const MINING_READY_SENDABLE = sql`EXISTS (
  SELECT 1 FROM mining_sessions s
  WHERE s.id = (m.payload->>'sessionId')::uuid AND s.claimed_at IS NULL
  FOR SHARE)`;
