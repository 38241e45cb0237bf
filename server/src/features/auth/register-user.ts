import { AppError, type RegisterRequest } from '@ziver/shared';
import { isUniqueViolation, type Database } from '../../platform/db/client.js';
import { users, type UserRow } from '../../platform/db/schema.js';
import { hashPassword } from './passwords.js';
import { generateReferralCode } from './referral-codes.js';

/**
 * Creates an email + password account. Username and email are unique (case-insensitive);
 * a clash answers 409 with a message naming which one.
 */
export async function registerUser(db: Database, input: RegisterRequest): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const [user] = await db
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
        .returning();
      return user!;
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_key')) {
        throw new AppError('USER_EXISTS', 'settings.emailTaken');
      }
      if (isUniqueViolation(error, 'users_username_lower_key')) {
        throw new AppError('USER_EXISTS', 'server.usernameTaken');
      }
      if (isUniqueViolation(error, 'users_referral_code_key')) continue;
      if (isUniqueViolation(error)) throw new AppError('USER_EXISTS', 'spec.userExists');
      throw error;
    }
  }
  throw new Error('could not allocate a unique referral code');
}
