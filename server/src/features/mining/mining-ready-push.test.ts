import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Language } from '@ziver/shared';
import { rowsOf, type DatabaseHandle } from '../../platform/db/client.js';
import { miningSessions, pushSubscriptions, users } from '../../platform/db/schema.js';
import { registerUser } from '../../testing/factories.js';
import { startPushServiceStandIn, type PushServiceStandIn } from '../../testing/push-service-stand-in.js';
import { createTestDatabase } from '../../testing/test-database.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { miningReadyPushText } from './mining-ready-push.js';

// The mining-ready notice by browser push, as the server runs it (start-push.ts), through a push
// service stand-in that checks the VAPID signature and decrypts each payload with the device's keys.
let push: PushServiceStandIn;
let database: DatabaseHandle;
const servers: TestServer[] = [];

beforeAll(async () => {
  push = await startPushServiceStandIn();
  database = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  push.received.splice(0);
  push.refused.splice(0);
});
afterAll(async () => {
  await database?.close();
  await push?.close();
});

const db = () => database.db;

const start = async () => {
  const server = await startTestServer(
    {
      RATE_LIMITS: 'off',
      PUSH: 'on',
      PUSH_CA_FILE: push.caFile,
      PUSH_POLL_SECONDS: '0.05',
      PUSH_RETRY_SECONDS: '0.1',
      PUBLIC_URL: 'https://ziver.test',
    },
    { database },
  );
  servers.push(server);
  return server;
};

async function userWithDevices(options: { devices?: number; language?: Language; notifyPush?: boolean } = {}) {
  const n = randomBytes(5).toString('hex');
  const [user] = await db()
    .insert(users)
    .values({
      username: `p_${n}`,
      referralCode: `P${n.toUpperCase()}`,
      language: options.language ?? 'en',
      notifyPush: options.notifyPush ?? true,
    })
    .returning();
  const devices = Array.from({ length: options.devices ?? 1 }, () => push.createDevice());
  const rows = [];
  for (const device of devices) {
    const [row] = await db()
      .insert(pushSubscriptions)
      .values({ userId: user!.id, endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth })
      .returning();
    rows.push({ ...device, subscriptionId: row!.id });
  }
  return { user: user!, devices: rows };
}

async function endedCycle(userId: string) {
  const [cycle] = await db()
    .insert(miningSessions)
    .values({ userId, startedAt: sql`now() - interval '4 hours'`, endsAt: sql`now()`, reward: 50 })
    .returning({ id: miningSessions.id });
  return cycle!.id;
}

const pushRows = async (cycleId: string) =>
  rowsOf<{ dedupe_key: string; state: string; attempts: number; last_error: string | null }>(
    await db().execute(sql`
      SELECT dedupe_key, state, attempts, last_error FROM outbox_messages
      WHERE channel = 'push' AND payload->>'sessionId' = ${cycleId} ORDER BY dedupe_key`),
  );
const states = async (cycleId: string) => (await pushRows(cycleId)).map((r) => r.state);
const pushesTo = (deviceId: string) => push.received.filter((p) => p.deviceId === deviceId);

