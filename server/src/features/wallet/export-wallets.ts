import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
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
 * One CSV field (RFC 4180). A field a spreadsheet would read as a formula (= + - @, tab, CR) is
 * prefixed with an apostrophe, so an export opened in one cannot run a username.
 */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Every linked wallet with its owner's balances and the link date, oldest link first: the list a
 * future distribution starts from. CRLF line ends, as RFC 4180 writes them.
 */
export async function exportLinkedWallets(db: Db): Promise<string> {
  const rows = await db
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
  const lines = rows.map((r) =>
    [
      r.userId,
      r.username,
      friendlyAddress(r.address, r.network),
      r.address,
      r.network,
      r.version,
      Number(r.zp).toFixed(4),
      Number(r.seb).toFixed(4),
      r.linkedAt.toISOString(),
    ].map(csvField),
  );
  return [HEADER, ...lines].map((fields) => `${fields.join(',')}\r\n`).join('');
}
