import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SETTINGS_MESSAGES } from '@ziver/shared';
import { pushSubscriptions, users } from '../../platform/db/schema.js';
import { registerUser } from '../../testing/factories.js';
import { startPushServiceStandIn, type PushServiceStandIn } from '../../testing/push-service-stand-in.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { rowsOf } from '../../platform/db/client.js';

// The push subscription endpoints and the notification channels' state, over HTTP on PostgreSQL.
let push: PushServiceStandIn;
let server: TestServer;
beforeAll(async () => {
  push = await startPushServiceStandIn();
  server = await startTestServer({ RATE_LIMITS: 'off', PUSH: 'on', PUSH_CA_FILE: push.caFile });
});
afterAll(async () => {
  await server?.stop();
  await push?.close();
});

const subscribe = (body: unknown, token?: string) => server.post('/api/push/subscriptions', body, token);
const unsubscribe = (endpoint: string, token?: string) =>
  server.request('DELETE', `/api/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`, { token });
const storedFor = async (userId: string) =>
  server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('GET /api/push/public-key', () => {
  it("answers the server's VAPID public key, signed out too", async () => {
    const res = await server.get('/api/push/public-key');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, publicKey: server.config.push.vapid.publicKey });
    expect(Buffer.from(res.body.publicKey as string, 'base64url')).toHaveLength(65);
  });
});

describe('POST and DELETE /api/push/subscriptions', () => {
  it('stores one row per device endpoint, moves it on resubscribe, removes it on unsubscribe', async () => {
    const u = await registerUser(server);
    const device = push.createDevice();
    const first = await subscribe({ endpoint: device.endpoint, keys: device.keys }, u.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, message: SETTINGS_MESSAGES.pushSubscribed, devices: 1 });
    // The same device again with new keys (the browser renewed them): still one row, the new keys.
    const renewed = push.createDevice().keys;
    expect((await subscribe({ endpoint: device.endpoint, keys: renewed }, u.token)).body.devices).toBe(1);
    expect((await storedFor(u.user.id)).map((r) => r.p256dh)).toEqual([renewed.p256dh]);
    // The device signs in to another account: the row moves with it.
    const other = await registerUser(server);
    expect((await subscribe({ endpoint: device.endpoint, keys: renewed }, other.token)).body.devices).toBe(1);
    expect(await storedFor(u.user.id)).toEqual([]);
    // Only the owner's unsubscribe removes it; removing what is not there is no error.
    expect((await unsubscribe(device.endpoint, u.token)).body.devices).toBe(0);
    expect(await storedFor(other.user.id)).toHaveLength(1);
    const gone = await unsubscribe(device.endpoint, other.token);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ message: SETTINGS_MESSAGES.pushUnsubscribed, devices: 0 });
    expect((await unsubscribe(device.endpoint, other.token)).status).toBe(200);
    expect(await storedFor(other.user.id)).toEqual([]);
  });

  it('refuses bad input with a 400 and stores nothing; signed out is 401', async () => {
    const u = await registerUser(server);
    const { endpoint, keys } = push.createDevice();
    const cases: Array<[unknown, string]> = [
      [{ endpoint: endpoint.replace('https:', 'http:'), keys }, SETTINGS_MESSAGES.pushEndpointInvalid],
      [{ endpoint: 'not a url', keys }, SETTINGS_MESSAGES.pushEndpointInvalid],
      [{ keys }, SETTINGS_MESSAGES.pushEndpointInvalid],
      [{ endpoint, keys: { ...keys, p256dh: keys.p256dh.slice(0, 40) } }, SETTINGS_MESSAGES.pushKeysInvalid],
      [{ endpoint, keys: { ...keys, auth: `${keys.auth}AAAA` } }, SETTINGS_MESSAGES.pushKeysInvalid],
      [{ endpoint, keys: { ...keys, auth: 'not*base64url*ok!!!!!!' } }, SETTINGS_MESSAGES.pushKeysInvalid],
      [{ endpoint }, SETTINGS_MESSAGES.pushKeysInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await subscribe(body, u.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(body)).toContain(message);
    }
    expect((await unsubscribe('http://example.com/x', u.token)).status).toBe(400);
    expect(await storedFor(u.user.id)).toEqual([]);
    expect((await subscribe({ endpoint, keys })).status).toBe(401);
    expect((await unsubscribe(endpoint)).status).toBe(401);
    const [{ n }] = rowsOf<{ n: number }>(
      await server.database.db.execute(
        sql`SELECT count(*)::int AS n FROM push_subscriptions WHERE endpoint = ${endpoint}`,
      ),
    ) as [{ n: number }];
    expect(n).toBe(0);
  });
});

describe('GET /api/settings/notifications/channels', () => {
  it('says what each channel can deliver: no mail here, push with the devices, Telegram not set up', async () => {
    const u = await registerUser(server);
    const before = await server.get('/api/settings/notifications/channels', u.token);
    expect(before.status).toBe(200);
    expect(before.body.channels).toEqual({
      email: { available: false, hasAddress: true },
      push: { available: true, devices: 0, thisDevice: false },
      telegram: { available: false, connected: false, blocked: false },
    });
    const device = push.createDevice();
    await subscribe({ endpoint: device.endpoint, keys: device.keys }, u.token);
    await server.database.db.update(users).set({ telegramId: 4242n }).where(eq(users.id, u.user.id));
    const after = await server.get(
      `/api/settings/notifications/channels?endpoint=${encodeURIComponent(device.endpoint)}`,
      u.token,
    );
    expect(after.body.channels.push).toEqual({ available: true, devices: 1, thisDevice: true });
    const elsewhere = await server.get(
      `/api/settings/notifications/channels?endpoint=${encodeURIComponent(push.createDevice().endpoint)}`,
      u.token,
    );
    expect(elsewhere.body.channels.push).toEqual({ available: true, devices: 1, thisDevice: false });
    expect((await server.get('/api/settings/notifications/channels?endpoint=http%3A%2F%2Fx', u.token)).status).toBe(
      400,
    );
    expect(after.body.channels.telegram).toEqual({ available: false, connected: true, blocked: false });
    expect((await server.get('/api/settings/notifications/channels')).status).toBe(401);
  });

  it('with PUSH=off and MAIL on: push unavailable, no key, subscribing is refused', async () => {
    const off = await startTestServer({ RATE_LIMITS: 'off', PUSH: 'off', MAIL: 'on' }, { database: server.database });
    try {
      const u = await registerUser(off);
      const res = await off.get('/api/settings/notifications/channels', u.token);
      expect(res.body.channels.push).toEqual({ available: false, devices: 0, thisDevice: false });
      expect(res.body.channels.email).toEqual({ available: true, hasAddress: true });
      expect((await off.get('/api/push/public-key')).body.publicKey).toBeNull();
      const device = push.createDevice();
      const refused = await off.post(
        '/api/push/subscriptions',
        { endpoint: device.endpoint, keys: device.keys },
        u.token,
      );
      expect(refused.status).toBe(503);
      expect(refused.body.message).toBe(SETTINGS_MESSAGES.pushUnavailable);
      expect(await storedFor(u.user.id)).toEqual([]);
    } finally {
      await off.stop();
    }
  });
});
