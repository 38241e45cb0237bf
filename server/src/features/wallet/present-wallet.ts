import { Address } from '@ton/core';
import type { Wallet } from '@ziver/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { tonWallets, type TonWalletRow } from '../../platform/db/schema.js';

/**
 * The user-friendly form of a wallet's address: non-bounceable, because a wallet is a user
 * account (TON Connect's guidance; decisions §23), test-only on testnet, URL-safe.
 */
export function friendlyAddress(rawAddress: string, network: Wallet['network']): string {
  return Address.parseRaw(rawAddress).toString({ bounceable: false, testOnly: network === 'testnet', urlSafe: true });
}

export function presentWallet(row: TonWalletRow): Wallet {
  return {
    address: friendlyAddress(row.address, row.network),
    rawAddress: row.address,
    network: row.network,
    version: row.version,
    linkedAt: row.linkedAt.toISOString(),
  };
}

/** The user's linked wallet, or undefined. */
export async function findWallet(db: Db, userId: string): Promise<TonWalletRow | undefined> {
  const [row] = await db.select().from(tonWallets).where(eq(tonWallets.userId, userId));
  return row;
}

/** How many wallets are linked (the dashboard's figure). */
export async function countLinkedWallets(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tonWallets);
  return Number(row?.n ?? 0);
}
