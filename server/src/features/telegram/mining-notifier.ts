import { sql } from 'drizzle-orm';
import { LANGUAGES, type Language } from '@ziver/shared';
import { rowsOf, type Database } from '../../platform/db/client.js';
import type { OutboxChannelName } from '../../platform/db/schema.js';
import type { Logger } from '../../platform/logger.js';
import { startOutboxLane, type OutboxLaneHandle } from '../../platform/outbox/runner.js';
import { MINING_READY_SENDABLE, queueMiningReadyNotices } from '../mining/mining-ready-notices.js';
import type { PreparedMessage, SendOutcome } from './send-bot-message.js';
import { SendThrottle } from './send-throttle.js';
import { createTelegramChannel } from './telegram-channel.js';

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
  /** Rows claimed per query. Default 50. */
  batchSize?: number;
  /**
   * How long a claimed row is reserved for this instance before another may take it (NOTIFY_LEASE_SECONDS),
   * and how long a started send may take before another instance calls it 'unconfirmed'. Must
   * exceed the send timeout. Default 120 s.
   */
  leaseSeconds?: number;
  /** The channels ended cycles get a notice on (the server's configured ones). Default Telegram only. */
  noticeChannels?: readonly OutboxChannelName[];
};

/** Finishes the message in flight, hands back the rows it had claimed, and stops. */
export type MiningNotifier = OutboxLaneHandle;

/**
 * Mining-ready notifications on Telegram (docs/architecture.md §6): the outbox lane for
 * `mining_ready` rows on the Telegram channel (platform/outbox/runner.ts: claim, lease, sweep,
 * the verdict writes). Each poll first writes the notices of cycles that ended
 * (queueMiningReadyNotices). A row whose cycle was claimed before its sending marker, or whose
 * user unlinked Telegram, turned notifications off or blocked the bot meanwhile, is 'skipped'.
 * An outage waits without using up tries; a Bot API refusal is retried with backoff and 'failed'
 * after `maxAttempts`. Throttled to `ratePerSecond` overall and one per chat per second.
 */
export function startMiningNotifier(options: MiningNotifierOptions): MiningNotifier {
  const { db, logger } = options;
  const channels = options.noticeChannels ?? ['telegram'];

  const channel = createTelegramChannel({
    db,
    policy: { outage: 'not-counted', refused: 'retry', unreachable: 'skipped' },
    maxAttempts: options.maxAttempts,
    retrySeconds: options.retrySeconds,
    throttles: [options.throttle ?? new SendThrottle(options.ratePerSecond)],
    messageFor: async (row) => {
      const result = await db.execute(sql`
        SELECT s.claimed_at IS NULL AS is_open, u.telegram_id::text AS telegram_id, u.notify_push,
               u.telegram_blocked_at IS NOT NULL AS is_blocked, u.language
        FROM mining_sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = ${String(row.payload.sessionId)}::uuid`);
      const [state] = rowsOf<{
        is_open: boolean;
        telegram_id: string | null;
        notify_push: boolean;
        is_blocked: boolean;
        language: string;
      }>(result);
      if (!state || !state.is_open || state.telegram_id === null || !state.notify_push || state.is_blocked) {
        return { verdict: { kind: 'skipped' } };
      }
      const chatId = Number(state.telegram_id);
      const language = (LANGUAGES as readonly string[]).includes(state.language) ? (state.language as Language) : 'en';
      return { chatId, prepare: () => options.prepareSend({ chatId, language }) };
    },
  });

  return startOutboxLane(
    { db, logger },
    {
      channel,
      kinds: ['mining_ready'],
      name: 'mining-ready notification',
      pollSeconds: options.pollSeconds,
      batchSize: options.batchSize ?? 50,
      leaseSeconds: options.leaseSeconds ?? 120,
      maxAttempts: options.maxAttempts,
      produce: async () => {
        await queueMiningReadyNotices(db, { channels });
      },
      isSendable: MINING_READY_SENDABLE,
    },
  );
}
