import { randomUUID } from 'node:crypto';
import type { Database } from '../../platform/db/client.js';
import type { Logger } from '../../platform/logger.js';
import type { PreparedMessage, SendOutcome } from './send-bot-message.js';
import { sleep, type SendThrottle } from './send-throttle.js';
import { setTelegramReachability } from './set-telegram-reachability.js';

/** One claimed outbox row: its key and the try its lease is fenced by. */
export type OutboxItem = { id: string | number; attempts: number };
/** A claimed row whose "sending" marker this instance committed (keyed by the send id from then on). */
export type SendingItem<Item extends OutboxItem> = Item & { sendId: string };
export type HeldItem<Item extends OutboxItem> = Item | SendingItem<Item>;

/** What became of a send (or of a row given up before one). */
type SendVerdict =
  | { kind: 'sent'; chatId: number }
  /** Written, then timeout or a dropped connection: Telegram may have delivered it; never resent. */
  | { kind: 'unconfirmed'; reason: string; pauseSeconds: number }
  /** Telegram unreachable or failing (network, 5xx); sending is paused `pauseSeconds`. */
  | { kind: 'outage'; reason: string; pauseSeconds: number }
  /** 403 or chat not found: the user is already marked unreachable. */
  | { kind: 'unreachable'; chatId: number; errorCode: number; description: string }
  /** Any other Bot API refusal. */
  | { kind: 'refused'; errorCode: number; description: string }
  /** Claimed more than `maxAttempts` times: given up without a send. */
  | { kind: 'exhausted' };

/** Where a row ends, in every kind's words (a table without 'blocked' writes its own word for it). */
export type FinalStatus = 'sent' | 'unconfirmed' | 'failed' | 'skipped' | 'blocked';

/**
 * The two writes every verdict is made of, one SQL each per table: a kind brings these and the
 * runner decides, for every kind alike, which verdict writes what (`settle` below).
 */
export type OutboxWrites<Item extends OutboxItem> = {
  /** Ends a row this instance holds (fenced by the attempt before a send, by the send id after). */
  finish(item: HeldItem<Item>, status: FinalStatus, error?: string): Promise<void>;
  /** Back to due after `delaySeconds`, its marker cleared; `isCounted` false gives the try back. */
  retryLater(item: HeldItem<Item>, delaySeconds: number, isCounted: boolean): Promise<void>;
};

/** What a kind's documented rules make of the verdicts that differ between kinds. */
export type VerdictPolicy = {
  /** Network or 5xx: the try is counted (and the row 'failed' after `maxAttempts`), or given back. */
  outage: 'counted' | 'not-counted';
  /** Any other refusal: retried with backoff up to `maxAttempts`, or 'failed' at once (a 400 says the same every time). */
  refused: 'retry' | 'fail';
};

export type BotOutboxWorkerOptions<Item extends OutboxItem, Input> = {
  db: Database;
  logger: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
  /** For log lines: what one row is ("mining-ready notification"), what sending is ("notifications"). */
  names: { item: string; items: string };
  /** The row's key in log lines ({ cycleId }, { deliveryId }). */
  logFields(item: Item): Record<string, unknown>;
  pollSeconds: number;
  maxAttempts: number;
  /** First pause after an outage; doubles with each outage in a row (at most 5 minutes). Also the 429 pause without retry_after. */
  retrySeconds: number;
  batchSize: number;
  /** Waited on in order before each send. */
  throttles: SendThrottle[];
  /** Housekeeping before each claim (rows settled elsewhere, sends abandoned by a dead instance). */
  sweep(): Promise<void>;
  /** Claims up to `batchSize` due rows under a lease (`FOR UPDATE SKIP LOCKED`, attempts + 1). */
  claimDue(): Promise<Item[]>;
  /** After each batch, handed back or not. */
  afterBatch?(): Promise<void>;
  /**
   * The recipient and message of a row about to be sent; undefined when the job settled it without
   * a send (skipped, blocked) or no longer holds it.
   */
  messageFor(item: Item): Promise<{ chatId: number; input: Input } | undefined>;
  /** ONE raw sendMessage attempt, connected with its headers sent; its body is written only after `markSending`. */
  prepareSend(input: Input): Promise<PreparedMessage | SendOutcome>;
  /** Commits the "sending" marker with `sendId`; false when the row was lost or settled meanwhile. */
  markSending(item: Item, sendId: string): Promise<boolean>;
  /** The kind's two writes; the runner makes every verdict of them. */
  writes: OutboxWrites<Item>;
  policy: VerdictPolicy;
  /** Called after each poll (tests wait on it to know the worker has looked again). */
  onPoll?: () => void;
};

