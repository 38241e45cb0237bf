import { sql } from 'drizzle-orm';
import { LANGUAGES, type Language } from '@ziver/shared';
import type { Database } from '../../platform/db/client.js';
import type { Logger } from '../../platform/logger.js';
import type { PreparedMessage, SendOutcome } from './send-bot-message.js';
import {
  rowsOf,
  startBotOutboxWorker,
  type BotOutboxWorker,
  type HeldItem,
  type FinalStatus,
} from './bot-outbox-worker.js';
import { SendThrottle } from './send-throttle.js';

export type MiningNotifierOptions = {
  db: Database;
  logger: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
  /**
   * Prepares the "reward ready" message: ONE raw sendMessage attempt (createBotMessageSender's
   * `prepare`), connected with its headers sent; its body is written only after the "sending"
   * marker is committed. Never an API with automatic retries: a retried timed-out send duplicates.
   */
  prepareSend(input: { chatId: number; language: Language }): Promise<PreparedMessage | SendOutcome>;
  pollSeconds: number;
  maxAttempts: number;
  retrySeconds: number;
  ratePerSecond: number;
  /** A throttle shared with the process's other bot messages (announcements); else one of its own at `ratePerSecond`. */
  throttle?: SendThrottle;
  /** Cycles claimed per query. Default 50. */
  batchSize?: number;
  /**
   * How long a claimed cycle is reserved for this instance before another may take it (NOTIFY_LEASE_SECONDS),
   * and how long a started send may take before another instance calls it 'unconfirmed'. Must
   * exceed the send timeout. Default 120 s.
   */
  leaseSeconds?: number;
};

/** Finishes the message in flight, hands back the cycles it had claimed, and stops. */
export type MiningNotifier = BotOutboxWorker;

type Claimed = { id: string; attempts: number };

/**
 * Mining-ready notifications (docs/architecture.md §6), an outbox kept in mining_sessions, delivered
 * effectively once:
 * - every poll, finished unclaimed cycles still 'pending', due (notify_next_at) and with no send
 *   started are claimed with `FOR UPDATE SKIP LOCKED` and leased (notify_next_at = now + lease,
 *   notify_attempts + 1), so several instances never take the same cycle, and a crashed
 *   instance's cycles come back after the lease. The attempt count fences the lease. A claim
 *   counts as a try even when the instance dies before sending: a cycle claimed more than
 *   `maxAttempts` times is 'failed' without a send (a cycle that crashed every instance that
 *   took it is given up, not retried forever).
 * - a cycle whose user has no Telegram, has push notifications off or blocked the bot, or that was
 *   claimed meanwhile, is 'skipped'. Otherwise the "sending" marker (notify_send_id, started_at)
 *   is committed first, then ONE sendMessage, then 'sent' + notified_at (keyed on the send id).
 * - a send whose outcome is unknown (written, then timeout or dropped connection) is
 *   'unconfirmed' and never sent again: Telegram has no idempotency key, and a resend duplicates
 *   whenever the first one arrived. A crashed instance's marked cycles become 'unconfirmed' when
 *   their lease ends (the sweep), never resent either.
 * - not delivered for sure (could not connect, 5xx with a JSON or HTML body): the marker is
 *   cleared, the cycle handed back and sending paused with backoff; the try is not counted.
 *   429 pauses for retry_after, not counted either. 403 (blocked / deactivated) and "chat not
 *   found" mark the user unreachable (telegram_blocked_at) and skip. Other Bot API refusals retry
 *   with exponential backoff, and after `maxAttempts` tries the cycle is 'failed'.
 * - sends are throttled (SendThrottle) to `ratePerSecond` overall and one per chat per second.
 */
