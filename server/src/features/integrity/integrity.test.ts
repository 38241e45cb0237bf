import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import {
  adminUserDetailResponseSchema,
  INTEGRITY_MESSAGES,
  integrityRingResponseSchema,
  integrityRingsResponseSchema,
  type AccountRisk,
} from '@ziver/shared';
import { accountSignals, adminAuditLog, integrityRingMembers, users } from '../../platform/db/schema.js';
import { buildRegistration } from '../../testing/factories.js';
import { insertUser } from '../../testing/growth-factories.js';
import { nextTelegramId, signInitData, TEST_BOT_TOKEN } from '../../testing/telegram-init-data.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { suspendRing } from './act-on-ring.js';
import { writeIntegrityThreshold } from './integrity-settings.js';
import { SIGNALS_KEPT_PER_ACCOUNT } from './record-sign-in-signal.js';
import { FAST_CLAIM_SECONDS } from './score-account.js';
import { estimateTelegramYear } from './telegram-account-age.js';
import { claimLikeAScript } from '../../testing/integrity-factories.js';

// A one-second cycle, heartbeats flushed at once, the job run by the tests (runNow) rather than
// by its timer, and X-Forwarded-For trusted from the loopback client (TRUST_PROXY), so each
// test client can come from the network it names.
let recorder: BotApiRecorder;
let server: TestServer;
let admin: Awaited<ReturnType<typeof insertUser>>;
beforeAll(async () => {
  recorder = await startBotApiRecorder({ token: TEST_BOT_TOKEN });
  server = await startTestServer({
    RATE_LIMITS: 'off',
    CONTRACT_CHECK: 'strict',
    TRUST_PROXY: 'loopback',
    MINING_CYCLE_HOURS: String(1 / 3600),
    MINING_REWARD: '50',
    PRESENCE_FLUSH_SECONDS: '0.1',
    INTEGRITY_INTERVAL_SECONDS: '3600',
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    TELEGRAM_API_ROOT: recorder.url,
    PUBLIC_URL: 'https://ziver.test',
  });
  admin = await insertUser(server, { role: 'ADMIN' });
});
afterAll(async () => {
  await server.stop();
  await recorder.close();
});

type Client = { ip: string; userAgent: string; language?: string };
const headersOf = (client: Client) => ({
  'x-forwarded-for': client.ip,
  'user-agent': client.userAgent,
  ...(client.language ? { 'accept-language': client.language } : {}),
});

async function signUpByEmail(client: Client, referralCode?: string) {
  const input = buildRegistration(referralCode ? { referralCode } : {});
  const res = await server.request('POST', '/api/auth/register', { body: input, headers: headersOf(client) });
  expect(res.status).toBe(201);
  return {
    ...input,
    token: res.body.token as string,
    id: res.body.user.id as string,
    code: res.body.user.referral_code as string,
  };
}

async function signUpByTelegram(client: Client, user: { id: number; is_premium?: boolean; language_code?: string }) {
  const res = await server.request('POST', '/api/auth/telegram', {
    body: { initData: signInitData({ user }) },
    headers: headersOf(client),
  });
  expect(res.status).toBe(200);
  return { token: res.body.token as string, id: res.body.user.id as string };
}

const mineLikeAScript = (token: string) => claimLikeAScript(server, token);

/** Starts a cycle and claims it once it can be claimed and `lateBySeconds` more have passed (a person coming back). */
async function mineOnce(token: string, options: { lateBySeconds?: number } = {}) {
  const start = await server.post('/api/mining/start', {}, token);
  expect(start.status).toBe(201);
  // Away for the cycle and `lateBySeconds` more (a timer, not a status poll every 50 ms of it),
  // then the status says it can be claimed.
  const away = (start.body.timeRemaining as number) + (options.lateBySeconds ?? 0) * 1_000;
  // eslint-disable-next-line no-restricted-syntax -- real time is tested: the rule reads how late after the cycle's real end the claim came
  await new Promise((resolve) => setTimeout(resolve, away));
  await vi.waitFor(
    async () => {
      const { body } = await server.get('/api/mining/status', token);
      if (body.canClaim !== true) throw new Error('not claimable yet');
    },
    { timeout: 30_000, interval: 50 },
  );
  expect((await server.post('/api/mining/claim', {}, token)).status).toBe(200);
}

