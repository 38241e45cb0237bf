import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';

/**
 * Records whether the bot may message a Telegram user: blocked (Telegram answered 403, or the
 * user blocked the bot) sets telegram_blocked_at; writing to the bot or unblocking it clears it.
 * Conditional updates: the usual "still reachable" case writes nothing.
 */
export async function setTelegramReachability(
  db: Db,
  options: { telegramId: bigint; isReachable: boolean },
): Promise<void> {
  if (options.isReachable) {
    await db
      .update(users)
      .set({ telegramBlockedAt: null })
      .where(and(eq(users.telegramId, options.telegramId), isNotNull(users.telegramBlockedAt)));
  } else {
    await db
      .update(users)
      .set({ telegramBlockedAt: sql`now()` })
      .where(and(eq(users.telegramId, options.telegramId), isNull(users.telegramBlockedAt)));
  }
}
