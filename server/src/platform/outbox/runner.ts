import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { OutboxChannelName, OutboxKind, OutboxPauseReason } from '../db/schema.js';
import { rowsOf, type Database, type Db } from '../db/client.js';
import type { Logger } from '../logger.js';

/** One claimed outbox row: what a channel's `deliver` gets. */
export type OutboxRow = {
  id: number;
  channel: OutboxChannelName;
  kind: OutboxKind;
  userId: string | null;
  announcementId: string | null;
  dedupeKey: string;
  payload: Record<string, unknown>;
  /** Tries so far, this claim included: the lease is fenced by it. */
  attempts: number;
};

/**
 * What became of one delivery, as the channel knows it. The runner writes every verdict with
 * one statement (`writeVerdict`), the same for every channel and kind:
 * - `sent`: delivered.
 * - `unconfirmed`: the message may have been delivered (written, then no answer): never resent.
 * - `retry`: provably not delivered: due again after `delaySeconds`; `isCounted` false gives the try back.
 * - `failed`, `skipped`, `blocked`: given up (the recipient cannot or need not be reached).
 * - `lost`: the row is no longer this instance's (its sending marker was refused): nothing written.
 */
export type OutboxVerdict =
  | { kind: 'sent' }
  | { kind: 'unconfirmed'; reason: string }
  | { kind: 'retry'; delaySeconds: number; isCounted: boolean; reason?: string }
  | { kind: 'failed'; error: string }
  | { kind: 'skipped'; reason?: string }
  | { kind: 'blocked'; error: string }
  | { kind: 'lost' };

export type DeliverContext = {
  /**
   * Commits the "sending" marker (state 'sending', a fresh send id, the lease renewed). A channel
   * calls it once it is connected and before the first byte the far side could act on; false: the
   * row was settled meanwhile (cancelled, its cycle claimed) or its lease lost: send nothing.
   */
  markSending(): Promise<boolean>;
  /** Aborted when the runner stops (a throttle wait ends early: hand the row back). */
  signal: AbortSignal;
};

/**
 * A channel's answer: the verdict, and optionally a pause of the whole lane: `pauseReason`
 * 'rate_limit' when the far side asked to wait (Telegram's 429 retry_after), else an outage.
 */
export type Delivery = { verdict: OutboxVerdict; pauseSeconds?: number; pauseReason?: OutboxPauseReason };

export type OutboxChannel = {
  name: OutboxChannelName;
  /** Delivers one claimed row. Never throws for a delivery problem (a throw is logged and the row left to its lease). */
  deliver(row: OutboxRow, context: DeliverContext): Promise<Delivery>;
  /** Releases what the channel keeps between rows (an open SMTP session); called when its lane stops. */
  close?(): Promise<void>;
};

/** One loop of the runner: a channel and the kinds it sends, at its own pace. */
export type OutboxLane = {
  channel: OutboxChannel;
  kinds: readonly OutboxKind[];
  /** For log lines ("mining-ready notification"). */
  name: string;
  pollSeconds: number;
  batchSize: number;
  /** How long a claimed row, and a started send, is this instance's. Must exceed the send timeout. */
  leaseSeconds: number;
  /** A row claimed more than this many times is 'failed' without a send (it crashed every instance that took it). */
  maxAttempts: number;
  /** Writes new rows before each claim (the mining-ready notices of cycles that became ready). */
  produce?: () => Promise<void>;
  /**
   * Extra condition (on alias `m`) for the sending marker, checked in the same statement: false
   * makes the row 'skipped' (a cycle claimed before its notice went out).
   */
  isSendable?: SQL;
  /** Extra condition (on alias `m`) for a row to be claimed at all (its announcement still running). */
  isClaimable?: SQL;
  /** After each batch (an announcement with nothing left open is done). */
  afterBatch?: () => Promise<void>;
  /** Called after each poll (tests wait on it). */
  onPoll?: () => void;
};

export type OutboxLaneHandle = {
  /** Finishes the delivery in flight, hands back the rows it had claimed, and stops. */
  stop(): Promise<void>;
};

/** Claimed and, once marked, the send id the row is held by. */
type Held = OutboxRow & { sendId?: string };

type Runner = {
  db: Database;
  logger: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
};

/**
 * The one outbox runner (docs/decisions.md §32): every message the server sends on its own is a
 * row of `outbox_messages`, and each lane (a channel and its kinds) runs this loop:
 * - poll: produce new rows, sweep, claim a batch of due rows (`FOR UPDATE SKIP LOCKED`,
 *   attempts + 1, next_at = now + lease: instances never take the same row, and a dead
 *   instance's rows come back after the lease), deliver them one by one; a full batch is followed
 *   at once by the next, otherwise the lane sleeps `pollSeconds`.
 * - the channel commits the "sending" marker between connecting and the first byte the far side
 *   could act on: a failure before it is certainly not a delivery; a row left 'sending' past its
 *   lease (an instance died mid-send) is swept to 'unconfirmed' and never resent.
 * - every verdict is written by `writeVerdict`, fenced by the attempt (before the marker) or the
 *   send id (after).
 * - a channel may pause its lane (429, outage): the rest of the batch is handed back; on stop the
 *   delivery in flight finishes and the rest is handed back too.
 */
