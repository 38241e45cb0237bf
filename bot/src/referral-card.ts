import { InlineKeyboard } from 'grammy';
import type { InlineQueryResultPhoto } from 'grammy/types';
import { REFERRAL_BONUS_ZP, type Language } from '@ziver/shared';
import { translate } from './i18n.js';
import { privateChatLink } from './miniapp-link.js';

/** The words of an inviter's referral card, in the inviter's language. */
export type ReferralCardTexts = {
  /** "{name} invites you to Ziver" */
  title: string;
  /** "Mine ZP with me on Ziver: join with my code {code} …" */
  line: string;
  /** The story's caption (shareToStory's text). */
  story: string;
  /** The story's widget link name (≤ 48 characters). */
  widget: string;
  /** The card's button label. */
  button: string;
};

export function referralCardTexts(options: {
  language: Language;
  inviterName: string;
  code: string;
}): ReferralCardTexts {
  const { language, inviterName: name, code } = options;
  return {
    title: translate(language, 'card.title', { name }),
    line: translate(language, 'card.line', { code, bonus: REFERRAL_BONUS_ZP }),
    story: translate(language, 'card.story', { code }),
    widget: translate(language, 'card.widget'),
    button: translate(language, 'card.button'),
  };
}

/**
 * The link a card's button opens: straight into the mini app with the code as its start
 * parameter (t.me/<bot>/<app>?startapp=CODE) when the mini app's short name is known, else the
 * bot's chat with /start CODE. One link never carries both (docs/architecture.md §8). A shared
 * message's button must be a url button: Telegram allows web_app buttons only in the bot's own chat.
 */
export function referralStartLink(options: {
  botUsername: string;
  miniAppShortName: string | undefined;
  code: string;
}): string {
  const bot = options.botUsername.replace(/^@/, '');
  if (!options.miniAppShortName) return privateChatLink(bot, options.code);
  return `https://t.me/${bot}/${encodeURIComponent(options.miniAppShortName)}?startapp=${encodeURIComponent(options.code)}`;
}

/**
 * The referral card as savePreparedInlineMessage's `result`: a photo (our own JPEG at a public
 * https URL Telegram fetches) with the inviter's name and line as its caption and one url
 * button to the start link.
 */
export function referralCardResult(options: {
  id: string;
  photoUrl: string;
  width: number;
  height: number;
  texts: ReferralCardTexts;
  startLink: string;
}): InlineQueryResultPhoto {
  const { texts } = options;
  return {
    type: 'photo',
    id: options.id,
    photo_url: options.photoUrl,
    thumbnail_url: options.photoUrl,
    photo_width: options.width,
    photo_height: options.height,
    title: texts.title,
    description: texts.line,
    caption: `${texts.title}\n\n${texts.line}`,
    reply_markup: new InlineKeyboard().url(texts.button, options.startLink),
  };
}
