import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AppError, EMAIL_VERIFICATION_TOKEN_PATTERN, EMAIL_VERIFICATION_TTL_HOURS } from '@ziver/shared';
import { randomUUID } from 'node:crypto';
import { sha256Hex } from '../../platform/crypto.js';
import type { Database, Db } from '../../platform/db/client.js';
import { emailVerificationTokens, users } from '../../platform/db/schema.js';
import { enqueueMail } from '../../platform/mail/enqueue-mail.js';
import { emailVerificationTokenFor } from './email-verification-mail.js';

/**
 * Issues a verification link for `email`, the account's address now, in the caller's transaction:
 * the account's unused links are deleted (the newest supersedes them), the new one's SHA-256 is
 * stored (the token is derived from the row id with the server's key, email-verification-mail.ts)
 * with the address, and its mail goes into the outbox addressed to that address.
 */
export async function issueEmailVerification(
  tx: Db,
  options: { userId: string; email: string; baseUrl: string; key: Buffer },
): Promise<void> {
  const tokenId = randomUUID();
  await tx
    .delete(emailVerificationTokens)
    .where(and(eq(emailVerificationTokens.userId, options.userId), isNull(emailVerificationTokens.usedAt)));
  await tx.insert(emailVerificationTokens).values({
    id: tokenId,
    userId: options.userId,
    email: options.email,
    tokenHash: sha256Hex(emailVerificationTokenFor(options.key, tokenId)),
    expiresAt: sql`now() + make_interval(hours => ${EMAIL_VERIFICATION_TTL_HOURS})`,
  });
  await enqueueMail(tx, {
    userId: options.userId,
    to: options.email,
    template: 'email_verification',
    vars: { tokenId, baseUrl: options.baseUrl },
    dedupeKey: `email-verification:${tokenId}`,
  });
}

const invalidToken = () => new AppError('EMAIL_VERIFICATION_TOKEN_INVALID', 'identity.emailVerificationTokenInvalid');

/** Why a token cannot be spent (read after the conditional UPDATE found nothing). */
async function refusalFor(db: Db, tokenHash: string): Promise<AppError> {
  const [row] = await db
    .select({
      usedAt: emailVerificationTokens.usedAt,
      isExpired: sql<boolean>`${emailVerificationTokens.expiresAt} <= now()`,
    })
    .from(emailVerificationTokens)
    .where(eq(emailVerificationTokens.tokenHash, tokenHash))
    .limit(1);
  if (!row) return invalidToken();
  if (row.usedAt) return new AppError('EMAIL_VERIFICATION_TOKEN_USED', 'identity.emailVerificationTokenUsed');
  return new AppError('EMAIL_VERIFICATION_TOKEN_EXPIRED', 'identity.emailVerificationTokenExpired');
}

/**
 * Follows a verification link. In one transaction the token is spent by a conditional UPDATE
 * (unused, not expired: of two calls with one token exactly one gets it) and the account is marked
 * verified only while its address is still the one the link was sent to; otherwise the refusal
 * rolls both back (409, nothing changed).
 */
export async function verifyEmail(db: Database, options: { token: string }): Promise<{ userId: string }> {
  if (!EMAIL_VERIFICATION_TOKEN_PATTERN.test(options.token)) throw invalidToken();
  const tokenHash = sha256Hex(options.token);
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, tokenHash),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
    if (!spent) throw await refusalFor(tx, tokenHash);
    const [verified] = await tx
      .update(users)
      .set({ verified: true })
      .where(and(eq(users.id, spent.userId), sql`lower(${users.email}) = lower(${spent.email})`))
      .returning({ id: users.id });
    if (!verified) {
      throw new AppError('EMAIL_VERIFICATION_ADDRESS_CHANGED', 'identity.emailVerificationAddressChanged');
    }
    return { userId: verified.id };
  });
}

/** A new link for the signed-in account's address (refused when it has none or it is verified already). */
export async function resendEmailVerification(
  db: Database,
  options: { userId: string; baseUrl: string; key: Buffer },
): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, verified: users.verified })
      .from(users)
      .where(eq(users.id, options.userId))
      .for('update')
      .limit(1);
    if (!user?.email) throw new AppError('EMAIL_NOT_SET', 'identity.emailNotSet');
    if (user.verified) throw new AppError('EMAIL_ALREADY_VERIFIED', 'identity.emailAlreadyVerified');
    await issueEmailVerification(tx, {
      userId: options.userId,
      email: user.email,
      baseUrl: options.baseUrl,
      key: options.key,
    });
    return { email: user.email };
  });
}
