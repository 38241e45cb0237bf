import { useSyncExternalStore } from 'react';
import { MINING_CYCLE_HOURS_DEFAULT, MINING_REWARD_DEFAULT, STORAGE_KEYS } from '@ziver/shared/core';
import type { AppSettings, PublicUser } from '@ziver/shared';
import { guardedLocalStorage } from '@/lib/storage/guarded-storage';

/** The signed-in user as kept in the browser: the public user plus its bearer token. */
export type SessionUser = PublicUser & { token: string };

/** What lives in localStorage under 'session' (docs/spec.md §3). */
export type Session = { user: SessionUser; appSettings: AppSettings };

type Listener = () => void;

/** Why the server ended a session, when it said more than "expired" (401 with identity.accountSuspended). */
export type SessionEndReason = 'suspended';

export const DEFAULT_APP_SETTINGS: AppSettings = {
  MINING_CYCLE_HOURS: MINING_CYCLE_HOURS_DEFAULT,
  MINING_REWARD: MINING_REWARD_DEFAULT,
};

export type SessionStore = {
  get(): Session | null;
  getToken(): string | null;
  set(session: Session): void;
  /** Replaces the user's fields (e.g. fresh balances) and keeps the token. */
  updateUser(user: PublicUser): void;
  /** Forgets the session; `reason` says why the server ended it (kept until the next `set`). */
  clear(reason?: SessionEndReason): void;
  /** Why the server ended the last session ('suspended'), or null (signed out, expired, another tab). */
  endReason(): SessionEndReason | null;
  subscribe(listener: Listener): () => void;
};

/**
 * Parses a stored session; anything without a token and a user id counts as no session. The
 * rest is taken as stored: an older shape is refreshed by the start-up token check anyway.
 */
export function parseSession(raw: string | null): Session | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { user, appSettings } = value as { user?: unknown; appSettings?: unknown };
  if (typeof user !== 'object' || user === null) return null;
  const { token, id, username } = user as { token?: unknown; id?: unknown; username?: unknown };
  if (typeof token !== 'string' || token.length === 0) return null;
  if (typeof id !== 'string' || typeof username !== 'string') return null;
  return {
    user: user as SessionUser,
    appSettings: readAppSettings(appSettings) ?? DEFAULT_APP_SETTINGS,
  };
}

/**
 * The stored app settings' shape (appSettingsSchema's two numbers), checked by hand: the session
 * is read before the first render, and zod stays out of the first chunk.
 */
function readAppSettings(value: unknown): AppSettings | null {
  if (typeof value !== 'object' || value === null) return null;
  const { MINING_CYCLE_HOURS, MINING_REWARD } = value as Record<string, unknown>;
  if (typeof MINING_CYCLE_HOURS !== 'number' || typeof MINING_REWARD !== 'number') return null;
  return { MINING_CYCLE_HOURS, MINING_REWARD };
}

/**
 * A small external store over one Storage key. Components read it with `useSession`; the API
 * client reads the token from it and clears it on a 401, which signs the app out everywhere.
 */
export function createSessionStore(storage: Storage, key: string = STORAGE_KEYS.session): SessionStore {
  const listeners = new Set<Listener>();
  let cached: Session | null | undefined;
  let endReason: SessionEndReason | null = null;

  const notify = () => {
    for (const listener of listeners) listener();
  };
  const write = (session: Session | null) => {
    cached = session;
    try {
      if (session) storage.setItem(key, JSON.stringify(session));
      else storage.removeItem(key);
    } catch {
      // Storage may be full or blocked (private mode); the in-memory copy still works.
    }
    notify();
  };

  const store: SessionStore = {
    get() {
      if (cached === undefined) {
        let raw: string | null = null;
        try {
          raw = storage.getItem(key);
        } catch {
          raw = null;
        }
        cached = parseSession(raw);
      }
      return cached;
    },
    getToken() {
      return store.get()?.user.token ?? null;
    },
    set(session) {
      endReason = null;
      write(session);
    },
    updateUser(user) {
      const current = store.get();
      if (!current) return;
      write({ ...current, user: { ...current.user, ...user, token: current.user.token } });
    },
    clear(reason) {
      if (reason) endReason = reason;
      if (store.get() === null) return;
      write(null);
    },
    endReason() {
      return endReason;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  // Another tab signing in or out changes this tab too.
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== key && event.key !== null) return;
      cached = undefined;
      notify();
    });
  }

  return store;
}

export const sessionStore = createSessionStore(guardedLocalStorage);

/** The current session, re-rendering when it changes (sign in, sign out, 401, other tab). */
export function useSession(store: SessionStore = sessionStore): Session | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
