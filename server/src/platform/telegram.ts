import { createHash } from 'node:crypto';
import { GrammyError } from 'grammy';
import type { RequestHandler } from 'express';
import { createBot, webhookHandler, type BotServices, type ZiverBot } from '@ziver/bot';
import { savePendingReferral } from '../features/referrals/pending-referrals.js';
import type { AppDeps } from './deps.js';

export type TelegramHandle = {
  bot?: ZiverBot;
  mode: 'off' | 'polling' | 'webhook';
  /** 'starting' while the Bot API has not answered yet (it is retried in the background). */
  status(): 'off' | 'starting' | 'on';
  /** Settles true once the bot is up, false if it was stopped first. */
  ready: Promise<boolean>;
  /** Mounted by the app at /api/telegram/webhook in webhook mode. */
  webhook?: RequestHandler;
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
    return { mode: 'off', status: () => 'off', ready: Promise.resolve(false), stop: async () => {} };
  }
  const log = logger.child({ component: 'bot' });
  // The bot's use cases (balance, connection codes, pending referrals) are injected here as the
  // server grows them; the bot itself never touches the database.
  const services: BotServices = {
    pendingReferrals: {
      remember: async ({ telegramId, referralCode }) => {
        await savePendingReferral(deps.database.db, { telegramId, code: referralCode });
      },
    },
  };
  const bot = createBot({ token: botToken, apiRoot, miniappUrl, logger: log, services });
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
        await withTimeout(bot.init().then(() => bot.setUp()), 15_000);
        if (mode === 'webhook') {
          await withTimeout(
            bot.api.setWebhook(`${publicUrl}${TELEGRAM_WEBHOOK_PATH}`, { secret_token: secretToken, drop_pending_updates: false }),
            15_000,
          );
          log.info({ url: `${publicUrl}${TELEGRAM_WEBHOOK_PATH}`, username: bot.botInfo.username }, 'Telegram bot on (webhook)');
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
    // Until the bot is up, Telegram is asked to retry the update later.
    webhook:
      handleUpdate
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
      if (bot.isRunning()) await bot.stop();
      status = 'off';
    },
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
