#!/usr/bin/env node
// `npm run bench:uploads`: the cost of the upload endpoints of the BUILT server (run
// `npm run build` first), as ratios against a reference measured in the same run: an
// authenticated request with no work (POST /api/user/heartbeat). Each case is sent sequentially
// ROUNDS times; medians are compared. Then sign-in under upload load: the median of sequential
// password sign-ins while idle, and while BENCH_LOAD_POSTS (default 20, one account's hourly
// allowance) feedback posts of five 39.7 MP PNGs are in flight at once; the ratio of the two is
// the figure (sign-in hashes with argon2, CPU too). Embedded PGlite unless BENCH_DATABASE_URL is
// set. Writes bench/results/uploads-latest.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';
import { ROOT, startBuiltServer } from './lib/built-server.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 30);
const LOAD_POSTS = Number(process.env.BENCH_LOAD_POSTS || 20);
const log = (message) => console.log(`[bench:uploads] ${message}`);

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1 KB PNG declaring 20000 x 20000 pixels. */
function pixelBomb() {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.writeUInt8(8, 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(20_001 * 16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A noisy 1280 x 960 photo-like JPEG with EXIF (about 1.2 MP). */
async function photo() {
  const width = 1280;
  const height = 960;
  const raw = randomBytes(width * height * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .blur(3)
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'Bench', Model: 'Cam' } })
    .toBuffer();
}

/**
 * A 7280 x 5450 (39.7 MP) PNG just under the 5 MB attachment limit: a smooth gradient (shifted
 * by `seed`, so no two are the same file) compresses well and still decodes every pixel.
 */
function largePng(seed) {
  const width = 7280;
  const height = 5450;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = ((x * 255) / width + seed) & 255;
      raw[i + 1] = ((y * 255) / height) & 255;
      raw[i + 2] = ((x + y) >> 4) & 255;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function timed(fn) {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function main() {
  const env = process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {};
  const server = await startBuiltServer({ env: { RATE_LIMITS: 'off', ...env }, label: 'bench-uploads', quiet: true });
  try {
    const id = randomBytes(3).toString('hex');
    const reg = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `bu_${id}`, email: `bu_${id}@example.com`, password: 'bench-pass-1' }),
    });
    const { token } = await reg.json();
    const auth = { authorization: `Bearer ${token}` };
    const jpeg = await photo();
    const bomb = pixelBomb();
    log(
      `photo ${(jpeg.length / 1024).toFixed(0)} KB, pixel bomb ${bomb.length} B, ${ROUNDS} rounds, ${os.cpus().length} CPUs`,
    );

    const post = async (pathname, form, expected) => {
      const res = await fetch(`${server.url}${pathname}`, { method: 'POST', headers: auth, body: form });
      await res.arrayBuffer();
      if (res.status !== expected) throw new Error(`${pathname}: ${res.status}, expected ${expected}`);
    };
    const feedbackForm = (file) => {
      const form = new FormData();
      form.append('title', 'Bench');
      form.append('message', 'Benchmark feedback');
      form.append('type', 'bug');
      form.append('priority', 'low');
      if (file) form.append('attachments', new Blob([file.bytes], { type: 'image/png' }), file.name);
      return form;
    };
    const avatarForm = (bytes) => {
      const form = new FormData();
      form.append('avatar', new Blob([bytes], { type: 'image/jpeg' }), 'me.jpg');
      return form;
    };
    let avatarUrl = '';
    const cases = {
      'reference: POST /api/user/heartbeat': () => post('/api/user/heartbeat', undefined, 200),
      'POST /api/feedback, no attachment': () => post('/api/feedback', feedbackForm(), 201),
      'POST /api/feedback, 1.2 MP JPEG': () => post('/api/feedback', feedbackForm({ name: 'p.jpg', bytes: jpeg }), 201),
      'POST /api/feedback, pixel bomb refused': () =>
        post('/api/feedback', feedbackForm({ name: 'b.png', bytes: bomb }), 413),
      'POST /api/user/avatar, 1.2 MP JPEG': async () => {
        const res = await fetch(`${server.url}/api/user/avatar`, {
          method: 'POST',
          headers: auth,
          body: avatarForm(jpeg),
        });
        avatarUrl = (await res.json()).user.avatar_url;
      },
      'GET avatar file': async () => {
        const res = await fetch(`${server.url}${avatarUrl}`);
        await res.arrayBuffer();
      },
    };

    const results = [];
    for (const [name, fn] of Object.entries(cases)) {
      await fn(); // warm up
      const samples = [];
      for (let i = 0; i < ROUNDS; i++) samples.push(await timed(fn));
      results.push({ name, medianMs: Number(median(samples).toFixed(2)) });
    }
    const reference = results[0].medianMs;
    for (const r of results) {
      r.ratio = Number((r.medianMs / reference).toFixed(1));
      log(`${r.name.padEnd(42)} median ${String(r.medianMs).padStart(8)} ms  x${r.ratio}`);
    }

    const signInLoad = await measureSignInUnderLoad(server.url, log);

    const out = path.join(ROOT, 'bench/results');
    mkdirSync(out, { recursive: true });
    writeFileSync(
      path.join(out, 'uploads-latest.json'),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          rounds: ROUNDS,
          database: env.DATABASE_URL ? 'postgres' : 'pglite',
          results,
          signInLoad,
        },
        null,
        2,
      ),
    );
  } catch (error) {
    console.error(`[bench:uploads] server output:\n${server.output()}`);
    throw error;
  } finally {
    await server.stop();
  }
}