async function riskOf(userId: string): Promise<AccountRisk> {
  const res = await server.get(`/api/admin/users/${userId}`, admin.token);
  expect(res.status).toBe(200);
  return adminUserDetailResponseSchema.parse(res.body).risk;
}

const signalsOf = (userId: string) =>
  server.database.db
    .select()
    .from(accountSignals)
    .where(eq(accountSignals.userId, userId))
    .orderBy(desc(accountSignals.id));

const heartbeat = async (token: string, userId: string) => {
  expect((await server.post('/api/user/heartbeat', undefined, token)).status).toBe(200);
  await vi.waitFor(async () => {
    const [row] = await server.database.db.select().from(users).where(eq(users.id, userId));
    if (!row?.lastSeenAt) throw new Error('the heartbeat is not flushed yet');
  });
};

describe('signals recorded as they happen', () => {
  it('records an email sign-up and sign-in: IP, its /24 or /48, User-Agent, Accept-Language, method', async () => {
    const client = { ip: '203.0.113.9', userAgent: 'SignalTest/1.0', language: 'fr-FR,fr;q=0.9' };
    const account = await signUpByEmail(client);
    const [signUp] = await signalsOf(account.id);
    expect(signUp).toMatchObject({
      kind: 'signup',
      method: 'password',
      ip: '203.0.113.9',
      network: '203.0.113.0/24',
      userAgent: 'SignalTest/1.0',
      acceptLanguage: 'fr-FR,fr;q=0.9',
      telegramId: null,
    });
    expect(signUp!.createdAt).toBeInstanceOf(Date);

    const login = await server.request('POST', '/api/auth/login', {
      body: { email: account.email, password: account.password },
      headers: headersOf({ ip: '2001:db8:5:1::9', userAgent: 'SignalTest/2.0' }),
    });
    expect(login.status).toBe(200);
    const [signIn] = await signalsOf(account.id);
    expect(signIn).toMatchObject({ kind: 'signin', ip: '2001:db8:5:1::9', network: '2001:db8:5::/48' });
  });

  it('keeps the newest signals of an account, and always its sign-up', async () => {
    const account = await signUpByEmail({ ip: '203.0.113.10', userAgent: 'Retention/1.0' });
    for (let i = 0; i < SIGNALS_KEPT_PER_ACCOUNT + 3; i++) {
      const login = await server.request('POST', '/api/auth/login', {
        body: { email: account.email, password: account.password },
        headers: headersOf({ ip: `203.0.113.${i + 20}`, userAgent: 'Retention/1.0' }),
      });
      expect(login.status).toBe(200);
    }
    const rows = await signalsOf(account.id);
    expect(rows).toHaveLength(SIGNALS_KEPT_PER_ACCOUNT);
    expect(rows.filter((r) => r.kind === 'signup')).toHaveLength(1);
    expect(rows[0]!.ip).toBe(`203.0.113.${SIGNALS_KEPT_PER_ACCOUNT + 22}`);
  });

  it('records the Telegram id, premium and language, with an age estimate, and scores a new account at sign-up', async () => {
    const telegramId = 8_600_000_000 + Math.floor(Math.random() * 1e6);
    const account = await signUpByTelegram(
      { ip: '198.18.7.7', userAgent: 'TelegramWebView/1.0' },
      { id: telegramId, is_premium: true, language_code: 'de' },
    );
    const [signUp] = await signalsOf(account.id);
    expect(signUp).toMatchObject({
      kind: 'signup',
      method: 'telegram',
      network: '198.18.7.0/24',
      telegramId: BigInt(telegramId),
      telegramPremium: true,
      telegramLanguage: 'de',
      telegramYear: estimateTelegramYear(telegramId),
    });
    const risk = await riskOf(account.id);
    expect(risk.reasons.map((r) => r.code)).toEqual(['new_telegram_account']);
    expect(risk).toMatchObject({ score: 15, flagged: false, threshold: 60 });
  });

  it('estimates older Telegram accounts from smaller ids', () => {
    expect(estimateTelegramYear(50_000_000)).toBe(2013);
    expect(estimateTelegramYear(1_200_000_000)).toBe(2020);
    expect(estimateTelegramYear(6_000_000_000n)).toBe(2023);
    expect(estimateTelegramYear(9_000_000_000)).toBe(2026);
  });
});

