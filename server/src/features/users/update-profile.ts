import { eq } from 'drizzle-orm';
import type { ProfileChanges } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { users, type UserRow } from '../../platform/db/schema.js';

/**
 * Writes the profile fields that were sent (bio, Telegram and Twitter usernames, LinkedIn URL);
 * absent ones are kept, null clears. The input is already validated by the shared schema.
 */
export async function updateProfile(db: Db, options: { userId: string; changes: ProfileChanges }): Promise<UserRow> {
  const { userId, changes } = options;
  const values: Partial<Pick<UserRow, 'bio' | 'telegramUsername' | 'twitterUsername' | 'linkedinUrl'>> = {};
  if (changes.bio !== undefined) values.bio = changes.bio;
  if (changes.telegram_username !== undefined) values.telegramUsername = changes.telegram_username;
  if (changes.twitter_username !== undefined) values.twitterUsername = changes.twitter_username;
  if (changes.linkedin_url !== undefined) values.linkedinUrl = changes.linkedin_url;
  const [user] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
  if (!user) throw new Error(`updateProfile: no user ${userId}`);
  return user;
}
