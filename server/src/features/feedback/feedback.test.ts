import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  ATTACHMENT_MAX_BYTES,
  createFeedbackResponseSchema,
  feedbackDetailResponseSchema,
  feedbackHistoryResponseSchema,
  FEEDBACK_MESSAGES,
  UPLOAD_MESSAGES,
} from '@ziver/shared';
import { count } from 'drizzle-orm';
import { storedFiles } from '../../platform/db/schema.js';
import { registerUser } from '../../testing/factories.js';
import { buildJpegWithGps, buildPixelBombPng, buildPng, fillDecodeQueue, NOT_AN_IMAGE } from '../../testing/images.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off' });
});
afterAll(() => server.stop());

type Attachment = { name: string; type: string; bytes: Buffer };
const FIELDS = { title: 'Mining button', message: 'The claim button is hard to see.', type: 'bug', priority: 'high' };

function feedbackForm(fields: Record<string, string> = FIELDS, attachments: Attachment[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of attachments) form.append('attachments', new Blob([file.bytes], { type: file.type }), file.name);
  return form;
}

async function send(
  path: string,
  init: { method?: string; token?: string; body?: FormData | string; headers?: Record<string, string> },
) {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'POST',
    body: init.body,
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...init.headers },
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

const postFeedback = (token: string, form: FormData) => send('/api/feedback', { token, body: form });
const history = (token: string) => send('/api/feedback/user', { method: 'GET', token });

