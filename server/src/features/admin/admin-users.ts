import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { AppError, type AdminUserDetailResponse, type AdminUserSummary } from '@ziver/shared';
import { isUuid } from '../../platform/auth.js';
import type { Db } from '../../platform/db/client.js';
import { authSessions, referrals, transactions, users, type UserRow } from '../../platform/db/schema.js';
import type { ListedUser } from './list-users.js';
import { findWallet, presentWallet } from '../wallet/present-wallet.js';
import { readAccountRisk } from '../integrity/recompute-integrity.js';

const DETAIL_LIMIT = 50;

/** The fields of a user the console lists (no hashes, secrets or tokens). */
export function presentAdminUser({ user, referrer }: ListedUser): AdminUserSummary {
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
    last_seen_at: user.lastSeenAt?.toISOString() ?? null,
    referred_by: referrer,
  };
}

export async function findUserOrThrow(db: Db, userId: string, lock = false): Promise<UserRow> {
  const notFound = new AppError('NOT_FOUND', 'admin.userNotFound');
  if (!isUuid(userId)) throw notFound;
  const query = db.select().from(users).where(eq(users.id, userId));
  const [user] = lock ? await query.for('update') : await query;
  if (!user) throw notFound;
  return user;
}

/** A user's page: the account, the latest ledger entries, active referrals, the linked wallet, sessions and integrity risk. */
export async function getAdminUser(db: Db, userId: string): Promise<Omit<AdminUserDetailResponse, 'success'>> {
  const user = await findUserOrThrow(db, userId);
  const [ledger, referred, sessions, referrer, wallet, risk] = await Promise.all([
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
    user.referredBy
      ? db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, user.referredBy))
      : [],
    findWallet(db, user.id),
    readAccountRisk(db, user.id),
  ]);
  return {
    user: {
      ...presentAdminUser({ user, referrer: referrer[0] ?? null }),
      two_factor_enabled: user.twoFactorEnabled,
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
    wallet: wallet ? presentWallet(wallet) : null,
    sessions: sessions.map((s) => ({
      id: s.id,
      method: s.method,
      created_at: s.createdAt.toISOString(),
      last_seen_at: s.lastSeenAt?.toISOString() ?? null,
      expires_at: s.expiresAt.toISOString(),
      revoked_at: s.revokedAt?.toISOString() ?? null,
    })),
    risk,
  };
}
