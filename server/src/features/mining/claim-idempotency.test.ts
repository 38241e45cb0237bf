import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { idempotencyKeys, miningSessions, transactions } from '../../platform/db/schema.js';
import { registerUser } from '../../testing/factories.js';
import { TEST_PG_URL } from '../../testing/test-database.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', MINING_CYCLE_HOURS: String(60 / 3600) });
});
afterAll(() => server.stop());

/** A user whose cycle has just finished (no waiting a minute). */
async function userWithFinishedCycle() {
  const registered = await registerUser(server);
  await server.post('/api/mining/start', {}, registered.token);
  await server.database.db
    .update(miningSessions)
    .set({ startedAt: sql`now() - interval '61 seconds'`, endsAt: sql`now() - interval '1 second'` })
    .where(eq(miningSessions.userId, registered.user.id));
  return registered;
}

const claimWithKey = (token: string, key: string, body: unknown = {}) =>
  server.request('POST', '/api/mining/claim', { token, body, headers: { 'idempotency-key': key } });

async function miningEntriesOf(userId: string) {
  const rows = await server.database.db.select().from(transactions).where(eq(transactions.userId, userId));
  return rows.filter((row) => row.type === 'mining_reward');
}

/**
 * A network fault between client and server: the request reaches the server, and the answer's
 * first bytes (sent after the claim committed) are where the client's connection is cut.
 */
async function answerLostProxy(target: URL) {
  const proxy = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.once('data', () => {
      client.destroy();
      upstream.destroy();
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => proxy.close(resolve)) };
}

describe('Idempotency-Key on the claim', () => {
  it('answers a repeated key with the first answer and credits once', async () => {
    const { token, user } = await userWithFinishedCycle();
    const first = await claimWithKey(token, 'claim-1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, reward: { zp: expect.any(Number) } });
    const again = await claimWithKey(token, 'claim-1');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await miningEntriesOf(user.id)).toHaveLength(2);
  });

  it('keeps the spec answers without the header: a second claim is 409 MINING_NOT_STARTED', async () => {
    const { token, user } = await userWithFinishedCycle();
    expect((await server.post('/api/mining/claim', {}, token)).status).toBe(200);
    const second = await server.post('/api/mining/claim', {}, token);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('MINING_NOT_STARTED');
    const keyed = await claimWithKey(token, 'after-plain');
    expect(keyed.status).toBe(409);
    expect(keyed.body.code).toBe('MINING_NOT_STARTED');
    // A refusal stored nothing: it changed nothing.
    const stored = await server.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
    expect(stored).toEqual([]);
  });

  it('refuses a key reused for another body or path with 422, crediting nothing more', async () => {
    const { token, user } = await userWithFinishedCycle();
    expect((await claimWithKey(token, 'reuse')).status).toBe(200);
    const otherBody = await claimWithKey(token, 'reuse', { other: true });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED' });
    const otherPath = await server.request('POST', '/api/user/activity', {
      token,
      body: { activityType: 'DAILY_LOGIN' },
      headers: { 'idempotency-key': 'reuse' },
    });
    expect(otherPath.status).toBe(422);
    expect(await miningEntriesOf(user.id)).toHaveLength(2);
  });

  it.each([
    ['empty', ''],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['not ASCII', 'cl\u00e9'],
  ])('refuses a key that is %s with 400 and claims nothing', async (_, key) => {
    const { token, user } = await userWithFinishedCycle();
    const res = await claimWithKey(token, key);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(await miningEntriesOf(user.id)).toEqual([]);
    expect((await claimWithKey(token, 'k'.repeat(255))).status).toBe(200);
  });

  it('gives the retry of a claim whose answer was lost after the commit that answer, credited once', async () => {
    const { token, user } = await userWithFinishedCycle();
    const proxy = await answerLostProxy(new URL(server.url));
    try {
      const lost = fetch(`${proxy.url}/api/mining/claim`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'lost' },
        body: '{}',
      });
      await expect(lost).rejects.toThrow();
    } finally {
      await proxy.close();
    }
    // Credited before the answer was cut.
    expect(await miningEntriesOf(user.id)).toHaveLength(2);
    // Without the key the retry would be told MINING_NOT_STARTED; with it, the claim's answer.
    const retry = await claimWithKey(token, 'lost');
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ success: true, message: 'Reward claimed', reward: { zp: expect.any(Number) } });
    expect(await miningEntriesOf(user.id)).toHaveLength(2);
  });

  it('credits once when requests with one key race (409 in progress or the same answer)', async () => {
    if (!TEST_PG_URL) console.info('claim-idempotency: DATABASE_URL not set; racing on embedded PGlite (serialised).');
    const { token, user } = await userWithFinishedCycle();
    const results = await Promise.all(Array.from({ length: 10 }, () => claimWithKey(token, 'race')));
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of ok) expect(r.body).toEqual(ok[0]!.body);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('IDEMPOTENCY_KEY_IN_USE');
    }
    expect(await miningEntriesOf(user.id)).toHaveLength(2);
  });
});

describe('Idempotency-Key on the other crediting calls', () => {
  it('answers a repeated daily login with its first answer (credited: true) and credits once', async () => {
    const { token, user } = await registerUser(server);
    const call = () =>
      server.request('POST', '/api/user/activity', {
        token,
        body: { activityType: 'DAILY_LOGIN' },
        headers: { 'idempotency-key': 'login-today' },
      });
    const first = await call();
    const again = await call();
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    const rows = await server.database.db.select().from(transactions).where(eq(transactions.userId, user.id));
    const logins = rows.filter((row) => row.type === 'daily_login');
    expect(logins.length).toBeLessThanOrEqual(2);
    // Without the key, a repeat is the spec's "already credited".
    const plain = await server.post('/api/user/activity', { activityType: 'DAILY_LOGIN' }, token);
    expect(plain.body.credited).toBe(false);
  });
});
