/** The bank invariant, checked in SQL after every fault. `query` runs SQL on the app's database. */
export type Query = (text: string) => Promise<Record<string, unknown>[]>;

export type InvariantReport = {
  users: number;
  claimedCycles: number;
  rewards: number;
  /** Human-readable breaks; empty when the ledger is sound. */
  breaks: string[];
};

export async function checkBankInvariant(
  query: Query,
  claimsAcknowledged: Map<string, number>,
): Promise<InvariantReport> {
  const breaks: string[] = [];
  const list = (rows: Record<string, unknown>[]) => JSON.stringify(rows.slice(0, 5));

  const balanceMismatch = await query(`
    select u.email, u.zp_balance, u.social_capital_score, coalesce(t.zp, 0) as zp, coalesce(t.seb, 0) as seb
    from users u
    left join (
      select user_id,
        sum(amount) filter (where currency = 'ZP') as zp,
        sum(amount) filter (where currency = 'SEB') as seb
      from transactions group by user_id
    ) t on t.user_id = u.id
    where u.zp_balance <> coalesce(t.zp, 0) or u.social_capital_score <> coalesce(t.seb, 0)`);
  if (balanceMismatch.length) breaks.push(`balance <> sum of entries: ${list(balanceMismatch)}`);

  const negative = await query(`select email from users where zp_balance < 0 or social_capital_score < 0`);
  if (negative.length) breaks.push(`negative balance: ${list(negative)}`);

  const doubleRewards = await query(`
    select metadata->>'cycleId' as cycle, currency, count(*)::int as n from transactions
    where type = 'mining_reward' group by 1, 2 having count(*) > 1`);
  if (doubleRewards.length) breaks.push(`more than one reward for a cycle: ${list(doubleRewards)}`);

  const unpaid = await query(`
    select ms.id from mining_sessions ms
    where ms.claimed_at is not null
      and not exists (select 1 from transactions t where t.idempotency_key = 'mining:' || ms.id || ':ZP')`);
  if (unpaid.length) breaks.push(`claimed cycle without its reward: ${list(unpaid)}`);

  const orphan = await query(`
    select t.id from transactions t
    where t.type = 'mining_reward' and not exists (
      select 1 from mining_sessions ms where ms.id::text = t.metadata->>'cycleId' and ms.claimed_at is not null)`);
  if (orphan.length) breaks.push(`reward without a claimed cycle: ${list(orphan)}`);

  const rewardsByEmail = new Map(
    (
      await query(`
        select u.email, count(t.id)::int as n from users u
        left join transactions t on t.user_id = u.id and t.type = 'mining_reward' and t.currency = 'ZP'
        group by u.email`)
    ).map((r) => [String(r.email), Number(r.n)]),
  );
  for (const [email, acknowledged] of claimsAcknowledged) {
    const present = rewardsByEmail.get(email) ?? 0;
    if (present < acknowledged)
      breaks.push(`${email}: ${acknowledged} claims answered 200, ${present} rewards in the ledger`);
  }

  const [counts] = await query(`
    select (select count(*) from users)::int as users,
           (select count(*) from mining_sessions where claimed_at is not null)::int as claimed,
           (select count(*) from transactions where type = 'mining_reward' and currency = 'ZP')::int as rewards`);
  return {
    users: Number(counts!.users),
    claimedCycles: Number(counts!.claimed),
    rewards: Number(counts!.rewards),
    breaks,
  };
}
