import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { COMMAND_LINE_ACTOR_ID } from '@ziver/shared';
import { adminAuditLog, users } from '../platform/db/schema.js';
import { openSeededDataDir, seedDataDir, TEST_PG_URL } from '../testing/test-database.js';
import { startTestServer } from '../testing/test-server.js';
import { main, parseArgs } from './make-admin.js';

// The CLI against an embedded database on disk, as `npm run make-admin` uses it with the server
// stopped: one folder for the whole file, the runs one after another on it. The folder has the
// test databases' small shared buffers, and the test's own reads and writes between runs open it
// with the worker's compiled PGlite (openSeededDataDir).
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ziver-make-admin-'));
  seedDataDir(path.join(dataDir, 'pgdata'), { testBuffers: true });
  const database = await openSeededDataDir(path.join(dataDir, 'pgdata'));
  await database.db.insert(users).values([
    { username: 'Alice', email: 'alice@example.com', referralCode: 'ALICE1' },
    { username: 'bob', email: 'bob@example.com', referralCode: 'BOB1', role: 'ADMIN' },
  ]);
  await database.close();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// PORT 0: no running server to look for (a developer's own server on 3000 must not matter here).
async function run(argv: string[], env: NodeJS.ProcessEnv = { DATA_DIR: dataDir, PORT: '0' }) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The role of each user by email, as the folder holds it. */
async function rolesOf(emails: string[]) {
  const database = await openSeededDataDir(path.join(dataDir, 'pgdata'));
  try {
    const rows = await database.db
      .select({ email: users.email, role: users.role })
      .from(users)
      .where(inArray(users.email, emails));
    return Object.fromEntries(rows.map((row) => [row.email, row.role]));
  } finally {
    await database.close();
  }
}

describe('make-admin CLI', () => {
  it('parses its arguments', () => {
    expect(parseArgs(['alice@example.com'])).toEqual({ login: 'alice@example.com', role: 'ADMIN', isForced: false });
    expect(parseArgs(['alice', '--role', 'tester'])).toEqual({ login: 'alice', role: 'TESTER', isForced: false });
    expect(parseArgs(['--role=USER', 'alice', '--force'])).toEqual({ login: 'alice', role: 'USER', isForced: true });
    expect(parseArgs([])).toEqual({ error: 'Give the email or username of the user' });
    expect(parseArgs(['alice', '--role', 'OWNER'])).toMatchObject({
      error: expect.stringContaining('--role must be one of'),
    });
    expect(parseArgs(['alice', 'bob'])).toMatchObject({ error: 'Unexpected argument: bob' });
    expect(parseArgs(['--help'])).toEqual({ help: true });
  });

  it('promotes a user found by email, then by case-insensitive username with --role', async () => {
    const promoted = await run(['alice@example.com']);
    expect(promoted).toMatchObject({ code: 0, out: 'Alice <alice@example.com> is now ADMIN (was USER).' });

    const again = await run(['ALICE@example.com']);
    expect(again).toMatchObject({ code: 0, out: 'Alice <alice@example.com> is already ADMIN; nothing changed.' });

    const tester = await run(['alice', '--role', 'TESTER']);
    expect(tester).toMatchObject({ code: 0, out: 'Alice <alice@example.com> is now TESTER (was ADMIN).' });
    expect(await rolesOf(['alice@example.com', 'bob@example.com'])).toEqual({
      'alice@example.com': 'TESTER',
      'bob@example.com': 'ADMIN',
    });
  });

  it('writes each role change to the audit log, with the command line as the actor', async () => {
    await run(['bob', '--role', 'USER']);
    await run(['bob', '--role', 'USER']); // nothing changed: no entry
    const database = await openSeededDataDir(path.join(dataDir, 'pgdata'));
    try {
      const [bob] = await database.db.select().from(users).where(eq(users.username, 'bob'));
      const entries = await database.db
        .select()
        .from(adminAuditLog)
        .where(eq(adminAuditLog.targetId, bob!.id))
        .orderBy(asc(adminAuditLog.id));
      expect(entries).toMatchObject([
        {
          adminId: COMMAND_LINE_ACTOR_ID,
          action: 'user.role',
          targetType: 'user',
          before: { role: 'ADMIN' },
          after: { role: 'USER' },
        },
      ]);
    } finally {
      await database.close();
    }
  });

  it('exits non-zero with a clear message for an unknown user, bad usage or a missing database', async () => {
    expect(await run(['nobody@example.com'])).toMatchObject({
      code: 1,
      err: 'No user with the email or username "nobody@example.com".',
    });
    const usage = await run([]);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('Usage: make-admin <email-or-username>');
    expect((await run(['alice', '--role', 'ROOT'])).code).toBe(2);

    const missing = await run(['alice'], { DATA_DIR: path.join(dataDir, 'does-not-exist'), PORT: '0' });
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('No database found at');

    const badConfig = await run(['alice'], { DATA_DIR: dataDir, PORT: '0', DATABASE_URL: 'mysql://nope' });
    expect(badConfig.code).toBe(1);
    expect(badConfig.err).toContain('DATABASE_URL');
  });

  // The test server's own database is in memory; what matters is that it answers as PGlite.
  it.skipIf(TEST_PG_URL)(
    'refuses while a server with the embedded database answers on the configured port',
    async () => {
      const server = await startTestServer();
      try {
        const res = await run(['alice'], { DATA_DIR: dataDir, PORT: String(server.port) });
        expect(res.code).toBe(1);
        expect(res.err).toContain(
          `A Ziver server using the embedded database is running at http://127.0.0.1:${server.port}`,
        );
        expect(res.err).toContain('stop the server');
      } finally {
        await server.stop();
      }
    },
  );
});
