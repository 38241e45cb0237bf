import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AppError, classifyVerificationCode, PASSWORD_RESET_TOKEN_PATTERN } from '@ziver/shared';
import { revokeAllSessions } from '../../platform/auth.js';
import { sha256Hex } from '../../platform/crypto.js';
import type { Database, Db } from '../../platform/db/client.js';
import { passwordResetTokens, users, type UserRow } from '../../platform/db/schema.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import { retireUserChallenges } from './challenges.js';
import { hashPassword } from './passwords.js';
import { enqueuePasswordChangedMail } from './password-reset-mail.js';
import { acceptSecondFactor } from './two-factor.js';

const invalidToken = () => new AppError('PASSWORD_RESET_TOKEN_INVALID', 'identity.passwordResetTokenInvalid');

/** Why a token cannot be spent (read after the conditional UPDATE found nothing). */
async function refusalFor(db: Db, tokenHash: string): Promise<AppError> {
  const [row] = await db
    .select({ usedAt: passwordResetTokens.usedAt, isExpired: sql<boolean>`${passwordResetTokens.expiresAt} <= now()` })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .limit(1);
  if (!row) return invalidToken();
  if (row.usedAt) return new AppError('PASSWORD_RESET_TOKEN_USED', 'identity.passwordResetTokenUsed');
  return new AppError('PASSWORD_RESET_TOKEN_EXPIRED', 'identity.passwordResetTokenExpired');
}

/** A 2FA account's second factor, checked inside the reset's transaction (a refusal changes nothing). */
async function assertSecondFactor(tx: Db, user: UserRow, key: Buffer, raw: string | undefined): Promise<void> {
  if (!user.twoFactorEnabled) return;
  if (!raw) throw new AppError('TWO_FACTOR_CODE_REQUIRED', 'identity.passwordResetCodeRequired');
  const code = classifyVerificationCode(raw);
  if (!code) throw new AppError('INVALID_TWO_FACTOR_CODE', 'spec.invalidTwoFactorCode');
  const check = await acceptSecondFactor(tx, { user, key, kind: code.kind, code: code.code });
  if (check === 'reused') throw new AppError('TWO_FACTOR_CODE_REUSED', 'identity.twoFactorCodeReused');
  if (check !== 'accepted') {
    throw new AppError(
      'INVALID_TWO_FACTOR_CODE',
      code.kind === 'backup' ? 'identity.backupCodeInvalid' : 'identity.twoFactorCodeInvalid',
    );
  }
}

/**
 * Sets a new password with a reset link. In one transaction: the token is spent by a conditional
 * UPDATE (unused, not expired: of two resets with one token exactly one gets it), a 2FA account's
 * code is checked, the password and its version change (every session proven with the old one,
 * including one a racing sign-in creates, is dead), every session is revoked, pending sign-in
 * challenges and the user's other reset links die, and the "password changed" mail is queued.
 * Any refusal rolls all of it back.
 */
export async function resetPassword(
  db: Database,
  options: { token: string; password: string; code?: string | undefined; key: Buffer; invalidations: InvalidationBus },
): Promise<{ userId: string; revokedSessions: number }> {
  if (!PASSWORD_RESET_TOKEN_PATTERN.test(options.token)) throw invalidToken();
  const tokenHash = sha256Hex(options.token);
  // Refuse a dead token before paying for the hash; the UPDATE below still decides.
  const [live] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!live) throw await refusalFor(db, tokenHash);
  const passwordHash = await hashPassword(options.password);

  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) throw await refusalFor(tx, tokenHash);
    const [user] = await tx.select().from(users).where(eq(users.id, spent.userId)).limit(1);
    if (!user) throw invalidToken();
    await assertSecondFactor(tx, user, options.key, options.code);

    const [updated] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: new Date(), passwordVersion: sql`${users.passwordVersion} + 1` })
      .where(eq(users.id, user.id))
      .returning({ passwordVersion: users.passwordVersion });
    const revokedSessions = await revokeAllSessions(tx, options.invalidations, user.id);
    await retireUserChallenges(tx, user.id);
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await enqueuePasswordChangedMail(tx, {
      userId: user.id,
      passwordVersion: updated!.passwordVersion,
      isSecurityMailOn: user.notifySecurity,
    });
    return { userId: user.id, revokedSessions };
  });
}
