import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES, AVATAR_SIDE_PX, uploadAvatarResponseSchema } from '@ziver/shared';
import { registerUser } from '../../testing/factories.js';
import { buildJpegWithGps, buildPixelBombPng, buildPng, fillDecodeQueue, NOT_AN_IMAGE } from '../../testing/images.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off' });
});
afterAll(() => server.stop());

async function postAvatar(
  token: string | undefined,
  file?: { name: string; type: string; bytes: Buffer },
  field = 'avatar',
) {
  const form = new FormData();
  if (file) form.append(field, new Blob([file.bytes], { type: file.type }), file.name);
  const res = await fetch(`${server.url}/api/user/avatar`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as any };
}

async function fetchBytes(url: string) {
  const res = await fetch(`${server.url}${url}`);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('POST /api/user/avatar', () => {
  it('stores a PNG as a small square, answers success, message and user.avatar_url that serves it', async () => {
    const { token } = await registerUser(server);
    const res = await postAvatar(token, {
      name: 'me.png',
      type: 'image/png',
      bytes: await buildPng({ width: 600, height: 400 }),
    });
    expect(res.status).toBe(200);
    const body = uploadAvatarResponseSchema.parse(res.body);
    expect(body.message).toBe(AVATAR_MESSAGES.uploaded);
    expect(body.user.avatar_url).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{43}\.webp$/);
    const { res: file, bytes } = await fetchBytes(body.user.avatar_url!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(bytes).metadata()).toMatchObject({
      format: 'webp',
      width: AVATAR_SIDE_PX,
      height: AVATAR_SIDE_PX,
    });
    const me = await server.get('/api/user/me', token);
    expect(me.body.user.avatar_url).toBe(body.user.avatar_url);
    const again = await fetch(`${server.url}${body.user.avatar_url}`, {
      headers: { 'if-none-match': file.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it('drops EXIF and GPS', async () => {
    const { token } = await registerUser(server);
    const res = await postAvatar(token, { name: 'me.jpg', type: 'image/jpeg', bytes: await buildJpegWithGps() });
    expect(res.status).toBe(200);
    const { bytes } = await fetchBytes(res.body.user.avatar_url);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('ZiverCam'))).toBe(false);
  });

  it('refuses a text file named x.png sent as image/png and keeps the old avatar', async () => {
    const { token } = await registerUser(server);
    const res = await postAvatar(token, { name: 'x.png', type: 'image/png', bytes: NOT_AN_IMAGE });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ success: false, message: 'Please select an image file' });
    expect((await server.get('/api/user/me', token)).body.user.avatar_url).toBeNull();
  });

  it('answers 503 SERVER_BUSY with Retry-After and keeps the old avatar while the image queue is full', async () => {
    const { token } = await registerUser(server);
    const png = await buildPng();
    const full = fillDecodeQueue(server.deps.imageDecodes);
    try {
      const res = await postAvatar(token, { name: 'me.png', type: 'image/png', bytes: png });
      expect(res.status).toBe(503);
      expect(res.retryAfter).toBe('5');
      expect(res.body).toMatchObject({ success: false, code: 'SERVER_BUSY', messageKey: 'upload.busy' });
      expect((await server.get('/api/user/me', token)).body.user.avatar_url).toBeNull();
    } finally {
      await full.release();
    }
    expect((await postAvatar(token, { name: 'me.png', type: 'image/png', bytes: png })).status).toBe(200);
  });

  it('refuses a file over 1 MB', async () => {
    const { token } = await registerUser(server);
    const big = Buffer.concat([await buildPng(), Buffer.alloc(AVATAR_MAX_BYTES)]);
    const res = await postAvatar(token, { name: 'big.png', type: 'image/png', bytes: big });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, message: 'File size must be less than 1MB' });
  });

  it('refuses a pixel bomb, a missing file and a wrong field', async () => {
    const { token } = await registerUser(server);
    const bomb = await postAvatar(token, { name: 'b.png', type: 'image/png', bytes: buildPixelBombPng() });
    expect(bomb.status).toBe(413);
    expect(bomb.body.message).toBe(AVATAR_MESSAGES.imageTooManyPixels);
    const missing = await postAvatar(token);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(AVATAR_MESSAGES.missing);
    const wrongField = await postAvatar(token, { name: 'a.png', type: 'image/png', bytes: await buildPng() }, 'photo');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toBe('Unexpected file field: photo');
  });

  it('needs a signed-in user; unknown file keys are 404', async () => {
    expect((await postAvatar(undefined, { name: 'a.png', type: 'image/png', bytes: await buildPng() })).status).toBe(
      401,
    );
    expect((await fetch(`${server.url}/api/files/${'a'.repeat(43)}.png`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/files/..%2Fetc`)).status).toBe(404);
  });
});
