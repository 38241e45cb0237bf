import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/client.js';
import { flaggedCtes } from './flagged-accounts.js';
import { heldRewardsFigure } from './held-rewards.js';
import { readIntegrityThreshold } from './integrity-settings.js';

/**
 * The dashboard's integrity figures: accounts and rings flagged now (as the user page and the
 * rings list say: list-rings.ts, recompute-integrity.ts readAccountRisk) and the referral rewards
 * reversed by integrity reviews since `since` (entries and ZP, read by the ledger's BRIN index),
 * and the referral rewards held back now (held-rewards.ts).
 */
export async function integrityFigures(db: Db, since: Date) {
  const threshold = await readIntegrityThreshold(db);
  const [flagged] = rowsOf<{ accounts: number; rings: number }>(
    await db.execute(sql`
      with ${flaggedCtes(threshold)}
      select (select count(*) from flagged_accounts)::int as accounts, (select count(*) from flagged_rings)::int as rings`),
  );
  const [reversed] = rowsOf<{ entries: number; zp: number }>(
    await db.execute(sql`
      select count(*)::int as entries, coalesce(-sum(amount), 0)::float8 as zp from transactions
      where created_at >= ${since.toISOString()}::timestamptz and type = 'referral_reward_reversal'
        and metadata->>'event' = 'integrity_ring'`),
  );
  return {
    accounts_flagged: flagged?.accounts ?? 0,
    rings_flagged: flagged?.rings ?? 0,
    rewards_reversed: reversed?.entries ?? 0,
    rewards_reversed_zp: reversed?.zp ?? 0,
    ...(await heldRewardsFigure(db)),
  };
}
