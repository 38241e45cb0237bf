import { createSecretKey, type KeyObject } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import jwt from 'jsonwebtoken';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { AppError } from '@ziver/shared';
import { createCoalescer } from './coalesce.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { runPrepared, tableRowMapper } from './db/prepared.js';
import { authSessions, users, type UserRow } from './db/schema.js';
import type { InvalidationBus } from './invalidation.js';
import { SESSION_TOPIC, USER_TOPIC, type SessionCache } from './session-cache.js';

const ALGORITHM = 'HS256' as const;
const ISSUER = 'ziver';

export type AuthContext = { userId: string; sessionId: string; user: UserRow };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      auth?: AuthContext;
    }
  }
}

/**
 * What resolving a bearer token keeps between requests, one per app (AppDeps.auth, built in the
 * composition root): the tokens already verified and the short-lived session cache.
 */
export type AuthState = { tokens: TokenVerifier; sessions: SessionCache; readLiveSession: SessionReader };

/** What requireAuth and resolveToken read: the database, the JWT secret and the app's AuthState. */
export type AuthDeps = { db: Db; config: Pick<Config, 'jwtSecret'>; auth: AuthState };

// HMAC with a string secret re-imports the key on every call (~330 µs); an imported KeyObject
// makes verification a few microseconds.
const keyOf = (secret: string): KeyObject => createSecretKey(Buffer.from(secret, 'utf8'));

export type SignInMethod = 'password' | 'google' | 'telegram' | 'token';

/**
 * Creates a server-side session and the JWT that names it. `passwordVersion` is the user's
 * password version read together with what the sign-in proved (the row whose hash was checked):
 * if the password changes meanwhile, the session is born stale and `resolveToken` refuses it.
 */
