import { getActiveTelegram } from './platform/telegram-bridge';

/** How shareUrl shared: Telegram's share sheet, the browser's, a t.me share page, or not at all. */
export type ShareOutcome = 'telegram' | 'native' | 'link' | 'cancelled';

const TELEGRAM_LINK = /^https:\/\/t\.me\/.+/i;

/** False when the browser refused (window.open threw). With 'noopener' it always answers null. */
function openInNewTab(url: string): boolean {
  try {
    window.open(url, '_blank', 'noopener,noreferrer');
    return true;
  } catch {
    return false;
  }
}

/** Telegram's share page for a URL: https://t.me/share/url?url=…&text=… */
export function telegramShareLink(url: string, text?: string): string {
  const query = new URLSearchParams({ url, ...(text ? { text } : {}) });
  return `https://t.me/share/url?${query.toString().replace(/\+/g, '%20')}`;
}

/**
 * Inside Telegram only: a t.me link (a channel, a bot) with Telegram's in-app method
 * (openTelegramLink), any other link with the external one (openLink). False outside Telegram.
 */
export function openInsideTelegram(url: string): boolean {
  const telegram = getActiveTelegram();
  if (!telegram) return false;
  return TELEGRAM_LINK.test(url) ? telegram.openTelegramLink(url) : telegram.openLink(url);
}

/**
 * Opens a page outside the app: Telegram's in-app browser (openLink) inside Telegram, a new
 * tab elsewhere. Navigating the mini app's own webview away would close the app. False when
 * the browser refused to open it.
 */
export function openExternal(url: string): boolean {
  if (getActiveTelegram()?.openLink(url)) return true;
  return openInNewTab(url);
}

/**
 * Opens a t.me link (a bot, a channel, a chat): inside Telegram without leaving it, elsewhere
 * in a new tab (the Telegram app takes over when installed). Other URLs go to openExternal.
 */
export function openTelegramLink(url: string): boolean {
  if (!TELEGRAM_LINK.test(url)) return openExternal(url);
  if (getActiveTelegram()?.openTelegramLink(url)) return true;
  return openInNewTab(url);
}

/**
 * Shares a URL with a message: Telegram's share (choose a chat) inside Telegram, the
 * browser's share sheet where there is one, else Telegram's share page in a new tab.
 */
export async function shareUrl(url: string, text?: string): Promise<ShareOutcome> {
  if (getActiveTelegram()?.shareUrl(url, text)) return 'telegram';
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ url, ...(text ? { text } : {}) });
      return 'native';
    } catch (error) {
      // The user closed the sheet; any other failure falls through to the share page.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  openInNewTab(telegramShareLink(url, text));
  return 'link';
}
