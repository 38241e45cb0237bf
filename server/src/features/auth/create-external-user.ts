import { isUniqueViolation, type Db } from '../../platform/db/client.js';
import { users, type UserRow } from '../../platform/db/schema.js';
import { generateReferralCode } from './referral-codes.js';
import { firstFreeUsername, isValidUsername, usernameCandidates } from './usernames.js';

type ExternalUserValues = Pick<
  typeof users.$inferInsert,
  'email' | 'registeredEmail' | 'googleSub' | 'telegramId' | 'telegramUsername' | 'avatarUrl' | 'language' | 'theme'
>;

/**
 * Creates an account for a Google or Telegram identity (no password). The username is the first
 * free one of `preferred`, else `fallbackBase` with a random suffix; a clash with a concurrent
 * sign-up just tries the next name. Other unique clashes (the same Google or Telegram id, or the
 * email) are rethrown for the caller, which then finds the account that won the race.
 */
export async function createExternalUser(
  db: Db,
  options: { preferred: string[]; fallbackBase: string; values: ExternalUserValues },
): Promise<UserRow> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const candidates = [...options.preferred.filter(isValidUsername), ...usernameCandidates(options.fallbackBase)];
    const username = (await firstFreeUsername(db, candidates)) ?? usernameCandidates(options.fallbackBase, 2).at(-1)!;
    try {
      const [user] = await db
        .insert(users)
        .values({ ...options.values, username, referralCode: generateReferralCode() })
        .returning();
      return user!;
    } catch (error) {
      if (isUniqueViolation(error, 'users_username_lower_key') || isUniqueViolation(error, 'users_referral_code_key'))
        continue;
      throw error;
    }
  }
  throw new Error('could not allocate a unique username');
}
