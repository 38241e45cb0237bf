import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { startBotApiRecorder, type BotApiRecorder, type ScriptedAnswer } from '@ziver/bot/testing';
import { rowsOf, type DatabaseHandle } from '../../platform/db/client.js';
import { miningSessions, users } from '../../platform/db/schema.js';
import { generatedCases } from '../../testing/cases.js';
import { nextTelegramId } from '../../testing/telegram-init-data.js';
import { dropOpenNotices, miningNotices } from '../../testing/mining-notices.js';
import { createTestDatabase, TEST_PG_URL } from '../../testing/test-database.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { TYPESCRIPT_CHILD_ARGS } from '../../testing/app-instances.js';

// Delivery of mining-ready notifications against a Bot API stand-in that fails in scripted ways:
// per scenario, how many times Telegram delivered each cycle's message. Exactly once wherever it
// is achievable; where it is not (the request reached Telegram, or not, and no answer came), at
// most once, and the cycle is marked 'unconfirmed'.

const TOKEN = `123456:${'D'.repeat(35)}`;
const CHILD = fileURLToPath(new URL('../../testing/notifier-process.ts', import.meta.url));
const SERVER_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

let recorder: BotApiRecorder;
let database: DatabaseHandle;
const servers: TestServer[] = [];
const children: ChildProcess[] = [];
type Figures = {
  cycles: number;
  delivered: number;
  duplicates: number;
  lost: number;
  failed: number;
  unconfirmed: number;
};
const figures: Array<[string, Figures]> = [];

beforeAll(async () => {
  recorder = await startBotApiRecorder({ token: TOKEN });
  database = await createTestDatabase();
});

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  await dropOpenNotices(db());
  recorder.clearCalls();
});

afterAll(async () => {
  await database?.close();
  await recorder?.close();
  if (figures.length > 0) {
    console.info(
      `notification delivery (deliveries per cycle at the Bot API stand-in):\n${figures
        .map(
          ([name, f]) =>
            `  ${name}: ${f.cycles} cycles, ${f.delivered} delivered, ${f.duplicates} duplicates, ${f.lost} lost, ` +
            `${f.failed} failed, ${f.unconfirmed} unconfirmed`,
        )
        .join('\n')}`,
    );
  }
});

const db = () => database.db;

async function startInstance(env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startTestServer(
    {
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: recorder.url,
      PUBLIC_URL: 'https://ziver.test',
      NOTIFY_POLL_SECONDS: '0.1',
      NOTIFY_RETRY_SECONDS: '0.2',
      NOTIFY_MAX_ATTEMPTS: '3',
      // Time enough for any answer on a loaded machine: a send times out only where a test makes
      // it (a held answer, below), never because the machine is slow.
      NOTIFY_SEND_TIMEOUT_SECONDS: '20',
      NOTIFY_LEASE_SECONDS: '40',
      ...env,
    },
    { database },
  );
  servers.push(server);
  return server;
}

/** `count` users linked to Telegram, each with one mining cycle that has just ended. */
async function finishedCycles(count: number): Promise<Array<{ cycleId: string; telegramId: number }>> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const n = randomBytes(5).toString('hex');
      const telegramId = nextTelegramId();
      const [user] = await db()
        .insert(users)
        .values({
          username: `d_${n}`,
          email: `d_${n}@example.com`,
          referralCode: `D${n.toUpperCase()}`,
          telegramId: BigInt(telegramId),
        })
        .returning();
      const [cycle] = await db()
        .insert(miningSessions)
        .values({
          userId: user!.id,
          startedAt: sql`now() - interval '4 hours'`,
          // Distinct end times: cycles are sent in this order.
          endsAt: sql`now() - make_interval(secs => ${60 - i * 0.01})`,
          reward: 50,
        })
        .returning({ id: miningSessions.id });
      return { cycleId: cycle!.id, telegramId };
    }),
  );
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  await vi.waitFor(async () => expect(await condition()).toBe(true), { timeout: timeoutMs, interval: 50 });
}

const statuses = async (ids: string[]) =>
  new Map([...(await miningNotices(db(), ids))].map(([id, n]) => [id, { id, status: n.state, attempts: n.attempts }]));

