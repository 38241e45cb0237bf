import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { TWO_FACTOR_MAX_ATTEMPTS } from '@ziver/shared';
import type { SignInMethod } from '../../platform/auth.js';
import { randomToken, sha256Hex } from '../../platform/crypto.js';
import type { Db } from '../../platform/db/client.js';
import { authChallenges } from '../../platform/db/schema.js';

/**
 * Short-lived single-use tokens in `auth_challenges`: '2fa' is the pending second step of a
 * sign-in, 'login' a one-time login token. Only the SHA-256 of a token is stored; every state
 * change is one conditional UPDATE, so "once" holds under concurrent requests.
 */
export type ChallengeKind = '2fa' | 'login';

export type LiveChallenge = {
  id: string;
  userId: string;
  method: SignInMethod;
  attempts: number;
  payload: Record<string, unknown>;
};

export async function createChallenge(
  db: Db,
  options: {
    kind: ChallengeKind;
    userId: string;
    method: SignInMethod;
    ttlMinutes: number;
    payload?: Record<string, unknown>;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + options.ttlMinutes * 60_000);
  await db.insert(authChallenges).values({
    kind: options.kind,
    tokenHash: sha256Hex(token),
    userId: options.userId,
    method: options.method,
    payload: options.payload ?? {},
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * Takes one of the 2FA challenge's attempts before the code is checked, so parallel guesses
 * cannot exceed the limit. Null when the challenge is unknown, expired, used or out of attempts.
 */
export async function reserveTwoFactorAttempt(db: Db, token: string): Promise<LiveChallenge | null> {
  const [row] = await db
    .update(authChallenges)
    .set({ attempts: sql`${authChallenges.attempts} + 1` })
    .where(
      and(
        eq(authChallenges.tokenHash, sha256Hex(token)),
        eq(authChallenges.kind, '2fa'),
        isNull(authChallenges.usedAt),
        gt(authChallenges.expiresAt, new Date()),
        lt(authChallenges.attempts, TWO_FACTOR_MAX_ATTEMPTS),
      ),
    )
    .returning();
  if (!row) return null;
  return {
    id: row.id,
    userId: row.userId,
    method: row.method as SignInMethod,
    attempts: row.attempts,
    payload: row.payload,
  };
}

/** Marks a challenge used; false when it was already used or has expired meanwhile. */
export async function consumeChallenge(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(authChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(authChallenges.id, id), isNull(authChallenges.usedAt), gt(authChallenges.expiresAt, new Date())))
    .returning({ id: authChallenges.id });
  return rows.length === 1;
}

/** Redeems a one-time login token exactly once. Null when unknown, expired or already used. */
export async function redeemLoginChallenge(
  db: Db,
  token: string,
): Promise<{ userId: string; method: SignInMethod } | null> {
  const [row] = await db
    .update(authChallenges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authChallenges.tokenHash, sha256Hex(token)),
        eq(authChallenges.kind, 'login'),
        isNull(authChallenges.usedAt),
        gt(authChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ userId: authChallenges.userId, method: authChallenges.method });
  return row ? { userId: row.userId, method: row.method as SignInMethod } : null;
}

/** Ends every pending challenge and login token of a user (after a password change). */
export async function retireUserChallenges(db: Db, userId: string): Promise<void> {
  await db
    .update(authChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(authChallenges.userId, userId), isNull(authChallenges.usedAt)));
}
