import { createHash } from 'node:crypto';
import { GrammyError } from 'grammy';
import type { RequestHandler } from 'express';
import { createBot, miningReadyMessage, webhookHandler, type ZiverBot } from '@ziver/bot';
import { createBotServices } from './features/telegram/bot-services.js';
import { createChannelMembershipChecker } from './features/telegram/check-channel-membership.js';
import { startMiningNotifier, type MiningNotifier } from './features/telegram/mining-notifier.js';
import type { ChannelMembershipChecker } from './features/tasks/evaluate-task.js';
import type { AppDeps } from './platform/deps.js';

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
  stop(): Promise<void>;
};

export const TELEGRAM_WEBHOOK_PATH = '/api/telegram/webhook';

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
  const bot = createBot({ token: botToken, apiRoot, miniappUrl, logger: log, services: createBotServices(deps) });
  const botUsername = () => (bot.isInited() ? bot.botInfo.username : config.telegram.botUsername);
  const checkChannelMembership = createChannelMembershipChecker({
    getChatMember: (chatId, userId) => bot.api.getChatMember(chatId, userId),
    botUsername,
    logger: log,
  });
  let notifier: MiningNotifier | undefined;
  const mode = publicUrl ? 'webhook' : 'polling';
  const secretToken = webhookSecretFor(config);
  // grammY marks a bot as webhook-driven once a webhook callback exists: only create it then.
  const handleUpdate = mode === 'webhook' ? webhookHandler(bot, secretToken) : undefined;
  let status: 'starting' | 'on' | 'off' = 'starting';
  let isStopped = false;
  let wakeUp = () => {};

  // Telegram may be unreachable at start: the web app must not wait for it. The bot comes up
  // in the background, retrying with backoff, and the API serves meanwhile.
  const bringUp = async (): Promise<boolean> => {
    for (let attempt = 0; !isStopped; attempt++) {
      try {
        await withTimeout(
          bot.init().then(() => bot.setUp()),
          15_000,
        );
        if (mode === 'webhook') {
          await withTimeout(
            bot.api.setWebhook(`${publicUrl}${TELEGRAM_WEBHOOK_PATH}`, {
              secret_token: secretToken,
              drop_pending_updates: false,
            }),
            15_000,
          );
          log.info(
            { url: `${publicUrl}${TELEGRAM_WEBHOOK_PATH}`, username: bot.botInfo.username },
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
        if (!isStopped) notifier = startNotifications(deps, bot, log);
        return true;
      } catch (error) {
        if (error instanceof GrammyError && error.error_code === 401) {
          status = 'off';
          log.error({ err: error }, 'Telegram refused TELEGRAM_BOT_TOKEN (401 Unauthorized); the bot stays off');
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
    // Until the bot is up, Telegram is asked to retry the update later.
    webhook: handleUpdate
      ? (req, res, next) => {
          if (status !== 'on') {
            res.status(503).json({ success: false, code: 'UNAVAILABLE', message: 'The bot is starting' });
            return;
          }
          return handleUpdate(req, res, next);
        }
      : undefined,
    stop: async () => {
      isStopped = true;
      wakeUp();
      await notifier?.stop();
      if (bot.isRunning()) await bot.stop();
      status = 'off';
    },
  };
}

/** Mining-ready notifications, unless NOTIFICATIONS=off. */
function startNotifications(deps: AppDeps, bot: ZiverBot, log: AppDeps['logger']): MiningNotifier | undefined {
  const { notifications, telegram } = deps.config;
  if (!notifications.isEnabled) {
    log.info('mining-ready notifications are off (NOTIFICATIONS=off)');
    return undefined;
  }
  return startMiningNotifier({
    db: deps.database.db,
    logger: log.child({ component: 'mining-notifier' }),
    send: async ({ chatId, language }) => {
      const { text, reply_markup } = miningReadyMessage({ language, miniappUrl: telegram.miniappUrl });
      // Bounded: well under the 120 s lease (no other instance takes the cycle meanwhile) and the 10 s shutdown limit.
      await bot.api.sendMessage(chatId, text, reply_markup ? { reply_markup } : {}, abortAfter(8_000));
    },
    pollSeconds: notifications.pollSeconds,
    maxAttempts: notifications.maxAttempts,
    retrySeconds: notifications.retrySeconds,
    ratePerSecond: notifications.ratePerSecond,
    batchSize: notifications.batchSize,
  });
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

/** grammY's API methods take a signal typed by its abort-controller polyfill; Node's is compatible at run time. */
function abortAfter(ms: number): Parameters<ZiverBot['api']['sendMessage']>[3] {
  return AbortSignal.timeout(ms) as unknown as Parameters<ZiverBot['api']['sendMessage']>[3];
}
