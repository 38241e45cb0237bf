import { sql } from 'drizzle-orm';
import { LANGUAGES, readTranslations, textForLanguage, type AnnouncementFormat, type Language } from '@ziver/shared';
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

/** Finishes the message in flight, hands back the deliveries it had claimed, and stops. */
export type AnnouncementSender = BotOutboxWorker;

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

  const sweep = async () => {
    // A send started by an instance that died (or hung past its lease) may have arrived: never resent.
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

  const messageFor = async (delivery: Claimed) => {
    if (delivery.telegramId === null || !delivery.notifyPush || delivery.isSuspended) {
      await finish(delivery, 'skipped');
      return undefined;
    }
    if (delivery.isBlocked) {
      await finish(delivery, 'blocked');
      return undefined;
    }
    const chatId = Number(delivery.telegramId);
    const language = (LANGUAGES as readonly string[]).includes(delivery.language)
      ? (delivery.language as Language)
      : 'en';
    const { text, format, withButton } = delivery;
    return { chatId, input: { chatId, language, text, format, withButton } };
  };

  const markSending = async (delivery: Claimed, sendId: string) => {
    const result = await db.execute(sql`
      UPDATE announcement_deliveries d
      SET status = 'sending', send_id = ${sendId}, send_started_at = now(),
          next_at = now() + make_interval(secs => ${leaseSeconds})
      WHERE d.id = ${delivery.id} AND d.status = 'pending' AND d.attempts = ${delivery.attempts}
        AND EXISTS (SELECT 1 FROM announcements a WHERE a.id = d.announcement_id AND a.status = 'running')
      RETURNING d.id`);
    return rowsOf(result).length === 1;
  };

  const held = (delivery: HeldItem<Claimed>) =>
    'sendId' in delivery
      ? sql`send_id = ${delivery.sendId} AND status IN ('sending', 'unconfirmed')`
      : sql`status = 'pending' AND attempts = ${delivery.attempts}`;

  const finish = async (delivery: HeldItem<Claimed>, status: FinalStatus, error?: string) => {
    await db.execute(sql`
      UPDATE announcement_deliveries
      SET status = ${status}, next_at = NULL, error = ${error ?? null},
          sent_at = ${status === 'sent' ? sql`now()` : sql`NULL`}
      WHERE id = ${delivery.id} AND ${held(delivery)}`);
  };

  /** Back to pending, due after `delaySeconds`; `isCounted` false gives the try back (429, stopping). */
  const retryLater = async (delivery: HeldItem<Claimed>, delaySeconds: number, isCounted: boolean) => {
    await db.execute(sql`
      UPDATE announcement_deliveries
      SET status = 'pending', send_id = NULL, send_started_at = NULL,
          attempts = attempts - ${isCounted ? 0 : 1},
          next_at = ${delaySeconds > 0 ? sql`now() + make_interval(secs => ${delaySeconds})` : sql`NULL`}
      WHERE id = ${delivery.id} AND ${'sendId' in delivery ? sql`send_id = ${delivery.sendId} AND status = 'sending'` : held(delivery)}`);
  };

  return startBotOutboxWorker({
    db,
    logger,
    names: { item: 'announcement delivery', items: 'announcements' },
    logFields: (delivery) => ({ deliveryId: delivery.id }),
    pollSeconds: options.pollSeconds,
    maxAttempts: options.maxAttempts,
    retrySeconds: options.retrySeconds,
    batchSize,
    throttles: [new SendThrottle(options.ratePerSecond), ...(options.sharedThrottle ? [options.sharedThrottle] : [])],
    sweep,
    claimDue,
    afterBatch: markDone,
    messageFor,
    prepareSend: options.prepareSend,
    markSending,
    writes: { finish, retryLater },
    // An announcement counts an outage as a try ('failed' after maxAttempts); a refusal (a 400
    // says the same every time) fails at once.
    policy: { outage: 'counted', refused: 'fail' },
    onPoll: options.onPoll,
  });
}