export async function createSession(
  db: Db,
  config: Pick<Config, 'jwtSecret' | 'jwtExpiresInHours'>,
  options: {
    userId: string;
    method: SignInMethod;
    passwordVersion: number;
    userAgent?: string | undefined;
    ip?: string | undefined;
  },
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  // Every sign-in path ends here: a suspended account gets no session (ACCOUNT_SUSPENDED, 403).
  const [account] = await db
    .select({ suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, options.userId))
    .limit(1);
  if (account?.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED', 'identity.accountSuspended');
  const expiresAt = new Date(Date.now() + config.jwtExpiresInHours * 3_600_000);
  const [session] = await db
    .insert(authSessions)
    .values({
      userId: options.userId,
      method: options.method,
      passwordVersion: options.passwordVersion,
      userAgent: options.userAgent?.slice(0, 500) ?? null,
      ip: options.ip ?? null,
      expiresAt,
    })
    .returning({ id: authSessions.id });
  const token = jwt.sign({ sid: session!.id }, keyOf(config.jwtSecret), {
    algorithm: ALGORITHM,
    subject: options.userId,
    issuer: ISSUER,
    expiresIn: Math.floor(config.jwtExpiresInHours * 3600),
  });
  return { token, sessionId: session!.id, expiresAt };
}

type VerifiedToken = { secret: string; sessionId: string; userId: string; expiresAtSeconds: number };

/** How many verified tokens are remembered (~300 bytes each); the oldest go first. */
const VERIFIED_TOKENS_MAX = 10_000;

/**
 * The session and user a bearer token names, when its signature, algorithm, issuer and expiry
 * hold. A token verified before is remembered until it expires: the same string with the same
 * secret verifies the same way, so a repeat (the app polls the status every 5 s) skips the HMAC
 * and the JSON decoding (~12% of a status request's CPU). Whether its session is still live is
 * checked on every request by the caller, not here.
 */
/** What a valid token names: its session and user (whether the session is live is not known yet). */
export type TokenClaims = { sessionId: string; userId: string };

export type TokenVerifier = (secret: string, token: string) => TokenClaims | null;

export function createTokenVerifier(): TokenVerifier {
  const verifiedTokens = new Map<string, VerifiedToken>();
  const keys = new Map<string, KeyObject>();
  const cachedKeyOf = (secret: string): KeyObject => {
    let key = keys.get(secret);
    if (!key) {
      key = keyOf(secret);
      keys.set(secret, key);
    }
    return key;
  };
  return (secret, token) => {
    const known = verifiedTokens.get(token);
    if (known && known.secret === secret) {
      if (Math.floor(Date.now() / 1000) < known.expiresAtSeconds) return known;
      verifiedTokens.delete(token);
      return null;
    }
    let payload: jwt.JwtPayload;
    try {
      const decoded = jwt.verify(token, cachedKeyOf(secret), { algorithms: [ALGORITHM], issuer: ISSUER });
      if (typeof decoded === 'string') return null;
      payload = decoded;
    } catch {
      return null;
    }
    const { sid: sessionId, sub: userId, exp } = payload;
    if (typeof sessionId !== 'string' || typeof userId !== 'string' || !isUuid(sessionId) || !isUuid(userId)) {
      return null;
    }
    if (typeof exp === 'number') {
      if (verifiedTokens.size >= VERIFIED_TOKENS_MAX) verifiedTokens.delete(verifiedTokens.keys().next().value!);
      verifiedTokens.set(token, { secret, sessionId, userId, expiresAtSeconds: exp });
    }
    return { sessionId, userId };
  };
}

/**
 * An app's AuthState: a fresh token memo, a session cache on the app's invalidation bus and the
 * batching reader of live sessions on the app's database.
 */
export function createAuthState(db: Database, sessions: SessionCache): AuthState {
  return { tokens: createTokenVerifier(), sessions, readLiveSession: createLiveSessionReader(db) };
}

/**
 * Verifies a bearer token and its live session; returns null for anything not valid.
 * With `cached`, a session verified in the last SESSION_CACHE_MS is trusted without a query
 * (revocations reach the cache at once through the invalidation bus); the user row then may be
 * that old in the fields no invalidation covers (balance, streak), so only routes that read what
 * they show themselves ask for it.
 */
export async function resolveToken(
  auth: AuthState,
  db: Db,
  secret: string,
  token: string,
  options: { cached?: boolean } = {},
): Promise<AuthContext | null> {
  if (options.cached) {
    const known = resolveTokenCached(auth, secret, token);
    return !known || isAuthContext(known) ? known : readSession(auth, known);
  }
  const claims = auth.tokens(secret, token);
  return claims ? readSession(auth, claims) : null;
}

/**
 * A token judged by the session cache alone: the caller's context when the cache vouches for its
 * session, null when the token or a session the cache knows is not valid, and the token's
 * claims when the cache does not know the session (readSession, or a statement that checks it
 * with LIVE_SESSION_CONDITIONS, then decides).
 */
export function resolveTokenCached(auth: AuthState, secret: string, token: string): AuthContext | TokenClaims | null {
  const claims = auth.tokens(secret, token);
  if (!claims) return null;
  const { sessionId, userId } = claims;
  const hit = auth.sessions.get(sessionId);
  if (!hit) return claims;
  const isLive =
    hit.user.id === userId &&
    hit.session.passwordVersion === hit.user.passwordVersion &&
    !hit.user.suspendedAt &&
    !hit.session.revokedAt;
  return isLive ? { userId, sessionId, user: hit.user } : null;
}

export const isAuthContext = (known: AuthContext | TokenClaims): known is AuthContext => 'user' in known;

/** Reads the session a valid token names (batched, then cached): the caller's context, or null if it is not live. */
export async function readSession(auth: AuthState, claims: TokenClaims): Promise<AuthContext | null> {
  const { sessionId, userId } = claims;
  const startedAt = auth.sessions.begin();
  const row = await auth.readLiveSession(sessionId);
  if (!row || row.session.userId !== userId) return null;
  auth.sessions.setIfCurrent(row, startedAt);
  return { userId, sessionId, user: row.user };
}

type LiveSession = { session: typeof authSessions.$inferSelect; user: UserRow };
type SessionReader = (sessionId: string) => Promise<LiveSession | undefined>;

/**
 * When a session `s` of user `u` is live at `now` (a parameter: this process's clock, as the
 * session cache judges expiry), in SQL: the one text of the rule, for the session read below and
 * for a statement that checks a session the cache does not know as it acts (the claim).
 */
export const LIVE_SESSION_CONDITIONS = (s: string, u: string, now: string) =>
  `${s}.revoked_at is null and ${s}.expires_at > ${now} and ${s}.password_version = ${u}.password_version and ${u}.suspended_at is null`;

const sessionRows = tableRowMapper(authSessions);
const userRows = tableRowMapper(users);

/**
 * Live sessions among $1 (session ids) with their users: not revoked, not expired at $2 (this
 * process's clock, as the session cache judges expiry), and not suspended (a suspended
 * account's sessions stop at once, even before they are revoked). A session lives only as long
 * as the password it was proven with: the one password check, made on every authenticated
 * request (the session cache keeps both versions, or drops the entry when the password
 * changes). A fixed text, prepared once per connection: nothing is built per request.
 */
const LIVE_SESSIONS_SQL = `
  select ${sessionRows.selectList('s')}, ${userRows.selectList('u')}
  from auth_sessions s
  join users u on u.id = s.user_id
  where s.id = any($1::uuid[]) and ${LIVE_SESSION_CONDITIONS('s', 'u', '$2')}`;

/** Most session reads one statement carries. */
const SESSION_READ_BATCH = 100;

/**
 * Reads live sessions with their users, coalesced (platform/coalesce.ts, as claims and status
 * reads are): a lone read runs at once; reads that arrive while 2 are under way share the next
 * statement. Sessions the cache does not know arrive together after a restart, and a claim is
 * often a session's first request on an instance: one statement for many of them instead of one
 * each (each statement sent costs the server a write to the database's socket, the largest
 * single cost of a cold request; docs/performance.md).
 */
function createLiveSessionReader(db: Database): SessionReader {
  return createCoalescer<string, LiveSession | undefined>({
    key: (sessionId) => sessionId,
    maxBatch: SESSION_READ_BATCH,
    maxInFlight: 2,
    async run(ids, answers) {
      const rows = await runPrepared(db, 'auth_live_sessions', LIVE_SESSIONS_SQL, [ids, new Date()], 'array');
      const byId = new Map<string, LiveSession>();
      for (const values of rows) {
        const session = sessionRows.fromArray(values);
        byId.set(session.id, { session, user: userRows.fromArray(values, sessionRows.width) });
      }
      for (const id of ids) answers.resolve(id, byId.get(id));
    },
  });
}

export function bearerToken(req: Pick<Request, 'headers'>): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Requires a valid session: 401 otherwise (the client signs out on any 401). `cached` trusts a
 * recently verified session (see resolveToken): for hot routes that read what they show.
 */
export function requireAuth(deps: AuthDeps, options: { cached?: boolean } = {}): RequestHandler {
  const cached = options.cached === true;
  return async (req: Request, _res: Response, next: NextFunction) => {
    if (req.auth) return next();
    const token = bearerToken(req);
    if (!token) throw new AppError('UNAUTHENTICATED', 'server.authRequired');
    const auth = await resolveToken(deps.auth, deps.db, deps.config.jwtSecret, token, { cached });
    if (!auth) throw await deadSessionError(deps, token);
    req.auth = auth;
    next();
  };
}

/**
 * The refusal of a token that names no live session: 401 either way (the session is over and the
 * client signs out, docs/spec.md §7), told apart by its key: a suspended account hears that it is
 * suspended (identity.accountSuspended), anything else that the session expired. Read only on
 * this refusal path, never on a request that is let through.
 */
async function deadSessionError(deps: AuthDeps, token: string): Promise<AppError> {
  const claims = deps.auth.tokens(deps.config.jwtSecret, token);
  if (claims) {
    const [owner] = await deps.db
      .select({ suspendedAt: users.suspendedAt })
      .from(users)
      .where(eq(users.id, claims.userId))
      .limit(1);
    if (owner?.suspendedAt) return new AppError('SESSION_EXPIRED', 'identity.accountSuspended');
  }
  return new AppError('SESSION_EXPIRED', 'server.sessionExpired');
}

/**
 * Reads a session when one is sent, for routes that also answer signed out (the register screen
 * calls them before a session exists). A missing or invalid token leaves the caller anonymous.
 */
export function optionalAuth(deps: AuthDeps): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const token = bearerToken(req);
    const auth = token && !req.auth ? await resolveToken(deps.auth, deps.db, deps.config.jwtSecret, token) : null;
    if (auth) req.auth = auth;
    next();
  };
}

