import { eq } from 'drizzle-orm';
import { AppError } from '@ziver/shared';
import { isUniqueViolation, type Database } from '../../platform/db/client.js';
import { users, type UserRow } from '../../platform/db/schema.js';
import { issueEmailVerification } from '../auth/email-verification.js';
import { verifyPassword } from '../auth/passwords.js';

/**
 * Changes the account's email after checking the current password. Accounts without a password
 * (created by Google or Telegram) set one first in Security settings. The password is checked
 * before the address is looked up, so this cannot be used to probe which emails exist. The new
 * address is not verified (`verified` goes back to false) until its owner proves it: with
 * `verification` (mail on), the link to the new address is queued in the same transaction and the
 * links to the old one stop working.
 */
export async function changeEmail(
  db: Database,
  options: {
    user: UserRow;
    newEmail: string;
    currentPassword: string;
    verification?: { baseUrl: string; key: Buffer } | undefined;
  },
): Promise<UserRow> {
  const { user, newEmail } = options;
  if (user.email === newEmail) throw new AppError('VALIDATION_FAILED', 'spec.emailMustDiffer');
  if (!user.passwordHash) throw new AppError('PASSWORD_NOT_SET', 'settings.passwordNotSet');
  if (!(await verifyPassword(user.passwordHash, options.currentPassword))) {
    throw new AppError('WRONG_PASSWORD', 'settings.currentPasswordWrong');
  }
  try {
    return await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ email: newEmail, verified: false })
        .where(eq(users.id, user.id))
        .returning();
      if (options.verification) {
        await issueEmailVerification(tx, { userId: user.id, email: updated!.email!, ...options.verification });
      }
      return updated!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw new AppError('EMAIL_TAKEN', 'settings.emailTaken');
    throw error;
  }
}
