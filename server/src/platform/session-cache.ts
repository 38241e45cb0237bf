import type { authSessions, UserRow } from './db/schema.js';
import type { Invalidation, InvalidationBus } from './invalidation.js';

export type AuthSessionRow = typeof authSessions.$inferSelect;

/** Topics of the invalidation bus that drop cached sessions. */
export const SESSION_TOPIC = 'session';
/** Drops every cached session of a user (key: user id): revocations, password, role or status changes. */
export const USER_TOPIC = 'user';

/** How long a verified session is trusted without asking the database again. */
export const SESSION_CACHE_MS = 15_000;
const MAX_ENTRIES = 100_000;

/**
 * A verified session and its user as read from the database. The session row and the whole
 * user row are kept so that any check made on a fresh read (revocation, expiry, role, password
 * version…) can be made on a cached one. Fields that change without an invalidation (balance,
 * streak) may be up to SESSION_CACHE_MS old: routes that show them read them themselves.
 */
export type CachedSession = { session: AuthSessionRow; user: UserRow };

type Entry = CachedSession & { cachedUntil: number };

/**
 * The short-lived cache of verified sessions, one per app (AppDeps.auth.sessions). Entries are
 * served only while the app receives the invalidations every instance publishes (`isReceiving`),
 * so a logout, a password change or a role change anywhere ends the cached session as soon as its
 * NOTIFY arrives: at once on the instance that made it, milliseconds later on the others.
 */
export type SessionCache = {
  get(sessionId: string): CachedSession | undefined;
  set(value: CachedSession): void;
  /** Starts a read: `set` is ignored if an invalidation for the session arrives meanwhile. */
  begin(): number;
  setIfCurrent(value: CachedSession, startedAt: number): void;
};

export function createSessionCache(
  invalidations: InvalidationBus,
  ttlMs = SESSION_CACHE_MS,
): SessionCache & { clear(): void } {
  const entries = new Map<string, Entry>();
  // Bumped on every invalidation: a read that began before one must not cache what it read.
  let generation = 0;

  const drop = (message: Invalidation) => {
    if (message.topic === SESSION_TOPIC) {
      generation++;
      if (message.key === undefined) entries.clear();
      else entries.delete(message.key);
    } else if (message.topic === USER_TOPIC) {
      generation++;
      if (message.key === undefined) entries.clear();
      else for (const [id, entry] of entries) if (entry.user.id === message.key) entries.delete(id);
    } else if (message.topic === '*') {
      generation++;
      entries.clear();
    }
  };
  invalidations.subscribe(drop);

  const set = (value: CachedSession) => {
    if (!invalidations.isReceiving()) return;
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(value.session.id, { ...value, cachedUntil: Date.now() + ttlMs });
  };

  return {
    get(sessionId) {
      if (!invalidations.isReceiving()) return undefined;
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      const now = Date.now();
      if (now >= entry.cachedUntil || now >= entry.session.expiresAt.getTime() || entry.session.revokedAt) {
        entries.delete(sessionId);
        return undefined;
      }
      return entry;
    },
    set,
    begin: () => generation,
    setIfCurrent(value, startedAt) {
      if (startedAt === generation) set(value);
    },
    clear: () => entries.clear(),
  };
}
