import { Composer } from 'grammy';
import type { BotContext } from '../context.js';

/** The fallback feature: a new Composer for each bot (createBot), so no two bots share handlers. */
export function fallbackFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  // Last in the chain: any private message no feature handled (unknown command or free text) gets
  // a pointer to /help. Groups stay quiet: the bot must not answer every message there.
  composer.chatType('private').on('message', async (ctx) => {
    await ctx.reply(ctx.t('fallback.unknown'));
  });
  return composer;
}
