import { Composer, GrammyError } from 'grammy';
import type { BotContext } from '../context.js';

/** Telegram's answer to answerCallbackQuery once a query is past its answer window (or unknown). */
const QUERY_GONE = /query is too old|query id is invalid/i;

/** The fallback feature: a new Composer for each bot (createBot), so no two bots share handlers. */
export function fallbackFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  // Last in the chain: a button tap no feature handled (a button from an older version of the
  // bot, or one forwarded from another bot) is answered all the same, or the user's Telegram
  // shows a spinner on the button until it gives up. The toast says the button is gone.
  composer.on('callback_query', async (ctx) => {
    try {
      await ctx.answerCallbackQuery({ text: ctx.t('callback.stale') });
    } catch (error) {
      // Telegram refuses answers after its window (a tap while the bot was down): nothing to
      // answer any more, and nothing wrong on our side.
      if (!(error instanceof GrammyError && error.error_code === 400 && QUERY_GONE.test(error.description))) {
        throw error;
      }
      ctx.logger.info({ updateId: ctx.update.update_id }, 'a button tap came too late to answer');
    }
  });

  // Any private message no feature handled (unknown command or free text) gets a pointer to
  // /help. Groups stay quiet: the bot must not answer every message there.
  composer.chatType('private').on('message', async (ctx) => {
    await ctx.reply(ctx.t('fallback.unknown'));
  });
  return composer;
}
