import { AppError, TWO_FACTOR_CHALLENGE_TTL_MINUTES } from '@ziver/shared';
import { createSession, type SignInMethod } from '../../platform/auth.js';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/client.js';
import type { UserRow } from '../../platform/db/schema.js';
import { createChallenge } from './challenges.js';

export type SignInOutcome =
  { kind: 'session'; token: string; user: UserRow } | { kind: 'two-factor'; challengeToken: string; expiresAt: Date };

export type ClientInfo = { userAgent?: string | undefined; ip?: string | undefined };

/**
 * The last step every sign-in method shares: with 2FA on, no session yet but a 2FA challenge
 * (answered by POST /auth/verify-2fa); otherwise a new session.
 */
export async function beginSignIn(
  db: Db,
  config: Pick<Config, 'jwtSecret' | 'jwtExpiresInHours'>,
  options: { user: UserRow; method: SignInMethod; client: ClientInfo },
): Promise<SignInOutcome> {
  const { user, method } = options;
  // Refused before any 2FA challenge too (createSession checks again, for the 2FA step).
  if (user.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED', 'identity.accountSuspended');
  if (user.twoFactorEnabled) {
    const challenge = await createChallenge(db, {
      kind: '2fa',
      userId: user.id,
      method,
      ttlMinutes: TWO_FACTOR_CHALLENGE_TTL_MINUTES,
      payload: { passwordVersion: user.passwordVersion },
    });
    return { kind: 'two-factor', challengeToken: challenge.token, expiresAt: challenge.expiresAt };
  }
  const { token } = await createSession(db, config, {
    userId: user.id,
    method,
    passwordVersion: user.passwordVersion,
    ...options.client,
  });
  return { kind: 'session', token, user };
}
