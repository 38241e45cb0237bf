import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  accountReviewResponseSchema,
  adminUserDetailResponseSchema,
  dashboardResponseSchema,
  heldRewardActionResponseSchema,
  integrityRingsResponseSchema,
  REFERRAL_REWARD_ZP,
} from '@ziver/shared';
import { adminAuditLog, referrals, transactions, users } from '../../platform/db/schema.js';
import { insertUser } from '../../testing/growth-factories.js';
import { claimLikeAScript, signUpFrom } from '../../testing/integrity-factories.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { writeIntegrityThreshold } from './integrity-settings.js';

// A one-second cycle, X-Forwarded-For trusted from the loopback client, the integrity job run
// by the tests (runNow), and the operator's threshold at 40: ten invitees from one /24 with one
// User-Agent (a burst of ten, 30, and a shared fingerprint, 15) are flagged before they claim.
let server: TestServer;
let admin: Awaited<ReturnType<typeof insertUser>>;
beforeAll(async () => {
  server = await startTestServer({
    RATE_LIMITS: 'off',
    CONTRACT_CHECK: 'strict',
    TRUST_PROXY: 'loopback',
    MINING_CYCLE_HOURS: String(1 / 3600),
    MINING_REWARD: '50',
    INTEGRITY_INTERVAL_SECONDS: '3600',
  });
  admin = await insertUser(server, { role: 'ADMIN' });
  await writeIntegrityThreshold(server.database.db, 40);
});
afterAll(async () => {
  await server.stop();
});

const signUp = (ip: string, referralCode?: string) => signUpFrom(server, ip, referralCode);

const mineOnce = (token: string) => claimLikeAScript(server, token);

let referrers = 0;
/** A referrer (a block of its own) and `size` invitees from `prefix`.0/24, held by a job run. */
async function buildHeldFarm(prefix: string, size = 10) {
  const referrer = await signUp(`198.18.${++referrers}.9`);
  const invitees: Awaited<ReturnType<typeof signUp>>[] = [];
  for (let i = 0; i < size; i++) invitees.push(await signUp(`${prefix}.${i + 1}`, referrer.code));
  expect(await server.integrity.runNow()).toBe(true);
  const rows = await server.database.db.select().from(referrals).where(eq(referrals.referrerId, referrer.id));
  const referralOf = new Map(rows.map((r) => [r.referredId, r]));
  return { referrer, invitees, referralOf: (inviteeId: string) => referralOf.get(inviteeId)! };
}

const balanceOf = async (userId: string) => {
  const [row] = await server.database.db.select({ zp: users.zpBalance }).from(users).where(eq(users.id, userId));
  return Number(row!.zp);
};
const ledgerSum = async (userId: string) => {
  const [row] = await server.database.db
    .select({ sum: sql<string>`coalesce(sum(${transactions.amount}), 0)::text` })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.currency, 'ZP')));
  return Number(row!.sum);
};
const rewardEntries = (referralId: string) =>
  server.database.db
    .select()
    .from(transactions)
    .where(eq(transactions.idempotencyKey, `referral_reward:${referralId}`));
const auditsOf = (action: 'integrity.reward_release' | 'integrity.reward_drop' | 'integrity.account_review') =>
  server.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, action)).orderBy(adminAuditLog.id);
const userPage = async (userId: string) =>
  adminUserDetailResponseSchema.parse((await server.get(`/api/admin/users/${userId}`, admin.token)).body);
const settle = (referralId: string, body: unknown, token = admin.token) =>
  server.post(`/api/admin/integrity/held-rewards/${referralId}`, body, token);
const release = (referralId: string) =>
  settle(referralId, { action: 'release', reason: 'Looked at it: a real friend' });

