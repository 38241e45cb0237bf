import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { createBot, webhookHandler, type BotServices, type ZiverBot } from '@ziver/bot';
import type { AppDeps } from './deps.js';

export type TelegramHandle = {
  bot?: ZiverBot;
  mode: 'off' | 'polling' | 'webhook';
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
    return { mode: 'off', stop: async () => {} };
  }
  const log = logger.child({ component: 'bot' });
  // The bot's use cases (balance, connection codes, pending referrals) are injected here as the
  // server grows them; the bot itself never touches the database.
  const services: BotServices = {};
  const bot = createBot({ token: botToken, apiRoot, miniappUrl, logger: log, services });

  try {
    await bot.init();
    await bot.setUp();
  } catch (error) {
    log.error({ err: error }, 'could not reach the Telegram Bot API; the bot stays off until restart');
    return { mode: 'off', stop: async () => {} };
  }

  if (publicUrl) {
    const secretToken = webhookSecretFor(config);
    await bot.api
      .setWebhook(`${publicUrl}${TELEGRAM_WEBHOOK_PATH}`, { secret_token: secretToken, drop_pending_updates: false })
      .catch((error: unknown) => log.error({ err: error }, 'setWebhook failed'));
    log.info(
      { url: `${publicUrl}${TELEGRAM_WEBHOOK_PATH}`, username: bot.botInfo.username },
      'Telegram bot on (webhook)',
    );
    return { bot, mode: 'webhook', webhook: webhookHandler(bot, secretToken), stop: async () => {} };
  }

  void bot
    .start({
      drop_pending_updates: false,
      onStart: (me) => log.info({ username: me.username }, 'Telegram bot on (long polling)'),
    })
    .catch((error: unknown) => log.error({ err: error }, 'long polling stopped'));
  return {
    bot,
    mode: 'polling',
    stop: async () => {
      if (bot.isRunning()) await bot.stop();
    },
  };
}
