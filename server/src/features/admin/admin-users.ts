import { and, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { AppError, type AdminUserDetailResponse, type AdminUserSummary } from '@ziver/shared';
import { isUuid } from '../../platform/auth.js';
import type { Db } from '../../platform/db/client.js';
import { authSessions, referrals, transactions, users, type UserRow } from '../../platform/db/schema.js';

const SEARCH_LIMIT = 50;
const DETAIL_LIMIT = 50;

/** The fields of a user the console lists (no hashes, secrets or tokens). */
export function presentAdminUser(user: UserRow): AdminUserSummary {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    telegram_username: user.telegramUsername,
    telegram_id: user.telegramId === null ? null : String(user.telegramId),
    role: user.role,
    suspended_at: user.suspendedAt?.toISOString() ?? null,
    zp_balance: Number(user.zpBalance),
    seb_balance: Number(user.socialCapitalScore),
    created_at: user.createdAt.toISOString(),
    suspension_reason: user.suspensionReason,
  };
}

/** Search by username, email or Telegram username (contains, any case), Telegram id or user id (exact). */
export async function searchUsers(db: Db, query: string): Promise<UserRow[]> {
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/^@/, '')}%`;
  const conditions: SQL[] = [
    ilike(users.username, pattern),
    ilike(users.email, pattern),
    ilike(users.telegramUsername, pattern),
  ];
  if (/^\d{1,19}$/.test(query)) conditions.push(eq(users.telegramId, BigInt(query)));
  if (isUuid(query)) conditions.push(eq(users.id, query));
  return db
    .select()
    .from(users)
    .where(or(...conditions))
    .orderBy(desc(users.createdAt))
    .limit(SEARCH_LIMIT);
}

export async function findUserOrThrow(db: Db, userId: string, lock = false): Promise<UserRow> {
  const notFound = new AppError('NOT_FOUND', 'admin.userNotFound');
  if (!isUuid(userId)) throw notFound;
  const query = db.select().from(users).where(eq(users.id, userId));
  const [user] = lock ? await query.for('update') : await query;
  if (!user) throw notFound;
  return user;
}

/** A user's page: the account, the latest ledger entries, active referrals and sessions. */
export async function getAdminUser(db: Db, userId: string): Promise<Omit<AdminUserDetailResponse, 'success'>> {
  const user = await findUserOrThrow(db, userId);
  const [ledger, referred, sessions] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, user.id))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(DETAIL_LIMIT),
    db
      .select({ id: users.id, username: users.username, createdAt: referrals.createdAt })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.referredId))
      .where(and(eq(referrals.referrerId, user.id), isNull(referrals.removedAt)))
      .orderBy(desc(referrals.createdAt))
      .limit(DETAIL_LIMIT),
    db
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.userId, user.id), sql`${authSessions.expiresAt} > now()`))
      .orderBy(desc(authSessions.createdAt))
      .limit(DETAIL_LIMIT),
  ]);
  return {
    user: {
      ...presentAdminUser(user),
      two_factor_enabled: user.twoFactorEnabled,
      last_seen_at: user.lastSeenAt?.toISOString() ?? null,
    },
    transactions: ledger.map((t) => ({
      id: t.id,
      type: t.type,
      currency: t.currency,
      amount: Number(t.amount),
      description: t.description,
      created_at: t.createdAt.toISOString(),
      metadata: t.metadata ?? {},
    })),
    referrals: referred.map((r) => ({ id: r.id, username: r.username, created_at: r.createdAt.toISOString() })),
    sessions: sessions.map((s) => ({
      id: s.id,
      method: s.method,
      created_at: s.createdAt.toISOString(),
      last_seen_at: s.lastSeenAt?.toISOString() ?? null,
      expires_at: s.expiresAt.toISOString(),
      revoked_at: s.revokedAt?.toISOString() ?? null,
    })),
  };
}
