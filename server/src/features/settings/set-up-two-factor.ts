import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { AppError } from '@ziver/shared';
import type { Database } from '../../platform/db/client.js';
import { users, type UserRow } from '../../platform/db/schema.js';
import {
  buildOtpauthUri,
  createTotpSecret,
  generateBackupCodes,
  replaceBackupCodes,
  sealTotpSecret,
} from '../auth/two-factor.js';

export type TwoFactorSetup = { qrCodeUrl: string; manualEntryCode: string; otpauthUrl: string; backupCodes: string[] };

/**
 * Starts 2FA setup: a new TOTP secret (stored sealed) and 10 new backup codes (stored hashed,
 * returned only here). 2FA stays off until a code from the app confirms it; calling this again
 * before that replaces both.
 */
export async function setUpTwoFactor(db: Database, options: { user: UserRow; key: Buffer }): Promise<TwoFactorSetup> {
  const { user, key } = options;
  if (user.twoFactorEnabled) throw new AppError('TWO_FACTOR_ALREADY_ENABLED', 'identity.twoFactorAlreadyEnabled');
  const secret = createTotpSecret();
  const backupCodes = generateBackupCodes();
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ twoFactorSecret: sealTotpSecret(key, user.id, secret), twoFactorLastStep: null })
      .where(and(eq(users.id, user.id), eq(users.twoFactorEnabled, false)))
      .returning({ id: users.id });
    if (updated.length === 0) throw new AppError('TWO_FACTOR_ALREADY_ENABLED', 'identity.twoFactorAlreadyEnabled');
    await replaceBackupCodes(tx, { userId: user.id, key, codes: backupCodes });
  });
  const otpauthUrl = buildOtpauthUri(secret, user.email ?? user.username);
  const qrCodeUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 256 });
  return { qrCodeUrl, manualEntryCode: secret, otpauthUrl, backupCodes };
}
