import { sql } from 'drizzle-orm';
import { AppError } from '@ziver/shared';
import { isUuid } from '../../platform/auth.js';
import { recordAdminAction } from '../../platform/audit-log.js';
import type { Database, Db } from '../../platform/db/client.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import { USER_TOPIC } from '../../platform/session-cache.js';

/** Members suspended per transaction: a restart part-way keeps the batches done, a repeat does the rest. */
export const SUSPEND_BATCH_SIZE = 100;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function lockRing(tx: Db, ringId: string) {
  const notFound = new AppError('NOT_FOUND', 'integrity.ringNotFound');
  if (!isUuid(ringId)) throw notFound;
  const [ring] = rowsOf<{ id: string; score: number; reviewed: boolean }>(
    await tx.execute(sql`
      select id, score, reviewed_at is not null as reviewed from integrity_rings where id = ${ringId}::uuid for update`),
  );
  if (!ring) throw notFound;
  return ring;
}

/**
 * Marks a ring legitimate: the ring is reviewed, and each member's current reasons are added to
 * its reviewed reasons (they no longer count, at this run and the next: score-account.ts), so
 * its score drops by them. Audited once when it changes something; a repeat changes nothing.
 */
export async function reviewRing(
  db: Database,
  options: { adminId: string; ringId: string; reason: string },
): Promise<{ affected: number }> {
  return db.transaction(async (tx) => {
    const ring = await lockRing(tx, options.ringId);
    const changed = rowsOf<{ user_id: string }>(
      await tx.execute(sql`
        insert into account_risk as r (user_id, score, reasons, reviewed_at, reviewed_by, reviewed_reasons)
        select m.user_id, 0, '[]'::jsonb, now(), ${options.adminId}::uuid, '[]'::jsonb
        from integrity_ring_members m where m.ring_id = ${ring.id}::uuid
        on conflict (user_id) do update set
          reviewed_reasons = (
            select coalesce(jsonb_agg(distinct code), '[]'::jsonb) from (
              select jsonb_array_elements_text(r.reviewed_reasons) as code
              union select x->>'code' from jsonb_array_elements(r.reasons) x) codes),
          score = 0, reasons = '[]'::jsonb, reviewed_at = now(), reviewed_by = ${options.adminId}::uuid
        where r.reviewed_at is null or jsonb_array_length(r.reasons) > 0
        returning r.user_id`),
    );
    if (ring.reviewed && changed.length === 0) return { affected: 0 };
    await tx.execute(sql`
      update integrity_rings set score = 0, reviewed_at = now(), reviewed_by = ${options.adminId}::uuid
      where id = ${ring.id}::uuid`);
    await recordAdminAction(tx, {
      adminId: options.adminId,
      action: 'integrity.ring_review',
      targetType: 'integrity_ring',
      targetId: ring.id,
      before: { score: ring.score, reviewed: ring.reviewed },
      after: { reviewed: true, reason: options.reason, members: changed.map((c) => c.user_id) },
    });
    return { affected: changed.length };
  });
}

/**
 * Suspends every member of a ring that is not suspended yet, except admins and the caller: one
 * transaction per batch (members locked, skipped when another call holds them), each suspension
 * audited as `user.suspend` with the ring, each batch as `integrity.ring_suspend`, sessions
 * revoked. Resumable and idempotent: it works from "not suspended yet", so a repeat or a run
 * after a restart part-way suspends only the rest.
 */
export async function suspendRing(
  db: Database,
  options: {
    adminId: string;
    ringId: string;
    reason: string;
    invalidations: InvalidationBus;
    batchSize?: number;
    /** Stops after this many batches (tests: a run cut short by a restart). */
    maxBatches?: number;
  },
): Promise<{ affected: number }> {
  const batchSize = options.batchSize ?? SUSPEND_BATCH_SIZE;
  await db.transaction((tx) => lockRing(tx, options.ringId));
  let affected = 0;
  for (let round = 0; round < (options.maxBatches ?? Infinity); round++) {
    const batch = await db.transaction(async (tx) => {
      const ring = await lockRing(tx, options.ringId);
      const members = rowsOf<{ id: string }>(
        await tx.execute(sql`
          select u.id from integrity_ring_members m join users u on u.id = m.user_id
          where m.ring_id = ${ring.id}::uuid and u.suspended_at is null and u.role <> 'ADMIN'
            and u.id <> ${options.adminId}::uuid
          order by u.id limit ${batchSize}
          for update of u skip locked`),
      );
      if (members.length === 0) return [];
      const ids = sql`${`{${members.map((m) => m.id).join(',')}}`}::uuid[]`;
      await tx.execute(sql`
        update users set suspended_at = now(), suspension_reason = ${options.reason} where id = any(${ids})`);
      const revoked = rowsOf<{ user_id: string; n: number }>(
        await tx.execute(sql`
          with ended as (
            update auth_sessions set revoked_at = now()
            where user_id = any(${ids}) and revoked_at is null returning user_id)
          select user_id, count(*)::int as n from ended group by user_id`),
      );
      const revokedOf = new Map(revoked.map((r) => [r.user_id, r.n]));
      for (const member of members) {
        await recordAdminAction(tx, {
          adminId: options.adminId,
          action: 'user.suspend',
          targetType: 'user',
          targetId: member.id,
          before: { suspendedAt: null, reason: null },
          after: {
            suspended: true,
            reason: options.reason,
            ring: ring.id,
            revokedSessions: revokedOf.get(member.id) ?? 0,
          },
        });
      }
      await recordAdminAction(tx, {
        adminId: options.adminId,
        action: 'integrity.ring_suspend',
        targetType: 'integrity_ring',
        targetId: ring.id,
        before: null,
        after: { reason: options.reason, suspended: members.map((m) => m.id) },
      });
      return members.map((m) => m.id);
    });
    if (batch.length === 0) return { affected };
    affected += batch.length;
    for (const userId of batch) await options.invalidations.publish(db, USER_TOPIC, userId);
  }
  return { affected };
}
