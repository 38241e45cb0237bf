import { LOGIN_TOKEN_TTL_MINUTES } from '@ziver/shared';
import type { SignInMethod } from '../../platform/auth.js';
import type { Db } from '../../platform/db/client.js';
import { assertOpenFor, type LockdownCache } from '../../platform/lockdown.js';
import { createChallenge } from './challenges.js';

export type IssuedLoginToken = { token: string; expiresAt: Date; url: string };

/**
 * Issues a one-time login token for a user ("sign in on another device"; the bot's "open in
 * browser" links use the same use case). It is stored hashed, works once, for 10 minutes, and
 * redeeming it still asks for the 2FA code when 2FA is on. `baseUrl` is where the web app
 * lives (PUBLIC_URL / MINIAPP_URL, or the request's origin).
 *
 * A login token is a way in: while lockdown is on only an admin gets one (503 LOCKDOWN otherwise),
 * whichever door asks (the HTTP route, the bot's /login).
 */
export async function issueLoginToken(
  deps: { db: Db; lockdown: LockdownCache },
  options: { user: { id: string; role: string }; baseUrl: string; method?: SignInMethod; ttlMinutes?: number },
): Promise<IssuedLoginToken> {
  await assertOpenFor(deps.lockdown, options.user.role);
  const { token, expiresAt } = await createChallenge(deps.db, {
    kind: 'login',
    userId: options.user.id,
    method: options.method ?? 'token',
    ttlMinutes: options.ttlMinutes ?? LOGIN_TOKEN_TTL_MINUTES,
  });
  return { token, expiresAt, url: loginTokenUrl(options.baseUrl, token) };
}

/** `<base>/login?token=…`, keeping any path the base has (e.g. a mini app under /app). */
export function loginTokenUrl(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/login?token=${encodeURIComponent(token)}`;
}
