import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Language } from '@ziver/shared';
import { rowsOf, type DatabaseHandle } from '../../platform/db/client.js';
import { miningSessions, users } from '../../platform/db/schema.js';
import { startSmtpStandIn, type SmtpStandIn } from '../../testing/smtp-stand-in.js';
import { createTestDatabase } from '../../testing/test-database.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';

// The mining-ready reminder by email, as the server runs it (start-mail.ts): a cycle that ends
// gets an email row when the account has an address and `notify_email` on, and the mail goes out
// once, in the account's language, through a real SMTP server.
let smtp: SmtpStandIn;
let database: DatabaseHandle;
let server: TestServer | undefined;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  database = await createTestDatabase();
});
afterEach(async () => {
  await server?.stop();
  server = undefined;
  smtp.received.splice(0);
});
afterAll(async () => {
  await database?.close();
  await smtp?.close();
});

const db = () => database.db;

const start = async () => {
  server = await startTestServer(
    {
      MAIL: 'on',
      SMTP_URL: smtp.url,
      MAIL_POLL_SECONDS: '0.05',
      MAIL_RETRY_SECONDS: '0.1',
      PUBLIC_URL: 'https://ziver.test',
    },
    { database },
  );
};

async function userWithCycle(options: { notifyEmail?: boolean; language?: Language; endsInSeconds?: number } = {}) {
  const n = randomBytes(5).toString('hex');
  const [user] = await db()
    .insert(users)
    .values({
      username: `e_${n}`,
      email: `e_${n}@example.com`,
      referralCode: `E${n.toUpperCase()}`,
      notifyEmail: options.notifyEmail ?? true,
      language: options.language ?? 'en',
    })
    .returning();
  const [cycle] = await db()
    .insert(miningSessions)
    .values({
      userId: user!.id,
      startedAt: sql`now() - interval '4 hours'`,
      endsAt: sql`now() + make_interval(secs => ${options.endsInSeconds ?? 0})`,
      reward: 50,
    })
    .returning({ id: miningSessions.id });
  return { user: user!, cycleId: cycle!.id };
}

const emailNotice = async (cycleId: string) =>
  rowsOf<{ state: string }>(
    await db().execute(sql`SELECT state FROM outbox_messages WHERE dedupe_key = ${`mining_ready:${cycleId}:email`}`),
  )[0]?.state;
const isQueued = async (cycleId: string) =>
  rowsOf<{ q: boolean }>(
    await db().execute(sql`SELECT notices_queued_at IS NOT NULL AS q FROM mining_sessions WHERE id = ${cycleId}`),
  )[0]?.q;

describe('mining-ready reminders by email', () => {
  it('a finished cycle is told once by email, in the reader language; notify_email off gets none', async () => {
    const on = await userWithCycle({ language: 'es' });
    const off = await userWithCycle({ notifyEmail: false });
    await start();
    await expect.poll(() => emailNotice(on.cycleId)).toBe('sent');
    await expect.poll(() => isQueued(off.cycleId)).toBe(true);
    expect(await emailNotice(off.cycleId)).toBeUndefined();
    const mails = smtp.received.filter((m) => m.to.includes(on.user.email!));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Tu recompensa de minería de Ziver está lista');
    expect(mails[0]!.text).toContain('https://ziver.test/mining');
    expect(smtp.received.filter((m) => m.to.includes(off.user.email!))).toEqual([]);
  });

  it('turning the toggle off, or claiming, before the mail goes out skips it', async () => {
    // The SMTP server refuses the first tries (421), so both mails are still waiting when the test acts.
    smtp.failNext('connect', { code: 421 }, 6);
    const toggled = await userWithCycle();
    const claimed = await userWithCycle();
    await start();
    await expect.poll(() => emailNotice(toggled.cycleId)).toBeDefined();
    await db().update(users).set({ notifyEmail: false }).where(eq(users.id, toggled.user.id));
    await db()
      .update(miningSessions)
      .set({ claimedAt: sql`now()` })
      .where(eq(miningSessions.id, claimed.cycleId));
    await expect.poll(() => emailNotice(toggled.cycleId)).toBe('skipped');
    await expect.poll(() => emailNotice(claimed.cycleId)).toBe('skipped');
    expect(smtp.received).toEqual([]);
  });
});