export function startOutboxLane(runner: Runner, lane: OutboxLane): OutboxLaneHandle {
  const { db, logger } = runner;
  const stopping = new AbortController();
  let pausedUntil = 0;
  const pauseSecondsLeft = () => Math.max(0, (pausedUntil - Date.now()) / 1000);
  const kinds = sql.join(
    lane.kinds.map((k) => sql`${k}`),
    sql`, `,
  );

  const sweep = async () => {
    const result = await db.execute(sql`
      UPDATE outbox_messages SET state = 'unconfirmed', next_at = NULL
      WHERE id IN (
        SELECT id FROM outbox_messages
        WHERE state = 'sending' AND next_at <= now() AND channel = ${lane.channel.name} AND kind IN (${kinds})
        LIMIT 500
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id`);
    const count = rowsOf(result).length;
    if (count > 0) {
      logger.warn({ count }, `${lane.name} sends abandoned by a stopped instance; marked unconfirmed, not resent`);
    }
  };

  const claimDue = async (): Promise<OutboxRow[]> => {
    const result = await db.execute(sql`
      WITH due AS (
        SELECT m.id FROM outbox_messages m
        WHERE m.state = 'pending' AND m.channel = ${lane.channel.name} AND m.kind IN (${kinds})
          AND (m.next_at IS NULL OR m.next_at <= now()) AND ${lane.isClaimable ?? sql`true`}
        ORDER BY m.id
        LIMIT ${lane.batchSize}
        FOR UPDATE OF m SKIP LOCKED
      )
      UPDATE outbox_messages m
      SET attempts = m.attempts + 1, next_at = now() + make_interval(secs => ${lane.leaseSeconds})
      FROM due WHERE m.id = due.id
      RETURNING m.id, m.channel, m.kind, m.user_id, m.announcement_id, m.dedupe_key, m.payload, m.attempts`);
    return rowsOf<Record<string, unknown>>(result)
      .map((r) => ({
        id: Number(r.id),
        channel: r.channel as OutboxChannelName,
        kind: r.kind as OutboxKind,
        userId: r.user_id === null ? null : String(r.user_id),
        announcementId: r.announcement_id === null ? null : String(r.announcement_id),
        dedupeKey: String(r.dedupe_key),
        payload: (r.payload ?? {}) as Record<string, unknown>,
        attempts: Number(r.attempts),
      }))
      .sort((a, b) => a.id - b.id);
  };

  const markSending = async (row: OutboxRow, sendId: string): Promise<boolean> => {
    const sendable = lane.isSendable ?? sql`true`;
    const result = await db.execute(sql`
      UPDATE outbox_messages m
      SET state = CASE WHEN ${sendable} THEN 'sending' ELSE 'skipped' END,
          send_id = ${sendId}, send_started_at = now(),
          next_at = now() + make_interval(secs => ${lane.leaseSeconds})
      WHERE m.id = ${row.id} AND m.state = 'pending' AND m.attempts = ${row.attempts} AND m.send_id IS NULL
      RETURNING m.state`);
    return rowsOf<{ state: string }>(result)[0]?.state === 'sending';
  };

  const handBack = (row: Held, delaySeconds: number) =>
    writeVerdict(db, row, { kind: 'retry', delaySeconds, isCounted: false });

  const deliver = async (row: OutboxRow) => {
    const fields = { outboxId: row.id, kind: row.kind, attempts: row.attempts };
    if (row.attempts > lane.maxAttempts) {
      await writeVerdict(db, row, { kind: 'failed', error: 'too many attempts' });
      return;
    }
    let sendId: string | undefined;
    const {
      verdict,
      pauseSeconds,
      pauseReason = 'outage',
    } = await lane.channel.deliver(row, {
      signal: stopping.signal,
      markSending: async () => {
        const id = randomUUID();
        const isMarked = await markSending(row, id);
        if (isMarked) sendId = id;
        return isMarked;
      },
    });
    const pause = pauseSeconds !== undefined && pauseSeconds > 0 ? pauseSeconds : 0;
    if (pause > 0) pausedUntil = Math.max(pausedUntil, Date.now() + pause * 1000);
    if (verdict.kind !== 'lost') {
      await writeVerdict(db, sendId === undefined ? row : { ...row, sendId }, verdict);
      const level = verdict.kind === 'failed' ? 'error' : verdict.kind === 'unconfirmed' ? 'warn' : 'debug';
      logger[level]({ ...fields, verdict, pauseSeconds }, `${lane.name}: ${verdict.kind}`);
    }
    if (pause > 0) {
      // After the verdict: a failed write of the pause (the console's figure) never costs one.
      await recordPause(db, { channel: lane.channel.name, seconds: pause, reason: pauseReason }).catch(
        (error: unknown) => logger.warn({ err: error }, `${lane.name}: pause not recorded`),
      );
    }
  };

  /** One batch; true when the batch was full and wholly delivered (more are likely due). */
  const drain = async (): Promise<boolean> => {
    await lane.produce?.();
    await sweep();
    const batch = await claimDue();
    let isHandedBack = false;
    for (const [index, row] of batch.entries()) {
      if (stopping.signal.aborted || pauseSecondsLeft() > 0) {
        const delay = stopping.signal.aborted ? 0 : pauseSecondsLeft();
        for (const rest of batch.slice(index)) await handBack(rest, delay);
        isHandedBack = true;
        break;
      }
      try {
        await deliver(row);
      } catch (error) {
        logger.error({ err: error, outboxId: row.id }, `${lane.name} could not be processed`);
      }
    }
    await lane.afterBatch?.();
    return !isHandedBack && batch.length === lane.batchSize;
  };

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      let hasMore = false;
      try {
        const paused = pauseSecondsLeft();
        if (paused > 0) await sleep(paused * 1000, stopping.signal);
        else hasMore = await drain();
      } catch (error) {
        logger.error({ err: error }, `${lane.name}: poll failed`);
      }
      lane.onPoll?.();
      if (!hasMore) await sleep(lane.pollSeconds * 1000, stopping.signal);
    }
  })();

  return {
    stop: async () => {
      stopping.abort();
      await loop;
      await lane.channel.close?.();
    },
  };
}

