import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { openAppKeyboard } from '../keyboards.js';
import { miniappUrlWithReferral, parseReferralPayload } from '../miniapp-link.js';

const composer = new Composer<BotContext>();

/**
 * /start and /start <referralCode> (t.me/<bot>?start=<code>): explains Ziver and opens the mini
 * app, carrying the referral code to the register page as ?ref=<code>.
 */
composer.command('start', async (ctx) => {
  const referralCode = parseReferralPayload(ctx.match);
  const { pendingReferrals } = ctx.services;
  if (referralCode && ctx.from && pendingReferrals) {
    await pendingReferrals.remember({ telegramId: ctx.from.id, referralCode });
  }

  const lines = [ctx.t('start.greeting'), '', ctx.t('start.about')];
  // Mention the code only when it goes somewhere: the app link or the server's pending referral.
  if (referralCode && (ctx.miniapp || pendingReferrals)) lines.push('', ctx.t('start.invite', { code: referralCode }));

  const keyboard = openAppKeyboard(ctx, referralCode);
  if (keyboard) {
    lines.push('', ctx.t(ctx.chat.type === 'private' ? 'start.tap_button' : 'start.private_chat'));
  } else if (ctx.miniapp) {
    lines.push('', ctx.t('start.open_at', { url: miniappUrlWithReferral(ctx.miniapp.url, referralCode) }));
  } else {
    lines.push('', ctx.t('start.no_app'));
  }

  await ctx.reply(lines.join('\n'), keyboard ? { reply_markup: keyboard } : {});
});

export { composer as startFeature };
