import { sql } from 'drizzle-orm';
import { AppError, INTEGRITY_RINGS_PAGE_SIZE, type IntegrityRing, type RiskReason } from '@ziver/shared';
import { isUuid } from '../../platform/auth.js';
import { rowsOf, type Db } from '../../platform/db/client.js';
import { readIntegrityThreshold } from './integrity-settings.js';
import { readHeldRewards } from './held-rewards.js';
import { isExemptFromRing } from './score-account.js';

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

type RingRow = {
  id: string;
  score: number;
  member_count: number;
  signals: IntegrityRing['signals'];
  computed_at: string;
  reviewed_at: string | null;
};

/** One page of rings, highest score first, each with its members and what they earned. */
export async function listRings(db: Db, options: { page: number }) {
  const threshold = await readIntegrityThreshold(db);
  const offset = (options.page - 1) * INTEGRITY_RINGS_PAGE_SIZE;
  const rows = rowsOf<RingRow>(
    await db.execute(sql`
      select id, score, member_count, signals, ${iso('computed_at')} as computed_at, ${iso('reviewed_at')} as reviewed_at
      from integrity_rings order by score desc, member_count desc, id
      limit ${INTEGRITY_RINGS_PAGE_SIZE} offset ${offset}`),
  );
  const [{ total }] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from integrity_rings`),
  ) as [{ total: number }];
  return {
    rings: await Promise.all(rows.map((row) => presentRing(db, row, threshold))),
    page: options.page,
    pageSize: INTEGRITY_RINGS_PAGE_SIZE,
    total,
    threshold,
  };
}

export async function getRing(db: Db, ringId: string) {
  const notFound = new AppError('NOT_FOUND', 'integrity.ringNotFound');
  if (!isUuid(ringId)) throw notFound;
  const threshold = await readIntegrityThreshold(db);
  const [row] = rowsOf<RingRow>(
    await db.execute(sql`
      select id, score, member_count, signals, ${iso('computed_at')} as computed_at, ${iso('reviewed_at')} as reviewed_at
      from integrity_rings where id = ${ringId}::uuid`),
  );
  if (!row) throw notFound;
  return { ring: await presentRing(db, row, threshold), threshold };
}

async function presentRing(db: Db, row: RingRow, threshold: number): Promise<IntegrityRing> {
  const members = rowsOf<{
    id: string;
    username: string;
    score: number;
    reasons: RiskReason[] | null;
    reviewed_at: string | null;
  }>(
    await db.execute(sql`
      select u.id, u.username, coalesce(r.score, 0)::int as score, r.reasons, r.reviewed_at::text as reviewed_at
      from integrity_ring_members m join users u on u.id = m.user_id left join account_risk r on r.user_id = u.id
      where m.ring_id = ${row.id}::uuid
      order by score desc, u.username`),
  );
  const [totals] = rowsOf<{ total_zp: number; referral_rewards: number }>(
    await db.execute(sql`
      select coalesce(sum(t.amount) filter (where t.amount > 0), 0)::float8 as total_zp,
             coalesce(sum(t.amount) filter (where t.type like 'referral\\_%'), 0)::float8 as referral_rewards
      from integrity_ring_members m join transactions t on t.user_id = m.user_id
      where m.ring_id = ${row.id}::uuid and t.currency = 'ZP'`),
  );
  return {
    id: row.id,
    score: row.score,
    // Flagged at or over the threshold, unless reviewed or made only of members a ring does not flag.
    flagged:
      row.score >= threshold &&
      row.reviewed_at === null &&
      members.some((m) => !isExemptFromRing(m.reasons ?? [], m.reviewed_at)),
    member_count: row.member_count,
    signals: row.signals,
    members: members.map(({ id, username, score, reasons }) => ({ id, username, score, reasons: reasons ?? [] })),
    total_zp: totals?.total_zp ?? 0,
    referral_rewards: totals?.referral_rewards ?? 0,
    held_rewards: await readHeldRewards(
      db,
      sql`r.referred_id in (select m.user_id from integrity_ring_members m where m.ring_id = ${row.id}::uuid)`,
    ),
    computed_at: row.computed_at,
    reviewed_at: row.reviewed_at,
  };
}
