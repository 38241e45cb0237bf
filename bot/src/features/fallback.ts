import { Composer } from 'grammy';
import type { BotContext } from '../context.js';

const composer = new Composer<BotContext>();

// Last in the chain: any private message no feature handled (unknown command or free text) gets
// a pointer to /help. Groups stay quiet: the bot must not answer every message there.
composer.chatType('private').on('message', async (ctx) => {
  await ctx.reply(ctx.t('fallback.unknown'));
});

export { composer as fallbackFeature };
