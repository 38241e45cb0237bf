import { GrammyError, HttpError } from 'grammy';
import { sql } from 'drizzle-orm';
import { LANGUAGES, type Language } from '@ziver/shared';
import type { Database } from '../../platform/db/client.js';
import type { Logger } from '../../platform/logger.js';
import { SendThrottle, sleep } from './send-throttle.js';
import { setTelegramReachability } from './set-telegram-reachability.js';

export type MiningNotifierOptions = {
  db: Database;
  logger: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
  /** Sends the "reward ready" message (the bot's sendMessage); throws Bot API errors as grammY does. */
  send(input: { chatId: number; language: Language }): Promise<void>;
  pollSeconds: number;
  maxAttempts: number;
  retrySeconds: number;
  ratePerSecond: number;
  /** Cycles claimed per query. Default 50. */
  batchSize?: number;
  /** How long a claimed cycle is reserved for this instance before another may take it. Default 120 s. */
  leaseSeconds?: number;
};

export type MiningNotifier = {
  /** Finishes the message in flight, hands back the cycles it had claimed, and stops. */
  stop(): Promise<void>;
};

type Claimed = { id: string; attempts: number };
type Outcome = 'sent' | 'skipped' | 'failed';

const MAX_BACKOFF_SECONDS = 3_600;
const MAX_OUTAGE_PAUSE_SECONDS = 300;

/**
 * Mining-ready notifications (ARCHITECTURE §6), an outbox kept in mining_sessions:
 * - every poll, finished unclaimed cycles still 'pending' and due (notify_next_at) are claimed with
 *   `FOR UPDATE SKIP LOCKED` and leased (notify_next_at = now + lease, notify_attempts + 1), so
 *   several instances never take the same cycle, and a crashed instance's cycles come back after
 *   the lease. The attempt count is the lease's fencing token: every later write checks it.
 * - a cycle whose user has no Telegram, has push notifications off or blocked the bot, or that was
 *   claimed meanwhile, is 'skipped'; otherwise one sendMessage, then 'sent' + notified_at.
 * - 403 (blocked / deactivated) and "chat not found" mark the user unreachable (telegram_blocked_at)
 *   and skip, never retried. 429 pauses sending for retry_after and does not count as a try.
 *   Telegram unreachable pauses sending with backoff, not counted either. Other errors retry the
 *   cycle with exponential backoff, and after `maxAttempts` tries it is 'failed'.
 * - sends are throttled (SendThrottle) to `ratePerSecond` overall and one per chat per second.
 */
