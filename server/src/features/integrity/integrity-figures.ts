import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/client.js';
import { readIntegrityThreshold } from './integrity-settings.js';

/**
 * Only network reasons of a trusted (premium or old) account: never enough to flag it
 * (score-account.ts isNetworkOnlyTrusted, in SQL over `reasons`).
 */
const networkOnlyTrusted = (reasons: string) =>
  sql.raw(`(jsonb_array_length(${reasons}) > 0 and not exists (
    select 1 from jsonb_array_elements(${reasons}) x
    where not (x->>'code' in ('network_burst', 'shared_fingerprint') and x->'detail'->>'trusted' = 'true')))`);

/**
 * The dashboard's integrity figures: accounts and rings flagged now (as the user page and the
 * rings list say: list-rings.ts, recompute-integrity.ts readAccountRisk) and the referral rewards
 * reversed by integrity reviews since `since` (entries and ZP, read by the ledger's BRIN index).
 */
export async function integrityFigures(db: Db, since: Date) {
  const threshold = await readIntegrityThreshold(db);
  const [flagged] = rowsOf<{ accounts: number; rings: number }>(
    await db.execute(sql`
      with flagged_rings as (
        select r.id from integrity_rings r
        where r.score >= ${threshold} and r.reviewed_at is null
          and exists (
            select 1 from integrity_ring_members m left join account_risk a on a.user_id = m.user_id
            where m.ring_id = r.id and not ${networkOnlyTrusted("coalesce(a.reasons, '[]'::jsonb)")})
      ),
      accounts as (
        select a.user_id from account_risk a where a.score >= ${threshold} and not ${networkOnlyTrusted('a.reasons')}
        union
        select m.user_id from integrity_ring_members m join flagged_rings f on f.id = m.ring_id
        left join account_risk a on a.user_id = m.user_id
        where not ${networkOnlyTrusted("coalesce(a.reasons, '[]'::jsonb)")}
      )
      select (select count(*) from accounts)::int as accounts, (select count(*) from flagged_rings)::int as rings`),
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
  };
}
