import { sql } from 'drizzle-orm';
import { rowsOf } from '../platform/db/client.js';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, pgliteTemplateLoads, TEST_PG_URL } from './test-database.js';

const count = async (db: Awaited<ReturnType<typeof createTestDatabase>>['db'], table: string) =>
  Number(rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n);

// The embedded databases handed from one test file to the next (pglite-reset.ts): each file
// must see the template's rows and nothing a previous file wrote.
describe.skipIf(Boolean(TEST_PG_URL))('a used embedded test database given to the next file', () => {
  it("comes back with the template's seeded rows and sequences, and none of the previous file's rows", async () => {
    const first = await createTestDatabase();
    const seededTasks = await count(first.db, 'tasks');
    expect(seededTasks).toBeGreaterThan(0);
    await first.db.execute(sql`insert into users (username, referral_code) values ('reset_a', 'RESETA1')`);
    await first.db.execute(sql`delete from tasks`);
    const [{ id: firstAuditId }] = (
      (await first.db.execute(sql`
        insert into admin_audit_log (admin_id, action, target_type, target_id)
        values (gen_random_uuid(), 'test.reset', 'setting', 'x') returning id`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows as [{ id: string }];
    await first.db.execute(sql`set statement_timeout = 1234`);
    await first.close();

    const loadsBefore = pgliteTemplateLoads();
    const second = await createTestDatabase();
    try {
      expect(pgliteTemplateLoads()).toBe(loadsBefore);
      expect(await count(second.db, 'users')).toBe(0);
      expect(await count(second.db, 'admin_audit_log')).toBe(0);
      expect(await count(second.db, 'tasks')).toBe(seededTasks);
      const [{ id: nextAuditId }] = (
        (await second.db.execute(sql`
          insert into admin_audit_log (admin_id, action, target_type, target_id)
          values (gen_random_uuid(), 'test.reset', 'setting', 'x') returning id`)) as unknown as {
          rows: { id: string }[];
        }
      ).rows as [{ id: string }];
      expect(String(nextAuditId)).toBe(String(firstAuditId));
      const timeout = (await second.db.execute(sql`show statement_timeout`)) as unknown as {
        rows: { statement_timeout: string }[];
      };
      expect(timeout.rows[0]!.statement_timeout).toBe('0');
      // The audit log's append-only triggers are back on.
      await expect(second.db.execute(sql`delete from admin_audit_log`)).rejects.toThrow();
    } finally {
      await second.close();
    }
  });

  it('is replaced by a fresh load when a file changed the schema', async () => {
    const first = await createTestDatabase();
    await first.db.execute(sql`alter table users rename to users_gone`);
    await first.close();
    const second = await createTestDatabase();
    try {
      // The changed database was closed, not handed out (another idle one, or a fresh load, was).
      expect((first.db as unknown as { $client: { closed: boolean } }).$client.closed).toBe(true);
      expect(await count(second.db, 'users')).toBe(0);
    } finally {
      await second.close();
    }
  });
});