/** Each cycle's status, 'unconfirmed' for the cycles whose message went to the n-th sendMessage calls given, 'sent' for the rest. */
function expectedStatuses(cycles: Array<{ telegramId: number }>, unconfirmedCalls: number[]) {
  const calls = recorder.callsTo('sendMessage');
  const unconfirmed = new Set(unconfirmedCalls.map((n) => Number(calls[n]!.payload.chat_id)));
  return cycles.map((c) => (unconfirmed.has(c.telegramId) ? 'unconfirmed' : 'sent'));
}

/**
 * Every cycle settled: none waiting ('pending') and none mid-send ('sending': a killed instance's
 * send stays so until its lease passes and a sweep marks it 'unconfirmed').
 */
const nonePending = (ids: string[]) => async () =>
  [...(await statuses(ids)).values()].every((r) => r.status !== 'pending' && r.status !== 'sending');

const canaryChats = new Set<number>();
/** The sendMessage calls of the scenario's cycles (canaries left out). */
const scenarioCalls = () => recorder.callsTo('sendMessage').filter((c) => !canaryChats.has(Number(c.payload.chat_id)));

/**
 * The barrier for "nothing may be sent again": a canary cycle that ends now is notified only by
 * a poll that starts after it, so when the canary's request arrives the instance has polled
 * again after everything earlier; then the stand-in has finished with every message it got (a
 * scripted slow answer is delivered late). The canary's chat is no scenario cycle's: tally()
 * and scenarioCalls() leave it out.
 */
async function afterAnotherPoll() {
  const [canary] = await finishedCycles(1);
  canaryChats.add(canary!.telegramId);
  await recorder.waitForCall((c) => c.method === 'sendMessage' && c.payload.chat_id === canary!.telegramId, {
    timeoutMs: 10_000,
  });
  await vi.waitFor(() => expect(recorder.processing('sendMessage')).toBe(0), { timeout: 30_000, interval: 50 });
}

/** Deliveries per cycle at the stand-in, the cycles' final states, and the scenario's figures (recorded). */
async function tally(name: string, cycles: Array<{ cycleId: string; telegramId: number }>) {
  const byChat = new Map<number, number>();
  for (const call of recorder.deliveredMessages()) {
    const chatId = Number(call.payload.chat_id);
    byChat.set(chatId, (byChat.get(chatId) ?? 0) + 1);
  }
  const rows = await statuses(cycles.map((c) => c.cycleId));
  const perCycle = cycles.map((c) => byChat.get(c.telegramId) ?? 0);
  const states = cycles.map((c) => rows.get(c.cycleId)!);
  const result: Figures = {
    cycles: cycles.length,
    delivered: perCycle.filter((n) => n > 0).length,
    duplicates: perCycle.reduce((sum, n) => sum + Math.max(0, n - 1), 0),
    lost: perCycle.filter((n) => n === 0).length,
    failed: states.filter((s) => s.status === 'failed').length,
    unconfirmed: states.filter((s) => s.status === 'unconfirmed').length,
  };
  figures.push([name, result]);
  return { perCycle, states, figures: result };
}

let lastCycles: Array<{ cycleId: string; telegramId: number }> = [];
const cycles = () => lastCycles;

/** Runs `count` cycles through one instance with the next sendMessage answers scripted. */
async function runScenario(name: string, count: number, script: ScriptedAnswer[], env: Record<string, string> = {}) {
  const cycles = await finishedCycles(count);
  lastCycles = cycles;
  for (const answer of script) recorder.scriptNext('sendMessage', answer);
  await startInstance(env);
  const ids = cycles.map((c) => c.cycleId);
  // Every cycle's message reached the stand-in at least once (an event); then their rows settle.
  await Promise.all(
    cycles.map((c) =>
      recorder.waitForCall((call) => call.method === 'sendMessage' && call.payload.chat_id === c.telegramId, {
        timeoutMs: 30_000,
      }),
    ),
  );
  await waitUntil(nonePending(ids));
  // Settled (past the lease of any send left in flight) and polled again: nothing may be sent again.
  await afterAnotherPoll();
  return tally(name, cycles);
}

/** Cycles per scenario against the failing stand-in. */
const SCENARIO_CYCLES = generatedCases(4, 10);

