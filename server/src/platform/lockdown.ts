import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { eq } from 'drizzle-orm';
import { AppError, TELEGRAM_WEBHOOK_PATH, findEndpoint, readTranslations, type TextTranslations } from '@ziver/shared';
import { bearerToken, resolveToken, type AuthState } from './auth.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { appSettings } from './db/schema.js';
import type { Logger } from './logger.js';

/** The app_settings row holding the switch. */
export const LOCKDOWN_SETTING_KEY = 'lockdown';
/** How long an instance trusts its cached flag; other instances follow a toggle within this. */
export const LOCKDOWN_CACHE_MS = 2_000;

export type LockdownState = {
  isEnabled: boolean;
  /** The admin's maintenance message in English, or null for the default one. */
  message: string | null;
  /** Its translations by language (only with a message). */
  translations: TextTranslations;
  updatedAt: Date | null;
};

const OFF: LockdownState = { isEnabled: false, message: null, translations: {}, updatedAt: null };

/** Reads the stored switch; a missing or malformed row means "off". */
export async function readLockdown(db: Db): Promise<LockdownState> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, LOCKDOWN_SETTING_KEY)).limit(1);
  if (!row || typeof row.value !== 'object' || row.value === null) return OFF;
  const value = row.value as { enabled?: unknown; message?: unknown; translations?: unknown };
  const message = typeof value.message === 'string' && value.message.trim() !== '' ? value.message : null;
  return {
    isEnabled: value.enabled === true,
    message,
    translations: message ? readTranslations(value.translations) : {},
    updatedAt: row.updatedAt,
  };
}

export type LockdownCache = {
  /** The switch, read from the database at most once per LOCKDOWN_CACHE_MS. */
  get(): Promise<LockdownState>;
  /** The cached switch while it is fresh, else undefined (no read started). */
  peek(): LockdownState | undefined;
  /** Replaces the cached value at once (after this instance saved a toggle). */
  set(state: LockdownState): void;
};

/** The app's lockdown cache (AppDeps.lockdown), built in the composition root. */
export function createLockdownCache(db: Db, logger: Logger, ttlMs = LOCKDOWN_CACHE_MS): LockdownCache {
  let value: LockdownState | undefined;
  let expiresAt = 0;
  let pending: Promise<LockdownState> | undefined;
  // Bumped by set(): a read that started before a toggle must not overwrite the toggle.
  let generation = 0;

  const load = (): Promise<LockdownState> => {
    const startedAt = generation;
    const promise = readLockdown(db)
      .then(
        (read) => {
          if (startedAt !== generation) return value ?? read;
          value = read;
          expiresAt = Date.now() + ttlMs;
          return read;
        },
        (error: unknown) => {
          // A database blip keeps the last known state rather than failing every request.
          if (!value) throw error;
          logger.warn({ err: error }, 'could not read the lockdown switch; using the last known state');
          expiresAt = Date.now() + ttlMs;
          return value;
        },
      )
      .finally(() => {
        if (pending === promise) pending = undefined;
      });
    pending = promise;
    return promise;
  };

  return {
    get: () => (value && Date.now() < expiresAt ? Promise.resolve(value) : (pending ?? load())),
    peek: () => (value && Date.now() < expiresAt ? value : undefined),
    set: (state) => {
      generation++;
      value = state;
      expiresAt = Date.now() + ttlMs;
      pending = undefined;
    },
  };
}

/**
 * Lockdown as both doors read it on the way in: off and freshly known. Express's guard then lets
 * the request through with no promise; the hot path answers it (anything else goes to Express).
 */
export const isLockdownKnownOff = (cache: Pick<LockdownCache, 'peek'>): boolean => cache.peek()?.isEnabled === false;

/** The one lockdown cache of the app (shared by the guard and the system routes). */
export function lockdownCacheFor(deps: { lockdown: LockdownCache }): LockdownCache {
  return deps.lockdown;
}

/**
 * Whether a request (path under /api) is answered during lockdown: its contract entry says so
 * (`openInLockdown`: sign-in, the session checks every client makes to reach /lockdown, the status
 * poll, health), or it is Telegram's webhook. Only asked while lockdown is on.
 */
function isOpenInLockdown(method: string, path: string): boolean {
  if (method === 'POST' && path.toLowerCase() === TELEGRAM_WEBHOOK_PATH) return true;
  return findEndpoint(method, path)?.endpoint.openInLockdown === true;
}

/** The 503 LOCKDOWN answer, with the admin's message when there is one. */
export function lockdownError(state: LockdownState): AppError {
  // The admin's own words are shown as written (they are not in the list), in English here: the
  // maintenance page asks GET /system/status?lang= for the reader's translation.
  return state.message
    ? new AppError('LOCKDOWN', 'server.verbatim', { text: state.message })
    : new AppError('LOCKDOWN', 'server.lockdown');
}

/**
 * For routes the guard leaves open: throws 503 LOCKDOWN while lockdown is on, unless the user is
 * an ADMIN (`role` undefined for someone not signed in, e.g. a sign-up).
 */
export async function assertOpenFor(cache: LockdownCache, role: string | undefined): Promise<void> {
  const state = await cache.get();
  if (state.isEnabled && role !== 'ADMIN') throw lockdownError(state);
}

/**
 * While lockdown is on, refuses every API call from anyone but an ADMIN with 503 LOCKDOWN.
 * Mount on the /api router before the feature routers. The bearer token is only resolved while
 * lockdown is on, so normal traffic pays one cached flag check.
 */
/** What the guard reads (a part of AppDeps, which is built from this module's types). */
export type LockdownGuardDeps = {
  lockdown: LockdownCache;
  database: { db: Db };
  auth: AuthState;
  config: Pick<Config, 'jwtSecret'>;
};

export function lockdownGuard(deps: LockdownGuardDeps): RequestHandler {
  const cache = lockdownCacheFor(deps);
  const { db } = deps.database;
  const guard = async (req: Request, res: Response, next: NextFunction) => {
    const state = await cache.get();
    if (!state.isEnabled) return next();
    const token = bearerToken(req);
    const auth = token ? await resolveToken(deps.auth, db, deps.config.jwtSecret, token) : null;
    if (auth?.user.role === 'ADMIN') {
      req.auth = auth;
      return next();
    }
    res.setHeader('Retry-After', '60');
    throw lockdownError(state);
  };
  // Synchronous while the cached flag is fresh and off: no promise per request.
  return (req, res, next) => {
    if (isLockdownKnownOff(cache)) return next();
    if (isOpenInLockdown(req.method, req.path)) return next();
    return guard(req, res, next);
  };
}