describe('POST /api/feedback', () => {
  it('saves the feedback with a real PNG and answers the spec success text', async () => {
    const { token } = await registerUser(server);
    const png = await buildPng();
    const res = await postFeedback(
      token,
      feedbackForm(FIELDS, [{ name: 'screen.png', type: 'image/png', bytes: png }]),
    );
    expect(res.status).toBe(201);
    expect(createFeedbackResponseSchema.parse(res.body)).toMatchObject({
      success: true,
      message: "Thank you for your feedback! We'll review it and get back to you soon.",
    });
    const list = await history(token);
    expect(list.status).toBe(200);
    const [item] = feedbackHistoryResponseSchema.parse(list.body).feedback;
    expect(item).toMatchObject({
      id: res.body.feedback.id,
      title: 'Mining button',
      message: 'The claim button is hard to see.',
      type: 'bug',
      priority: 'high',
      status: 'new',
      admin_reply: null,
      reward_zp: null,
      reward_seb: null,
      rewarded_at: null,
    });
    expect(item!.attachments).toHaveLength(1);
    const file = await fetch(`${server.url}${item!.attachments[0]!.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 64, height: 48 });
  });

  it('accepts GIF and WebP too, keeps their format, and sends only the listed fields', async () => {
    const { token } = await registerUser(server);
    const base = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } });
    const gif = await base().gif().toBuffer();
    const webp = await base().webp().toBuffer();
    const res = await postFeedback(
      token,
      feedbackForm(FIELDS, [
        { name: 'a.gif', type: 'image/gif', bytes: gif },
        { name: 'b.webp', type: 'application/octet-stream', bytes: webp },
      ]),
    );
    expect(res.status).toBe(201);
    const [item] = (await history(token)).body.feedback;
    expect(Object.keys(item).sort()).toEqual([
      'admin_reply',
      'attachments',
      'created_at',
      'id',
      'message',
      'priority',
      'reward_seb',
      'reward_zp',
      'rewarded_at',
      'status',
      'title',
      'type',
      'updated_at',
    ]);
    expect(item.attachments.map((a: { content_type: string }) => a.content_type)).toEqual(['image/gif', 'image/webp']);
    expect(Object.keys(item.attachments[0]).sort()).toEqual([
      'byte_size',
      'content_type',
      'height',
      'id',
      'url',
      'width',
    ]);
  });

  it('strips EXIF and GPS from a JPEG before storing it', async () => {
    const { token } = await registerUser(server);
    const jpeg = await buildJpegWithGps();
    const before = await sharp(jpeg).metadata();
    expect(before.exif?.toString('latin1')).toContain('ZiverCam');
    const res = await postFeedback(
      token,
      feedbackForm(FIELDS, [{ name: 'photo.jpg', type: 'image/jpeg', bytes: jpeg }]),
    );
    expect(res.status).toBe(201);
    const detail = await send(`/api/feedback/${res.body.feedback.id}`, { method: 'GET', token });
    const { feedback } = feedbackDetailResponseSchema.parse(detail.body);
    const stored = Buffer.from(await (await fetch(`${server.url}${feedback.attachments[0]!.url}`)).arrayBuffer());
    const after = await sharp(stored).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('ZiverCam'))).toBe(false);
    expect(stored.includes(Buffer.from('Exif\0'))).toBe(false);
  });

  it('refuses a text file named x.png sent as image/png, by its bytes, and stores nothing', async () => {
    const { token } = await registerUser(server);
    const png = await buildPng();
    const res = await postFeedback(
      token,
      feedbackForm(FIELDS, [
        { name: 'ok.png', type: 'image/png', bytes: png },
        { name: 'x.png', type: 'image/png', bytes: NOT_AN_IMAGE },
      ]),
    );
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ success: false, message: 'Invalid file type: x.png. Only images are allowed.' });
    expect((await history(token)).body.feedback).toEqual([]);
  });

  it('refuses a file over 5 MB, naming it', async () => {
    const { token } = await registerUser(server);
    const big = Buffer.concat([await buildPng(), Buffer.alloc(ATTACHMENT_MAX_BYTES)]);
    const res = await postFeedback(token, feedbackForm(FIELDS, [{ name: 'huge.png', type: 'image/png', bytes: big }]));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, message: 'File too large: huge.png. Maximum size is 5MB.' });
    expect((await history(token)).body.feedback).toEqual([]);
  });

  it('refuses a tiny PNG declaring 20000x20000 pixels without decoding it', async () => {
    const { token } = await registerUser(server);
    const bomb = buildPixelBombPng(20_000);
    expect(bomb.length).toBeLessThan(2_000);
    const res = await postFeedback(token, feedbackForm(FIELDS, [{ name: 'bomb.png', type: 'image/png', bytes: bomb }]));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      success: false,
      message: 'Image too large to process: bomb.png. Use a smaller image.',
    });
  });

  it('refuses six attachments', async () => {
    const { token } = await registerUser(server);
    const png = await buildPng();
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `s${i}.png`, type: 'image/png', bytes: png }));
    const res = await postFeedback(token, feedbackForm(FIELDS, six));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: FEEDBACK_MESSAGES.tooManyFiles });
    const five = await postFeedback(token, feedbackForm(FIELDS, six.slice(0, 5)));
    expect(five.status).toBe(201);
  });

  it('refuses blank or too long fields and bad choices with the spec messages', async () => {
    const { token } = await registerUser(server);
    const cases: [Record<string, string>, string][] = [
      [{ ...FIELDS, title: '   ' }, 'Please enter a title for your feedback'],
      [{ message: FIELDS.message, type: 'bug', priority: 'low' }, 'Please enter a title for your feedback'],
      [{ ...FIELDS, message: '' }, 'Please provide details about your feedback'],
      [{ ...FIELDS, title: 'x'.repeat(101) }, FEEDBACK_MESSAGES.titleTooLong],
      [{ ...FIELDS, message: 'x'.repeat(1001) }, FEEDBACK_MESSAGES.detailsTooLong],
      [{ ...FIELDS, type: 'rant' }, FEEDBACK_MESSAGES.invalidType],
      [{ ...FIELDS, priority: 'urgent' }, FEEDBACK_MESSAGES.invalidPriority],
    ];
    for (const [fields, message] of cases) {
      const res = await postFeedback(token, feedbackForm(fields));
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body).toMatchObject({ success: false, message, code: 'VALIDATION_FAILED' });
    }
    const max = await postFeedback(
      token,
      feedbackForm({ ...FIELDS, title: 'x'.repeat(100), message: 'y'.repeat(1000) }),
    );
    expect(max.status).toBe(201);
  });

  it('answers a malformed multipart body or an unknown file field with a 400, never a 500', async () => {
    const { token } = await registerUser(server);
    const truncated = await send('/api/feedback', {
      token,
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
      body: '--zzz\r\nContent-Disposition: form-data; name="title"\r\n\r\nHello',
    });
    expect(truncated.status).toBe(400);
    expect(truncated.body).toMatchObject({ success: false, message: UPLOAD_MESSAGES.malformed });
    const form = feedbackForm();
    form.append('avatar', new Blob([await buildPng()], { type: 'image/png' }), 'a.png');
    const unknown = await postFeedback(token, form);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ success: false, message: 'Unexpected file field: avatar' });
  });

  it('needs a signed-in user', async () => {
    const res = await send('/api/feedback', { body: feedbackForm() });
    expect(res.status).toBe(401);
  });
});

describe('the bound on image decoding', () => {
  const storedFileCount = async () => (await server.database.db.select({ n: count() }).from(storedFiles))[0]!.n;

  it('answers 503 SERVER_BUSY with Retry-After and stores nothing while the queue is full, then accepts again', async () => {
    const { token } = await registerUser(server);
    const png = await buildPng({ width: 70, height: 50 });
    const form = () => feedbackForm(FIELDS, [{ name: 'screen.png', type: 'image/png', bytes: png }]);
    const filesBefore = await storedFileCount();
    const full = fillDecodeQueue(server.deps.imageDecodes);
    try {
      const res = await postFeedback(token, form());
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body).toMatchObject({ success: false, code: 'SERVER_BUSY', messageKey: 'upload.busy' });
      expect((await history(token)).body.feedback).toEqual([]);
      expect(await storedFileCount()).toBe(filesBefore);
    } finally {
      await full.release();
    }
    const res = await postFeedback(token, form());
    expect(res.status).toBe(201);
    expect((await history(token)).body.feedback).toHaveLength(1);
  });

  it('still takes feedback without attachments while the queue is full', async () => {
    const { token } = await registerUser(server);
    const full = fillDecodeQueue(server.deps.imageDecodes);
    try {
      expect((await postFeedback(token, feedbackForm())).status).toBe(201);
    } finally {
      await full.release();
    }
  });
});

describe('GET /api/feedback/user and /api/feedback/{id}', () => {
  it('lists only the user’s feedback, newest first', async () => {
    const { token } = await registerUser(server);
    const other = await registerUser(server);
    for (const title of ['first', 'second', 'third']) {
      expect((await postFeedback(token, feedbackForm({ ...FIELDS, title }))).status).toBe(201);
    }
    await postFeedback(other.token, feedbackForm({ ...FIELDS, title: 'not yours' }));
    const list = feedbackHistoryResponseSchema.parse((await history(token)).body).feedback;
    expect(list.map((f) => f.title)).toEqual(['third', 'second', 'first']);
  });

  it("answers 404 for another user's feedback and for an unknown id", async () => {
    const owner = await registerUser(server);
    const stranger = await registerUser(server);
    const created = await postFeedback(owner.token, feedbackForm());
    const id = created.body.feedback.id as string;
    const mine = await send(`/api/feedback/${id}`, { method: 'GET', token: owner.token });
    expect(mine.status).toBe(200);
    const theirs = await send(`/api/feedback/${id}`, { method: 'GET', token: stranger.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ success: false, message: FEEDBACK_MESSAGES.notFound, code: 'NOT_FOUND' });
    const unknown = await send('/api/feedback/not-a-uuid', { method: 'GET', token: owner.token });
    expect(unknown.status).toBe(404);
  });
});

describe('upload rate limits', () => {
  it('allows 20 feedback submissions an hour per user, then answers 429', async () => {
    const limited = await startTestServer({ RATE_LIMITS: 'on' });
    try {
      const { token } = await registerUser(limited);
      const submitOnce = async () =>
        (
          await fetch(`${limited.url}/api/feedback`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
            body: feedbackForm(),
          })
        ).status;
      for (let i = 0; i < 20; i++) expect(await submitOnce()).toBe(201);
      expect(await submitOnce()).toBe(429);
      const other = await registerUser(limited);
      const otherStatus = await fetch(`${limited.url}/api/feedback`, {
        method: 'POST',
        headers: { authorization: `Bearer ${other.token}` },
        body: feedbackForm(),
      });
      expect(otherStatus.status).toBe(201);
    } finally {
      await limited.stop();
    }
  });
});