describe('notification delivery against a failing Bot API', () => {
  it('no failures: every cycle delivered once', async () => {
    const { perCycle, states } = await runScenario('no failures', SCENARIO_CYCLES, []);
    expect(perCycle).toEqual(Array(SCENARIO_CYCLES).fill(1));
    expect(states.every((s) => s.status === 'sent' && s.attempts === 1)).toBe(true);
  });

  it('429 retry_after: sending pauses, every cycle delivered once, the 429 not counted', async () => {
    const { perCycle, states } = await runScenario('429 retry_after 1', SCENARIO_CYCLES, [
      { error: { error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } } },
    ]);
    expect(perCycle).toEqual(Array(SCENARIO_CYCLES).fill(1));
    expect(states.every((s) => s.status === 'sent' && s.attempts === 1)).toBe(true);
  });

  it('an outage of 502s with a JSON body (more than NOTIFY_MAX_ATTEMPTS) uses up no tries: every cycle delivered once', async () => {
    const outage = Array.from({ length: 4 }, () => ({ error: { error_code: 502, description: 'Bad Gateway' } }));
    const { perCycle, states } = await runScenario('502 JSON x4', SCENARIO_CYCLES, outage);
    expect(perCycle).toEqual(Array(SCENARIO_CYCLES).fill(1));
    expect(states.every((s) => s.status === 'sent' && s.attempts === 1)).toBe(true);
    expect(scenarioCalls()).toHaveLength(SCENARIO_CYCLES + outage.length);
  });

  it('an outage of 502 HTML pages uses up no tries: every cycle delivered once', async () => {
    const page = { status: 502, body: '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>' };
    const { perCycle, states } = await runScenario('502 HTML x4', SCENARIO_CYCLES, Array(4).fill({ html: page }));
    expect(perCycle).toEqual(Array(SCENARIO_CYCLES).fill(1));
    expect(states.every((s) => s.status === 'sent' && s.attempts === 1)).toBe(true);
  });

  it('a Bot API slower than the client timeout: delivered once, marked unconfirmed, never resent', async () => {
    // The first answer is held until the instance has given up on it (its cycle 'unconfirmed'),
    // then released: slower than the timeout however slow the machine is.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = recorder.waitForCall((c) => c.method === 'sendMessage', { timeoutMs: 30_000 });
    const gaveUp = first.then(async (call) => {
      const cycle = cycles().find((c) => c.telegramId === Number(call.payload.chat_id))!;
      await waitUntil(async () => (await statuses([cycle.cycleId])).get(cycle.cycleId)?.status === 'unconfirmed');
      release();
    });
    const { perCycle, states } = await runScenario(
      'answer held past the timeout (2 s)',
      SCENARIO_CYCLES,
      [{ until: held }],
      {
        NOTIFY_SEND_TIMEOUT_SECONDS: '2',
      },
    );
    await gaveUp;
    expect(perCycle).toEqual(Array(SCENARIO_CYCLES).fill(1));
    expect(states.map((s) => s.status)).toEqual(expectedStatuses(cycles(), [0]));
    expect(scenarioCalls()).toHaveLength(SCENARIO_CYCLES);
  });

  it('a connection dropped after Telegram took the message: delivered once, unconfirmed, never resent', async () => {
    const { perCycle, states } = await runScenario('connection dropped after processing', SCENARIO_CYCLES, [
      { drop: 'after' },
    ]);
    expect(perCycle).toEqual(Array(SCENARIO_CYCLES).fill(1));
    expect(states.map((s) => s.status)).toEqual(expectedStatuses(cycles(), [0]));
  });

  it('a connection dropped after the request was written but before Telegram took it: not resent (the one loss)', async () => {
    const { perCycle, states } = await runScenario('connection dropped before processing', SCENARIO_CYCLES, [
      { drop: 'before' },
    ]);
    // Exactly-once is not achievable here: the client cannot tell this from the case above.
    const dropped = Number(recorder.callsTo('sendMessage')[0]!.payload.chat_id);
    expect(perCycle).toEqual(cycles().map((c) => (c.telegramId === dropped ? 0 : 1)));
    expect(states.map((s) => s.status)).toEqual(expectedStatuses(cycles(), [0]));
  });
});

