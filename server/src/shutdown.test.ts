import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startBotApiRecorder, type BotApiRecorder } from '@ziver/bot/testing';
import { openDatabase } from './platform/db/client.js';
import { users } from './platform/db/schema.js';
import { startAppInstance, type AppInstance } from './testing/app-instances.js';
import { buildRegistration } from './testing/factories.js';
import { seedDataDir } from './testing/test-database.js';

const TOKEN = `765432:${'T'.repeat(35)}`;

let dataDir: string;
let recorder: BotApiRecorder | undefined;
let instance: AppInstance | undefined;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ziver-shutdown-'));
  // The test databases' small shared buffers: each start on the folder zeroes less memory.
  seedDataDir(path.join(dataDir, 'pgdata'), { testBuffers: true });
});
afterAll(async () => {
  await instance?.stop();
  await recorder?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A POST whose headers are sent now and whose body is written by `finish()`: a request in flight. */
function startSlowPost(url: string, route: string, body: string) {
  const req = httpRequest(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  const sent = new Promise<void>((resolve) => req.write(body.slice(0, half), () => resolve()));
  return { sent, answer, finish: () => req.end(body.slice(half)) };
}

describe('SIGTERM', () => {
  it('with the Bot API unreachable: lets the request in flight finish, writes buffered heartbeats, exits 0 within seconds', async () => {
    recorder = await startBotApiRecorder({ token: TOKEN });
    instance = await startAppInstance({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      MINIAPP_DIST: '/nonexistent-miniapp-dist',
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: recorder.url,
      SHUTDOWN_TIMEOUT_SECONDS: '20',
      // Heartbeats stay in memory until the shutdown writes them.
      PRESENCE_FLUSH_SECONDS: '300',
    });
    const { url } = instance;
    await recorder.waitForCall('getUpdates', { timeoutMs: 30_000 });

    const registration = buildRegistration();
    const registered = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registration),
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    const heartbeat = await fetch(`${url}/api/user/heartbeat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(heartbeat.status).toBe(200);

    // Telegram goes away while the bot is long polling: its port refuses connections.
    await recorder.close();
    recorder = undefined;

    const inFlight = startSlowPost(
      url,
      '/api/auth/login',
      JSON.stringify({ email: registration.email, password: registration.password }),
    );
    await inFlight.sent;
    const signalledAt = Date.now();
    instance.kill('SIGTERM');
    await instance.waitForLog('shutting down');
    inFlight.finish();

    expect((await inFlight.answer).status).toBe(200);
    expect(await instance.exited).toEqual({ code: 0, signal: null });
    // Not held by the 20 s request allowance nor by the bot's retries (3 s, 6 s, 12 s, … while
    // Telegram is gone): waiting for the allowance alone takes 20 s, so a loaded machine still
    // has all the time a prompt exit needs.
    expect(Date.now() - signalledAt).toBeLessThan(20_000);

    const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    try {
      const [row] = await database.db
        .select({ lastSeenAt: users.lastSeenAt })
        .from(users)
        .where(eq(users.email, registration.email));
      expect(row?.lastSeenAt).toBeInstanceOf(Date);
    } finally {
      await database.close();
    }
  }, 90_000);
});
