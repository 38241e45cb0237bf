/** Telegram start payloads (`/start <payload>`) are 1-64 characters of this alphabet. */
const START_PAYLOAD = /^[A-Za-z0-9_-]{1,64}$/;

/** The referral code carried by a /start payload, or undefined when there is none or it is malformed. */
export function parseReferralPayload(payload: string | undefined): string | undefined {
  const value = payload?.trim();
  return value && START_PAYLOAD.test(value) ? value : undefined;
}

/**
 * How the bot can open the mini app:
 * - `web_app`: an https URL, usable in web_app buttons (Telegram refuses any other scheme);
 * - `link`: an http URL (local development), only shown as text;
 * - undefined: no URL is configured.
 */
export type MiniappLink = { kind: 'web_app' | 'link'; url: string };

export function resolveMiniappLink(miniappUrl: string | undefined): MiniappLink | undefined {
  if (!miniappUrl) return undefined;
  let url: URL;
  try {
    url = new URL(miniappUrl);
  } catch {
    return undefined;
  }
  if (url.protocol === 'https:') return { kind: 'web_app', url: miniappUrl };
  if (url.protocol === 'http:') return { kind: 'link', url: miniappUrl };
  return undefined;
}

/**
 * The mini app URL carrying a referral code as `?ref=<code>`, which the register page reads.
 * (Not `startapp`: one t.me link must never carry both `start` and `startapp`, docs/architecture.md §8.)
 */
export function miniappUrlWithReferral(miniappUrl: string, referralCode: string | undefined): string {
  if (!referralCode) return miniappUrl;
  const url = new URL(miniappUrl);
  url.searchParams.set('ref', referralCode);
  return url.toString();
}

/** A t.me link that opens a private chat with the bot and sends /start <payload>. */
export function privateChatLink(botUsername: string, payload: string | undefined): string {
  return `https://t.me/${botUsername}${payload ? `?start=${payload}` : ''}`;
}