describe('referral rewards of flagged invitees', () => {
  it('are held: the claim pays the invitee, not the referrer; the pages and the dashboard show them', async () => {
    const { referrer, invitees } = await buildHeldFarm('203.0.120');
    const page = await userPage(referrer.id);
    expect(page.risk.held_rewards).toHaveLength(10);
    expect(page.risk.held_rewards.every((h) => !h.due && h.referrer.id === referrer.id)).toBe(true);
    const invitee = await userPage(invitees[0]!.id);
    expect(invitee.risk.flagged).toBe(true);
    expect(invitee.risk.held_rewards.map((h) => h.invitee.id)).toEqual([invitees[0]!.id]);
    const before = await balanceOf(referrer.id);
    const dashboardBefore = dashboardResponseSchema.parse(
      (await server.get('/api/admin/dashboard?days=7', admin.token)).body,
    ).integrity;

    await Promise.all(invitees.slice(0, 4).map((i) => mineOnce(i.token)));
    // The invitees' own rewards are paid; the referrer's are held back.
    for (const i of invitees.slice(0, 4)) expect(await balanceOf(i.id)).toBeGreaterThanOrEqual(50);
    expect(await balanceOf(referrer.id)).toBe(before);
    expect(await ledgerSum(referrer.id)).toBe(before);
    const held = (await userPage(referrer.id)).risk.held_rewards;
    expect(
      held
        .filter((h) => h.due)
        .map((h) => h.invitee.id)
        .sort(),
    ).toEqual(
      invitees
        .slice(0, 4)
        .map((i) => i.id)
        .sort(),
    );
    // A later job run keeps them held (the invitees are still flagged).
    expect(await server.integrity.runNow()).toBe(true);
    expect((await userPage(referrer.id)).risk.held_rewards.filter((h) => h.due)).toHaveLength(4);

    const dashboard = dashboardResponseSchema.parse(
      (await server.get('/api/admin/dashboard?days=7', admin.token)).body,
    ).integrity;
    expect(dashboard.rewards_held - dashboardBefore.rewards_held).toBe(4);
    expect(dashboard.rewards_held_zp - dashboardBefore.rewards_held_zp).toBe(4 * REFERRAL_REWARD_ZP);
    // The ring page lists them too.
    const { rings } = integrityRingsResponseSchema.parse(
      (await server.get('/api/admin/integrity/rings', admin.token)).body,
    );
    const ring = rings.find((r) => r.members.some((m) => m.id === invitees[0]!.id))!;
    expect(ring.held_rewards.filter((h) => h.due)).toHaveLength(4);
  });

  it('release pays a due reward once, audited; a repeat pays nothing; drop then refuses', async () => {
    const { referrer, invitees, referralOf } = await buildHeldFarm('203.0.121');
    await mineOnce(invitees[0]!.token);
    const referral = referralOf(invitees[0]!.id);
    const before = await balanceOf(referrer.id);
    const auditsBefore = (await auditsOf('integrity.reward_release')).length;

    const res = await release(referral.id);
    expect(res.status).toBe(200);
    expect(heldRewardActionResponseSchema.parse(res.body)).toMatchObject({
      messageKey: 'integrity.heldRewardReleased',
      params: { zp: REFERRAL_REWARD_ZP },
      state: 'paid',
      affected: 1,
    });
    expect(await balanceOf(referrer.id)).toBe(before + REFERRAL_REWARD_ZP);
    expect(await ledgerSum(referrer.id)).toBe(await balanceOf(referrer.id));
    const [entry] = await rewardEntries(referral.id);
    expect(entry).toMatchObject({ userId: referrer.id, type: 'referral_reward', amount: 150 });
    expect(entry!.metadata).toMatchObject({ referralId: referral.id, heldBack: true, release: 'operator' });
    const audits = await auditsOf('integrity.reward_release');
    expect(audits).toHaveLength(auditsBefore + 1);
    expect(audits.at(-1)).toMatchObject({
      adminId: admin.user.id,
      targetId: referrer.id,
      after: { reason: 'Looked at it: a real friend', paid: 1, zp: 150 },
    });

    const repeat = await release(referral.id);
    expect([repeat.status, repeat.body.state, repeat.body.affected]).toEqual([200, 'paid', 0]);
    const drop = await settle(referral.id, { action: 'drop', reason: 'x' });
    expect([drop.status, drop.body.messageKey]).toEqual([409, 'integrity.heldRewardAlreadySettled']);
    expect(await rewardEntries(referral.id)).toHaveLength(1);
    expect(await auditsOf('integrity.reward_release')).toHaveLength(auditsBefore + 1);
    // The invitee's next claim pays nothing more; nor does the job.
    await mineOnce(invitees[0]!.token);
    expect(await server.integrity.runNow()).toBe(true);
    expect(await rewardEntries(referral.id)).toHaveLength(1);
    expect(await balanceOf(referrer.id)).toBe(before + REFERRAL_REWARD_ZP);
  });

  it('drop never pays: not at release, not at a claim, not when the job runs', async () => {
    const { referrer, invitees, referralOf } = await buildHeldFarm('203.0.122');
    const referral = referralOf(invitees[1]!.id);
    const before = await balanceOf(referrer.id);
    const drop = await settle(referral.id, { action: 'drop', reason: 'A farm' });
    expect([drop.status, drop.body.state, drop.body.affected]).toEqual([200, 'dropped', 1]);
    expect((await auditsOf('integrity.reward_drop')).at(-1)).toMatchObject({
      targetId: referrer.id,
      after: { reason: 'A farm', dropped: true },
    });
    const again = await settle(referral.id, { action: 'drop', reason: 'A farm' });
    expect([again.status, again.body.affected]).toEqual([200, 0]);
    await mineOnce(invitees[1]!.token);
    const res = await release(referral.id);
    expect([res.status, res.body.messageKey]).toEqual([409, 'integrity.heldRewardAlreadySettled']);
    // Even once the invitee is reviewed legitimate, a dropped reward stays dropped.
    expect(
      (await server.post(`/api/admin/integrity/accounts/${invitees[1]!.id}/review`, { reason: 'ok' }, admin.token))
        .status,
    ).toBe(200);
    expect(await server.integrity.runNow()).toBe(true);
    expect(await rewardEntries(referral.id)).toEqual([]);
    expect(await balanceOf(referrer.id)).toBe(before);
  });

  it('a reward not due yet is not released (409); reviewing the account clears its hold, and its first claim pays', async () => {
    const { referrer, invitees, referralOf } = await buildHeldFarm('203.0.123');
    const invitee = invitees[2]!;
    const referral = referralOf(invitee.id);
    const early = await release(referral.id);
    expect([early.status, early.body.messageKey]).toEqual([409, 'integrity.heldRewardNotDue']);
    const before = await balanceOf(referrer.id);

    const review = await server.post(
      `/api/admin/integrity/accounts/${invitee.id}/review`,
      { reason: 'A real student' },
      admin.token,
    );
    expect(review.status).toBe(200);
    const body = accountReviewResponseSchema.parse(review.body);
    expect(body.risk).toMatchObject({ flagged: false, reasons: [], held_rewards: [] });
    expect((await auditsOf('integrity.account_review')).at(-1)).toMatchObject({
      targetId: invitee.id,
      after: { reason: 'A real student', releasedRewards: 0, clearedHolds: 1 },
    });
    // The job does not hold it again (its reasons were reviewed), and the first claim pays it.
    expect(await server.integrity.runNow()).toBe(true);
    expect((await userPage(invitee.id)).risk.flagged).toBe(false);
    await mineOnce(invitee.token);
    expect(await rewardEntries(referral.id)).toHaveLength(1);
    expect(await balanceOf(referrer.id)).toBe(before + REFERRAL_REWARD_ZP);
    // A repeat changes nothing and is not audited again.
    const audits = (await auditsOf('integrity.account_review')).length;
    const repeat = await server.post(
      `/api/admin/integrity/accounts/${invitee.id}/review`,
      { reason: 'x' },
      admin.token,
    );
    expect([repeat.status, repeat.body.affected]).toEqual([200, 0]);
    expect(await auditsOf('integrity.account_review')).toHaveLength(audits);
  });

  it('reviewing the ring releases its due rewards (paid once) and clears the others', async () => {
    const { referrer, invitees, referralOf } = await buildHeldFarm('203.0.124');
    await Promise.all(invitees.slice(0, 3).map((i) => mineOnce(i.token)));
    const before = await balanceOf(referrer.id);
    const { rings } = integrityRingsResponseSchema.parse(
      (await server.get('/api/admin/integrity/rings', admin.token)).body,
    );
    const ring = rings.find((r) => r.members.some((m) => m.id === invitees[0]!.id))!;
    const [a, b] = await Promise.all([
      server.post(`/api/admin/integrity/rings/${ring.id}/review`, { reason: 'A school' }, admin.token),
      release(referralOf(invitees[0]!.id).id),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.ring.held_rewards).toEqual([]);
    for (const i of invitees.slice(0, 3)) expect(await rewardEntries(referralOf(i.id).id)).toHaveLength(1);
    expect(await balanceOf(referrer.id)).toBe(before + 3 * REFERRAL_REWARD_ZP);
    expect(await ledgerSum(referrer.id)).toBe(await balanceOf(referrer.id));
    expect((await userPage(referrer.id)).risk.held_rewards).toEqual([]);
  });

  it('two releases racing pay once', async () => {
    const { referrer, invitees, referralOf } = await buildHeldFarm('203.0.125');
    await Promise.all(invitees.slice(0, 5).map((i) => mineOnce(i.token)));
    const before = await balanceOf(referrer.id);
    for (const invitee of invitees.slice(0, 5)) {
      const referral = referralOf(invitee.id);
      const answers = await Promise.all([release(referral.id), release(referral.id), release(referral.id)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(answers.reduce((sum, r) => sum + (r.body.affected as number), 0)).toBe(1);
      expect(await rewardEntries(referral.id)).toHaveLength(1);
    }
    expect(await balanceOf(referrer.id)).toBe(before + 5 * REFERRAL_REWARD_ZP);
    expect(await ledgerSum(referrer.id)).toBe(await balanceOf(referrer.id));
  });

  it('a release racing the first claim and the job pays at most once', async () => {
    const { referrer, invitees, referralOf } = await buildHeldFarm('203.0.126');
    const before = await balanceOf(referrer.id);
    for (const invitee of invitees.slice(0, 4)) {
      const referral = referralOf(invitee.id);
      expect((await server.post('/api/mining/start', {}, invitee.token)).status).toBe(201);
      // Releases sent while the cycle ends: refused until the claim is in, then paid once.
      await vi.waitFor(
        async () => {
          const [claim, first, job] = await Promise.all([
            server.post('/api/mining/claim', {}, invitee.token),
            release(referral.id),
            server.integrity.runNow(),
          ]);
          expect(job).toBe(true);
          expect([200, 409]).toContain(first.status);
          if (claim.status !== 200 && (await rewardEntries(referral.id)).length === 0) throw new Error('not yet');
        },
        { timeout: 30_000, interval: 50 },
      );
      const last = await release(referral.id);
      expect([last.status, last.body.state]).toEqual([200, 'paid']);
      expect(await rewardEntries(referral.id)).toHaveLength(1);
    }
    expect(await balanceOf(referrer.id)).toBe(before + 4 * REFERRAL_REWARD_ZP);
    expect(await ledgerSum(referrer.id)).toBe(await balanceOf(referrer.id));
  });

  it('a release racing the referral’s removal pays nothing net; after the removal it pays nothing', async () => {
    const { referrer, invitees, referralOf } = await buildHeldFarm('203.0.127');
    await Promise.all(invitees.slice(0, 5).map((i) => mineOnce(i.token)));
    const before = await balanceOf(referrer.id);
    for (const invitee of invitees.slice(0, 4)) {
      const referral = referralOf(invitee.id);
      const [released, removed] = await Promise.all([
        release(referral.id),
        server.request('DELETE', `/api/referrals/${invitee.id}`, { token: referrer.token }),
      ]);
      expect(removed.status).toBe(200);
      // Either the release came first (paid, then reversed by the removal) or it was refused.
      expect([released.status, released.body.messageKey ?? 'integrity.heldRewardReleased']).toEqual(
        released.status === 200 ? [200, 'integrity.heldRewardReleased'] : [409, 'integrity.heldRewardAlreadySettled'],
      );
      const entries = await server.database.db
        .select({ amount: transactions.amount })
        .from(transactions)
        .where(
          sql`${transactions.idempotencyKey} in (${`referral_reward:${referral.id}`}, ${`referral_reward_reversal:${referral.id}`})`,
        );
      expect(entries.reduce((sum, e) => sum + Number(e.amount), 0)).toBe(0);
      expect(entries.length).toBe(released.status === 200 ? 2 : 0);
    }
    expect(await balanceOf(referrer.id)).toBe(before);
    expect(await ledgerSum(referrer.id)).toBe(before);
    // Removed first, released after: nothing pays.
    const last = invitees[4]!;
    expect((await server.request('DELETE', `/api/referrals/${last.id}`, { token: referrer.token })).status).toBe(200);
    const res = await release(referralOf(last.id).id);
    expect([res.status, res.body.messageKey]).toEqual([409, 'integrity.heldRewardAlreadySettled']);
    expect(await rewardEntries(referralOf(last.id).id)).toEqual([]);
    expect(await balanceOf(referrer.id)).toBe(before);
  });

  it('refuses bad input (400/404), non-admins (403) and signed-out callers (401), changing nothing', async () => {
    const { referrer, invitees, referralOf } = await buildHeldFarm('203.0.128');
    await mineOnce(invitees[0]!.token);
    const referral = referralOf(invitees[0]!.id);
    const user = await insertUser(server);
    const before = await balanceOf(referrer.id);
    const auditCount = async () => (await server.database.db.select().from(adminAuditLog)).length;
    const audits = await auditCount();
    for (const body of [
      {},
      { action: 'release' },
      { action: 'pay', reason: 'x' },
      { action: 'release', reason: '  ' },
      { action: 'drop', reason: 'x'.repeat(501) },
      { action: 5, reason: 'x' },
    ]) {
      const res = await settle(referral.id, body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
    }
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', invitees[0]!.id]) {
      const res = await release(id);
      expect([id, res.status, res.body.messageKey]).toEqual([id, 404, 'integrity.heldRewardNotFound']);
    }
    expect((await settle(referral.id, { action: 'release', reason: 'x' }, user.token)).status).toBe(403);
    expect(
      (await server.post(`/api/admin/integrity/held-rewards/${referral.id}`, { action: 'drop', reason: 'x' })).status,
    ).toBe(401);
    for (const body of [{}, { reason: '' }, { reason: 7 }]) {
      const res = await server.post(`/api/admin/integrity/accounts/${invitees[0]!.id}/review`, body, admin.token);
      expect(res.status).toBe(400);
    }
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      const res = await server.post(`/api/admin/integrity/accounts/${id}/review`, { reason: 'x' }, admin.token);
      expect([res.status, res.body.messageKey]).toEqual([404, 'integrity.accountNotFound']);
    }
    expect(
      (await server.post(`/api/admin/integrity/accounts/${invitees[0]!.id}/review`, { reason: 'x' }, user.token))
        .status,
    ).toBe(403);
    expect(await rewardEntries(referral.id)).toEqual([]);
    expect(await balanceOf(referrer.id)).toBe(before);
    expect(await auditCount()).toBe(audits);
    expect((await userPage(invitees[0]!.id)).risk.flagged).toBe(true);
  });
});
