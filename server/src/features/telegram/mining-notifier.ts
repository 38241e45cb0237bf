import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LANGUAGES, type Language } from '@ziver/shared';
import type { Database } from '../../platform/db/client.js';
import type { Logger } from '../../platform/logger.js';
import type { PreparedMessage, SendOutcome } from './send-bot-message.js';
import { SendThrottle, sleep } from './send-throttle.js';
import { setTelegramReachability } from './set-telegram-reachability.js';

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

export type MiningNotifier = {
  /** Finishes the message in flight, hands back the cycles it had claimed, and stops. */
  stop(): Promise<void>;
};

type Claimed = { id: string; attempts: number };
/** A cycle whose "sending" marker this instance committed. */
type Sending = Claimed & { sendId: string };
type Outcome = 'sent' | 'skipped' | 'failed' | 'unconfirmed';

const MAX_BACKOFF_SECONDS = 3_600;
const MAX_OUTAGE_PAUSE_SECONDS = 300;

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
  const throttle = options.throttle ?? new SendThrottle(options.ratePerSecond);
  const stopping = new AbortController();
  let pausedUntil = 0;
  let outageCount = 0;

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

  // A cycle claimed before its notification went out needs none.
  const skipClaimedCycles = async () => {
    await db.execute(sql`
      UPDATE mining_sessions SET notify_status = 'skipped', notify_next_at = NULL
      WHERE id IN (
        SELECT id FROM mining_sessions
        WHERE notify_status = 'pending' AND claimed_at IS NOT NULL AND notify_send_id IS NULL
        LIMIT 500
        FOR UPDATE SKIP LOCKED
      )`);
  };

  // A send started by an instance that died (or hung past the lease) may have been delivered:
  // it is never resent.
  const settleAbandonedSends = async () => {
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

  /** The cycle and its user as they are now, if this instance still holds the lease. */
  const recheck = async (cycle: Claimed) => {
    const result = await db.execute(sql`
      SELECT s.claimed_at IS NULL AS is_open, u.telegram_id::text AS telegram_id, u.notify_push,
             u.telegram_blocked_at IS NOT NULL AS is_blocked, u.language
      FROM mining_sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = ${cycle.id} AND s.notify_status = 'pending' AND s.notify_attempts = ${cycle.attempts}
        AND s.notify_send_id IS NULL`);
    const [row] = rowsOf<{
      is_open: boolean;
      telegram_id: string | null;
      notify_push: boolean;
      is_blocked: boolean;
      language: string;
    }>(result);
    return row;
  };

  /** Commits the "sending" marker; false when the lease was lost or the cycle claimed meanwhile. */
  const markSending = async (cycle: Claimed): Promise<Sending | undefined> => {
    const sendId = randomUUID();
    const result = await db.execute(sql`
      UPDATE mining_sessions
      SET notify_send_id = ${sendId}, notify_send_started_at = now(),
          notify_next_at = now() + make_interval(secs => ${leaseSeconds})
      WHERE id = ${cycle.id} AND notify_status = 'pending' AND notify_attempts = ${cycle.attempts}
        AND notify_send_id IS NULL AND claimed_at IS NULL
      RETURNING id`);
    return rowsOf(result).length === 1 ? { ...cycle, sendId } : undefined;
  };

  /** Ends a cycle this instance holds: before a send (fenced by the attempt) or after (by the send id). */
  const finish = async (cycle: Claimed | Sending, outcome: Outcome) => {
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

  /** Gives a cycle back without counting the try (and clears its marker); due again after `delaySeconds`. */
  const release = async (cycle: Claimed | Sending, delaySeconds: number) => {
    const held = 'sendId' in cycle ? sql`notify_send_id = ${cycle.sendId}` : sql`notify_send_id IS NULL`;
    await db.execute(sql`
      UPDATE mining_sessions
      SET notify_attempts = notify_attempts - 1, notify_send_id = NULL, notify_send_started_at = NULL,
          notify_next_at = ${delaySeconds > 0 ? sql`now() + make_interval(secs => ${delaySeconds})` : sql`NULL`}
      WHERE id = ${cycle.id} AND notify_status = 'pending' AND notify_attempts = ${cycle.attempts} AND ${held}`);
  };

  /** Counts the try (and clears the marker): the cycle is due again after `delaySeconds`. */
  const retryLater = async (cycle: Claimed | Sending, delaySeconds: number) => {
    const held = 'sendId' in cycle ? sql`notify_send_id = ${cycle.sendId}` : sql`notify_send_id IS NULL`;
    await db.execute(sql`
      UPDATE mining_sessions
      SET notify_send_id = NULL, notify_send_started_at = NULL,
          notify_next_at = now() + make_interval(secs => ${delaySeconds})
      WHERE id = ${cycle.id} AND notify_status = 'pending' AND notify_attempts = ${cycle.attempts} AND ${held}`);
  };

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

  const handleOutcome = async (cycle: Claimed | Sending, chatId: number, outcome: SendOutcome) => {
    if (outcome.kind === 'sent') {
      outageCount = 0;
      await finish(cycle, 'sent');
      logger.debug({ cycleId: cycle.id, chatId }, 'mining-ready notification sent');
      return;
    }
    if (outcome.kind === 'unknown') {
      // Telegram may have delivered it: never sent again. A timeout also hints at an outage.
      await finish(cycle, 'unconfirmed');
      const pauseSeconds = pauseForOutage();
      logger.warn(
        { cycleId: cycle.id, reason: outcome.reason, pauseSeconds },
        'mining-ready notification outcome unknown; marked unconfirmed, not resent',
      );
      return;
    }
    if (outcome.kind === 'not-delivered' || outcome.errorCode >= 500) {
      // Telegram unreachable or failing: nothing is wrong with this message; wait, tries not counted.
      const pauseSeconds = pauseForOutage();
      await release(cycle, pauseSeconds);
      const reason = outcome.kind === 'refused' ? `${outcome.errorCode} ${outcome.description}` : outcome.reason;
      logger.warn({ cycleId: cycle.id, reason, pauseSeconds }, 'could not reach Telegram; notifications paused');
      return;
    }
    const description = outcome.description.toLowerCase();
    if (
      outcome.errorCode === 403 ||
      (outcome.errorCode === 400 && /chat not found|user not found|peer_id_invalid/.test(description))
    ) {
      await setTelegramReachability(db, { telegramId: BigInt(chatId), isReachable: false });
      await finish(cycle, 'skipped');
      logger.info(
        { cycleId: cycle.id, chatId, description: outcome.description },
        'user cannot be messaged; marked blocked',
      );
      return;
    }
    if (outcome.errorCode === 429) {
      const retryAfter = Math.max(1, outcome.retryAfter ?? options.retrySeconds);
      pauseFor(retryAfter);
      await release(cycle, retryAfter);
      logger.warn({ cycleId: cycle.id, retryAfter }, 'Telegram asked to slow down (429); sending paused');
      return;
    }
    if (cycle.attempts >= options.maxAttempts) {
      await finish(cycle, 'failed');
      logger.error(
        { cycleId: cycle.id, attempts: cycle.attempts, errorCode: outcome.errorCode, description: outcome.description },
        'mining-ready notification refused; giving up',
      );
      return;
    }
    const delay = Math.min(MAX_BACKOFF_SECONDS, options.retrySeconds * 2 ** (cycle.attempts - 1));
    await retryLater(cycle, delay);
    logger.warn(
      {
        cycleId: cycle.id,
        attempts: cycle.attempts,
        errorCode: outcome.errorCode,
        description: outcome.description,
        retryInSeconds: delay,
      },
      'mining-ready notification refused; will retry',
    );
  };

  const notify = async (cycle: Claimed) => {
    const state = await recheck(cycle);
    if (!state) return; // the lease ran out and another instance has it
    if (!state.is_open || state.telegram_id === null || !state.notify_push || state.is_blocked) {
      await finish(cycle, 'skipped');
      return;
    }
    if (cycle.attempts > options.maxAttempts) {
      await finish(cycle, 'failed');
      return;
    }
    const chatId = Number(state.telegram_id);
    if (!(await throttle.wait(chatId, stopping.signal))) {
      await release(cycle, 0);
      return;
    }
    const language = (LANGUAGES as readonly string[]).includes(state.language) ? (state.language as Language) : 'en';
    // Connected, headers sent, body held back: a failure so far is certainly not a delivery.
    let prepared: PreparedMessage | SendOutcome;
    try {
      prepared = await options.prepareSend({ chatId, language });
    } catch (error) {
      prepared = { kind: 'not-delivered', reason: error instanceof Error ? error.name : 'prepare failed' };
    }
    if (prepared.kind !== 'ready') {
      await handleOutcome(cycle, chatId, prepared);
      return;
    }
    let sending: Sending | undefined;
    try {
      sending = await markSending(cycle);
    } finally {
      if (!sending) prepared.cancel();
    }
    if (!sending) return;
    // From the body's write on, Telegram may deliver: the marker is committed.
    let outcome: SendOutcome;
    try {
      outcome = await prepared.send();
    } catch (error) {
      // `send` must not throw; if it does, nothing says whether the request went out.
      outcome = { kind: 'unknown', reason: error instanceof Error ? error.name : 'send threw' };
    }
    await handleOutcome(sending, chatId, outcome);
  };

  const drain = async (): Promise<boolean> => {
    await skipClaimedCycles();
    await settleAbandonedSends();
    const batch = await claimDue();
    for (const [index, cycle] of batch.entries()) {
      if (stopping.signal.aborted || pauseSecondsLeft() > 0) {
        // Stopping or paused (429, outage): hand the rest back for later (or for another instance).
        const delay = stopping.signal.aborted ? 0 : pauseSecondsLeft();
        for (const rest of batch.slice(index)) await release(rest, delay);
        return false;
      }
      try {
        await notify(cycle);
      } catch (error) {
        logger.error({ err: error, cycleId: cycle.id }, 'mining-ready notification could not be processed');
      }
    }
    return batch.length === batchSize;
  };

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      let hasMore = false;
      try {
        const paused = pauseSecondsLeft();
        if (paused > 0) await sleep(paused * 1000, stopping.signal);
        else hasMore = await drain();
      } catch (error) {
        logger.error({ err: error }, 'mining-ready notifications: poll failed');
      }
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

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
