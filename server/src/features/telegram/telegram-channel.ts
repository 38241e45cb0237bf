import type { Database } from '../../platform/db/client.js';
import type { Delivery, OutboxChannel, OutboxRow } from '../../platform/outbox/runner.js';
import type { PreparedMessage, SendOutcome } from './send-bot-message.js';
import type { SendThrottle } from './send-throttle.js';
import { setTelegramReachability } from './set-telegram-reachability.js';
import { createOutageBackoff, retryBackoffSeconds } from '../../platform/outbox/backoff.js';

/** What a kind's documented rules make of the outcomes that differ between kinds. */
export type VerdictPolicy = {
  /** Network or 5xx: the try is counted (and the row 'failed' after `maxAttempts`), or given back. */
  outage: 'counted' | 'not-counted';
  /** Any other refusal: retried with backoff up to `maxAttempts`, or 'failed' at once (a 400 says the same every time). */
  refused: 'retry' | 'fail';
  /** What a row whose recipient blocked the bot becomes: 'blocked', or 'skipped' (the block is on the user). */
  unreachable: 'blocked' | 'skipped';
};

/** The message one row sends, or the verdict when there is none to send (skipped, blocked). */
export type TelegramMessage =
  { chatId: number; prepare(): Promise<PreparedMessage | SendOutcome> } | { verdict: Delivery['verdict'] };

export type TelegramChannelOptions = {
  db: Database;
  policy: VerdictPolicy;
  maxAttempts: number;
  /** First pause after an outage; doubles with each outage in a row (at most 5 minutes). Also the 429 pause without retry_after. */
  retrySeconds: number;
  /** Waited on in order before each send. */
  throttles: SendThrottle[];
  /** The recipient and message of a row, read as they are now. */
  messageFor(row: OutboxRow): Promise<TelegramMessage>;
};

/**
 * The Telegram channel of the outbox: ONE raw sendMessage per row (createBotMessageSender's
 * `prepare`: connected, headers sent), the sending marker committed before the body is written:
 * - sent → 'sent'. Written, then timeout or dropped connection → 'unconfirmed' (Telegram has no
 *   idempotency key: a resend duplicates whenever the first one arrived), lane paused with backoff.
 * - 429 → pause for retry_after, the row handed back (the try not counted).
 * - not delivered for sure (could not connect, 5xx with a JSON or HTML body) → outage: pause with
 *   backoff; the try counted or not as the kind's policy says.
 * - 403 / chat not found → users.telegram_blocked_at, the row 'blocked' (or 'skipped').
 * - any other refusal → retried with backoff up to `maxAttempts`, or 'failed' at once (policy).
 */
export function createTelegramChannel(options: TelegramChannelOptions): OutboxChannel {
  const { policy } = options;
  const outage = createOutageBackoff(options.retrySeconds);

  const judge = async (row: OutboxRow, chatId: number, outcome: SendOutcome): Promise<Delivery> => {
    if (outcome.kind === 'sent') {
      outage.reset();
      return { verdict: { kind: 'sent' } };
    }
    if (outcome.kind === 'unknown') {
      return { verdict: { kind: 'unconfirmed', reason: outcome.reason }, pauseSeconds: outage.next() };
    }
    if (outcome.kind === 'refused' && outcome.errorCode === 429) {
      const retryAfter = Math.max(1, outcome.retryAfter ?? options.retrySeconds);
      return {
        verdict: { kind: 'retry', delaySeconds: retryAfter, isCounted: false, reason: '429 Too Many Requests' },
        pauseSeconds: retryAfter,
        pauseReason: 'rate_limit',
      };
    }
    if (outcome.kind === 'not-delivered' || outcome.errorCode >= 500) {
      const reason = outcome.kind === 'refused' ? `${outcome.errorCode} ${outcome.description}` : outcome.reason;
      const pauseSeconds = outage.next();
      const isCounted = policy.outage === 'counted';
      if (isCounted && row.attempts >= options.maxAttempts) {
        return { verdict: { kind: 'failed', error: reason }, pauseSeconds };
      }
      return { verdict: { kind: 'retry', delaySeconds: pauseSeconds, isCounted, reason }, pauseSeconds };
    }
    const { errorCode, description } = outcome;
    const error = `${errorCode} ${description}`;
    if (
      errorCode === 403 ||
      (errorCode === 400 && /chat not found|user not found|peer_id_invalid/i.test(description))
    ) {
      await setTelegramReachability(options.db, { telegramId: BigInt(chatId), isReachable: false });
      return {
        verdict: policy.unreachable === 'blocked' ? { kind: 'blocked', error } : { kind: 'skipped', reason: error },
      };
    }
    if (policy.refused === 'fail' || row.attempts >= options.maxAttempts) {
      return { verdict: { kind: 'failed', error } };
    }
    const delay = retryBackoffSeconds(options.retrySeconds, row.attempts);
    return { verdict: { kind: 'retry', delaySeconds: delay, isCounted: true, reason: error } };
  };

  return {
    name: 'telegram',
    async deliver(row, context) {
      const message = await options.messageFor(row);
      if ('verdict' in message) return { verdict: message.verdict };
      const { chatId } = message;
      for (const throttle of options.throttles) {
        if (!(await throttle.wait(chatId, context.signal))) {
          return { verdict: { kind: 'retry', delaySeconds: 0, isCounted: false } };
        }
      }
      // Connected, headers sent, body held back: a failure so far is certainly not a delivery.
      let prepared: PreparedMessage | SendOutcome;
      try {
        prepared = await message.prepare();
      } catch (error) {
        prepared = { kind: 'not-delivered', reason: error instanceof Error ? error.name : 'prepare failed' };
      }
      if (prepared.kind !== 'ready') return judge(row, chatId, prepared);
      let isMarked = false;
      try {
        isMarked = await context.markSending();
      } finally {
        if (!isMarked) prepared.cancel();
      }
      if (!isMarked) return { verdict: { kind: 'lost' } };
      // From the body's write on, Telegram may deliver: the marker is committed.
      let outcome: SendOutcome;
      try {
        outcome = await prepared.send();
      } catch (error) {
        outcome = { kind: 'unknown', reason: error instanceof Error ? error.name : 'send threw' };
      }
      return judge(row, chatId, outcome);
    },
  };
}