/**
 * Sign-in p50 idle, then while LOAD_POSTS feedback posts of five 39.7 MP PNGs run at once
 * (sign-ins one after another until every post has answered). A post refused as busy counts as
 * answered: what a client sees is part of the figure.
 */
async function measureSignInUnderLoad(url, log) {
  const id = randomBytes(3).toString('hex');
  const register = async (name) => {
    const credentials = { email: `${name}_${id}@example.com`, password: 'bench-pass-1' };
    const res = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `${name}_${id}`, ...credentials }),
    });
    if (res.status !== 201 && res.status !== 200) throw new Error(`register: ${res.status}`);
    return { credentials, token: (await res.json()).token };
  };
  const signer = await register('bs');
  const uploader = await register('bl');
  const signIn = async () => {
    const res = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(signer.credentials),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`login: ${res.status}`);
  };

  const pngs = [];
  for (let seed = 0; seed < 5; seed++) pngs.push(await largePng(seed * 40));
  const blobs = pngs.map((bytes) => new Blob([bytes], { type: 'image/png' }));
  log(
    `sign-in under load: ${LOAD_POSTS} posts of 5 PNGs of 39.7 MP (${pngs.map((p) => (p.length / 1e6).toFixed(1)).join(', ')} MB)`,
  );

  for (let i = 0; i < 3; i++) await signIn(); // warm up
  const idle = [];
  for (let i = 0; i < ROUNDS; i++) idle.push(await timed(signIn));

  const statuses = {};
  let pending = LOAD_POSTS;
  const started = process.hrtime.bigint();
  const posts = Array.from({ length: LOAD_POSTS }, async () => {
    const form = new FormData();
    form.append('title', 'Bench');
    form.append('message', 'Large images');
    form.append('type', 'bug');
    form.append('priority', 'low');
    blobs.forEach((blob, i) => form.append('attachments', blob, `large-${i}.png`));
    try {
      const res = await fetch(`${url}/api/feedback`, {
        method: 'POST',
        headers: { authorization: `Bearer ${uploader.token}` },
        body: form,
      });
      await res.arrayBuffer();
      const key = res.headers.get('retry-after')
        ? `${res.status} (Retry-After ${res.headers.get('retry-after')})`
        : res.status;
      statuses[key] = (statuses[key] ?? 0) + 1;
    } catch (error) {
      const key = `error ${error.cause?.code ?? error.message}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
    } finally {
      pending--;
    }
  });
  // A sign-in that fails under load (a reset connection, a 5xx) is counted, not timed.
  const loaded = [];
  let failedSignIns = 0;
  while (pending > 0) {
    try {
      loaded.push(await timed(signIn));
    } catch {
      failedSignIns++;
    }
  }
  await Promise.allSettled(posts);
  const loadSeconds = Number(process.hrtime.bigint() - started) / 1e9;

  const result = {
    posts: LOAD_POSTS,
    statuses,
    loadSeconds: Number(loadSeconds.toFixed(1)),
    idleP50Ms: Number(median(idle).toFixed(1)),
    loadedP50Ms: Number(median(loaded).toFixed(1)),
    loadedSamples: loaded.length,
    failedSignIns,
  };
  result.ratio = Number((result.loadedP50Ms / result.idleP50Ms).toFixed(2));
  log(`posts answered: ${JSON.stringify(statuses)} in ${result.loadSeconds} s`);
  log(
    `sign-in p50 idle ${result.idleP50Ms} ms, under load ${result.loadedP50Ms} ms (${loaded.length} samples, ${failedSignIns} failed): x${result.ratio}`,
  );
  return result;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
