import { and, eq, isNull } from 'drizzle-orm';
import { LANGUAGES, type Language } from '@ziver/shared';
import { isUniqueViolation, type Db } from '../../platform/db/client.js';
import { users, type UserRow } from '../../platform/db/schema.js';
import { createExternalUser } from './create-external-user.js';
import type { TelegramInitDataUser } from './telegram-init-data.js';

/**
 * Finds or creates the account linked to a validated Telegram user. A new account takes the
 * Telegram username when it is free and a valid Ziver username, else `tg_<id>`; it has no email
 * and no password. An existing account without a Telegram username gets this one saved.
 * `beforeCreate` runs only when there is no account yet and may refuse by throwing (lockdown).
 */
export async function signInWithTelegram(
  db: Db,
  telegramUser: TelegramInitDataUser,
  options: { beforeCreate?: () => Promise<void> } = {},
): Promise<{ user: UserRow; isNewUser: boolean }> {
  const fallback = `tg_${telegramUser.id}`;
  for (let attempt = 0; attempt < 3; attempt++) {
    const [existing] = await db.select().from(users).where(eq(users.telegramId, telegramUser.id)).limit(1);
    if (existing)
      return { user: await autoSaveTelegramUsername(db, existing, telegramUser.username), isNewUser: false };
    await options.beforeCreate?.();
    try {
      const user = await createExternalUser(db, {
        preferred: [telegramUser.username, fallback].filter((name): name is string => name !== null),
        fallbackBase: fallback,
        values: {
          telegramId: telegramUser.id,
          telegramUsername: telegramUser.username,
          email: null,
          // The bot already speaks the user's Telegram language: the app and notifications do too.
          language: languageFromTelegram(telegramUser.languageCode),
          // Until the user picks a theme, the app follows Telegram's (day or night).
          theme: 'auto',
        },
      });
      return { user, isNewUser: true };
    } catch (error) {
      if (isUniqueViolation(error, 'users_telegram_id_key')) continue; // a concurrent first sign-in won
      throw error;
    }
  }
  throw new Error('Telegram sign-in did not settle after concurrent attempts');
}

async function autoSaveTelegramUsername(db: Db, user: UserRow, username: string | null): Promise<UserRow> {
  if (user.telegramUsername || !username) return user;
  const [updated] = await db
    .update(users)
    .set({ telegramUsername: username })
    .where(and(eq(users.id, user.id), isNull(users.telegramUsername)))
    .returning();
  return updated ?? user;
}

/** Telegram's `language_code` (`es`, `pt-br`, `zh-hans`) as one of our languages: its primary subtag, else English. */
export function languageFromTelegram(languageCode: string | null): Language {
  const primary = languageCode?.toLowerCase().split(/[-_]/)[0] ?? '';
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : 'en';
}