describe('mining-ready notices by browser push', () => {
  it('a ready cycle sends one decrypted, signed push per device, in the user language, opening the app', async () => {
    const server = await start();
    // Subscribed through the API, in French.
    const u = await registerUser(server);
    await server.request('PUT', '/api/settings/appearance/language', { body: { language: 'fr' }, token: u.token });
    const phone = push.createDevice();
    const laptop = push.createDevice();
    for (const device of [phone, laptop]) {
      expect(
        (await server.post('/api/push/subscriptions', { endpoint: device.endpoint, keys: device.keys }, u.token))
          .status,
      ).toBe(200);
    }
    const cycleId = await endedCycle(u.user.id);
    await expect.poll(() => states(cycleId)).toEqual(['sent', 'sent']);
    for (const device of [phone, laptop]) {
      const received = pushesTo(device.deviceId);
      expect(received).toHaveLength(1);
      expect(received[0]!.payload).toEqual({
        ...miningReadyPushText('fr'),
        url: 'https://ziver.test/mining',
        icon: 'https://ziver.test/favicon.svg',
        tag: `mining-ready:${cycleId}`,
      });
      expect(received[0]!.payload.title).toBe('Votre récompense de minage est prête');
      expect(received[0]!.vapidKey).toBe(server.config.push.vapid.publicKey);
      expect(received[0]!.claims.aud).toBe(push.origin);
      expect(received[0]!.ttl).toBe(86_400);
    }
    expect(push.refused).toEqual([]);
    // Each device's row is keyed by cycle and subscription: once per cycle and device.
    expect((await pushRows(cycleId)).every((r) => r.dedupe_key.startsWith(`mining_ready:${cycleId}:push:`))).toBe(true);
  });

  it('410 removes the subscription (row skipped, nothing sent); push off for the account writes no row', async () => {
    const gone = await userWithDevices();
    const quiet = await userWithDevices({ notifyPush: false });
    push.expire(gone.devices[0]!.deviceId);
    const goneCycle = await endedCycle(gone.user.id);
    const quietCycle = await endedCycle(quiet.user.id);
    await start();
    await expect.poll(() => states(goneCycle)).toEqual(['skipped']);
    expect((await pushRows(goneCycle))[0]!.last_error).toContain('410');
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, gone.user.id))).toEqual([]);
    const isQueued = async () =>
      rowsOf<{ q: boolean }>(
        await db().execute(
          sql`SELECT notices_queued_at IS NOT NULL AS q FROM mining_sessions WHERE id = ${quietCycle}`,
        ),
      )[0]?.q;
    await expect.poll(isQueued).toBe(true);
    expect(await states(quietCycle)).toEqual([]);
    expect(push.received).toEqual([]);
  });

  it('a 404 from the push service also removes the subscription', async () => {
    const u = await userWithDevices();
    push.answerNext({ status: 404 });
    const cycleId = await endedCycle(u.user.id);
    await start();
    await expect.poll(() => states(cycleId)).toEqual(['skipped']);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, u.user.id))).toEqual([]);
    expect(push.received).toEqual([]);
  });

  it('500 and 429 (Retry-After) are retried until the push goes out, once', async () => {
    const u = await userWithDevices();
    push.answerNext({ status: 500 }, 2);
    push.answerNext({ status: 429, retryAfter: '0' });
    const cycleId = await endedCycle(u.user.id);
    await start();
    await expect.poll(() => states(cycleId)).toEqual(['sent']);
    expect(push.requests()).toBeGreaterThanOrEqual(4);
    expect(pushesTo(u.devices[0]!.deviceId)).toHaveLength(1);
    // Two counted tries refused with 500, the 429 given back, the fourth request delivered.
    expect((await pushRows(cycleId))[0]!.attempts).toBe(3);
  });

  it('a 5xx on every try ends failed after PUSH_MAX_ATTEMPTS; a dropped connection after the write is unconfirmed, never resent', async () => {
    const failing = await userWithDevices();
    push.answerNext({ status: 503 }, 5);
    const failingCycle = await endedCycle(failing.user.id);
    await start();
    await expect.poll(() => states(failingCycle)).toEqual(['failed']);
    const dropped = await userWithDevices();
    push.answerNext('drop');
    const droppedCycle = await endedCycle(dropped.user.id);
    await expect.poll(() => states(droppedCycle)).toEqual(['unconfirmed']);
    expect(pushesTo(dropped.devices[0]!.deviceId)).toEqual([]);
  });

  it('three instances racing over the same cycles send each device exactly one push', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => userWithDevices({ devices: 2 })));
    const cycles = await Promise.all(people.map((p) => endedCycle(p.user.id)));
    await Promise.all([start(), start(), start()]);
    await expect
      .poll(async () => (await Promise.all(cycles.map(states))).flat().filter((s) => s === 'sent').length, {
        timeout: 30_000,
      })
      .toBe(24);
    for (const person of people) {
      for (const device of person.devices) expect(pushesTo(device.deviceId)).toHaveLength(1);
    }
  });
});
