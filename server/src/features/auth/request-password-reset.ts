import { and, eq, or, sql } from 'drizzle-orm';
import { PASSWORD_RESET_TTL_MINUTES } from '@ziver/shared';
import { randomUUID } from 'node:crypto';
import { sha256Hex } from '../../platform/crypto.js';
import type { Database } from '../../platform/db/client.js';
import { passwordResetTokens, users } from '../../platform/db/schema.js';
import { enqueuePasswordResetMail, passwordResetTokenFor } from './password-reset-mail.js';

/**
 * Forgot password: when `email` is an account's verified address or the one it registered with,
 * stores a single-use token (its SHA-256 only; the token is derived from the row id with the
 * server's key, see password-reset-mail.ts) valid 30 minutes and puts its mail in the outbox.
 * Known and unknown addresses run the same statements (an INSERT … SELECT that inserts one row
 * or none) and the caller answers the same either way: nothing tells whether the account exists.
 */
export async function requestPasswordReset(
  db: Database,
  options: { email: string; baseUrl: string; key: Buffer },
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
          .where(
            and(eq(users.email, options.email), or(eq(users.verified, true), eq(users.email, users.registeredEmail))),
          ),
      )
      .returning({ id: passwordResetTokens.id, userId: passwordResetTokens.userId });
    if (!created) return;
    await enqueuePasswordResetMail(tx, { userId: created.userId, tokenId: created.id, baseUrl: options.baseUrl });
  });
}
