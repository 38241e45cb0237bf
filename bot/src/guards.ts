import type { BotContext } from './context.js';
import { privateChatKeyboard } from './keyboards.js';

/**
 * Commands that show or issue personal things (balances, connection codes, sign-in links)
 * answer only in private chats: in a group everyone would see them. Elsewhere the reply points
 * to a private chat. Returns true when the update was answered here.
 */
export async function answeredOutsidePrivateChat(ctx: BotContext): Promise<boolean> {
  if (ctx.chat?.type === 'private' && ctx.from) return false;
  await ctx.reply(ctx.t('private.only'), { reply_markup: privateChatKeyboard(ctx) });
  return true;
}

/** Adds the mini app's address to a reply when it cannot be a web_app button (http, development). */
export function withAppLink(ctx: BotContext, lines: string[], hasButton: boolean): string[] {
  if (!hasButton && ctx.miniapp) lines.push('', ctx.t('start.open_at', { url: ctx.miniapp.url }));
  return lines;
}
