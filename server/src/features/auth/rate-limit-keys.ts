import type { Request } from 'express';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { isSafeText } from '@ziver/shared';
import { sha256Hex } from '../../platform/crypto.js';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';

/**
 * Keys for the per-account rate limits, read from the request before it is validated. They only
 * group requests for counting; nothing here is trusted as an identity.
 */
type Body = Record<string, unknown> | undefined;
const bodyOf = (req: Request): Body => (req.body && typeof req.body === 'object' ? (req.body as Body) : undefined);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The normalised email (or username) a login or registration is for. */
export function accountKey(req: Request): string {
  return `account:${text(bodyOf(req)?.email).trim().toLowerCase().slice(0, 254)}`;
}

/**
 * The account a login names, by id: its email and its username (any case) share one budget.
 * An identifier that names no account is keyed as typed (normalised), so unknown accounts are
 * limited exactly like known ones. Costs one indexed lookup per login.
 */
export function loginAccountKey(db: Db): (req: Request) => Promise<string> {
  return async (req) => {
    const login = text(bodyOf(req)?.email).trim().toLowerCase();
    // Text that validation will refuse never reaches the database here either.
    if (!login || login.length > 254 || !isSafeText(login)) return 'login:';
    // An email or a username (any case), as sign-in resolves it; only the id is read.
    const condition = login.includes('@') ? eq(users.email, login) : sql`lower(${users.username}) = ${login}`;
    const [user] = await db.select({ id: users.id }).from(users).where(condition).limit(1);
    return user ? `account:${user.id}` : `login:${login}`;
  };
}

/** The Google account (`sub`) a Google ID token claims, before it is verified. */
export function googleSubjectKey(req: Request): string {
  try {
    const sub = decodeJwt(text(bodyOf(req)?.token)).sub;
    return `google:${typeof sub === 'string' ? sub.slice(0, 255) : ''}`;
  } catch {
    return 'google:';
  }
}

/** The Telegram user id an initData string claims, before it is validated. */
export function telegramUserKey(req: Request): string {
  try {
    const user = JSON.parse(new URLSearchParams(text(bodyOf(req)?.initData)).get('user') ?? '{}') as { id?: unknown };
    return `telegram:${typeof user.id === 'number' ? user.id : ''}`;
  } catch {
    return 'telegram:';
  }
}

/** The 2FA challenge (hashed) a verify-2fa request answers. */
export function challengeKey(req: Request): string {
  return `challenge:${sha256Hex(text(bodyOf(req)?.token))}`;
}

/** The password reset link (hashed) a reset-password request spends. */
export function resetTokenKey(req: Request): string {
  return `reset:${sha256Hex(text(bodyOf(req)?.token))}`;
}

/** The signed-in user; use after requireAuth. */
export function signedInUserKey(req: Request): string {
  return `user:${req.auth?.userId ?? ''}`;
}
