import { eq } from 'drizzle-orm';
import { AppError } from '@ziver/shared';
import { recordAdminAction } from '../../platform/audit-log.js';
import type { Database } from '../../platform/db/client.js';
import { tonWalletEvents, tonWallets, type TonWalletRow } from '../../platform/db/schema.js';

/**
 * Unlinks the user's wallet, written to the wallets' trail in the same transaction; when an
 * operator does it (`adminId`), to the operators' audit log as well.
 */
export async function unlinkWallet(db: Database, options: { userId: string; adminId?: string }): Promise<TonWalletRow> {
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(tonWallets).where(eq(tonWallets.userId, options.userId)).returning();
    if (!removed) throw new AppError('NOT_FOUND', 'wallet.notLinked');
    await tx.insert(tonWalletEvents).values({
      userId: removed.userId,
      action: 'unlink',
      address: removed.address,
      network: removed.network,
      version: removed.version,
      adminId: options.adminId ?? null,
    });
    if (options.adminId) {
      await recordAdminAction(tx, {
        adminId: options.adminId,
        action: 'user.wallet_unlink',
        targetType: 'user',
        targetId: removed.userId,
        before: { address: removed.address, network: removed.network, version: removed.version },
        after: null,
      });
    }
    return removed;
  });
}