describe('a farm against organic accounts', () => {
  const FARM_SIZE = 20;
  let farmer: Awaited<ReturnType<typeof signUpByEmail>>;
  let farm: Awaited<ReturnType<typeof signUpByEmail>>[];
  let organic: Awaited<ReturnType<typeof signUpByEmail>>[];

  beforeAll(async () => {
    // Organic: each from its own network and device, they open the app and claim when they come back.
    const organicReferrer = await signUpByEmail({ ip: '100.64.1.5', userAgent: 'Mozilla/5.0 (Organic 0)' });
    organic = [organicReferrer];
    for (let i = 1; i <= 6; i++) {
      const client = { ip: `100.64.${i * 10}.5`, userAgent: `Mozilla/5.0 (Organic ${i})`, language: 'es-ES' };
      organic.push(await signUpByEmail(client, i <= 2 ? organicReferrer.code : undefined));
    }
    const organicMining = Promise.all(
      organic.map(async (o) => {
        await heartbeat(o.token, o.id);
        await mineOnce(o.token, { lateBySeconds: FAST_CLAIM_SECONDS + 3 });
      }),
    );

    // The farm: a referrer, then 20 sign-ups from one /24 through its code, one client, claims
    // the instant a cycle ends, never a heartbeat.
    farmer = await signUpByEmail({ ip: '100.70.0.1', userAgent: 'Mozilla/5.0 (Farmer)' });
    farm = [];
    for (let i = 0; i < FARM_SIZE; i++) {
      farm.push(
        await signUpByEmail({ ip: `198.51.100.${i + 10}`, userAgent: 'FarmBot/3.1', language: 'en-US' }, farmer.code),
      );
    }
    await Promise.all(farm.map((f) => mineLikeAScript(f.token)));
    await organicMining;
    expect(await server.integrity.runNow()).toBe(true);
  });

  it('flags every farm account, with its reasons', async () => {
    // The script claims the instant it may; on a loaded test machine an answer can still take
    // seconds, so claim_rhythm is asserted where the ledger shows the claim was that fast.
    const delays = new Map(
      (
        (await server.database.db.execute(sql`
          select t.user_id, extract(epoch from t.created_at - m.ends_at)::float8 as delay from transactions t
          join mining_sessions m on m.id = (t.metadata->>'cycleId')::uuid
          where t.type = 'mining_reward' and t.currency = 'ZP'`)) as unknown as {
          rows: { user_id: string; delay: number }[];
        }
      ).rows.map((r) => [r.user_id, r.delay]),
    );
    for (const account of farm) {
      const risk = await riskOf(account.id);
      expect(risk.flagged).toBe(true);
      expect(risk.score).toBeGreaterThanOrEqual(risk.threshold);
      const codes = risk.reasons.map((r) => r.code);
      expect(codes).toEqual(expect.arrayContaining(['network_burst', 'never_opened_app', 'referrer_farm']));
      expect(codes.includes('claim_rhythm')).toBe(delays.get(account.id)! <= FAST_CLAIM_SECONDS);
      expect(risk.reasons.find((r) => r.code === 'network_burst')!.detail).toMatchObject({
        accounts: FARM_SIZE,
        network: '198.51.100.0/24',
      });
      expect(risk.computed_at).toEqual(expect.any(String));
    }
  });

  it('flags the farm referrer as a member of the ring, and no organic account', async () => {
    expect((await riskOf(farmer.id)).flagged).toBe(true);
    for (const account of organic) {
      const risk = await riskOf(account.id);
      expect([account.username, risk.flagged, risk.reasons]).toEqual([account.username, false, []]);
      expect(risk.score).toBe(0);
    }
  });

  it('lists the farm ring first, with its members, shared signals and totals', async () => {
    const res = await server.get('/api/admin/integrity/rings?page=1', admin.token);
    expect(res.status).toBe(200);
    const { rings, total, threshold } = integrityRingsResponseSchema.parse(res.body);
    expect(threshold).toBe(60);
    expect(total).toBeGreaterThanOrEqual(1);
    const [ring] = rings;
    expect(ring!.flagged).toBe(true);
    expect(ring!.members.map((m) => m.id).sort()).toEqual([farmer.id, ...farm.map((f) => f.id)].sort());
    expect(ring!.member_count).toBe(FARM_SIZE + 1);
    expect([...new Set(ring!.signals.map((s) => s.kind))].sort()).toEqual([
      'network_burst',
      'referrer_farm',
      'shared_fingerprint',
    ]);
    // Each invitee: 100 ZP bonus at sign-up, 50 ZP mined; the referrer 150 ZP per invitee's first claim.
    expect(ring!.referral_rewards).toBe(FARM_SIZE * 250);
    expect(ring!.total_zp).toBe(FARM_SIZE * 300);
    expect(ring!.members.find((m) => m.id === farm[0]!.id)).toMatchObject({ username: farm[0]!.username });

    const one = await server.get(`/api/admin/integrity/rings/${ring!.id}`, admin.token);
    expect(one.status).toBe(200);
    expect(integrityRingResponseSchema.parse(one.body).ring).toEqual(ring);
  });

  it('keeps the ring id when the job runs again', async () => {
    const before = integrityRingsResponseSchema.parse(
      (await server.get('/api/admin/integrity/rings', admin.token)).body,
    );
    expect(await server.integrity.runNow()).toBe(true);
    const after = integrityRingsResponseSchema.parse(
      (await server.get('/api/admin/integrity/rings', admin.token)).body,
    );
    expect(after.rings[0]!.id).toBe(before.rings[0]!.id);
    expect(after.rings[0]!.member_count).toBe(FARM_SIZE + 1);
  });
});

