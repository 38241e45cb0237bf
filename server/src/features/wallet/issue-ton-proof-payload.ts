import { randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { sha256_sync } from '@ton/crypto';
import { TON_PROOF_TTL_SECONDS } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { tonProofPayloads } from '../../platform/db/schema.js';

/** Only a hash is stored: a database reader cannot replay a payload that is still open. */
export const payloadHashOf = (payload: string) => sha256_sync(Buffer.from(payload, 'utf8')).toString('hex');

/**
 * A fresh ton_proof payload for the user: 32 random bytes (hex, 64 characters, well within what
 * wallets sign), stored as its hash with the user and an expiry 15 minutes out. The user's expired
 * payloads are dropped on the way (spent ones stay until they expire, so a replay is told so).
 */
export async function issueTonProofPayload(
  db: Db,
  options: { userId: string; now: Date },
): Promise<{ payload: string; expiresAt: Date }> {
  const payload = randomBytes(32).toString('hex');
  const expiresAt = new Date(options.now.getTime() + TON_PROOF_TTL_SECONDS * 1000);
  await db
    .delete(tonProofPayloads)
    .where(and(eq(tonProofPayloads.userId, options.userId), lt(tonProofPayloads.expiresAt, options.now)));
  await db.insert(tonProofPayloads).values({ payloadHash: payloadHashOf(payload), userId: options.userId, expiresAt });
  return { payload, expiresAt };
}
