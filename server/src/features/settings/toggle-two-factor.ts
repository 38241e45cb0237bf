import { and, eq } from 'drizzle-orm';
import { AppError } from '@ziver/shared';
import type { Database } from '../../platform/db/client.js';
import { twoFactorBackupCodes, users, type UserRow } from '../../platform/db/schema.js';
import { acceptSecondFactor, acceptTotpCode, type CodeCheck } from '../auth/two-factor.js';

function codeError(check: CodeCheck, kind: 'totp' | 'backup'): AppError {
  if (check === 'reused') return new AppError('TWO_FACTOR_CODE_REUSED', 'identity.twoFactorCodeReused');
  return new AppError(
    'INVALID_TWO_FACTOR_CODE',
    kind === 'backup' ? 'identity.backupCodeInvalid' : 'identity.twoFactorCodeInvalid',
  );
}

/** Turns 2FA on once a code from the authenticator matches the secret from setup (accepting and enabling in one statement). */
export async function enableTwoFactor(
  db: Database,
  options: { user: UserRow; key: Buffer; code: string },
): Promise<void> {
  const { user } = options;
  if (user.twoFactorEnabled) throw new AppError('TWO_FACTOR_ALREADY_ENABLED', 'identity.twoFactorAlreadyEnabled');
  if (!user.twoFactorSecret) throw new AppError('TWO_FACTOR_SETUP_REQUIRED', 'identity.twoFactorSetupRequired');
  const check = await acceptTotpCode(db, {
    user,
    key: options.key,
    code: options.code,
    expectEnabled: false,
    enableOnAccept: true,
  });
  if (check !== 'accepted') throw codeError(check, 'totp');
}

/** Turns 2FA off with a current code or an unused backup code; the secret and backup codes are deleted. */
export async function disableTwoFactor(
  db: Database,
  options: { user: UserRow; key: Buffer; kind: 'totp' | 'backup'; code: string },
): Promise<void> {
  const { user } = options;
  if (!user.twoFactorEnabled) throw new AppError('TWO_FACTOR_NOT_ENABLED', 'identity.twoFactorNotEnabled');
  const check = await acceptSecondFactor(db, options);
  if (check !== 'accepted') throw codeError(check, options.kind);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ twoFactorEnabled: false, twoFactorSecret: null, twoFactorLastStep: null })
      .where(and(eq(users.id, user.id), eq(users.twoFactorEnabled, true)));
    await tx.delete(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, user.id));
  });
}
