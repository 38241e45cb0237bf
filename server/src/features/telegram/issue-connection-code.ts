import { randomInt } from 'node:crypto';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { TELEGRAM_CODE_LENGTH, TELEGRAM_CODE_TTL_MINUTES } from '@ziver/shared';
import { isUniqueViolation, type Database } from '../../platform/db/client.js';
import { telegramConnectionCodes, users } from '../../platform/db/schema.js';

export type IssueConnectionCodeResult =
  | { status: 'issued'; code: string; expiresAt: Date; ttlMinutes: number }
  | { status: 'already_linked'; username: string };

const MAX_TRIES = 8;

/**
 * Issues the 6-digit code the bot's /connect shows: valid 10 minutes, single use, one live code
 * per Telegram user. Issuing retires the user's previous code (and any expired codes, so their
 * values can be issued again). Two partial unique indexes hold the rules under concurrency: one
 * live row per code value and one per Telegram user; a collision is retried with a new code.
 * A Telegram user already linked to an account gets that account's name instead.
 */
export async function issueConnectionCode(
  db: Database,
  options: { telegramId: bigint; telegramUsername?: string | null | undefined; ttlMinutes?: number },
): Promise<IssueConnectionCodeResult> {
  const ttlMinutes = options.ttlMinutes ?? TELEGRAM_CODE_TTL_MINUTES;
  const [linked] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.telegramId, options.telegramId))
    .limit(1);
  if (linked) return { status: 'already_linked', username: linked.username };

  for (let attempt = 1; ; attempt++) {
    const code = String(randomInt(0, 10 ** TELEGRAM_CODE_LENGTH)).padStart(TELEGRAM_CODE_LENGTH, '0');
    try {
      const row = await db.transaction(async (tx) => {
        await tx
          .update(telegramConnectionCodes)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              isNull(telegramConnectionCodes.usedAt),
              or(
                eq(telegramConnectionCodes.telegramId, options.telegramId),
                lte(telegramConnectionCodes.expiresAt, sql`now()`),
              ),
            ),
          );
        const [inserted] = await tx
          .insert(telegramConnectionCodes)
          .values({
            code,
            telegramId: options.telegramId,
            telegramUsername: options.telegramUsername ?? null,
            expiresAt: sql`now() + make_interval(mins => ${ttlMinutes})`,
          })
          .returning({ code: telegramConnectionCodes.code, expiresAt: telegramConnectionCodes.expiresAt });
        return inserted!;
      });
      return { status: 'issued', code: row.code, expiresAt: row.expiresAt, ttlMinutes };
    } catch (error) {
      // Another live code has this value, or a concurrent /connect of the same user won: try again.
      if (attempt < MAX_TRIES && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}
