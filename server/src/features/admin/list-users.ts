import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminUserFilter } from '@ziver/shared';
import { isUuid } from '../../platform/auth.js';
import type { Db } from '../../platform/db/client.js';
import { users, type UserRow } from '../../platform/db/schema.js';

/** A listed user with the one who referred them (null for none). */
export type ListedUser = { user: UserRow; referrer: { id: string; username: string } | null };

const referrer = alias(users, 'referrer');
const BIGINT_MAX = 9_223_372_036_854_775_807n;

/** The search as before: username, email or Telegram username contains it (any case), or a Telegram id or user id is it. */
function searchCondition(query: string): SQL {
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/^@/, '')}%`;
  const conditions: SQL[] = [
    ilike(users.username, pattern),
    ilike(users.email, pattern),
    ilike(users.telegramUsername, pattern),
  ];
  // Only a number PostgreSQL's bigint holds (a longer one would fail the statement, not match nothing).
  if (/^\d{1,19}$/.test(query) && BigInt(query) <= BIGINT_MAX) conditions.push(eq(users.telegramId, BigInt(query)));
  if (isUuid(query)) conditions.push(eq(users.id, query));
  return or(...conditions)!;
}

/** The referrer named by id or username ("@" and case ignored); a name no one has matches nobody. */
function referredByCondition(person: string): SQL {
  if (isUuid(person)) return eq(users.referredBy, person);
  const name = person.replace(/^@/, '');
  return sql`${users.referredBy} = (select r.id from ${users} r where lower(r.username) = lower(${name}))`;
}

function whereOf(filter: AdminUserFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.q !== undefined) conditions.push(searchCondition(filter.q));
  if (filter.role !== undefined) conditions.push(eq(users.role, filter.role));
  if (filter.suspended !== undefined)
    conditions.push(filter.suspended ? isNotNull(users.suspendedAt) : isNull(users.suspendedAt));
  if (filter.telegram !== undefined)
    conditions.push(filter.telegram ? isNotNull(users.telegramId) : isNull(users.telegramId));
  if (filter.referredBy !== undefined) conditions.push(referredByCondition(filter.referredBy));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * The order: the chosen column, then the id the same way, so equal values page stably. Never
 * seen users come last either way ("last seen" ascending means the longest idle first).
 */
function orderOf(filter: AdminUserFilter): SQL[] {
  const by = filter.dir === 'asc' ? asc : desc;
  if (filter.sort === 'last_seen') return [sql`${users.lastSeenAt} ${sql.raw(filter.dir)} nulls last`, by(users.id)];
  const column = filter.sort === 'zp' ? users.zpBalance : users.createdAt;
  return [by(column), by(users.id)];
}

/** The users the filter matches, in its order, `limit` of them from `offset`. */
export async function listUsers(
  db: Db,
  options: { filter: AdminUserFilter; offset: number; limit: number },
): Promise<ListedUser[]> {
  const rows = await db
    .select({ user: users, referrer: { id: referrer.id, username: referrer.username } })
    .from(users)
    .leftJoin(referrer, eq(referrer.id, users.referredBy))
    .where(whereOf(options.filter))
    .orderBy(...orderOf(options.filter))
    .limit(options.limit)
    .offset(options.offset);
  return rows.map((row) => ({ user: row.user, referrer: row.referrer?.id ? row.referrer : null }));
}

/** How many users the filter matches. */
export async function countUsers(db: Db, filter: AdminUserFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(whereOf(filter));
  return row?.total ?? 0;
}
