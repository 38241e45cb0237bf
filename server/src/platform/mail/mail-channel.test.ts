import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Language } from '@ziver/shared';
import { miningReadyMail } from '../../features/mining/mining-ready-mail.js';
import { startSmtpStandIn, decodeMime, type SmtpStandIn } from '../../testing/smtp-stand-in.js';
import { createTestDatabase, TEST_PG_URL } from '../../testing/test-database.js';
import { loadConfig } from '../config.js';
import { rowsOf, type DatabaseHandle } from '../db/client.js';
import { users } from '../db/schema.js';
import { createLogger } from '../logger.js';
import { startOutboxLane, type OutboxLaneHandle } from '../outbox/runner.js';
import { enqueueMail, mailResolver } from './enqueue-mail.js';
import { createMailChannel } from './mail-channel.js';

// The email channel of the outbox against a real SMTP server (smtp-server) that records what it
// accepts and, on request, answers 421/451/550 or drops the connection.
const logger = createLogger(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }));

let smtp: SmtpStandIn;
let database: DatabaseHandle;
const lanes: OutboxLaneHandle[] = [];
let polls = 0;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  database = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(lanes.splice(0).map((l) => l.stop()));
  // Nothing a test left to send reaches the next test's lanes.
  await db().execute(sql`UPDATE outbox_messages SET state = 'skipped' WHERE state IN ('pending', 'sending')`);
  smtp.received.splice(0);
});
afterAll(async () => {
  await database?.close();
  await smtp?.close();
});

const db = () => database.db;

function mailConfig(env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    MAIL: 'on',
    SMTP_URL: smtp.url,
    MAIL_RETRY_SECONDS: '0.1',
    MAIL_MAX_ATTEMPTS: '4',
    MAIL_RATE_PER_SECOND: '200',
    PUBLIC_URL: 'https://ziver.test',
    ...env,
  }).mail;
}

/** A mail lane as the server runs it (start-mail.ts), on the test database. */
function startLane(env: Record<string, string> = {}) {
  const mail = mailConfig(env);
  const channel = createMailChannel({
    mail,
    logger,
    templates: { mining_ready: miningReadyMail },
    resolvers: { mail: mailResolver(db()) },
    timeoutMs: 5_000,
  });
  const lane = startOutboxLane(
    { db: db(), logger },
    {
      channel,
      kinds: ['mail'],
      name: 'mail',
      pollSeconds: 0.05,
      batchSize: 10,
      leaseSeconds: 30,
      maxAttempts: mail.maxAttempts,
      onPoll: () => polls++,
    },
  );
  lanes.push(lane);
  return lane;
}

async function aUser(language: Language = 'en') {
  const n = randomBytes(5).toString('hex');
  const [user] = await db()
    .insert(users)
    .values({ username: `m_${n}`, email: `m_${n}@example.com`, referralCode: `M${n.toUpperCase()}`, language })
    .returning();
  return user!;
}

async function mailTo(language: Language = 'en') {
  const user = await aUser(language);
  const key = randomBytes(6).toString('hex');
  await enqueueMail(db(), { userId: user.id, template: 'mining_ready', dedupeKey: key });
  return { user, key: `mail:${key}` };
}

async function rowOf(key: string) {
  const [row] = rowsOf<{ state: string; attempts: number; last_error: string | null }>(
    await db().execute(sql`SELECT state, attempts, last_error FROM outbox_messages WHERE dedupe_key = ${key}`),
  );
  return row;
}
const stateOf = async (key: string) => (await rowOf(key))?.state;

/** Two more polls of the lanes: anything they would still send has been sent. */
async function afterTwoPolls() {
  const start = polls;
  await vi.waitFor(() => expect(polls).toBeGreaterThanOrEqual(start + 2), { timeout: 30_000, interval: 20 });
}

