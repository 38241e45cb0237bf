import { InlineKeyboard } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { Language } from '@ziver/shared';
import { translate } from './i18n.js';
import { resolveMiniappLink } from './miniapp-link.js';

/** A message the server sends on its own (not in reply to an update): `sendMessage(chatId, text, { reply_markup })`. */
export type OutgoingMessage = { text: string; reply_markup?: InlineKeyboardMarkup };

/**
 * "Your mining cycle is complete" in the user's language, with an "Open Ziver" web_app button
 * (or the app's address as text when the mini app URL is not https).
 */
export function miningReadyMessage(options: { language: Language; miniappUrl: string | undefined }): OutgoingMessage {
  const text = translate(options.language, 'notify.mining_ready');
  const miniapp = resolveMiniappLink(options.miniappUrl);
  if (miniapp?.kind === 'web_app') {
    return { text, reply_markup: new InlineKeyboard().webApp(translate(options.language, 'button.open'), miniapp.url) };
  }
  if (miniapp) return { text: `${text}\n\n${translate(options.language, 'start.open_at', { url: miniapp.url })}` };
  return { text };
}
