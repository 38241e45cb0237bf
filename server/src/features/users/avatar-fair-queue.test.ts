import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../testing/factories.js';
import { buildPng } from '../../testing/images.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

// Three decodes at once and two waiting places, of which one user holds at most two.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', IMAGE_DECODE_CONCURRENCY: '3', IMAGE_DECODE_QUEUE: '2' });
});
afterAll(() => server.stop());

async function upload(path: string, token: string, field: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(field, new Blob([bytes], { type: 'image/png' }), 'image.png');
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as { code?: string; messageKey?: string } };
}

describe("the image decode queue under one user's flood", () => {
  it("answers another user's avatar while one user floods heavy feedback images", async () => {
    const flooder = await registerUser(server);
    const other = await registerUser(server);
    const heavy = await buildPng({ width: 1800, height: 1800 });
    const fields = {
      title: 'Screens',
      message: 'Many screenshots of the claim button.',
      type: 'bug',
      priority: 'high',
    };
    // The flooder's share is taken by two heavy decodes still running (held through the real
    // queue, so the test does not depend on how fast this machine decodes).
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const running = [1, 2].map(() => server.deps.imageDecodes.run(() => gate, flooder.user.id));
    try {
      const flooded = await Promise.all(
        Array.from({ length: 8 }, () => upload('/api/feedback', flooder.token, 'attachments', heavy, fields)),
      );
      for (const res of flooded) {
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ code: 'SERVER_BUSY', messageKey: 'upload.ownImagesBusy' });
      }
      const avatar = await upload('/api/user/avatar', other.token, 'avatar', await buildPng());
      expect(avatar.status).toBe(200);
    } finally {
      finish();
      await Promise.all(running);
    }
    // Its decodes done, the flooder is served again.
    expect((await upload('/api/feedback', flooder.token, 'attachments', heavy, fields)).status).toBe(201);
  });
});
