import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.js';
import type { OutboxChannelName, OutboxKind } from '../db/schema.js';

/**
 * One channel and kind of the outbox now: waiting (pending), waiting past its time (due),
 * being sent, given up (failed) and sent with the outcome unknown (unconfirmed).
 */
export type OutboxFigure = {
  channel: OutboxChannelName;
  kind: OutboxKind;
  pending: number;
  due: number;
  sending: number;
  failed: number;
  unconfirmed: number;
};

/** The channel and kind pairs the server sends: always in the figures, zeros when empty. */
const KNOWN: ReadonlyArray<[OutboxChannelName, OutboxKind]> = [
  ['telegram', 'mining_ready'],
  ['telegram', 'announcement'],
  ['telegram', 'password_reset'],
  ['email', 'mining_ready'],
  ['email', 'mail'],
  ['email', 'announcement'],
  ['push', 'mining_ready'],
];

/**
 * The outbox's figures per channel and kind: the one query the console's dashboard, its system
 * page and /metrics read. It walks the partial outbox_messages_open_idx (open and problem states
 * only), so it does not grow with the settled messages.
 */
export async function outboxFigures(db: Db, at: Date = new Date()): Promise<OutboxFigure[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT channel, kind,
             (count(*) FILTER (WHERE state = 'pending'))::int AS pending,
             (count(*) FILTER (WHERE state = 'pending' AND (next_at IS NULL OR next_at <= ${at.toISOString()}::timestamptz)))::int AS due,
             (count(*) FILTER (WHERE state = 'sending'))::int AS sending,
             (count(*) FILTER (WHERE state = 'failed'))::int AS failed,
             (count(*) FILTER (WHERE state = 'unconfirmed'))::int AS unconfirmed
      FROM outbox_messages
      WHERE state IN ('pending', 'sending', 'failed', 'unconfirmed')
      GROUP BY channel, kind
      ORDER BY channel, kind`),
  );
  const found: OutboxFigure[] = rows.map((r) => ({
    channel: r.channel as OutboxChannelName,
    kind: r.kind as OutboxKind,
    pending: Number(r.pending),
    due: Number(r.due),
    sending: Number(r.sending),
    failed: Number(r.failed),
    unconfirmed: Number(r.unconfirmed),
  }));
  const empty = KNOWN.filter(([channel, kind]) => !found.some((f) => f.channel === channel && f.kind === kind)).map(
    ([channel, kind]) => ({ channel, kind, pending: 0, due: 0, sending: 0, failed: 0, unconfirmed: 0 }),
  );
  return [...found, ...empty];
}
