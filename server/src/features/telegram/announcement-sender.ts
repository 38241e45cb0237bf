import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LANGUAGES, readTranslations, textForLanguage, type AnnouncementFormat, type Language } from '@ziver/shared';
import type { Database } from '../../platform/db/client.js';
import type { Logger } from '../../platform/logger.js';
import type { PreparedMessage, SendOutcome } from './send-bot-message.js';
import { SendThrottle, sleep } from './send-throttle.js';
import { setTelegramReachability } from './set-telegram-reachability.js';

/** What one delivery sends: the announcement's text in the recipient's language (English when it has none), and that language for the button. */
export type AnnouncementSendInput = {
  chatId: number;
  language: Language;
  text: string;
  format: AnnouncementFormat;
  withButton: boolean;
};

export type AnnouncementSenderOptions = {
  db: Database;
  logger: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
  /**
   * ONE raw sendMessage attempt, connected with its headers sent (createBotMessageSender's
   * `prepare`); its body is written only after the 'sending' marker is committed.
   */
  prepareSend(input: AnnouncementSendInput): Promise<PreparedMessage | SendOutcome>;
  pollSeconds: number;
  /** Tries per delivery (5xx, network errors) before it is 'failed'; 429 does not count. */
  maxAttempts: number;
  /** First retry delay after a failed try; doubles each try (at most 5 minutes). */
  retrySeconds: number;
  /** Announcement messages per second this instance sends at most. */
  ratePerSecond: number;
  /** Also waited on before each send: the throttle the process's other bot messages use (one overall limit). */
  sharedThrottle?: SendThrottle;
  /** Deliveries claimed per query. Default 50. */
  batchSize?: number;
  /** How long claimed deliveries and a started send are this instance's. Must exceed the send timeout. Default 120 s. */
  leaseSeconds?: number;
  /** Called after each poll (tests wait on it to know the worker has looked again). */
  onPoll?: () => void;
};

export type AnnouncementSender = {
  /** Finishes the message in flight, hands back the deliveries it had claimed, and stops. */
  stop(): Promise<void>;
};

type Claimed = {
  id: number;
  attempts: number;
  announcementId: string;
  text: string;
  format: AnnouncementFormat;
  withButton: boolean;
  telegramId: string | null;
  notifyPush: boolean;
  isBlocked: boolean;
  isSuspended: boolean;
  language: string;
};
type Sending = Claimed & { sendId: string };
type Final = 'sent' | 'blocked' | 'failed' | 'skipped' | 'unconfirmed';

const MAX_PAUSE_SECONDS = 300;

/**
 * The announcement job's worker, one per server instance (started with the bot). Deliveries are
 * an outbox (announcement_deliveries), sent at most once:
 * - claimed in batches with `FOR UPDATE SKIP LOCKED` (attempts + 1, next_at = now + lease), only
 *   for running announcements, so instances never take the same row and a dead instance's rows
 *   come back after the lease. The attempt count fences the lease.
 * - before each send the 'sending' marker (status, a fresh send_id) is committed; a send whose
 *   outcome is unknown, or a 'sending' row left by a dead instance past its lease, becomes
 *   'unconfirmed' and is never sent again (Telegram has no idempotency key).
 * - 403 / chat not found → users.telegram_blocked_at and 'blocked'; 429 → pause for retry_after,
 *   the try not counted; 5xx or network → pause with backoff and retry, 'failed' after
 *   `maxAttempts`; any other refusal (a 400 cannot succeed later) → 'failed' at once.
 * - a recipient who since the start unlinked Telegram, turned notifications off or was suspended
 *   is 'skipped'; one who blocked the bot is 'blocked'.
 * - an announcement with nothing pending or sending is marked 'done'.
 */
