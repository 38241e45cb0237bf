import { PASSWORD_RESET_TTL_MINUTES, TELEGRAM_WEBHOOK_PATH, keyedMessage } from '@ziver/shared';
import { createHash } from 'node:crypto';
import { GrammyError } from 'grammy';
import type { RequestHandler } from 'express';
import {
  adminMessage,
  createBot,
  miningReadyMessage,
  passwordResetMessage,
  webhookHandler,
  type ZiverBot,
} from '@ziver/bot';
import { createBotServices } from './features/telegram/bot-services.js';
import { createWebhookUpdateClaimer } from './features/telegram/claim-webhook-update.js';
import { createChannelMembershipChecker } from './features/telegram/check-channel-membership.js';
import { startMiningNotifier, type MiningNotifier } from './features/telegram/mining-notifier.js';
import {
  createBotMessageSender,
  observeSendErrors,
  type BotMessageSender,
} from './features/telegram/send-bot-message.js';
import {
  startAnnouncementSender,
  type AnnouncementSendInput,
  type AnnouncementSender,
} from './features/telegram/announcement-sender.js';
import { startPasswordResetSender } from './features/telegram/password-reset-messages.js';
import { SendThrottle } from './features/telegram/send-throttle.js';
import type { SendAdminMessage } from './features/admin/message-user.js';
import type { SavePreparedInlineMessage } from './features/telegram/share-referral-card.js';
import type { ChannelMembershipChecker } from './features/tasks/evaluate-task.js';
import type { AppDeps } from './platform/deps.js';
import { noticeChannelsOf } from './start-mail.js';
import { API_PREFIX } from './platform/http.js';
import type { OutboxLaneHandle } from './platform/outbox/runner.js';

export type TelegramHandle = {
  bot?: ZiverBot;
  mode: 'off' | 'polling' | 'webhook';
  /** 'starting' while the Bot API has not answered yet (it is retried in the background). */
  status(): 'off' | 'starting' | 'on';
  /** Settles true once the bot is up, false if it was stopped first. */
  ready: Promise<boolean>;
  /** Mounted by the app at /api/telegram/webhook in webhook mode. */
  webhook?: RequestHandler;
  /** Channel tasks' membership check (getChatMember); undefined when the bot is off. */
  checkChannelMembership?: ChannelMembershipChecker;
  /** The bot's @username once Telegram told it (getMe), else TELEGRAM_BOT_USERNAME. */
  botUsername(): string | undefined;
  /** One admin message sent now (the console's message to one user); undefined when the bot is off. */
  sendAdminMessage?: SendAdminMessage;
  /** savePreparedInlineMessage, one attempt (a 429 is the user's to wait out); undefined when the bot is off. */
  savePreparedInlineMessage?: SavePreparedInlineMessage;
  stop(): Promise<void>;
};

/** Where Telegram posts updates in webhook mode (the URL given to setWebhook after PUBLIC_URL). */
export const TELEGRAM_WEBHOOK_URL_PATH = `${API_PREFIX}${TELEGRAM_WEBHOOK_PATH}`;

/** The secret Telegram must echo in X-Telegram-Bot-Api-Secret-Token: configured, or derived from the token. */
export function webhookSecretFor(config: AppDeps['config']): string {
  return (
    config.telegram.webhookSecret ??
    createHash('sha256').update(`ziver-webhook:${config.telegram.botToken}`).digest('base64url').slice(0, 64)
  );
}

/**
 * Starts the bot inside the server when a token is configured: webhook mode when PUBLIC_URL is
 * set, long polling otherwise. Failing to reach Telegram is logged, never fatal: the web app
 * keeps running.
 */