/** Requires the ADMIN role; use after requireAuth. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (req.auth?.user.role !== 'ADMIN') throw new AppError('FORBIDDEN', 'server.forbidden');
  next();
};

/** The signed-in context; routes behind requireAuth call this instead of touching req.auth. */
export function authOf(req: Request): AuthContext {
  if (!req.auth) throw new AppError('UNAUTHENTICATED', 'server.authRequired');
  return req.auth;
}

export async function revokeSession(db: Db, invalidations: InvalidationBus, sessionId: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  await invalidations.publish(db, SESSION_TOPIC, sessionId);
}

/** Revokes every live session of a user except `keepSessionId` (after a password change). Returns how many. */
export async function revokeOtherSessions(
  db: Db,
  invalidations: InvalidationBus,
  userId: string,
  keepSessionId: string,
): Promise<number> {
  const revoked = await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.userId, userId), ne(authSessions.id, keepSessionId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  await invalidations.publish(db, USER_TOPIC, userId);
  return revoked.length;
}

/** Revokes every live session of a user (after a password reset). Returns how many. */
export async function revokeAllSessions(db: Db, invalidations: InvalidationBus, userId: string): Promise<number> {
  const revoked = await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  await invalidations.publish(db, USER_TOPIC, userId);
  return revoked.length;
}

/** Keeps the session that changed the password valid for the new password version. */
export async function moveSessionToPasswordVersion(db: Db, sessionId: string, passwordVersion: number): Promise<void> {
  await db.update(authSessions).set({ passwordVersion }).where(eq(authSessions.id, sessionId));
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
