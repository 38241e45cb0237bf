import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { users, type UserRow } from '../../platform/db/schema.js';
import { findUserById } from './find-user.js';

/**
 * Saves the Telegram username the mini app detected, only when the account has none (docs/spec.md §4):
 * a username the user typed or kept is never overwritten. The condition is in the UPDATE, so two
 * racing calls cannot both write.
 */
export async function autoSaveTelegramUsername(
  db: Db,
  options: { userId: string; telegramUsername: string },
): Promise<{ isSaved: boolean; user: UserRow }> {
  const { userId, telegramUsername } = options;
  const [updated] = await db
    .update(users)
    .set({ telegramUsername })
    .where(and(eq(users.id, userId), isNull(users.telegramUsername)))
    .returning();
  if (updated) return { isSaved: true, user: updated };
  const user = await findUserById(db, userId);
  if (!user) throw new Error(`autoSaveTelegramUsername: no user ${userId}`);
  return { isSaved: false, user };
}