describe('mail through the outbox', () => {
  it('is delivered once, in the reader language, with subject, HTML and text', async () => {
    const { user, key } = await mailTo('fr');
    startLane();
    await expect.poll(() => stateOf(key)).toBe('sent');
    await afterTwoPolls();
    const mails = smtp.received.filter((m) => m.to.includes(user.email!));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.from).toBe('no-reply@ziver.local');
    expect(mail!.subject).toBe('Votre récompense de minage Ziver est prête');
    expect(mail!.text).toContain('Votre récompense en ZP est prête à être réclamée.');
    expect(mail!.text).toContain('https://ziver.test/mining');
    expect(mail!.html).toContain('<html lang="fr">');
    expect(mail!.html).toContain('href="https://ziver.test/mining"');
    expect(mail!.html).toContain('Ouvrir Ziver');
    expect(mail!.headers.get('content-language')).toBe('fr');
  });

  it('421 at the greeting and 451 at MAIL FROM are retried: delivered once', async () => {
    smtp.failNext('connect', { code: 421, message: 'Too busy' });
    smtp.failNext('mail', { code: 451, message: 'Try again later' });
    const { user, key } = await mailTo('de');
    const sessions = smtp.sessions();
    startLane();
    await expect.poll(() => stateOf(key)).toBe('sent');
    await afterTwoPolls();
    expect(smtp.received.filter((m) => m.to.includes(user.email!))).toHaveLength(1);
    expect(smtp.received[0]!.subject).toBe('Deine Ziver-Mining-Belohnung ist bereit');
    expect(smtp.sessions() - sessions).toBe(3);
    expect((await rowOf(key))!.attempts).toBe(3);
  });

  it('550 is failed at once and never retried', async () => {
    smtp.failNext('rcpt', { code: 550, message: 'No such user' });
    const { key } = await mailTo();
    const sessions = smtp.sessions();
    startLane();
    await expect.poll(() => stateOf(key)).toBe('failed');
    await afterTwoPolls();
    expect(smtp.sessions() - sessions).toBe(1);
    expect(smtp.received).toHaveLength(0);
    expect((await rowOf(key))!.last_error).toMatch(/^550/);
  });

  it('a connection dropped before DATA is retried (not delivered): delivered once', async () => {
    smtp.failNext('mail', 'drop');
    const { user, key } = await mailTo('es');
    const sessions = smtp.sessions();
    startLane();
    await expect.poll(() => stateOf(key)).toBe('sent');
    await afterTwoPolls();
    expect(smtp.received.filter((m) => m.to.includes(user.email!))).toHaveLength(1);
    expect(smtp.sessions() - sessions).toBe(2);
    // The dropped connection is an outage, not a try.
    expect((await rowOf(key))!.attempts).toBe(1);
  });

  it('a connection dropped after the message was written is unconfirmed, never resent', async () => {
    smtp.failNext('data', 'drop');
    const { key } = await mailTo();
    const sessions = smtp.sessions();
    startLane();
    await expect.poll(() => stateOf(key)).toBe('unconfirmed');
    await afterTwoPolls();
    await afterTwoPolls();
    expect(smtp.sessions() - sessions).toBe(1);
  });

  it('a restart mid-queue (the lane stopped, a new one started) loses nothing and sends nothing twice', async () => {
    const queued = await Promise.all(Array.from({ length: 30 }, () => mailTo()));
    const first = startLane({ MAIL_RATE_PER_SECOND: '20' });
    await vi.waitFor(() => expect(smtp.received.length).toBeGreaterThanOrEqual(5), { timeout: 30_000, interval: 20 });
    await first.stop();
    lanes.splice(lanes.indexOf(first), 1);
    const atStop = smtp.received.length;
    expect(atStop).toBeLessThan(queued.length);
    startLane();
    for (const { key } of queued) await expect.poll(() => stateOf(key)).toBe('sent');
    await afterTwoPolls();
    const to = smtp.received.map((m) => m.to[0]);
    expect(new Set(to).size).toBe(to.length);
    expect(to.sort()).toEqual(queued.map((q) => q.user.email!).sort());
  });

  it('one session carries the next mails; one the relay closed meanwhile costs no try and no pause', async () => {
    const sessions = smtp.sessions();
    const queued = await Promise.all(Array.from({ length: 5 }, () => mailTo()));
    startLane();
    for (const { key } of queued) await expect.poll(() => stateOf(key)).toBe('sent');
    expect(smtp.sessions() - sessions).toBe(1);

    // The kept session is dropped by the relay: the next mail opens a new one, sent at its first try.
    smtp.dropConnections();
    const { user, key } = await mailTo();
    await expect.poll(() => stateOf(key)).toBe('sent');
    await afterTwoPolls();
    expect(smtp.received.filter((m) => m.to.includes(user.email!))).toHaveLength(1);
    expect((await rowOf(key))!.attempts).toBe(1);
    expect(smtp.sessions() - sessions).toBe(2);
  });

  it('a mail with the same dedupe key is queued once', async () => {
    const user = await aUser();
    expect(await enqueueMail(db(), { userId: user.id, template: 'mining_ready', dedupeKey: `once-${user.id}` })).toBe(
      true,
    );
    expect(await enqueueMail(db(), { userId: user.id, template: 'mining_ready', dedupeKey: `once-${user.id}` })).toBe(
      false,
    );
  });

  it('without SMTP_URL, each mail is a readable .eml file in DATA_DIR/mail, its text part decoded beside it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ziver-mail-'));
    try {
      const { key } = await mailTo('zh');
      startLane({ SMTP_URL: '', DATA_DIR: dataDir });
      await expect.poll(() => stateOf(key)).toBe('sent');
      const files = readdirSync(path.join(dataDir, 'mail')).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const mail = decodeMime(readFileSync(path.join(dataDir, 'mail', files[0]!), 'utf8'));
      expect(mail.subject).toBe('你的 Ziver 挖矿奖励已就绪');
      expect(mail.text).toContain('https://ziver.test/mining');
      expect(mail.html).toContain('打开 Ziver');
      // The .txt is the text part as written: a link greps as it is, with no quoted-printable "=3D".
      const text = readFileSync(path.join(dataDir, 'mail', files[0]!.replace(/\.eml$/, '.txt')), 'utf8');
      expect(text).toBe(mail.text.replace(/\r\n/g, '\n'));
      expect(text).toContain('https://ziver.test/mining');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.skipIf(!TEST_PG_URL)('two lanes on one queue (PostgreSQL) deliver each mail once', async () => {
    const queued = await Promise.all(Array.from({ length: 60 }, () => mailTo()));
    startLane();
    startLane();
    for (const { key } of queued) await expect.poll(() => stateOf(key)).toBe('sent');
    await afterTwoPolls();
    const to = smtp.received.map((m) => m.to[0]);
    expect(new Set(to).size).toBe(to.length);
    expect(to.sort()).toEqual(queued.map((q) => q.user.email!).sort());
  });
});
