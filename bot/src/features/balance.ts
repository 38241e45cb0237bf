import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { answeredOutsidePrivateChat, withAppLink } from '../guards.js';
import { formatAmountIn, formatCountdownIn, formatCountIn } from '../i18n.js';
import { openAppKeyboard } from '../keyboards.js';
import type { AccountSummary } from '../services.js';

/** The balance feature: a new Composer for each bot (createBot), so no two bots share handlers. */
export function balanceFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  /** /balance: ZP, SEB score and tier, streak and mining state of the linked account; how to link one otherwise. */
  composer.command('balance', async (ctx) => {
    if (await answeredOutsidePrivateChat(ctx)) return;
    const { accounts } = ctx.services;
    if (!accounts) {
      await ctx.reply(ctx.t('service.unavailable'));
      return;
    }
    const summary = await accounts.summary({ telegramId: ctx.from!.id });
    const keyboard = openAppKeyboard(ctx);
    const lines = summary ? describeAccount(ctx, summary) : [ctx.t('account.not_linked')];
    await ctx.reply(
      withAppLink(ctx, lines, keyboard !== undefined).join('\n'),
      keyboard ? { reply_markup: keyboard } : {},
    );
  });
  return composer;
}

function describeAccount(ctx: BotContext, summary: AccountSummary): string[] {
  const amount = (value: number) => formatAmountIn(ctx.language, value);
  const mining =
    summary.mining.state === 'running'
      ? ctx.t('balance.mining_running', { time: formatCountdownIn(ctx.language, summary.mining.secondsLeft) })
      : ctx.t(summary.mining.state === 'ready' ? 'balance.mining_ready' : 'balance.mining_idle');
  return [
    ctx.t('balance.title', { username: summary.username }),
    '',
    ctx.t('balance.zp', { amount: amount(summary.zpBalance) }),
    ctx.t('balance.seb', { amount: amount(summary.sebScore), tier: ctx.t(`tier.${summary.tier}`) }),
    ctx.t('balance.streak', { days: formatCountIn(ctx.language, summary.streakDays) }),
    mining,
  ];
}
