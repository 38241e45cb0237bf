import type { PublicUser } from '@ziver/shared';
import { DEFAULT_APP_SETTINGS, parseSession, type Session, type SessionStore } from '@/lib/session';
import type { TelegramCloudStorage } from '@/lib/platform/telegram-bridge';

/** The CloudStorage key of the session copy (letters, digits, '_' and '-' only, up to 128). */
export const TELEGRAM_SESSION_KEY = 'ziver_session';
/** CloudStorage keeps values up to 4096 characters; a longer token is not copied. */
export const CLOUD_VALUE_MAX_LENGTH = 4096;

/**
 * The token of a stored copy. The copy is the bare token; versions before it stored the whole
 * session as JSON (a token never starts with '{'), whose `user.token` still restores.
 */
function parseBackup(raw: string | null): { token: string; isCurrentForm: boolean } | null {
  if (!raw) return null;
  if (!raw.startsWith('{')) return { token: raw, isCurrentForm: true };
  const session = parseSession(raw);
  return session ? { token: session.user.token, isCurrentForm: false } : null;
}

/**
 * Keeps the session's token in Telegram's CloudStorage while the browser's storage cannot keep
 * it (`isNeeded`: localStorage blocked, so the session would only live in memory), and deletes
 * the copy when the session ends (sign-out or a 401) whether or not it was needed. Only the
 * token is kept (the user comes fresh from the server on restore), written once per token: a
 * launch whose token the copy already holds writes nothing. Returns the unsubscribe.
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
  // The token the copy holds in the current form: null for none, undefined until read (a new
  // launch does not know what an earlier one wrote) or after a failed call.
  let cloudToken: string | null | undefined;
  // One call after another, so a sign-out's delete cannot overtake the write before it.
  let queue = Promise.resolve();
  const enqueue = (step: () => Promise<void>) => {
    queue = queue.then(step).catch(() => {
      cloudToken = undefined;
    });
  };

  const sync = () => {
    const token = store.getToken();
    if (token === lastToken) return;
    const hadSession = lastToken !== null;
    lastToken = token;
    if (token) {
      if (!isNeeded() || token.length > CLOUD_VALUE_MAX_LENGTH) return;
      enqueue(async () => {
        if (cloudToken === undefined) {
          const stored = parseBackup(await cloud.get(TELEGRAM_SESSION_KEY).catch(() => null));
          cloudToken = stored?.isCurrentForm ? stored.token : null;
        }
        if (cloudToken === token) return;
        await cloud.set(TELEGRAM_SESSION_KEY, token);
        cloudToken = token;
      });
    } else if (hadSession) {
      enqueue(async () => {
        await cloud.remove(TELEGRAM_SESSION_KEY);
        cloudToken = null;
      });
    }
  };
  sync();
  return store.subscribe(sync);
}

/**
 * The session kept in CloudStorage by an earlier launch, if `verify` (the server's token check)
 * still accepts its token: the user comes from that check, the app settings are the defaults
 * (as for a sign-in answer without them). Null when there is none, it is unreadable, revoked,
 * or anything fails: then the app signs in with the launch initData as usual.
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
    const stored = parseBackup(await cloud.get(TELEGRAM_SESSION_KEY));
    if (!stored) return null;
    const user = await verify(stored.token);
    if (!user) {
      cloud.remove(TELEGRAM_SESSION_KEY).catch(() => undefined);
      return null;
    }
    return { user: { ...user, token: stored.token }, appSettings: DEFAULT_APP_SETTINGS };
  } catch {
    return null;
  }
}
