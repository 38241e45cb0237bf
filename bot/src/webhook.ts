import { webhookCallback, type Bot, type Context } from 'grammy';
import type { RequestHandler } from 'express';

/** Express handler for Telegram's webhook; grammY rejects a wrong secret-token header with 401. */
export function webhookHandler(bot: Bot<Context>, secretToken: string): RequestHandler {
  return webhookCallback(bot, 'express', { secretToken }) as unknown as RequestHandler;
}
