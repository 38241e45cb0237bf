/**
 * Requests `build/early.js` (inlined in index.html) starts while the app's scripts still download (the signed-in
 * first screen's data, with the stored session's token). The API client takes each one once,
 * instead of asking again, when the same GET with the same token comes; an answer older than
 * EARLY_MAX_AGE_MS, or one for another token, is left alone and asked again.
 */
type EarlyEntry = { url: string; token: string; response: Promise<Response>; receivedAt?: number };

declare global {
  interface Window {
    __zivEarly?: EarlyEntry[];
  }
}

const EARLY_MAX_AGE_MS = 10_000;

/** Whether the early start asked for this GET (with any token; takeEarlyRequest checks it). */
export function hasEarlyRequest(url: string): boolean {
  return typeof window !== 'undefined' && (window.__zivEarly ?? []).some((entry) => entry.url === url);
}

export function takeEarlyRequest(
  url: string,
  token: string | null,
): { response: Promise<Response>; receivedAt: () => number | undefined } | undefined {
  const entries = typeof window === 'undefined' ? undefined : window.__zivEarly;
  if (!entries || !token) return undefined;
  const index = entries.findIndex((entry) => entry.url === url && entry.token === token);
  if (index < 0) return undefined;
  const [entry] = entries.splice(index, 1);
  if (!entry || (entry.receivedAt !== undefined && Date.now() - entry.receivedAt > EARLY_MAX_AGE_MS)) return undefined;
  return { response: entry.response, receivedAt: () => entry.receivedAt };
}
