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

/**
 * A password reset link in the user's chat: a url button for an https link, else the link as
 * text (Telegram accepts only https in buttons).
 */
export function passwordResetMessage(options: { language: Language; url: string; minutes: number }): OutgoingMessage {
  const text = translate(options.language, 'reset.text', { minutes: options.minutes });
  if (options.url.startsWith('https://')) {
    return { text, reply_markup: new InlineKeyboard().url(translate(options.language, 'reset.button'), options.url) };
  }
  return { text: `${text}\n\n${translate(options.language, 'reset.open_at', { url: options.url })}` };
}

/** A message an admin wrote (an announcement, or a message to one user), as Telegram gets it. */
export type AdminMessage = OutgoingMessage & { parse_mode?: 'HTML' };

/**
 * An admin's message, with an optional "Open Ziver" button in the recipient's language: a
 * web_app button for an https mini app URL, a url button for an http one (local set-ups, where
 * Telegram refuses web_app), none when no URL is configured.
 */
export function adminMessage(options: {
  text: string;
  format: 'html' | 'plain';
  withButton: boolean;
  language: Language;
  miniappUrl: string | undefined;
}): AdminMessage {
  const message: AdminMessage = { text: options.text };
  if (options.format === 'html') message.parse_mode = 'HTML';
  const miniapp = options.withButton ? resolveMiniappLink(options.miniappUrl) : undefined;
  if (miniapp) {
    const label = translate(options.language, 'button.open');
    const keyboard = new InlineKeyboard();
    message.reply_markup =
      miniapp.kind === 'web_app' ? keyboard.webApp(label, miniapp.url) : keyboard.url(label, miniapp.url);
  }
  return message;
}
