import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { answeredOutsidePrivateChat } from '../guards.js';

/** The password-reset feature: a new Composer for each bot (createBot), so no two bots share handlers. */
export function resetFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  /**
   * /reset: asks the server for a password reset link for the account linked to this Telegram
   * user; the link itself comes as a separate message through the server's outbox. The answer is
   * the same whether or not an account is linked (nothing tells which).
   */
  composer.command('reset', async (ctx) => {
    if (await answeredOutsidePrivateChat(ctx)) return;
    const { passwordResets } = ctx.services;
    if (!passwordResets) {
      await ctx.reply(ctx.t('service.unavailable'));
      return;
    }
    await passwordResets.request({ telegramId: ctx.from!.id });
    await ctx.reply(ctx.t('reset.requested'));
  });
  return composer;
}