describe('acting on a ring', () => {
  /** A ring of `size` fresh accounts from one /24 in a burst, listed after a job run. */
  async function buildRing(prefix: string, size = 6) {
    const accounts: Awaited<ReturnType<typeof signUpByEmail>>[] = [];
    for (let i = 0; i < size; i++) {
      accounts.push(await signUpByEmail({ ip: `${prefix}.${i + 1}`, userAgent: `Ring ${prefix}`, language: 'pt' }));
    }
    expect(await server.integrity.runNow()).toBe(true);
    const { rings } = integrityRingsResponseSchema.parse(
      (await server.get('/api/admin/integrity/rings', admin.token)).body,
    );
    const ring = rings.find((r) => r.members.some((m) => m.id === accounts[0]!.id))!;
    expect(ring.member_count).toBe(size);
    return { ring, accounts };
  }
  const audits = (targetId: string) =>
    server.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, targetId))
      .orderBy(adminAuditLog.id);

  it('marks a ring reviewed: its members no longer carry those reasons, now or at the next run; audited once', async () => {
    const { ring, accounts } = await buildRing('203.0.100');
    expect((await riskOf(accounts[0]!.id)).reasons.map((r) => r.code).sort()).toEqual([
      'network_burst',
      'shared_fingerprint',
    ]);
    const res = await server.post(`/api/admin/integrity/rings/${ring.id}/review`, { reason: 'A school' }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ messageKey: 'integrity.ringReviewed', affected: 6 });
    expect(res.body.ring).toMatchObject({ flagged: false, score: 0, reviewed_at: expect.any(String) });
    const repeat = await server.post(`/api/admin/integrity/rings/${ring.id}/review`, { reason: 'Again' }, admin.token);
    expect([repeat.status, repeat.body.affected]).toEqual([200, 0]);
    expect(await server.integrity.runNow()).toBe(true);
    for (const account of accounts) {
      const risk = await riskOf(account.id);
      expect(risk).toMatchObject({ score: 0, reasons: [], flagged: false, reviewed_at: expect.any(String) });
    }
    const entries = await audits(ring.id);
    expect(entries.map((e) => e.action)).toEqual(['integrity.ring_review']);
    expect(entries[0]).toMatchObject({ adminId: admin.user.id, after: { reviewed: true, reason: 'A school' } });
  });

  it('suspends every member in batches, ends their sessions, audits each, and a repeat does nothing', async () => {
    const { ring, accounts } = await buildRing('203.0.101', 7);
    const res = await server.post(`/api/admin/integrity/rings/${ring.id}/suspend`, { reason: 'A farm' }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ messageKey: 'integrity.ringSuspended', params: { count: 7 }, affected: 7 });
    for (const account of accounts) {
      const [row] = await server.database.db.select().from(users).where(eq(users.id, account.id));
      expect(row).toMatchObject({ suspensionReason: 'A farm', suspendedAt: expect.any(Date) });
      expect((await server.get('/api/user/me', account.token)).status).toBe(401);
      const entries = await audits(account.id);
      expect(entries.map((e) => [e.action, (e.after as { ring?: string }).ring])).toEqual([['user.suspend', ring.id]]);
    }
    expect((await audits(ring.id)).map((e) => e.action)).toEqual(['integrity.ring_suspend']);
    const repeat = await server.post(
      `/api/admin/integrity/rings/${ring.id}/suspend`,
      { reason: 'A farm' },
      admin.token,
    );
    expect([repeat.status, repeat.body.affected]).toEqual([200, 0]);
    expect(await audits(ring.id)).toHaveLength(1);
  });

  it('resumes a suspension stopped part-way: only the rest is suspended', async () => {
    const { ring, accounts } = await buildRing('203.0.102', 5);
    // A first call that stopped after its first batch (a restart): two members suspended.
    await suspendRing(server.database.db, {
      adminId: admin.user.id,
      ringId: ring.id,
      reason: 'A farm',
      invalidations: server.deps.invalidations,
      batchSize: 2,
      maxBatches: 1,
    });
    const res = await server.post(`/api/admin/integrity/rings/${ring.id}/suspend`, { reason: 'A farm' }, admin.token);
    expect([res.status, res.body.affected]).toEqual([200, 3]);
    for (const account of accounts) expect((await audits(account.id)).map((e) => e.action)).toEqual(['user.suspend']);
  });

  it('never suspends an admin or the caller, and refuses bad input, changing nothing', async () => {
    const { ring } = await buildRing('203.0.103', 5);
    const other = await insertUser(server, { role: 'ADMIN' });
    await server.database.db.insert(integrityRingMembers).values([
      { ringId: ring.id, userId: other.user.id },
      { ringId: ring.id, userId: admin.user.id },
    ]);
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 5 }]) {
      for (const action of ['review', 'suspend']) {
        const res = await server.post(`/api/admin/integrity/rings/${ring.id}/${action}`, body, admin.token);
        expect([action, JSON.stringify(body), res.status]).toEqual([action, JSON.stringify(body), 400]);
      }
    }
    const missing = await server.post(
      '/api/admin/integrity/rings/00000000-0000-4000-8000-000000000000/suspend',
      { reason: 'x' },
      admin.token,
    );
    expect(missing.status).toBe(404);
    expect(await audits(ring.id)).toEqual([]);
    const res = await server.post(`/api/admin/integrity/rings/${ring.id}/suspend`, { reason: 'A farm' }, admin.token);
    expect(res.body.affected).toBe(5);
    const admins = await server.database.db.select().from(users).where(eq(users.role, 'ADMIN'));
    expect(admins.every((a) => a.suspendedAt === null)).toBe(true);
  });

  it('refuses non-admins (403) and signed-out callers (401)', async () => {
    const user = await insertUser(server);
    for (const action of ['review', 'suspend']) {
      const path = `/api/admin/integrity/rings/00000000-0000-4000-8000-000000000000/${action}`;
      expect((await server.post(path, { reason: 'x' }, user.token)).status).toBe(403);
      expect((await server.post(path, { reason: 'x' })).status).toBe(401);
    }
  });
});

