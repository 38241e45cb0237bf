import { eq } from 'drizzle-orm';
import { AppError } from '@ziver/shared';
import type { Database } from '../../platform/db/client.js';
import { users, type UserRow } from '../../platform/db/schema.js';

/**
 * Unlinks the signed-in user's Telegram account (telegram_id and telegram_username cleared).
 * Refused for an account whose only way to sign in is Telegram (created in the mini app, no
 * password, no Google): it would be locked out. Disconnecting when nothing is linked succeeds.
 */
export async function disconnectTelegram(
  db: Database,
  options: { userId: string },
): Promise<{ user: UserRow; wasLinked: boolean }> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, options.userId)).for('update');
    if (!user) throw new AppError('UNAUTHENTICATED', 'server.authRequired');
    if (user.telegramId === null) return { user, wasLinked: false };
    if (user.passwordHash === null && user.googleSub === null) {
      throw new AppError('CONFLICT', 'telegram.disconnectNeedsSignInMethod');
    }
    const [updated] = await tx
      .update(users)
      .set({ telegramId: null, telegramUsername: null, telegramBlockedAt: null })
      .where(eq(users.id, user.id))
      .returning();
    return { user: updated!, wasLinked: true };
  });
}