if (!TEST_PG_URL) {
  console.info(
    'notification-delivery: DATABASE_URL not set; the killed-instance tests (a second process on the same database) are skipped.',
  );
}

describe.skipIf(!TEST_PG_URL)('notification delivery when an instance is killed (kill -9)', () => {
  /** The database this file's test database is, as a URL another process can open. */
  const databaseUrl = async () => {
    const result = await db().execute(sql`SELECT current_database() AS name`);
    const url = new URL(TEST_PG_URL!);
    url.pathname = `/${rowsOf<{ name: string }>(result)[0]!.name}`;
    return url.toString();
  };

  async function startChild(env: Record<string, string> = {}): Promise<ChildProcess> {
    const child = spawn(process.execPath, [...TYPESCRIPT_CHILD_ARGS, CHILD], {
      cwd: SERVER_ROOT,
      env: {
        PATH: process.env.PATH,
        NOTIFIER_DATABASE_URL: await databaseUrl(),
        NOTIFIER_API_ROOT: recorder.url,
        NOTIFIER_TOKEN: TOKEN,
        NOTIFIER_LEASE_SECONDS: '2',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`notifier process exited (${code}) before it was ready`)));
    });
    return child;
  }

  const kill = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });

  it('killed while Telegram holds its request: the message is delivered once; the others are sent by the survivor', async () => {
    const cycles = await finishedCycles(12);
    // The 4th message is delivered but answered slowly: the instance dies waiting for the answer.
    for (let i = 0; i < 3; i++) recorder.scriptNext('sendMessage', { delayMs: 0 });
    recorder.scriptNext('sendMessage', { delayMs: 1_000 });
    const child = await startChild({ NOTIFIER_BATCH_SIZE: '12', NOTIFIER_RATE_PER_SECOND: '20' });
    await recorder.waitForCall(() => recorder.callsTo('sendMessage').length === 4, { timeoutMs: 15_000 });
    await kill(child);

    await startInstance();
    const ids = cycles.map((c) => c.cycleId);
    await waitUntil(nonePending(ids));
    await afterAnotherPoll();
    const { perCycle, states } = await tally('instance killed mid-send (1 in flight)', cycles);
    expect(perCycle).toEqual(Array(12).fill(1));
    expect(states.map((s) => s.status)).toEqual(expectedStatuses(cycles, [3]));
  });

  it('killed at random moments, five times, under a steady stream: no cycle is ever delivered twice', async () => {
    const cycles = await finishedCycles(60);
    for (let round = 0; round < 5; round++) {
      const child = await startChild({ NOTIFIER_BATCH_SIZE: '5', NOTIFIER_RATE_PER_SECOND: '30' });
      // A random moment of the child's run: the kill's timing is the scenario under test.
      // eslint-disable-next-line no-restricted-syntax -- a random kill time, not a wait for a result
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.floor(Math.random() * 300)));
      await kill(child);
    }
    await startInstance({ NOTIFY_BATCH_SIZE: '5' });
    const ids = cycles.map((c) => c.cycleId);
    await waitUntil(nonePending(ids), 30_000);
    await afterAnotherPoll();
    const { perCycle, states, figures: f } = await tally('5 random kills -9 (60 cycles)', cycles);
    expect(f.duplicates).toBe(0);
    expect(perCycle.every((n) => n <= 1)).toBe(true);
    // A cycle not delivered is one whose send had started (the marker committed) when the kill
    // came, before the request reached Telegram: it is 'unconfirmed', never 'sent' without a
    // message. Or one that instances claimed more than NOTIFY_MAX_ATTEMPTS (3) times and each died
    // before sending: 'failed', the guard against a cycle that crashes every sender (a clean CI
    // run met it once: 5 kills, the same cycle claimed by three of them and the survivor).
    states.forEach((s, i) => {
      if (perCycle[i] === 0) {
        expect(['unconfirmed', 'failed']).toContain(s.status);
        if (s.status === 'failed') expect(s.attempts).toBeGreaterThan(3);
      } else expect(['sent', 'unconfirmed']).toContain(s.status);
    });
  });
});