describe('one popular client shared by people', () => {
  it('groups the accounts until they claim, not once they claim late', async () => {
    const client = { userAgent: 'Popular phone 17.5 Telegram-iOS/11.1', language: 'en-GB,en;q=0.9' };
    const people = [];
    for (let i = 1; i <= 5; i++) people.push(await signUpByEmail({ ...client, ip: `192.168.${40 + i}.7` }));
    expect(await server.integrity.runNow()).toBe(true);
    expect((await riskOf(people[0]!.id)).reasons.map((r) => r.code)).toEqual(['shared_fingerprint']);
    await Promise.all(people.map((p) => mineOnce(p.token, { lateBySeconds: 6 })));
    expect(await server.integrity.runNow()).toBe(true);
    for (const person of people) {
      expect((await riskOf(person.id)).reasons.map((r) => r.code)).not.toContain('shared_fingerprint');
    }
  });
});

describe('premium and old Telegram accounts on one network', () => {
  it('are never flagged on network signals alone', async () => {
    const accounts: { id: string; token: string }[] = [];
    for (let i = 0; i < 8; i++) {
      // Half premium, half old (ids of 2015): the same /24 and device within a minute.
      const user =
        i % 2 === 0 ? { id: nextTelegramId(), is_premium: true } : { id: 150_000_000 + (nextTelegramId() % 1e7) };
      accounts.push(
        await signUpByTelegram({ ip: `192.0.2.${i + 1}`, userAgent: 'SameDevice/1.0', language: 'ru' }, user),
      );
    }
    expect(await server.integrity.runNow()).toBe(true);
    for (const account of accounts) {
      const risk = await riskOf(account.id);
      expect(risk.flagged).toBe(false);
      expect(risk.reasons.map((r) => r.code).sort()).toEqual(['network_burst', 'shared_fingerprint']);
      expect(risk.reasons.every((r) => r.detail.trusted === true)).toBe(true);
    }
    const { rings } = integrityRingsResponseSchema.parse(
      (await server.get('/api/admin/integrity/rings', admin.token)).body,
    );
    const ring = rings.find((r) => r.members.some((m) => m.id === accounts[0]!.id));
    expect(ring).toMatchObject({ flagged: false, member_count: 8 });
  });
});

