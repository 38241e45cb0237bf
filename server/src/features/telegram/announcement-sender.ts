import { sql } from 'drizzle-orm';
import { LANGUAGES, readTranslations, textForLanguage, type AnnouncementFormat, type Language } from '@ziver/shared';
import { rowsOf, type Database } from '../../platform/db/client.js';
import type { Logger } from '../../platform/logger.js';
import { startOutboxLane, type OutboxLaneHandle } from '../../platform/outbox/runner.js';
import { ANNOUNCEMENT_RUNNING, finishDrainedAnnouncements } from '../notices/announcement-mail.js';
import type { PreparedMessage, SendOutcome } from './send-bot-message.js';
import { SendThrottle } from './send-throttle.js';
import { createTelegramChannel } from './telegram-channel.js';

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
export type AnnouncementSender = OutboxLaneHandle;

/**
 * The announcement job's worker, one per server instance (started with the bot): the outbox lane
 * for `announcement` rows on the Telegram channel (platform/outbox/runner.ts: claim, lease,
 * sweep, the verdict writes). A cancelled announcement's pending rows are 'cancelled' in the
 * cancel's transaction, so no marker is committed for them afterwards.
 * - 403 / chat not found → users.telegram_blocked_at and 'blocked'; 429 → pause for retry_after,
 *   the try not counted; 5xx or network → pause with backoff and retry, 'failed' after
 *   `maxAttempts`; any other refusal (a 400 cannot succeed later) → 'failed' at once.
 * - a recipient who since the start unlinked Telegram, turned notifications off or was suspended
 *   is 'skipped'; one who blocked the bot is 'blocked'.
 * - an announcement with nothing pending or sending (on any channel) is marked 'done'.
 */
export function startAnnouncementSender(options: AnnouncementSenderOptions): AnnouncementSender {
  const { db, logger } = options;

  const channel = createTelegramChannel({
    db,
    policy: { outage: 'counted', refused: 'fail', unreachable: 'blocked' },
    maxAttempts: options.maxAttempts,
    retrySeconds: options.retrySeconds,
    throttles: [new SendThrottle(options.ratePerSecond), ...(options.sharedThrottle ? [options.sharedThrottle] : [])],
    messageFor: async (row) => {
      const result = await db.execute(sql`
        SELECT a.text, a.translations, a.format, a.with_button,
               u.telegram_id::text AS telegram_id, u.notify_push, u.language,
               u.telegram_blocked_at IS NOT NULL AS is_blocked, u.suspended_at IS NOT NULL AS is_suspended
        FROM announcements a, users u
        WHERE a.id = ${row.announcementId}::uuid AND u.id = ${row.userId}::uuid`);
      const [r] = rowsOf<Record<string, unknown>>(result);
      if (!r || r.telegram_id === null || r.notify_push !== true || r.is_suspended === true) {
        return { verdict: { kind: 'skipped' } };
      }
      if (r.is_blocked === true) return { verdict: { kind: 'blocked', error: 'bot blocked by the user' } };
      const chatId = Number(r.telegram_id);
      const language = (LANGUAGES as readonly string[]).includes(String(r.language)) ? (r.language as Language) : 'en';
      const input: AnnouncementSendInput = {
        chatId,
        language,
        text: textForLanguage(String(r.text), readTranslations(r.translations), String(r.language)),
        format: r.format === 'html' ? 'html' : 'plain',
        withButton: r.with_button === true,
      };
      return { chatId, prepare: () => options.prepareSend(input) };
    },
  });

  return startOutboxLane(
    { db, logger },
    {
      channel,
      kinds: ['announcement'],
      name: 'announcement delivery',
      pollSeconds: options.pollSeconds,
      batchSize: options.batchSize ?? 50,
      leaseSeconds: options.leaseSeconds ?? 120,
      maxAttempts: options.maxAttempts,
      afterBatch: () => finishDrainedAnnouncements(db),
      isClaimable: ANNOUNCEMENT_RUNNING,
      isSendable: ANNOUNCEMENT_RUNNING,
      ...(options.onPoll ? { onPoll: options.onPoll } : {}),
    },
  );
}
