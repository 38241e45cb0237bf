import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { LANGUAGES, PASSWORD_RESET_TTL_MINUTES, type Language } from '@ziver/shared';
import { randomUUID } from 'node:crypto';
import { sha256Hex } from '../../platform/crypto.js';
import { rowsOf, type Database } from '../../platform/db/client.js';
import { passwordResetTokens, users } from '../../platform/db/schema.js';
import type { Logger } from '../../platform/logger.js';
import { startOutboxLane, type OutboxLaneHandle } from '../../platform/outbox/runner.js';
import { passwordResetTokenFor } from '../auth/password-reset-mail.js';
import type { PreparedMessage, SendOutcome } from './send-bot-message.js';
import type { SendThrottle } from './send-throttle.js';
import { createTelegramChannel } from './telegram-channel.js';

/**
 * /reset in the bot: for the account linked to this Telegram user, a reset link as forgot-password
 * stores it (single use, 30 minutes, its SHA-256 only) and its message in the outbox's Telegram
 * channel (kind 'password_reset'), in one transaction. A Telegram user with no linked account
 * runs the same INSERT … SELECT, which inserts nothing: the bot answers the same either way.
 */
export async function requestTelegramPasswordReset(
  db: Database,
  options: { telegramId: number; baseUrl: string; key: Buffer },
): Promise<void> {
  const tokenId = randomUUID();
  const tokenHash = sha256Hex(passwordResetTokenFor(options.key, tokenId));
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(passwordResetTokens)
      .select(
        tx
          .select({
            id: sql<string>`${tokenId}::uuid`.as('id'),
            userId: users.id,
            tokenHash: sql<string>`${tokenHash}`.as('token_hash'),
            createdAt: sql<Date>`now()`.as('created_at'),
            expiresAt: sql<Date>`now() + make_interval(mins => ${PASSWORD_RESET_TTL_MINUTES})`.as('expires_at'),
            usedAt: sql<Date | null>`NULL::timestamptz`.as('used_at'),
          })
          .from(users)
          .where(eq(users.telegramId, BigInt(options.telegramId))),
      )
      .returning({ id: passwordResetTokens.id, userId: passwordResetTokens.userId });
    if (!created) return;
    await tx.execute(sql`
      INSERT INTO outbox_messages (channel, kind, user_id, dedupe_key, payload)
      VALUES ('telegram', 'password_reset', ${created.userId}, ${`password-reset:${created.id}:telegram`},
              ${JSON.stringify({ tokenId: created.id, baseUrl: options.baseUrl })}::jsonb)
      ON CONFLICT (dedupe_key) DO NOTHING`);
  });
}

export type PasswordResetSenderOptions = {
  db: Database;
  logger: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
  /** The server key the link's token is derived with (as the mail lane's). */
  key: Buffer;
  /** ONE raw sendMessage attempt (createBotMessageSender's `prepare`) of the link's message. */
  prepareSend(input: { chatId: number; language: Language; url: string }): Promise<PreparedMessage | SendOutcome>;
  pollSeconds: number;
  maxAttempts: number;
  retrySeconds: number;
  /** The process's bot throttle (one overall limit with notifications and announcements). */
  throttle: SendThrottle;
  leaseSeconds?: number;
};

/**
 * The outbox lane for reset links in the bot's chat: a row whose link was spent or expired
 * meanwhile, or whose account unlinked Telegram or blocked the bot, is 'skipped'. An outage waits
 * without using up tries; a refusal fails at once (it would say the same again).
 */
export function startPasswordResetSender(options: PasswordResetSenderOptions): OutboxLaneHandle {
  const { db, logger } = options;
  const channel = createTelegramChannel({
    db,
    policy: { outage: 'not-counted', refused: 'fail', unreachable: 'skipped' },
    maxAttempts: options.maxAttempts,
    retrySeconds: options.retrySeconds,
    throttles: [options.throttle],
    messageFor: async (row) => {
      const tokenId = String(row.payload.tokenId);
      const [live] = await db
        .select({ id: passwordResetTokens.id })
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.id, tokenId),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, sql`now()`),
          ),
        )
        .limit(1);
      const [user] = rowsOf<{ telegram_id: string | null; language: string; is_blocked: boolean }>(
        await db.execute(sql`
          SELECT telegram_id::text AS telegram_id, language, telegram_blocked_at IS NOT NULL AS is_blocked
          FROM users WHERE id = ${row.userId}::uuid`),
      );
      if (!live || !user || user.telegram_id === null || user.is_blocked) return { verdict: { kind: 'skipped' } };
      const chatId = Number(user.telegram_id);
      const language = (LANGUAGES as readonly string[]).includes(user.language) ? (user.language as Language) : 'en';
      const base = String(row.payload.baseUrl).replace(/\/+$/, '');
      const url = `${base}/reset-password?token=${passwordResetTokenFor(options.key, tokenId)}`;
      return { chatId, prepare: () => options.prepareSend({ chatId, language, url }) };
    },
  });
  return startOutboxLane(
    { db, logger },
    {
      channel,
      kinds: ['password_reset'],
      name: 'password reset link',
      pollSeconds: options.pollSeconds,
      batchSize: 20,
      leaseSeconds: options.leaseSeconds ?? 120,
      maxAttempts: options.maxAttempts,
    },
  );
}
