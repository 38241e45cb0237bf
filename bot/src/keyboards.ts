import { InlineKeyboard } from 'grammy';
import type { BotContext } from './context.js';
import { miniappUrlWithReferral, privateChatLink } from './miniapp-link.js';

/**
 * The "Open Ziver" button for this chat, or undefined when the mini app has no https URL.
 * web_app buttons only work in private chats, so elsewhere the button opens a private chat with
 * the bot (`/start <referralCode>` there shows the web_app button).
 */
export function openAppKeyboard(ctx: BotContext, referralCode?: string): InlineKeyboard | undefined {
  if (ctx.miniapp?.kind !== 'web_app') return undefined;
  const label = ctx.t('button.open');
  if (ctx.chat?.type === 'private') {
    return new InlineKeyboard().webApp(label, miniappUrlWithReferral(ctx.miniapp.url, referralCode));
  }
  return new InlineKeyboard().url(label, privateChatLink(ctx.me.username, referralCode));
}

/** A button opening a private chat with the bot, for commands that must not answer in groups. */
export function privateChatKeyboard(ctx: BotContext): InlineKeyboard {
  return new InlineKeyboard().url(ctx.t('button.private_chat'), privateChatLink(ctx.me.username, undefined));
}
