import { webhookCallback, type Bot, type Context } from 'grammy';
import type { RequestHandler } from 'express';

/**
 * Express handler for Telegram's webhook. grammY answers 401 when the
 * X-Telegram-Bot-Api-Secret-Token header does not match `secretToken`, before reading the update.
 * A slow update is answered 200 after the timeout and keeps running: an error status would make
 * Telegram deliver (and the bot handle) the same update again.
 */
export function webhookHandler<C extends Context>(bot: Bot<C>, secretToken: string): RequestHandler {
  return webhookCallback(bot, 'express', { secretToken, onTimeout: 'return' }) as unknown as RequestHandler;
}
