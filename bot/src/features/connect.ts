import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { answeredOutsidePrivateChat } from '../guards.js';
import { formatCountIn } from '../i18n.js';

/** The connect feature: a new Composer for each bot (createBot), so no two bots share handlers. */
export function connectFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  /**
   * /connect: a 6-digit code (valid 10 minutes, single use) that the user enters on the web app's
   * Referrals page to link this Telegram account. A new /connect replaces the previous code. The
   * code is sent as a `code` entity, which Telegram apps copy with one tap.
   */
  composer.command('connect', async (ctx) => {
    if (await answeredOutsidePrivateChat(ctx)) return;
    const { connectionCodes } = ctx.services;
    if (!connectionCodes) {
      await ctx.reply(ctx.t('service.unavailable'));
      return;
    }
    const from = ctx.from!;
    const result = await connectionCodes.issue({ telegramId: from.id, telegramUsername: from.username });
    if (result.status === 'already_linked') {
      await ctx.reply(ctx.t('connect.already_linked', { username: result.username }));
      return;
    }
    const first = ctx.t('connect.code', { code: result.code });
    const text = `${first}\n\n${ctx.t('connect.how', { minutes: formatCountIn(ctx.language, result.ttlMinutes) })}`;
    await ctx.reply(text, {
      entities: [{ type: 'code', offset: first.lastIndexOf(result.code), length: result.code.length }],
    });
  });
  return composer;
}
