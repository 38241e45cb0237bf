import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import https from 'node:https';
import webPush from 'web-push';
import { startPushServiceStandIn, type PushServiceStandIn } from './push-service-stand-in.js';

// The stand-in refuses what a real push service refuses, so the delivery tests that pass through
// it prove the server's VAPID signature and encryption, not just that a request was made.
let push: PushServiceStandIn;
beforeAll(async () => {
  push = await startPushServiceStandIn();
});
afterAll(() => push?.close());

const vapid = { subject: 'mailto:ops@ziver.test', ...webPush.generateVAPIDKeys() };

function post(details: {
  endpoint: string;
  method: string;
  headers: Record<string, string | number>;
  body: Buffer | null;
}) {
  return new Promise<number>((resolve, reject) => {
    const request = https.request(details.endpoint, { method: details.method, headers: details.headers, ca: push.ca });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}

const detailsFor = (subscription: { endpoint: string; keys: { p256dh: string; auth: string } }, keys = vapid) =>
  webPush.generateRequestDetails(subscription, JSON.stringify({ title: 'Hi' }), {
    vapidDetails: keys,
    TTL: 60,
    contentEncoding: 'aes128gcm',
  });

describe('the push service stand-in', () => {
  it('accepts a signed, encrypted push and decrypts it with the device keys', async () => {
    const device = push.createDevice();
    expect(await post(detailsFor(device))).toBe(201);
    expect(push.received.at(-1)).toMatchObject({ deviceId: device.deviceId, payload: { title: 'Hi' }, ttl: 60 });
    expect(push.received.at(-1)!.claims.aud).toBe(push.origin);
  });

  it('refuses a JWT not signed by the key it names (403)', async () => {
    const device = push.createDevice();
    const details = detailsFor(device);
    const other = webPush.generateVAPIDKeys().publicKey;
    const forged = {
      ...details,
      headers: {
        ...details.headers,
        Authorization: String(details.headers.Authorization).replace(/k=.*$/, `k=${other}`),
      },
    };
    const before = push.received.length;
    expect(await post(forged)).toBe(403);
    expect(push.refused.at(-1)).toMatch(/^vapid:/);
    expect(push.received).toHaveLength(before);
  });

  it("refuses a JWT for another push service's origin (403)", async () => {
    const device = push.createDevice();
    // Signed for https://elsewhere.example, sent here.
    const elsewhere = detailsFor({
      ...device,
      endpoint: device.endpoint.replace(push.origin, 'https://elsewhere.example'),
    });
    expect(await post({ ...elsewhere, endpoint: device.endpoint })).toBe(403);
    expect(push.refused.at(-1)).toMatch(/aud/);
  });

  it("refuses a payload encrypted to another device's keys (400), and an unknown or expired device (404, 410)", async () => {
    const device = push.createDevice();
    const stranger = push.createDevice();
    expect(await post({ ...detailsFor({ ...device, keys: stranger.keys }), endpoint: device.endpoint })).toBe(400);
    expect(push.refused.at(-1)).toMatch(/^payload:/);
    expect(await post(detailsFor({ ...device, endpoint: `${push.origin}/push/unknown` }))).toBe(404);
    push.expire(device.deviceId);
    expect(await post(detailsFor(device))).toBe(410);
  });
});
