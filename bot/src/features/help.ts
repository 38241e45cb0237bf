import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { openAppKeyboard } from '../keyboards.js';

/** The help feature: a new Composer for each bot (createBot), so no two bots share handlers. */
export function helpFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  /** /help: the commands and what to do in the app. */
  composer.command('help', async (ctx) => {
    const keyboard = openAppKeyboard(ctx);
    await ctx.reply(ctx.t('help.text'), keyboard ? { reply_markup: keyboard } : {});
  });
  return composer;
}