export async function startTelegram(deps: AppDeps): Promise<TelegramHandle> {
  const { config, logger } = deps;
  const { botToken, apiRoot, publicUrl, miniappUrl } = config.telegram;
  if (!botToken) {
    logger.info('Telegram bot is off: TELEGRAM_BOT_TOKEN is not set');
    return {
      mode: 'off',
      status: () => 'off',
      ready: Promise.resolve(false),
      botUsername: () => config.telegram.botUsername,
      stop: async () => {},
    };
  }
  const log = logger.child({ component: 'bot' });
  // The bot's use cases (balance, connection codes, pending referrals, …) are injected: the bot
  // itself never touches the database.
  const countApiError = deps.metrics?.countBotApiError;
  const bot = createBot({
    token: botToken,
    apiRoot,
    miniappUrl,
    logger: log,
    services: createBotServices(deps),
    ...(countApiError ? { onApiError: countApiError } : {}),
  });
  const botUsername = () => (bot.isInited() ? bot.botInfo.username : config.telegram.botUsername);
  const checkChannelMembership = createChannelMembershipChecker({
    getChatMember: (chatId, userId) => bot.api.getChatMember(chatId, userId),
    botUsername,
    logger: log,
  });
  let notifier: MiningNotifier | undefined;
  let announcer: AnnouncementSender | undefined;
  let resetLinks: OutboxLaneHandle | undefined;
  // Messages the server sends on its own: one raw attempt each, never bot.api (whose transformers
  // may retry a timed-out send and duplicate it). Bounded: under the lease (checked by the config)
  // and the shutdown limit. One throttle keeps notifications and announcements under one rate.
  const rawSender = createBotMessageSender({
    token: botToken,
    apiRoot,
    timeoutMs: config.notifications.sendTimeoutSeconds * 1000,
  });
  const sender = countApiError ? observeSendErrors(rawSender, countApiError) : rawSender;
  const botThrottle = new SendThrottle(config.notifications.ratePerSecond);
  const mode = publicUrl ? 'webhook' : 'polling';
  const secretToken = webhookSecretFor(config);
  // grammY marks a bot as webhook-driven once a webhook callback exists: only create it then.
  let status: 'starting' | 'on' | 'off' = 'starting';
  // Secret, content type and JSON checked before anything else; each update_id handled once
  // across instances (Telegram re-delivers an update whose answer was slow or lost). Until the
  // bot is up, updates get 503 and Telegram delivers them again later.
  const claimWebhookUpdate = createWebhookUpdateClaimer(deps.database.db);
  const handleUpdate =
    mode === 'webhook'
      ? webhookHandler(bot, secretToken, {
          isReady: () => status === 'on',
          claimUpdate: (updateId) => claimWebhookUpdate({ updateId }),
        })
      : undefined;
  let isStopped = false;
  let wakeUp = () => {};

  // Telegram may be unreachable at start: the web app must not wait for it. The bot comes up
  // in the background, retrying with backoff, and the API serves meanwhile.
  const bringUp = async (): Promise<boolean> => {
    for (let attempt = 0; !isStopped; attempt++) {
      try {
        // getMe is tried once per attempt (this loop has its own backoff), then the bot's set-up.
        if (!bot.isInited()) bot.botInfo = await withTimeout(bot.apiWithoutRetries.getMe(), 15_000);
        await withTimeout(
          bot.init().then(() => bot.setUp()),
          15_000,
        );
        if (mode === 'webhook') {
          await withTimeout(
            bot.api.setWebhook(`${publicUrl}${TELEGRAM_WEBHOOK_URL_PATH}`, {
              secret_token: secretToken,
              drop_pending_updates: false,
            }),
            15_000,
          );
          log.info(
            { url: `${publicUrl}${TELEGRAM_WEBHOOK_URL_PATH}`, username: bot.botInfo.username },
            'Telegram bot on (webhook)',
          );
        } else {
          void bot
            .start({
              drop_pending_updates: false,
              onStart: (me) => log.info({ username: me.username }, 'Telegram bot on (long polling)'),
            })
            .catch((error: unknown) => {
              status = 'off';
              log.error({ err: error }, 'long polling stopped');
            });
        }
        status = 'on';
        if (!isStopped) notifier = startNotifications(deps, sender, botThrottle, log);
        if (!isStopped) announcer = startAnnouncements(deps, sender, botThrottle, log);
        if (!isStopped) resetLinks = startResetLinks(deps, sender, botThrottle, log);
        return true;
      } catch (error) {
        if (error instanceof GrammyError && error.error_code === 401) {
          status = 'off';
          log.error({ err: error }, 'Telegram refused TELEGRAM_BOT_TOKEN (401 Unauthorized); the bot stays off');
          return false;
        }
        if (error instanceof GrammyError && error.method === 'setWebhook' && error.error_code === 400) {
          // Retrying cannot help: Telegram refused the URL itself (not https, bad port, …).
          status = 'off';
          log.error(
            { err: error, url: `${publicUrl}${TELEGRAM_WEBHOOK_URL_PATH}` },
            'Telegram refused the webhook URL built from PUBLIC_URL; the bot stays off (fix PUBLIC_URL or unset it to use long polling)',
          );
          return false;
        }
        const delayMs = Math.min(300_000, 2_000 * 2 ** attempt);
        log.error({ err: error, retryInSeconds: delayMs / 1000 }, 'could not reach the Telegram Bot API; retrying');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delayMs);
          timer.unref();
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
    return false;
  };
  const ready = bringUp();

  return {
    bot,
    mode,
    ready,
    status: () => status,
    checkChannelMembership,
    botUsername,
    sendAdminMessage: (input) => sender.send(adminBotMessage(input, miniappUrl)),
    savePreparedInlineMessage: (userId, result, other, signal) =>
      // grammY types its signal with the abort-controller shim; the platform's AbortSignal is what it gets.
      bot.apiWithoutRetries.savePreparedInlineMessage(
        userId,
        result,
        other,
        signal as Parameters<ZiverBot['api']['savePreparedInlineMessage']>[3],
      ),
    // Until the bot is up, Telegram is asked to retry the update later.
    webhook: handleUpdate
      ? (req, res, next) => {
          if (status !== 'on') {
            res.status(503).json({ success: false, code: 'UNAVAILABLE', ...keyedMessage('server.botStarting') });
            return;
          }
          return handleUpdate(req, res, next);
        }
      : undefined,
    stop: async () => {
      isStopped = true;
      wakeUp();
      await Promise.all([notifier?.stop(), announcer?.stop(), resetLinks?.stop()]);
      if (bot.isRunning()) await stopPolling(bot, log);
      status = 'off';
    },
  };
}

/** How long stopping long polling may take; a reachable Bot API answers in milliseconds. */
export const BOT_STOP_TIMEOUT_MS = 3_000;

/**
 * Stops long polling. grammY's stop confirms the last update with one more getUpdates, retried
 * for minutes while Telegram is unreachable: bounded, and never failing the shutdown (at worst
 * Telegram delivers that last update again after the restart).
 */
async function stopPolling(bot: ZiverBot, log: AppDeps['logger']): Promise<void> {
  try {
    await withTimeout(bot.stop(), BOT_STOP_TIMEOUT_MS);
  } catch (error) {
    log.warn({ err: error }, 'could not confirm the last update to Telegram while stopping; it may come again');
  }
}

/** Mining-ready notifications, unless NOTIFICATIONS=off. */
function startNotifications(
  deps: AppDeps,
  sender: BotMessageSender,
  throttle: SendThrottle,
  log: AppDeps['logger'],
): MiningNotifier | undefined {
  const { notifications, telegram } = deps.config;
  if (!notifications.isEnabled) {
    log.info('mining-ready notifications are off (NOTIFICATIONS=off)');
    return undefined;
  }
  return startMiningNotifier({
    db: deps.database.db,
    logger: log.child({ component: 'mining-notifier' }),
    prepareSend: ({ chatId, language }) => {
      const { text, reply_markup } = miningReadyMessage({ language, miniappUrl: telegram.miniappUrl });
      return sender.prepare({ chatId, text, replyMarkup: reply_markup });
    },
    pollSeconds: notifications.pollSeconds,
    maxAttempts: notifications.maxAttempts,
    retrySeconds: notifications.retrySeconds,
    ratePerSecond: notifications.ratePerSecond,
    throttle,
    batchSize: notifications.batchSize,
    leaseSeconds: notifications.leaseSeconds,
    noticeChannels: noticeChannelsOf(deps.config),
  });
}

/** The announcement job's worker (every instance runs one; SKIP LOCKED shares the work). */
function startAnnouncements(
  deps: AppDeps,
  sender: BotMessageSender,
  throttle: SendThrottle,
  log: AppDeps['logger'],
): AnnouncementSender {
  const { announcements, notifications, telegram } = deps.config;
  return startAnnouncementSender({
    db: deps.database.db,
    logger: log.child({ component: 'announcements' }),
    prepareSend: (input) => sender.prepare(adminBotMessage(input, telegram.miniappUrl)),
    pollSeconds: announcements.pollSeconds,
    maxAttempts: announcements.maxAttempts,
    retrySeconds: announcements.retrySeconds,
    ratePerSecond: announcements.ratePerSecond,
    sharedThrottle: throttle,
    batchSize: announcements.batchSize,
    leaseSeconds: notifications.leaseSeconds,
  });
}

/** Password reset links asked for with /reset, sent in the bot's chat (every instance runs one). */
function startResetLinks(
  deps: AppDeps,
  sender: BotMessageSender,
  throttle: SendThrottle,
  log: AppDeps['logger'],
): OutboxLaneHandle {
  const { notifications } = deps.config;
  return startPasswordResetSender({
    db: deps.database.db,
    logger: log.child({ component: 'reset-links' }),
    key: deps.config.encryptionKey,
    prepareSend: ({ chatId, language, url }) => {
      const { text, reply_markup } = passwordResetMessage({ language, url, minutes: PASSWORD_RESET_TTL_MINUTES });
      return sender.prepare({ chatId, text, ...(reply_markup ? { replyMarkup: reply_markup } : {}) });
    },
    pollSeconds: notifications.pollSeconds,
    maxAttempts: notifications.maxAttempts,
    retrySeconds: notifications.retrySeconds,
    throttle,
    leaseSeconds: notifications.leaseSeconds,
  });
}

function adminBotMessage(input: AnnouncementSendInput, miniappUrl: string | undefined) {
  const message = adminMessage({ ...input, miniappUrl });
  return {
    chatId: input.chatId,
    text: message.text,
    ...(message.parse_mode ? { parseMode: message.parse_mode } : {}),
    ...(message.reply_markup ? { replyMarkup: message.reply_markup } : {}),
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