export type BotOutboxWorker = {
  /** Finishes the message in flight, hands back the rows it had claimed, and stops. */
  stop(): Promise<void>;
};

const MAX_OUTAGE_PAUSE_SECONDS = 300;
const MAX_BACKOFF_SECONDS = 3_600;

/**
 * The loop both bot outboxes (mining-ready notifications, announcements) run; each job brings its
 * own claim and its two writes (finish, retry later), and the runner writes every verdict of them,
 * the same way for every kind, as the job's `VerdictPolicy` says (docs/decisions.md §32):
 * - poll: sweep, claim a batch, send its rows one by one; a full batch is followed at once by the
 *   next, otherwise the worker sleeps `pollSeconds`.
 * - a row is sent once at most: the job's "sending" marker is committed between the connection
 *   (headers sent) and the body's write, so a failure before it is certainly not a delivery, and
 *   an outcome unknown after it is never resent.
 * - 429 pauses for retry_after and hands the row back (the try not counted); an outage (network,
 *   5xx) or an unknown outcome pauses with backoff; 403 and "chat not found" mark the user
 *   unreachable. While paused or stopping the rest of the batch is handed back.
 * - stop: the message in flight finishes, the claimed rest is handed back, the loop ends.
 */
export function startBotOutboxWorker<Item extends OutboxItem, Input>(
  options: BotOutboxWorkerOptions<Item, Input>,
): BotOutboxWorker {
  const { logger, names } = options;
  const stopping = new AbortController();
  let pausedUntil = 0;
  let outageCount = 0;

  const pauseFor = (seconds: number) => {
    pausedUntil = Math.max(pausedUntil, Date.now() + seconds * 1000);
  };
  const pauseSecondsLeft = () => Math.max(0, (pausedUntil - Date.now()) / 1000);
  const pauseForOutage = () => {
    outageCount++;
    const seconds = Math.min(MAX_OUTAGE_PAUSE_SECONDS, options.retrySeconds * 2 ** (outageCount - 1));
    pauseFor(seconds);
    return seconds;
  };

  const { writes, policy } = options;
  const handBack = (item: HeldItem<Item>, delaySeconds: number) => writes.retryLater(item, delaySeconds, false);

  /** Writes down a verdict on a row this instance holds: the one place each verdict's write is chosen. */
  const settle = async (item: HeldItem<Item>, verdict: SendVerdict) => {
    const fields = { ...options.logFields(item), attempts: item.attempts };
    switch (verdict.kind) {
      case 'sent':
        await writes.finish(item, 'sent');
        logger.debug({ ...fields, chatId: verdict.chatId }, `${names.item} sent`);
        return;
      case 'unconfirmed':
        // Telegram may have delivered it: never sent again. A timeout also hints at an outage.
        await writes.finish(item, 'unconfirmed', verdict.reason);
        logger.warn(
          { ...fields, reason: verdict.reason, pauseSeconds: verdict.pauseSeconds },
          `${names.item} outcome unknown; marked unconfirmed, not resent`,
        );
        return;
      case 'outage': {
        const { reason, pauseSeconds } = verdict;
        if (policy.outage === 'counted' && item.attempts >= options.maxAttempts) {
          await writes.finish(item, 'failed', reason);
          logger.error({ ...fields, reason }, `${names.item} failed; giving up`);
          return;
        }
        await writes.retryLater(item, pauseSeconds, policy.outage === 'counted');
        logger.warn({ ...fields, reason, pauseSeconds }, `could not reach Telegram; ${names.items} paused`);
        return;
      }
      case 'unreachable':
        await writes.finish(item, 'blocked', `${verdict.errorCode} ${verdict.description}`);
        logger.info(
          { ...fields, chatId: verdict.chatId, description: verdict.description },
          'user cannot be messaged; marked blocked',
        );
        return;
      case 'exhausted':
        await writes.finish(item, 'failed', 'too many attempts');
        return;
      case 'refused': {
        const error = `${verdict.errorCode} ${verdict.description}`;
        const refusal = { ...fields, errorCode: verdict.errorCode, description: verdict.description };
        if (policy.refused === 'fail' || item.attempts >= options.maxAttempts) {
          await writes.finish(item, 'failed', error);
          logger.error(refusal, `${names.item} refused by Telegram; giving up`);
          return;
        }
        const delay = Math.min(MAX_BACKOFF_SECONDS, options.retrySeconds * 2 ** (item.attempts - 1));
        await writes.retryLater(item, delay, true);
        logger.warn({ ...refusal, retryInSeconds: delay }, `${names.item} refused by Telegram; will retry`);
        return;
      }
    }
  };

  const handleOutcome = async (item: HeldItem<Item>, chatId: number, outcome: SendOutcome) => {
    if (outcome.kind === 'sent') {
      outageCount = 0;
      await settle(item, { kind: 'sent', chatId });
      return;
    }
    if (outcome.kind === 'unknown') {
      await settle(item, { kind: 'unconfirmed', reason: outcome.reason, pauseSeconds: pauseForOutage() });
      return;
    }
    if (outcome.kind === 'refused' && outcome.errorCode === 429) {
      const retryAfter = Math.max(1, outcome.retryAfter ?? options.retrySeconds);
      pauseFor(retryAfter);
      await handBack(item, retryAfter);
      logger.warn(
        { ...options.logFields(item), retryAfter },
        `Telegram asked to slow down (429); ${names.items} paused`,
      );
      return;
    }
    if (outcome.kind === 'not-delivered' || outcome.errorCode >= 500) {
      const reason = outcome.kind === 'refused' ? `${outcome.errorCode} ${outcome.description}` : outcome.reason;
      await settle(item, { kind: 'outage', reason, pauseSeconds: pauseForOutage() });
      return;
    }
    const { errorCode, description } = outcome;
    if (
      errorCode === 403 ||
      (errorCode === 400 && /chat not found|user not found|peer_id_invalid/i.test(description))
    ) {
      await setTelegramReachability(options.db, { telegramId: BigInt(chatId), isReachable: false });
      await settle(item, { kind: 'unreachable', chatId, errorCode, description });
      return;
    }
    await settle(item, { kind: 'refused', errorCode, description });
  };

  const send = async (item: Item) => {
    const message = await options.messageFor(item);
    if (!message) return;
    if (item.attempts > options.maxAttempts) {
      await settle(item, { kind: 'exhausted' });
      return;
    }
    const { chatId, input } = message;
    for (const throttle of options.throttles) {
      if (!(await throttle.wait(chatId, stopping.signal))) {
        await handBack(item, 0);
        return;
      }
    }
    // Connected, headers sent, body held back: a failure so far is certainly not a delivery.
    let prepared: PreparedMessage | SendOutcome;
    try {
      prepared = await options.prepareSend(input);
    } catch (error) {
      prepared = { kind: 'not-delivered', reason: error instanceof Error ? error.name : 'prepare failed' };
    }
    if (prepared.kind !== 'ready') {
      await handleOutcome(item, chatId, prepared);
      return;
    }
    const sendId = randomUUID();
    let isMarked = false;
    try {
      isMarked = await options.markSending(item, sendId);
    } finally {
      if (!isMarked) prepared.cancel();
    }
    if (!isMarked) return; // settled meanwhile, or the lease was lost
    // From the body's write on, Telegram may deliver: the marker is committed.
    let outcome: SendOutcome;
    try {
      outcome = await prepared.send();
    } catch (error) {
      // `send` must not throw; if it does, nothing says whether the request went out.
      outcome = { kind: 'unknown', reason: error instanceof Error ? error.name : 'send threw' };
    }
    await handleOutcome({ ...item, sendId }, chatId, outcome);
  };

  /** One batch; true when the batch was full and wholly sent (more are likely due). */
  const drain = async (): Promise<boolean> => {
    await options.sweep();
    const batch = await options.claimDue();
    let isHandedBack = false;
    for (const [index, item] of batch.entries()) {
      if (stopping.signal.aborted || pauseSecondsLeft() > 0) {
        // Stopping or paused (429, outage): hand the rest back for later (or for another instance).
        const delay = stopping.signal.aborted ? 0 : pauseSecondsLeft();
        for (const rest of batch.slice(index)) await handBack(rest, delay);
        isHandedBack = true;
        break;
      }
      try {
        await send(item);
      } catch (error) {
        logger.error({ err: error, ...options.logFields(item) }, `${names.item} could not be processed`);
      }
    }
    await options.afterBatch?.();
    return !isHandedBack && batch.length === options.batchSize;
  };

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      let hasMore = false;
      try {
        const paused = pauseSecondsLeft();
        if (paused > 0) await sleep(paused * 1000, stopping.signal);
        else hasMore = await drain();
      } catch (error) {
        logger.error({ err: error }, `${names.items}: poll failed`);
      }
      options.onPoll?.();
      if (!hasMore) await sleep(options.pollSeconds * 1000, stopping.signal);
    }
  })();

  return {
    stop: async () => {
      stopping.abort();
      await loop;
    },
  };
}

/** The rows of a `db.execute` answer (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