export function startMiningNotifier(options: MiningNotifierOptions): MiningNotifier {
  const { db, logger } = options;
  const batchSize = options.batchSize ?? 50;
  const leaseSeconds = options.leaseSeconds ?? 120;

  const claimDue = async (): Promise<Claimed[]> => {
    const result = await db.execute(sql`
      WITH claimed AS (
        UPDATE mining_sessions
        SET notify_attempts = notify_attempts + 1,
            notify_next_at = now() + make_interval(secs => ${leaseSeconds})
        WHERE id IN (
          SELECT id FROM mining_sessions
          WHERE notify_status = 'pending' AND claimed_at IS NULL AND ends_at <= now()
            AND (notify_next_at IS NULL OR notify_next_at <= now()) AND notify_send_id IS NULL
          ORDER BY ends_at
          LIMIT ${batchSize}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id, notify_attempts, ends_at
      )
      SELECT id, notify_attempts FROM claimed ORDER BY ends_at`);
    return rowsOf<{ id: string; notify_attempts: number }>(result).map((r) => ({
      id: r.id,
      attempts: Number(r.notify_attempts),
    }));
  };

  const sweep = async () => {
    // A cycle claimed before its notification went out needs none.
    await db.execute(sql`
      UPDATE mining_sessions SET notify_status = 'skipped', notify_next_at = NULL
      WHERE id IN (
        SELECT id FROM mining_sessions
        WHERE notify_status = 'pending' AND claimed_at IS NOT NULL AND notify_send_id IS NULL
        LIMIT 500
        FOR UPDATE SKIP LOCKED
      )`);
    // A send started by an instance that died (or hung past the lease) may have been delivered:
    // it is never resent.
    const result = await db.execute(sql`
      UPDATE mining_sessions SET notify_status = 'unconfirmed', notify_next_at = NULL
      WHERE id IN (
        SELECT id FROM mining_sessions
        WHERE notify_status = 'pending' AND notify_send_id IS NOT NULL AND notify_next_at <= now()
        LIMIT 500
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id`);
    const ids = rowsOf<{ id: string }>(result).map((r) => r.id);
    if (ids.length > 0) {
      logger.warn(
        { count: ids.length, cycleIds: ids.slice(0, 20) },
        'notification sends abandoned by a stopped instance; marked unconfirmed, not resent',
      );
    }
  };

  /** The cycle and its user as they are now; skipped when nobody is to be told; undefined when the lease is lost. */
  const messageFor = async (cycle: Claimed) => {
    const result = await db.execute(sql`
      SELECT s.claimed_at IS NULL AS is_open, u.telegram_id::text AS telegram_id, u.notify_push,
             u.telegram_blocked_at IS NOT NULL AS is_blocked, u.language
      FROM mining_sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = ${cycle.id} AND s.notify_status = 'pending' AND s.notify_attempts = ${cycle.attempts}
        AND s.notify_send_id IS NULL`);
    const [state] = rowsOf<{
      is_open: boolean;
      telegram_id: string | null;
      notify_push: boolean;
      is_blocked: boolean;
      language: string;
    }>(result);
    if (!state) return undefined; // the lease ran out and another instance has it
    if (!state.is_open || state.telegram_id === null || !state.notify_push || state.is_blocked) {
      await finish(cycle, 'skipped');
      return undefined;
    }
    const chatId = Number(state.telegram_id);
    const language = (LANGUAGES as readonly string[]).includes(state.language) ? (state.language as Language) : 'en';
    return { chatId, input: { chatId, language } };
  };

  /** Commits the "sending" marker; false when the lease was lost or the cycle claimed meanwhile. */
  const markSending = async (cycle: Claimed, sendId: string) => {
    const result = await db.execute(sql`
      UPDATE mining_sessions
      SET notify_send_id = ${sendId}, notify_send_started_at = now(),
          notify_next_at = now() + make_interval(secs => ${leaseSeconds})
      WHERE id = ${cycle.id} AND notify_status = 'pending' AND notify_attempts = ${cycle.attempts}
        AND notify_send_id IS NULL AND claimed_at IS NULL
      RETURNING id`);
    return rowsOf(result).length === 1;
  };

  /**
   * Ends a cycle this instance holds: before a send (fenced by the attempt) or after (by the send
   * id). A cycle keeps no error text, and its user's block is on the user: a blocked cycle is 'skipped'.
   */
  const finish = async (cycle: HeldItem<Claimed>, status: FinalStatus) => {
    const outcome = status === 'blocked' ? 'skipped' : status;
    const held =
      'sendId' in cycle
        ? sql`notify_send_id = ${cycle.sendId} AND notify_status IN ('pending', 'unconfirmed')`
        : sql`notify_status = 'pending' AND notify_attempts = ${cycle.attempts} AND notify_send_id IS NULL`;
    await db.execute(sql`
      UPDATE mining_sessions
      SET notify_status = ${outcome}, notify_next_at = NULL,
          notified_at = ${outcome === 'sent' ? sql`now()` : sql`notified_at`}
      WHERE id = ${cycle.id} AND ${held}`);
  };

  /** Back to due after `delaySeconds` (clearing the marker); `isCounted` false gives the try back. */
  const retryLater = async (cycle: HeldItem<Claimed>, delaySeconds: number, isCounted: boolean) => {
    const held = 'sendId' in cycle ? sql`notify_send_id = ${cycle.sendId}` : sql`notify_send_id IS NULL`;
    await db.execute(sql`
      UPDATE mining_sessions
      SET notify_attempts = notify_attempts - ${isCounted ? 0 : 1}, notify_send_id = NULL, notify_send_started_at = NULL,
          notify_next_at = ${delaySeconds > 0 ? sql`now() + make_interval(secs => ${delaySeconds})` : sql`NULL`}
      WHERE id = ${cycle.id} AND notify_status = 'pending' AND notify_attempts = ${cycle.attempts} AND ${held}`);
  };

  return startBotOutboxWorker({
    db,
    logger,
    names: { item: 'mining-ready notification', items: 'notifications' },
    logFields: (cycle) => ({ cycleId: cycle.id }),
    pollSeconds: options.pollSeconds,
    maxAttempts: options.maxAttempts,
    retrySeconds: options.retrySeconds,
    batchSize,
    throttles: [options.throttle ?? new SendThrottle(options.ratePerSecond)],
    sweep,
    claimDue,
    messageFor,
    prepareSend: options.prepareSend,
    markSending,
    writes: { finish, retryLater },
    // A notification waits out an outage without using up tries; a refusal is retried with backoff.
    policy: { outage: 'not-counted', refused: 'retry' },
  });
}
