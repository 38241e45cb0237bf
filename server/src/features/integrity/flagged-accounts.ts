import { sql, type SQL } from 'drizzle-orm';

/**
 * Only network reasons of a trusted (premium or old) account: never enough to flag it
 * (score-account.ts isNetworkOnlyTrusted, in SQL over `reasons`). `trusted` is absent from an
 * untrusted reason: without the coalesce the comparison is null and such a reason would pass.
 */
const networkOnlyTrusted = (reasons: string) => `(jsonb_array_length(${reasons}) > 0 and not exists (
    select 1 from jsonb_array_elements(${reasons}) x
    where not (x->>'code' in ('network_burst', 'shared_fingerprint') and coalesce(x->'detail'->>'trusted', '') = 'true')))`;

/** A flagged ring does not flag this member (score-account.ts isExemptFromRing), over `a`: its account_risk row or nulls. */
const exemptFromRing = sql.raw(`(${networkOnlyTrusted("coalesce(a.reasons, '[]'::jsonb)")}
    or (a.reviewed_at is not null and jsonb_array_length(a.reasons) = 0))`);

/**
 * The accounts flagged now and the rings flagged now, as CTEs `flagged_rings (id)` and
 * `flagged_accounts (user_id)` for a `with` clause: what the user page says one account at a
 * time (recompute-integrity.ts readAccountRisk) and the rings list per ring (list-rings.ts).
 * One definition for the dashboard's figures and the held rewards' job. With `onlyUsers` (a
 * `uuid[]` expression), `flagged_accounts` holds only those of them that are flagged and
 * `flagged_rings` only the flagged rings they are in: the same answer for those users.
 */
export function flaggedCtes(threshold: number, onlyUsers?: SQL): SQL {
  const ringScope = onlyUsers
    ? sql`and r.id in (select s.ring_id from integrity_ring_members s where s.user_id = any(${onlyUsers}))`
    : sql``;
  const accountScope = onlyUsers ? sql`a.user_id = any(${onlyUsers}) and` : sql``;
  const memberScope = onlyUsers ? sql`m.user_id = any(${onlyUsers}) and` : sql``;
  return sql`
    flagged_rings as (
      select r.id from integrity_rings r
      where r.score >= ${threshold} and r.reviewed_at is null ${ringScope}
        and exists (
          select 1 from integrity_ring_members m left join account_risk a on a.user_id = m.user_id
          where m.ring_id = r.id and not ${exemptFromRing})
    ),
    flagged_accounts as (
      select a.user_id from account_risk a
      where ${accountScope} a.score >= ${threshold} and not ${sql.raw(networkOnlyTrusted('a.reasons'))}
      union
      select m.user_id from integrity_ring_members m join flagged_rings f on f.id = m.ring_id
      left join account_risk a on a.user_id = m.user_id
      where ${memberScope} not ${exemptFromRing}
    )`;
}