describe('the integrity endpoints refuse', () => {
  it('bad input with 400 or 404', async () => {
    for (const page of ['0', '-1', 'abc', '1.5', '10001']) {
      const res = await server.get(`/api/admin/integrity/rings?page=${page}`, admin.token);
      expect([page, res.status, res.body.message]).toEqual([page, 400, INTEGRITY_MESSAGES.ringsPageInvalid]);
    }
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await server.get(`/api/admin/integrity/rings/${id}`, admin.token);
      expect([id, res.status, res.body.messageKey]).toEqual([id, 404, 'integrity.ringNotFound']);
    }
  });

  it('non-admins with 403 and signed-out callers with 401', async () => {
    const user = await insertUser(server);
    for (const path of [
      '/api/admin/integrity/rings',
      '/api/admin/integrity/rings/00000000-0000-4000-8000-000000000000',
    ]) {
      expect((await server.get(path, user.token)).status).toBe(403);
      expect((await server.get(path)).status).toBe(401);
    }
  });

  it('leaves the sign-in answer alone when the client sends no usable address or headers', async () => {
    const res = await server.request('POST', '/api/auth/register', {
      body: buildRegistration(),
      headers: { 'x-forwarded-for': 'not-an-ip' },
    });
    expect(res.status).toBe(201);
    const [row] = await server.database.db
      .select()
      .from(accountSignals)
      .where(and(eq(accountSignals.userId, res.body.user.id as string)));
    expect(row).toMatchObject({ kind: 'signup', network: null });
  });
});

describe("the operator's threshold", () => {
  it('decides who is flagged, and never flags premium or old accounts on network reasons alone', async () => {
    const fresh = await signUpByTelegram(
      { ip: '198.18.9.9', userAgent: 'Threshold/1.0' },
      { id: 8_700_000_000 + (nextTelegramId() % 1e6) },
    );
    expect(await riskOf(fresh.id)).toMatchObject({ score: 15, threshold: 60, flagged: false });
    await writeIntegrityThreshold(server.database.db, 10);
    try {
      expect(await riskOf(fresh.id)).toMatchObject({ score: 15, threshold: 10, flagged: true });
      const trusted = await server.database.db
        .select({ userId: accountSignals.userId })
        .from(accountSignals)
        .where(and(eq(accountSignals.network, '192.0.2.0/24'), eq(accountSignals.kind, 'signup')));
      expect(trusted.length).toBeGreaterThan(0);
      for (const { userId } of trusted) {
        const risk = await riskOf(userId);
        expect(risk.score).toBeGreaterThanOrEqual(10);
        expect(risk.flagged).toBe(false);
      }
    } finally {
      await writeIntegrityThreshold(server.database.db, 60);
    }
  });
});
