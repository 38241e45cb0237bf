import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { openAppKeyboard } from '../keyboards.js';
import { miniappUrlWithReferral, parseReferralPayload } from '../miniapp-link.js';

/** The start feature: a new Composer for each bot (createBot), so no two bots share handlers. */
export function startFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  /**
   * /start and /start <referralCode> (t.me/<bot>?start=<code>): explains Ziver and opens the mini
   * app, carrying the referral code to the register page as ?ref=<code>.
   */
  composer.command('start', async (ctx) => {
    const payloadCode = parseReferralPayload(ctx.match);
    const { pendingReferrals } = ctx.services;
    const outcome =
      payloadCode && ctx.from && pendingReferrals
        ? await pendingReferrals.remember({ telegramId: ctx.from.id, referralCode: payloadCode })
        : undefined;
    // A code known to be unusable (no such code, or the user already has an account) is not
    // carried to the app either.
    const referralCode = outcome === 'invalid' || outcome === 'has_account' ? undefined : payloadCode;

    const lines = [ctx.t('start.greeting'), '', ctx.t('start.about')];
    if (outcome === 'invalid') lines.push('', ctx.t('start.invite_invalid', { code: payloadCode ?? '' }));
    else if (outcome === 'has_account') lines.push('', ctx.t('start.invite_has_account', { code: payloadCode ?? '' }));
    // Mention the code only when it goes somewhere: the app link or the server's pending referral.
    else if (referralCode && (ctx.miniapp || pendingReferrals)) {
      lines.push('', ctx.t('start.invite', { code: referralCode }));
    }

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
  return composer;
}
