import { AppError, type RegisterRequest } from '@ziver/shared';
import { isUniqueViolation, type Database, type Tx } from '../../platform/db/client.js';
import { users, type UserRow } from '../../platform/db/schema.js';
import { hashPassword } from './passwords.js';
import { generateReferralCode } from './referral-codes.js';

/** A referral code drawn twice: the attempt is rolled back and another code drawn. */
class ReferralCodeTaken extends Error {}

/** What a unique violation of the account's insert says to the client. */
function clashOf(error: unknown): unknown {
  if (isUniqueViolation(error, 'users_email_key')) return new AppError('USER_EXISTS', 'settings.emailTaken');
  if (isUniqueViolation(error, 'users_username_lower_key')) return new AppError('USER_EXISTS', 'server.usernameTaken');
  if (isUniqueViolation(error, 'users_referral_code_key')) return new ReferralCodeTaken();
  if (isUniqueViolation(error)) return new AppError('USER_EXISTS', 'spec.userExists');
  return error;
}

/**
 * Creates an email + password account. Username and email are unique (case-insensitive);
 * a clash answers 409 with a message naming which one. `withAccount` runs in the account's own
 * transaction (the verification mail: an account is never left without the mail it was promised,
 * and a failed mail query leaves no account behind).
 */
export async function registerUser(
  db: Database,
  input: RegisterRequest,
  options: { withAccount?: (tx: Tx, user: UserRow) => Promise<void> } = {},
): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            username: input.username,
            email: input.email,
            registeredEmail: input.email,
            passwordHash,
            referralCode: generateReferralCode(),
            ...(input.language && { language: input.language }),
            // A choice made before sign-up carries into the account (else the column's default, dark).
            ...(input.theme && { theme: input.theme }),
          })
          .returning()
          .catch((error: unknown) => {
            throw clashOf(error);
          });
        await options.withAccount?.(tx, user!);
        return user!;
      });
    } catch (error) {
      if (error instanceof ReferralCodeTaken) continue;
      throw error;
    }
  }
  throw new Error('could not allocate a unique referral code');
}