export function startMiningNotifier(options: MiningNotifierOptions): MiningNotifier {
  const { db, logger } = options;
  const batchSize = options.batchSize ?? 50;
  const leaseSeconds = options.leaseSeconds ?? 120;
  const throttle = new SendThrottle(options.ratePerSecond);
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
            AND (notify_next_at IS NULL OR notify_next_at <= now())
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
        WHERE notify_status = 'pending' AND claimed_at IS NOT NULL
        LIMIT 500
        FOR UPDATE SKIP LOCKED
      )`);
  };

  /** The cycle and its user as they are now, if this instance still holds the lease. */
  const recheck = async (cycle: Claimed) => {
    const result = await db.execute(sql`
      SELECT s.claimed_at IS NULL AS is_open, u.telegram_id::text AS telegram_id, u.notify_push,
             u.telegram_blocked_at IS NOT NULL AS is_blocked, u.language
      FROM mining_sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = ${cycle.id} AND s.notify_status = 'pending' AND s.notify_attempts = ${cycle.attempts}`);
    const [row] = rowsOf<{
      is_open: boolean;
      telegram_id: string | null;
      notify_push: boolean;
      is_blocked: boolean;
      language: string;
    }>(result);
    return row;
  };

  const finish = async (cycle: Claimed, outcome: Outcome) => {
    await db.execute(sql`
      UPDATE mining_sessions
      SET notify_status = ${outcome}, notify_next_at = NULL,
          notified_at = ${outcome === 'sent' ? sql`now()` : sql`notified_at`}
      WHERE id = ${cycle.id} AND notify_status = 'pending' AND notify_attempts = ${cycle.attempts}`);
  };

  /** Gives a claimed cycle back without counting the try; it is due again after `delaySeconds`. */
  const release = async (cycle: Claimed, delaySeconds: number) => {
    await db.execute(sql`
      UPDATE mining_sessions
      SET notify_attempts = notify_attempts - 1,
          notify_next_at = ${delaySeconds > 0 ? sql`now() + make_interval(secs => ${delaySeconds})` : sql`NULL`}
      WHERE id = ${cycle.id} AND notify_status = 'pending' AND notify_attempts = ${cycle.attempts}`);
  };

  const retryLater = async (cycle: Claimed, delaySeconds: number) => {
    await db.execute(sql`
      UPDATE mining_sessions SET notify_next_at = now() + make_interval(secs => ${delaySeconds})
      WHERE id = ${cycle.id} AND notify_status = 'pending' AND notify_attempts = ${cycle.attempts}`);
  };

  const pauseFor = (seconds: number) => {
    pausedUntil = Math.max(pausedUntil, Date.now() + seconds * 1000);
  };
  const pauseSecondsLeft = () => Math.max(0, (pausedUntil - Date.now()) / 1000);

  const handleFailure = async (cycle: Claimed, chatId: number, error: unknown) => {
    if (error instanceof GrammyError) {
      const description = error.description.toLowerCase();
      if (
        error.error_code === 403 ||
        (error.error_code === 400 && /chat not found|user not found|peer_id_invalid/.test(description))
      ) {
        await setTelegramReachability(db, { telegramId: BigInt(chatId), isReachable: false });
        await finish(cycle, 'skipped');
        logger.info(
          { cycleId: cycle.id, chatId, description: error.description },
          'user cannot be messaged; marked blocked',
        );
        return;
      }
      if (error.error_code === 429) {
        const retryAfter = Math.max(1, Number(error.parameters.retry_after ?? options.retrySeconds));
        pauseFor(retryAfter);
        await release(cycle, retryAfter);
        logger.warn({ cycleId: cycle.id, retryAfter }, 'Telegram asked to slow down (429); sending paused');
        return;
      }
    }
    if (error instanceof HttpError) {
      // Telegram unreachable: nothing is wrong with this message, so wait without counting tries.
      outageCount++;
      const seconds = Math.min(MAX_OUTAGE_PAUSE_SECONDS, options.retrySeconds * 2 ** (outageCount - 1));
      pauseFor(seconds);
      await release(cycle, seconds);
      logger.warn(
        { err: error, cycleId: cycle.id, pauseSeconds: seconds },
        'could not reach Telegram; notifications paused',
      );
      return;
    }
    if (cycle.attempts >= options.maxAttempts) {
      await finish(cycle, 'failed');
      logger.error(
        { err: error, cycleId: cycle.id, attempts: cycle.attempts },
        'mining-ready notification failed; giving up',
      );
      return;
    }
    const delay = Math.min(MAX_BACKOFF_SECONDS, options.retrySeconds * 2 ** (cycle.attempts - 1));
    await retryLater(cycle, delay);
    logger.warn(
      { err: error, cycleId: cycle.id, attempts: cycle.attempts, retryInSeconds: delay },
      'mining-ready notification failed; will retry',
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
    try {
      await options.send({ chatId, language });
    } catch (error) {
      await handleFailure(cycle, chatId, error);
      return;
    }
    outageCount = 0;
    await finish(cycle, 'sent');
    logger.debug({ cycleId: cycle.id, chatId }, 'mining-ready notification sent');
  };

  const drain = async (): Promise<boolean> => {
    await skipClaimedCycles();
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
