import { Composer, InlineKeyboard } from 'grammy';
import type { BotContext } from '../context.js';
import { answeredOutsidePrivateChat, withAppLink } from '../guards.js';
import { openAppKeyboard } from '../keyboards.js';
import { formatCountIn } from '../i18n.js';

/** The login feature: a new Composer for each bot (createBot), so no two bots share handlers. */
export function loginFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  /**
   * /login: a one-time link that signs the linked account in on the web (10 minutes, single use;
   * 2FA still applies). Telegram only accepts https URLs in buttons, so an http (development)
   * link is sent as text.
   */
  composer.command('login', async (ctx) => {
    if (await answeredOutsidePrivateChat(ctx)) return;
    const { loginLinks } = ctx.services;
    if (!loginLinks) {
      await ctx.reply(ctx.t('service.unavailable'));
      return;
    }
    const link = await loginLinks.issue({ telegramId: ctx.from!.id });
    if (link === 'lockdown') {
      await ctx.reply(ctx.t('login.lockdown'));
      return;
    }
    if (!link) {
      const keyboard = openAppKeyboard(ctx);
      const lines = withAppLink(ctx, [ctx.t('account.not_linked')], keyboard !== undefined);
      await ctx.reply(lines.join('\n'), keyboard ? { reply_markup: keyboard } : {});
      return;
    }
    const text = ctx.t('login.text', { minutes: formatCountIn(ctx.language, link.ttlMinutes) });
    if (link.url.startsWith('https://')) {
      await ctx.reply(text, { reply_markup: new InlineKeyboard().url(ctx.t('login.button'), link.url) });
    } else {
      await ctx.reply(`${text}\n\n${ctx.t('login.open_at', { url: link.url })}`);
    }
  });
  return composer;
}