/**
 * Writes a lane's pause where every instance and the console can read it (outbox_pauses): the
 * latest end wins, and a new reason replaces the old one only with it.
 */
async function recordPause(
  db: Database,
  pause: { channel: OutboxChannelName; seconds: number; reason: OutboxPauseReason },
) {
  await db.execute(sql`
    INSERT INTO outbox_pauses (channel, paused_until, reason)
    VALUES (${pause.channel}, now() + make_interval(secs => ${pause.seconds}), ${pause.reason})
    ON CONFLICT (channel) DO UPDATE SET paused_until = excluded.paused_until, reason = excluded.reason
    WHERE outbox_pauses.paused_until < excluded.paused_until`);
}

/** The channel's pause still running (null when none): its end and why. */
export async function readPause(
  db: Db,
  channel: OutboxChannelName,
): Promise<{ until: Date; reason: OutboxPauseReason } | null> {
  const result = await db.execute(sql`
    SELECT paused_until, reason FROM outbox_pauses WHERE channel = ${channel} AND paused_until > now()`);
  const [row] = rowsOf<{ paused_until: Date | string; reason: OutboxPauseReason }>(result);
  return row ? { until: new Date(row.paused_until), reason: row.reason } : null;
}

/**
 * The one write of every verdict, for every channel and kind. Before the marker the row is held
 * by its attempt (state 'pending', no send id); after, by its send id ('sending', or 'unconfirmed'
 * when the sweep got there first: a late answer still settles it, but never makes it due again).
 */
export async function writeVerdict(db: Database, row: Held, verdict: Exclude<OutboxVerdict, { kind: 'lost' }>) {
  const state = verdict.kind === 'retry' ? 'pending' : verdict.kind;
  const error =
    verdict.kind === 'failed' || verdict.kind === 'blocked'
      ? verdict.error
      : verdict.kind === 'unconfirmed' || verdict.kind === 'retry' || verdict.kind === 'skipped'
        ? (verdict.reason ?? null)
        : null;
  const delay = verdict.kind === 'retry' ? verdict.delaySeconds : 0;
  const givenBack = verdict.kind === 'retry' && !verdict.isCounted ? 1 : 0;
  const held =
    row.sendId === undefined
      ? sql`state = 'pending' AND attempts = ${row.attempts} AND send_id IS NULL`
      : state === 'pending'
        ? sql`send_id = ${row.sendId} AND state = 'sending'`
        : sql`send_id = ${row.sendId} AND state IN ('sending', 'unconfirmed')`;
  await db.execute(sql`
    UPDATE outbox_messages
    SET state = ${state},
        attempts = attempts - ${givenBack},
        next_at = ${state === 'pending' && delay > 0 ? sql`now() + make_interval(secs => ${delay})` : sql`NULL`},
        send_id = ${state === 'pending' ? sql`NULL` : sql`send_id`},
        send_started_at = ${state === 'pending' ? sql`NULL` : sql`send_started_at`},
        last_error = coalesce(${error}, last_error),
        sent_at = ${state === 'sent' ? sql`now()` : sql`sent_at`}
    WHERE id = ${row.id} AND ${held}`);
}

/** setTimeout as a promise: true when the time passed, false when `signal` aborted it. */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
