import { asc, eq } from 'drizzle-orm';
import { csvLines } from '../../platform/csv.js';
import { recordAdminAction } from '../../platform/audit-log.js';
import type { Database, Db } from '../../platform/db/client.js';
import { tonWallets, users } from '../../platform/db/schema.js';
import { friendlyAddress } from './present-wallet.js';

const HEADER = [
  'user_id',
  'username',
  'address',
  'raw_address',
  'network',
  'version',
  'zp_balance',
  'seb_balance',
  'linked_at',
];

/**
 * Every linked wallet with its owner's balances and the link date, oldest link first: the list a
 * future distribution starts from. CRLF line ends, as RFC 4180 writes them.
 */
export async function exportLinkedWallets(database: Database, adminId: string): Promise<string> {
  // Audited in the read's transaction: the entry exists exactly when the list left the system.
  const rows = await database.transaction(async (tx) => {
    const found = await readLinkedWallets(tx);
    await recordAdminAction(tx, {
      adminId,
      action: 'wallets.export',
      targetType: 'export',
      targetId: null,
      before: null,
      after: { rows: found.length },
    });
    return found;
  });
  return csvLines(
    HEADER,
    rows.map((r) => [
      r.userId,
      r.username,
      friendlyAddress(r.address, r.network),
      r.address,
      r.network,
      r.version,
      Number(r.zp).toFixed(4),
      Number(r.seb).toFixed(4),
      r.linkedAt.toISOString(),
    ]),
  );
}

const readLinkedWallets = (db: Db) =>
  db
    .select({
      userId: tonWallets.userId,
      username: users.username,
      address: tonWallets.address,
      network: tonWallets.network,
      version: tonWallets.version,
      zp: users.zpBalance,
      seb: users.socialCapitalScore,
      linkedAt: tonWallets.linkedAt,
    })
    .from(tonWallets)
    .innerJoin(users, eq(users.id, tonWallets.userId))
    .orderBy(asc(tonWallets.linkedAt), asc(tonWallets.userId));
