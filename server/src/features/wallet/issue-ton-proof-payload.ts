import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { sha256_sync } from '@ton/crypto';
import { TON_PROOF_TTL_SECONDS } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { tonProofPayloads } from '../../platform/db/schema.js';

/** Only a hash is stored: a database reader cannot replay a payload that is still open. */
export const payloadHashOf = (payload: string) => sha256_sync(Buffer.from(payload, 'utf8')).toString('hex');

/** Expired payloads dropped per payload issued: more than are ever issued, so the table stays small. */
const SWEEP_LIMIT = 100;

/**
 * A fresh ton_proof payload for the user: 32 random bytes (hex, 64 characters, well within what
 * wallets sign), stored as its hash with the user and an expiry 15 minutes out. On the way, up to
 * 100 expired payloads of anyone are dropped (by the expiry index); spent ones stay until they
 * expire, so a replay is told "already used".
 */
export async function issueTonProofPayload(
  db: Db,
  options: { userId: string; now: Date },
): Promise<{ payload: string; expiresAt: Date }> {
  const payload = randomBytes(32).toString('hex');
  const expiresAt = new Date(options.now.getTime() + TON_PROOF_TTL_SECONDS * 1000);
  await db.execute(sql`
    delete from ${tonProofPayloads} where ${tonProofPayloads.payloadHash} in (
      select ${tonProofPayloads.payloadHash} from ${tonProofPayloads}
      where ${tonProofPayloads.expiresAt} < ${options.now.toISOString()}::timestamptz
      limit ${SWEEP_LIMIT})`);
  await db.insert(tonProofPayloads).values({ payloadHash: payloadHashOf(payload), userId: options.userId, expiresAt });
  return { payload, expiresAt };
}
