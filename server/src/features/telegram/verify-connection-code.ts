import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { AppError, type ServerMessageKey } from '@ziver/shared';
import { isUniqueViolation, type Database } from '../../platform/db/client.js';
import { telegramConnectionCodes, users, type UserRow } from '../../platform/db/schema.js';

type Refusal = { code: 'BAD_REQUEST' | 'CONFLICT'; messageKey: ServerMessageKey; codeId?: string };

/**
 * Links the Telegram account behind a /connect code to the signed-in user. In one transaction:
 * the user's row is locked, the code is taken with a conditional UPDATE (live: not used, not
 * expired), and the user gets its telegram_id and username. A racing second verify of the same
 * code waits on the code's row lock, re-checks the WHERE, and finds nothing: a code works once.
 * A refusal rolls everything back, so a code refused for a conflict stays usable.
 */
export async function verifyConnectionCode(db: Database, options: { userId: string; code: string }): Promise<UserRow> {
  let refusal: Refusal | undefined;
  let linked: UserRow | undefined;
  try {
    linked = await db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, options.userId)).for('update');
      if (!user) throw new AppError('UNAUTHENTICATED', 'server.authRequired');

      const [taken] = await tx
        .update(telegramConnectionCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(telegramConnectionCodes.code, options.code),
            isNull(telegramConnectionCodes.usedAt),
            gt(telegramConnectionCodes.expiresAt, sql`now()`),
          ),
        )
        .returning();
      if (!taken) {
        refusal = await diagnoseUnusableCode(tx, options.code);
        return undefined;
      }

      if (user.telegramId !== null && user.telegramId !== taken.telegramId) {
        refusal = { code: 'CONFLICT', messageKey: 'telegram.otherTelegramLinked', codeId: taken.id };
        tx.rollback();
      }
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.telegramId, taken.telegramId), ne(users.id, user.id)))
        .limit(1);
      if (other) {
        refusal = { code: 'CONFLICT', messageKey: 'telegram.linkedElsewhere', codeId: taken.id };
        tx.rollback();
      }

      const [updated] = await tx
        .update(users)
        .set({
          telegramId: taken.telegramId,
          telegramUsername: taken.telegramUsername ?? user.telegramUsername,
          // They just talked to the bot: it may message them again.
          telegramBlockedAt: null,
        })
        .where(eq(users.id, user.id))
        .returning();
      return updated!;
    });
  } catch (error) {
    // A concurrent link of the same Telegram account to another user won the unique index.
    if (isUniqueViolation(error, 'users_telegram_id_key')) {
      throw new AppError('CONFLICT', 'telegram.linkedElsewhere');
    }
    if (!refusal) throw error;
  }
  if (linked) return linked;
  const { code, messageKey, codeId } = refusal ?? { code: 'BAD_REQUEST' as const, messageKey: 'telegram.codeInvalid' };
  if (codeId) await countAttempt(db, codeId);
  throw new AppError(code, messageKey);
}

/** Why a code could not be taken: unknown, expired, or used / replaced by a newer one. */
async function diagnoseUnusableCode(db: Pick<Database, 'select'>, code: string): Promise<Refusal> {
  const [latest] = await db
    .select({
      id: telegramConnectionCodes.id,
      isExpired: sql<boolean>`${telegramConnectionCodes.expiresAt} <= now()`,
    })
    .from(telegramConnectionCodes)
    .where(eq(telegramConnectionCodes.code, code))
    .orderBy(desc(telegramConnectionCodes.createdAt))
    .limit(1);
  if (!latest) return { code: 'BAD_REQUEST', messageKey: 'telegram.codeInvalid' };
  return {
    code: 'BAD_REQUEST',
    messageKey: latest.isExpired ? 'telegram.codeExpired' : 'telegram.codeNoLongerValid',
    codeId: latest.id,
  };
}

/** Records a refused use of an existing code (for abuse review; the rate limit does the blocking). */
async function countAttempt(db: Database, codeId: string): Promise<void> {
  await db
    .update(telegramConnectionCodes)
    .set({ attempts: sql`${telegramConnectionCodes.attempts} + 1` })
    .where(eq(telegramConnectionCodes.id, codeId));
}
