import type { Request } from 'express';
import { decodeJwt } from 'jose';
import { sha256Hex } from '../../platform/crypto.js';

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

/** The signed-in user; use after requireAuth. */
export function signedInUserKey(req: Request): string {
  return `user:${req.auth?.userId ?? ''}`;
}
