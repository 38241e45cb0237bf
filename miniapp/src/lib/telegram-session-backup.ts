import type { PublicUser } from '@ziver/shared';
import { parseSession, type Session, type SessionStore } from '@/lib/session';
import type { TelegramCloudStorage } from '@/lib/platform/telegram-bridge';

/** The CloudStorage key of the session copy (letters, digits, '_' and '-' only, up to 128). */
export const TELEGRAM_SESSION_KEY = 'ziver_session';
/** CloudStorage keeps values up to 4096 characters; a longer session is not copied. */
export const CLOUD_VALUE_MAX_LENGTH = 4096;

/**
 * Keeps a copy of the session in Telegram's CloudStorage while the browser's storage cannot
 * keep it (`isNeeded`: localStorage blocked, so the session would only live in memory), and
 * deletes the copy when the session ends (sign-out or a 401) whether or not it was needed.
 * Written when the token changes only, not on every balance refresh. Returns the unsubscribe.
 */
export function startTelegramSessionBackup({
  cloud,
  store,
  isNeeded,
}: {
  cloud: TelegramCloudStorage | null;
  store: SessionStore;
  isNeeded: () => boolean;
}): () => void {
  if (!cloud) return () => undefined;
  let lastToken: string | null = null;
  const sync = () => {
    const session = store.get();
    const token = session?.user.token ?? null;
    if (token === lastToken) return;
    const hadSession = lastToken !== null;
    lastToken = token;
    if (session) {
      if (!isNeeded()) return;
      const value = JSON.stringify(session);
      if (value.length > CLOUD_VALUE_MAX_LENGTH) return;
      cloud.set(TELEGRAM_SESSION_KEY, value).catch(() => undefined);
    } else if (hadSession) {
      cloud.remove(TELEGRAM_SESSION_KEY).catch(() => undefined);
    }
  };
  sync();
  return store.subscribe(sync);
}

/**
 * The session copied to CloudStorage by an earlier launch, if `verify` (the server's token
 * check) still accepts its token; the user's fields come fresh from that check. Null when
 * there is none, it is unreadable, revoked, or anything fails: then the app signs in with
 * the launch initData as usual.
 */
export async function restoreTelegramSession({
  cloud,
  verify,
}: {
  cloud: TelegramCloudStorage | null;
  verify: (token: string) => Promise<PublicUser | null>;
}): Promise<Session | null> {
  if (!cloud) return null;
  try {
    const stored = parseSession(await cloud.get(TELEGRAM_SESSION_KEY));
    if (!stored) return null;
    const user = await verify(stored.user.token);
    if (!user) {
      cloud.remove(TELEGRAM_SESSION_KEY).catch(() => undefined);
      return null;
    }
    return { ...stored, user: { ...stored.user, ...user, token: stored.user.token } };
  } catch {
    return null;
  }
}
