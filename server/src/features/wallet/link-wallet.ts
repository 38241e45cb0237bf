import { and, eq, gt, isNull } from 'drizzle-orm';
import { AppError, type TonProofRequest } from '@ziver/shared';
import type { WalletConfig } from '../../platform/config.js';
import type { Database } from '../../platform/db/client.js';
import { tonProofPayloads, tonWalletEvents, tonWallets, type TonWalletRow } from '../../platform/db/schema.js';
import { payloadHashOf } from './issue-ton-proof-payload.js';
import { verifyTonProof } from './verify-ton-proof.js';

const payloadError = (key: 'payloadUnknown' | 'payloadUsed' | 'payloadExpired') =>
  new AppError('TON_PROOF_INVALID', `wallet.${key}`);

/**
 * Links the wallet a ton_proof proves to the user. Every check runs before anything is written;
 * then one transaction consumes the payload (a conditional update: a payload links at most once,
 * even when two proofs race) and inserts the wallet, whose primary key (one per user) and unique
 * address (one user per address) settle races between accounts. A refusal rolls it all back, the
 * payload included. Linking the wallet already linked answers it again.
 */
export async function linkWallet(
  deps: { db: Database; config: WalletConfig },
  options: { userId: string; request: TonProofRequest; now: Date },
): Promise<TonWalletRow> {
  const { db, config } = deps;
  const { userId, request, now } = options;
  const payloadHash = payloadHashOf(request.proof.payload);

  const [payload] = await db.select().from(tonProofPayloads).where(eq(tonProofPayloads.payloadHash, payloadHash));
  if (!payload || payload.userId !== userId) throw payloadError('payloadUnknown');
  if (payload.usedAt) throw payloadError('payloadUsed');
  if (payload.expiresAt <= now) throw payloadError('payloadExpired');

  const verified = verifyTonProof(request, config, now);
  const address = verified.address.toRawString();

  return db.transaction(async (tx) => {
    const consumed = await tx
      .update(tonProofPayloads)
      .set({ usedAt: now })
      .where(
        and(
          eq(tonProofPayloads.payloadHash, payloadHash),
          eq(tonProofPayloads.userId, userId),
          isNull(tonProofPayloads.usedAt),
          gt(tonProofPayloads.expiresAt, now),
        ),
      )
      .returning({ hash: tonProofPayloads.payloadHash });
    // Another proof with this payload got here first.
    if (consumed.length === 0) throw payloadError('payloadUsed');

    const [inserted] = await tx
      .insert(tonWallets)
      .values({
        userId,
        address,
        network: config.network,
        version: verified.version,
        publicKey: verified.publicKey.toString('hex'),
        linkedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      // Read after the conflict: the row that won is committed and visible to this statement.
      const [mine] = await tx.select().from(tonWallets).where(eq(tonWallets.userId, userId));
      if (mine && mine.address === address) return mine;
      if (mine) throw new AppError('WALLET_ALREADY_LINKED', 'wallet.alreadyLinked');
      throw new AppError('WALLET_ADDRESS_TAKEN', 'wallet.addressTaken');
    }
    await tx.insert(tonWalletEvents).values({
      userId,
      action: 'link',
      address,
      network: inserted.network,
      version: inserted.version,
    });
    return inserted;
  });
}
