import { openExternal, openTelegramLink } from '@/lib/telegram-links';

/**
 * The links a user shares: the web sign-up link, and, when the bot is known, a Telegram link:
 * straight into the mini app (`t.me/<bot>/<app>?startapp=CODE`) when its short name is
 * configured, else the bot's chat (`t.me/<bot>?start=CODE`).
 */
export type ReferralLinks = { web: string; telegram: string | null };

export function buildReferralLinks({
  origin,
  code,
  botUsername,
  miniAppShortName = null,
}: {
  origin: string;
  code: string;
  botUsername: string | null;
  miniAppShortName?: string | null;
}): ReferralLinks | null {
  const trimmed = code.trim();
  if (!trimmed) return null;
  const encoded = encodeURIComponent(trimmed);
  const bot = botUsername ? encodeURIComponent(botUsername.replace(/^@/, '')) : null;
  return {
    web: `${origin.replace(/\/+$/, '')}/register?ref=${encoded}`,
    telegram: !bot
      ? null
      : miniAppShortName
        ? `https://t.me/${bot}/${encodeURIComponent(miniAppShortName)}?startapp=${encoded}`
        : `https://t.me/${bot}?start=${encoded}`,
  };
}

export type ShareTarget = 'telegram' | 'whatsapp' | 'twitter';
export const SHARE_TARGETS: readonly ShareTarget[] = ['telegram', 'whatsapp', 'twitter'];

/** The share page of each network for a link and a message. */
export function buildShareUrl(target: ShareTarget, { url, text }: { url: string; text: string }): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  switch (target) {
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${t}`;
    case 'whatsapp':
      // WhatsApp takes one text: the message followed by the link.
      return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?text=${t}&url=${u}`;
  }
}

/**
 * Shares the referral link on a network. Links leave the app through lib/telegram-links: inside
 * Telegram its openLink / openTelegramLink (the Telegram share page opens Telegram's own chat
 * picker), a new tab elsewhere. False when opening failed.
 */
export function shareLink(target: ShareTarget, content: { url: string; text: string }): boolean {
  const url = buildShareUrl(target, content);
  return target === 'telegram' ? openTelegramLink(url) : openExternal(url);
}
