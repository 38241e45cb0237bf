import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createSession } from '../platform/auth.js';
import { rowsOf, type Db } from '../platform/db/client.js';
import { users, type UserRow } from '../platform/db/schema.js';
import { postLedgerEntries } from '../features/transactions/post-ledger-entries.js';
import type { TestServer } from './test-server.js';

let counter = 0;

/**
 * A user inserted straight into the database (no password hashing: fast enough for the
 * dozens of users the referral cap needs), with a signed-in token.
 */
export async function insertUser(
  server: TestServer,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<{ user: UserRow; token: string }> {
  const n = `${(++counter).toString(36)}${randomBytes(3).toString('hex')}`;
  const [user] = await server.database.db
    .insert(users)
    .values({ username: `g_${n}`, email: `g_${n}@example.com`, referralCode: `T${n.toUpperCase()}`, ...overrides })
    .returning();
  const { token } = await createSession(server.database.db, server.config, {
    userId: user!.id,
    method: 'password',
    passwordVersion: user!.passwordVersion,
  });
  return { user: user!, token };
}

/** Credits ZP / SEB through the ledger (so the invariant holds), as a test-only daily login. */
export async function creditUser(
  server: TestServer,
  userId: string,
  amounts: { zp?: number; seb?: number },
): Promise<void> {
  await server.database.db.transaction(async (tx) => {
    await postLedgerEntries(tx, server.deps.invalidations, userId, [
      ...(amounts.zp
        ? [
            {
              type: 'daily_login' as const,
              currency: 'ZP' as const,
              amount: amounts.zp,
              description: 'test credit',
              idempotencyKey: `test:${randomBytes(8).toString('hex')}`,
            },
          ]
        : []),
      ...(amounts.seb
        ? [
            {
              type: 'daily_login' as const,
              currency: 'SEB' as const,
              amount: amounts.seb,
              description: 'test credit',
              idempotencyKey: `test:${randomBytes(8).toString('hex')}`,
            },
          ]
        : []),
    ]);
  });
}

/**
 * The ledger invariant (docs/architecture.md §3): for every user and currency the cached balance equals
 * the sum of the user's entries, and none is negative. Returns the offending rows (empty = holds).
 */
export async function ledgerInvariantViolations(db: Db): Promise<unknown[]> {
  const result = await db.execute(sql`
    select u.id, u.zp_balance, u.social_capital_score,
      coalesce((select sum(amount) from transactions t where t.user_id = u.id and t.currency = 'ZP'), 0) as zp_sum,
      coalesce((select sum(amount) from transactions t where t.user_id = u.id and t.currency = 'SEB'), 0) as seb_sum
    from users u`);
  const rows = rowsOf<Record<string, unknown>>(result);
  return rows.filter(
    (r) =>
      Number(r.zp_balance) !== Number(r.zp_sum) ||
      Number(r.social_capital_score) !== Number(r.seb_sum) ||
      Number(r.zp_balance) < 0 ||
      Number(r.social_capital_score) < 0,
  );
}
