import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '@ziver/shared';
import { moveSessionToPasswordVersion, revokeOtherSessions } from '../../platform/auth.js';
import type { Database } from '../../platform/db/client.js';
import { users, type UserRow } from '../../platform/db/schema.js';
import { retireUserChallenges } from '../auth/challenges.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { InvalidationBus } from '../../platform/invalidation.js';

/**
 * Changes (or, for an account created by Google or Telegram, sets) the password. With a
 * password already set, the current one is required and checked. Every other session of the
 * user is revoked and pending sign-in challenges and login tokens die; the current session
 * stays signed in.
 */
export async function changePassword(
  db: Database,
  options: {
    user: UserRow;
    sessionId: string;
    currentPassword?: string | undefined;
    newPassword: string;
    invalidations: InvalidationBus;
  },
): Promise<{ isFirstPassword: boolean; revokedSessions: number }> {
  const { user } = options;
  if (user.passwordHash) {
    if (!options.currentPassword) throw new AppError('VALIDATION_FAILED', 'settings.currentPasswordRequired');
    if (!(await verifyPassword(user.passwordHash, options.currentPassword))) {
      throw new AppError('WRONG_PASSWORD', 'settings.currentPasswordWrong');
    }
    if (options.currentPassword === options.newPassword) {
      throw new AppError('VALIDATION_FAILED', 'settings.newPasswordSameAsCurrent');
    }
  }
  const passwordHash = await hashPassword(options.newPassword);
  return db.transaction(async (tx) => {
    // Conditional on the hash we checked: a concurrent change makes this one fail, not both win.
    const sameHash =
      user.passwordHash === null ? isNull(users.passwordHash) : eq(users.passwordHash, user.passwordHash);
    const updated = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: new Date(), passwordVersion: sql`${users.passwordVersion} + 1` })
      .where(and(eq(users.id, user.id), sameHash))
      .returning({ passwordVersion: users.passwordVersion });
    if (updated.length === 0) throw new AppError('CONFLICT', 'server.passwordChangedMeanwhile');
    // The version bump ends every session proven with the old password, including ones a
    // racing login creates after the revocation below; this one moves to the new version.
    await moveSessionToPasswordVersion(tx, options.sessionId, updated[0]!.passwordVersion);
    const revokedSessions = await revokeOtherSessions(tx, options.invalidations, user.id, options.sessionId);
    await retireUserChallenges(tx, user.id);
    return { isFirstPassword: user.passwordHash === null, revokedSessions };
  });
}