export function startAnnouncementSender(options: AnnouncementSenderOptions): AnnouncementSender {
  const { db, logger } = options;
  const batchSize = options.batchSize ?? 50;
  const leaseSeconds = options.leaseSeconds ?? 120;
  const throttle = new SendThrottle(options.ratePerSecond);
  const stopping = new AbortController();
  let pausedUntil = 0;
  let outageCount = 0;

  const claimDue = async (): Promise<Claimed[]> => {
    const result = await db.execute(sql`
      WITH due AS (
        SELECT d.id FROM announcement_deliveries d
        JOIN announcements a ON a.id = d.announcement_id AND a.status = 'running'
        WHERE d.status = 'pending' AND (d.next_at IS NULL OR d.next_at <= now())
        ORDER BY d.id
        LIMIT ${batchSize}
        FOR UPDATE OF d SKIP LOCKED
      ), claimed AS (
        UPDATE announcement_deliveries d
        SET attempts = d.attempts + 1, next_at = now() + make_interval(secs => ${leaseSeconds})
        FROM due WHERE d.id = due.id
        RETURNING d.id, d.attempts, d.announcement_id, d.user_id
      )
      SELECT c.id, c.attempts, c.announcement_id, a.text, a.translations, a.format, a.with_button,
             u.telegram_id::text AS telegram_id, u.notify_push, u.language,
             u.telegram_blocked_at IS NOT NULL AS is_blocked, u.suspended_at IS NOT NULL AS is_suspended
      FROM claimed c
      JOIN announcements a ON a.id = c.announcement_id
      JOIN users u ON u.id = c.user_id
      ORDER BY c.id`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({
      id: Number(r.id),
      attempts: Number(r.attempts),
      announcementId: String(r.announcement_id),
      text: textForLanguage(String(r.text), readTranslations(r.translations), String(r.language)),
      format: r.format === 'html' ? 'html' : 'plain',
      withButton: r.with_button === true,
      telegramId: r.telegram_id === null ? null : String(r.telegram_id),
      notifyPush: r.notify_push === true,
      isBlocked: r.is_blocked === true,
      isSuspended: r.is_suspended === true,
      language: String(r.language),
    }));
  };

  // A send started by an instance that died (or hung past its lease) may have arrived: never resent.
  const settleAbandonedSends = async () => {
    const result = await db.execute(sql`
      UPDATE announcement_deliveries SET status = 'unconfirmed', next_at = NULL
      WHERE id IN (
        SELECT id FROM announcement_deliveries
        WHERE status = 'sending' AND next_at <= now()
        LIMIT 500
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id`);
    const count = rowsOf(result).length;
    if (count > 0) {
      logger.warn({ count }, 'announcement sends abandoned by a stopped instance; marked unconfirmed, not resent');
    }
  };

  const markDone = async () => {
    await db.execute(sql`
      UPDATE announcements a SET status = 'done', finished_at = now()
      WHERE a.status = 'running' AND NOT EXISTS (
        SELECT 1 FROM announcement_deliveries d
        WHERE d.announcement_id = a.id AND d.status IN ('pending', 'sending')
      )`);
  };

  const markSending = async (delivery: Claimed): Promise<Sending | undefined> => {
    const sendId = randomUUID();
    const result = await db.execute(sql`
      UPDATE announcement_deliveries d
      SET status = 'sending', send_id = ${sendId}, send_started_at = now(),
          next_at = now() + make_interval(secs => ${leaseSeconds})
      WHERE d.id = ${delivery.id} AND d.status = 'pending' AND d.attempts = ${delivery.attempts}
        AND EXISTS (SELECT 1 FROM announcements a WHERE a.id = d.announcement_id AND a.status = 'running')
      RETURNING d.id`);
    return rowsOf(result).length === 1 ? { ...delivery, sendId } : undefined;
  };

  const held = (delivery: Claimed | Sending) =>
    'sendId' in delivery
      ? sql`send_id = ${delivery.sendId} AND status IN ('sending', 'unconfirmed')`
      : sql`status = 'pending' AND attempts = ${delivery.attempts}`;

  const finish = async (delivery: Claimed | Sending, status: Final, error?: string) => {
    await db.execute(sql`
      UPDATE announcement_deliveries
      SET status = ${status}, next_at = NULL, error = ${error ?? null},
          sent_at = ${status === 'sent' ? sql`now()` : sql`NULL`}
      WHERE id = ${delivery.id} AND ${held(delivery)}`);
  };

  /** Back to pending, due after `delaySeconds`; `isCounted` false gives the try back (429, stopping). */
  const retryLater = async (delivery: Claimed | Sending, delaySeconds: number, isCounted: boolean) => {
    await db.execute(sql`
      UPDATE announcement_deliveries
      SET status = 'pending', send_id = NULL, send_started_at = NULL,
          attempts = attempts - ${isCounted ? 0 : 1},
          next_at = ${delaySeconds > 0 ? sql`now() + make_interval(secs => ${delaySeconds})` : sql`NULL`}
      WHERE id = ${delivery.id} AND ${'sendId' in delivery ? sql`send_id = ${delivery.sendId} AND status = 'sending'` : held(delivery)}`);
  };

  const pauseFor = (seconds: number) => {
    pausedUntil = Math.max(pausedUntil, Date.now() + seconds * 1000);
  };
  const pauseSecondsLeft = () => Math.max(0, (pausedUntil - Date.now()) / 1000);
  const pauseForOutage = () => {
    outageCount++;
    const seconds = Math.min(MAX_PAUSE_SECONDS, options.retrySeconds * 2 ** (outageCount - 1));
    pauseFor(seconds);
    return seconds;
  };

  const handleOutcome = async (delivery: Claimed | Sending, chatId: number, outcome: SendOutcome) => {
    if (outcome.kind === 'sent') {
      outageCount = 0;
      await finish(delivery, 'sent');
      return;
    }
    if (outcome.kind === 'unknown') {
      await finish(delivery, 'unconfirmed', outcome.reason);
      const pauseSeconds = pauseForOutage();
      logger.warn(
        { deliveryId: delivery.id, reason: outcome.reason, pauseSeconds },
        'announcement send outcome unknown; marked unconfirmed, not resent',
      );
      return;
    }
    if (outcome.kind === 'refused' && outcome.errorCode === 429) {
      const retryAfter = Math.max(1, outcome.retryAfter ?? options.retrySeconds);
      pauseFor(retryAfter);
      await retryLater(delivery, retryAfter, false);
      logger.warn({ retryAfter }, 'Telegram asked to slow down (429); announcements paused');
      return;
    }
    if (outcome.kind === 'not-delivered' || outcome.errorCode >= 500) {
      const reason = outcome.kind === 'refused' ? `${outcome.errorCode} ${outcome.description}` : outcome.reason;
      const pauseSeconds = pauseForOutage();
      if (delivery.attempts >= options.maxAttempts) {
        await finish(delivery, 'failed', reason);
        logger.error({ deliveryId: delivery.id, reason }, 'announcement message failed; giving up');
      } else {
        await retryLater(delivery, pauseSeconds, true);
        logger.warn(
          { deliveryId: delivery.id, reason, pauseSeconds },
          'could not reach Telegram; announcements paused',
        );
      }
      return;
    }
    const description = outcome.description.toLowerCase();
    if (
      outcome.errorCode === 403 ||
      (outcome.errorCode === 400 && /chat not found|user not found|peer_id_invalid/.test(description))
    ) {
      await setTelegramReachability(db, { telegramId: BigInt(chatId), isReachable: false });
      await finish(delivery, 'blocked', `${outcome.errorCode} ${outcome.description}`);
      return;
    }
    // A 400 (can't parse entities, message too long, …) says the same on every try.
    await finish(delivery, 'failed', `${outcome.errorCode} ${outcome.description}`);
    logger.error(
      { deliveryId: delivery.id, errorCode: outcome.errorCode, description: outcome.description },
      'announcement message refused by Telegram',
    );
  };

  const deliver = async (delivery: Claimed) => {
    if (delivery.telegramId === null || !delivery.notifyPush || delivery.isSuspended) {
      await finish(delivery, 'skipped');
      return;
    }
    if (delivery.isBlocked) {
      await finish(delivery, 'blocked');
      return;
    }
    if (delivery.attempts > options.maxAttempts) {
      await finish(delivery, 'failed', 'too many attempts');
      return;
    }
    const chatId = Number(delivery.telegramId);
    const isTimeToSend =
      (await throttle.wait(chatId, stopping.signal)) &&
      (!options.sharedThrottle || (await options.sharedThrottle.wait(chatId, stopping.signal)));
    if (!isTimeToSend) {
      await retryLater(delivery, 0, false);
      return;
    }
    const language = (LANGUAGES as readonly string[]).includes(delivery.language)
      ? (delivery.language as Language)
      : 'en';
    let prepared: PreparedMessage | SendOutcome;
    try {
      prepared = await options.prepareSend({
        chatId,
        language,
        text: delivery.text,
        format: delivery.format,
        withButton: delivery.withButton,
      });
    } catch (error) {
      prepared = { kind: 'not-delivered', reason: error instanceof Error ? error.name : 'prepare failed' };
    }
    if (prepared.kind !== 'ready') {
      await handleOutcome(delivery, chatId, prepared);
      return;
    }
    let sending: Sending | undefined;
    try {
      sending = await markSending(delivery);
    } finally {
      if (!sending) prepared.cancel();
    }
    if (!sending) return; // cancelled meanwhile, or the lease was lost
    let outcome: SendOutcome;
    try {
      outcome = await prepared.send();
    } catch (error) {
      outcome = { kind: 'unknown', reason: error instanceof Error ? error.name : 'send threw' };
    }
    await handleOutcome(sending, chatId, outcome);
  };

  const drain = async (): Promise<boolean> => {
    await settleAbandonedSends();
    const batch = await claimDue();
    for (const [index, delivery] of batch.entries()) {
      if (stopping.signal.aborted || pauseSecondsLeft() > 0) {
        const delay = stopping.signal.aborted ? 0 : pauseSecondsLeft();
        for (const rest of batch.slice(index)) await retryLater(rest, delay, false);
        break;
      }
      try {
        await deliver(delivery);
      } catch (error) {
        logger.error({ err: error, deliveryId: delivery.id }, 'announcement delivery could not be processed');
      }
    }
    await markDone();
    return batch.length === batchSize && !stopping.signal.aborted && pauseSecondsLeft() === 0;
  };

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      let hasMore = false;
      try {
        const paused = pauseSecondsLeft();
        if (paused > 0) await sleep(paused * 1000, stopping.signal);
        else hasMore = await drain();
      } catch (error) {
        logger.error({ err: error }, 'announcements: poll failed');
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

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
