import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError, roundAmount, type AdjustBalanceRequest, type Role } from '@ziver/shared';
import type { Database } from '../../platform/db/client.js';
import { authSessions, users } from '../../platform/db/schema.js';
import { publishInvalidation } from '../../platform/invalidation.js';
import { USER_TOPIC } from '../../platform/session-cache.js';
import { postLedgerEntries } from '../ledger/post-ledger-entries.js';
import { findUserOrThrow } from './admin-users.js';
import { recordAdminAction } from '../../platform/audit-log.js';

const notOnYourself = (adminId: string, userId: string) => {
  if (adminId === userId) throw new AppError('FORBIDDEN', 'admin.notOnYourself');
};

/** Changes a user's role (not the admin's own), with an audit entry. */
export async function changeUserRole(db: Database, options: { adminId: string; userId: string; role: Role }) {
  await db.transaction(async (tx) => {
    const user = await findUserOrThrow(tx, options.userId, true);
    notOnYourself(options.adminId, user.id);
    await tx.update(users).set({ role: options.role }).where(eq(users.id, user.id));
    await recordAdminAction(tx, {
      adminId: options.adminId,
      action: 'user.role',
      targetType: 'user',
      targetId: user.id,
      before: { role: user.role },
      after: { role: options.role },
    });
  });
  // Cached sessions carry the user row: every instance drops this user's entries at once.
  await publishInvalidation(db, USER_TOPIC, options.userId);
}

/**
 * Suspends (every live session revoked, sign-ins refused) or reactivates a user. Suspending
 * twice keeps the first date; each call is audited.
 */
export async function setUserSuspension(
  db: Database,
  options: { adminId: string; userId: string; isSuspended: boolean },
): Promise<{ revokedSessions: number }> {
  const outcome = await db.transaction(async (tx) => {
    const user = await findUserOrThrow(tx, options.userId, true);
    notOnYourself(options.adminId, user.id);
    await tx
      .update(users)
      .set({ suspendedAt: options.isSuspended ? sql`coalesce(${users.suspendedAt}, now())` : null })
      .where(eq(users.id, user.id));
    const revoked = options.isSuspended
      ? await tx
          .update(authSessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(authSessions.userId, user.id), isNull(authSessions.revokedAt)))
          .returning({ id: authSessions.id })
      : [];
    await recordAdminAction(tx, {
      adminId: options.adminId,
      action: options.isSuspended ? 'user.suspend' : 'user.reactivate',
      targetType: 'user',
      targetId: user.id,
      before: { suspendedAt: user.suspendedAt?.toISOString() ?? null },
      after: { suspended: options.isSuspended, revokedSessions: revoked.length },
    });
    return { revokedSessions: revoked.length };
  });
  await publishInvalidation(db, USER_TOPIC, options.userId);
  return outcome;
}

/**
 * A manual ZP or SEB correction: one `admin_adjustment` ledger entry with the reason (the cached
 * balance moves with it, never on its own). The user row is locked, so a debit that would take
 * the balance below zero is refused (409) instead of racing another debit.
 */
export async function adjustUserBalance(
  db: Database,
  options: { adminId: string; userId: string; adjustment: AdjustBalanceRequest },
) {
  const { currency, amount, reason } = options.adjustment;
  await db.transaction(async (tx) => {
    const user = await findUserOrThrow(tx, options.userId, true);
    const balance = Number(currency === 'ZP' ? user.zpBalance : user.socialCapitalScore);
    const after = roundAmount(balance + amount);
    if (after < 0) throw new AppError('CONFLICT', 'admin.adjustmentNegative');
    const [entry] = await postLedgerEntries(tx, user.id, [
      {
        type: 'admin_adjustment',
        currency,
        amount,
        description: reason,
        metadata: { adminId: options.adminId, reason },
        idempotencyKey: `admin_adjustment:${randomUUID()}`,
      },
    ]);
    await recordAdminAction(tx, {
      adminId: options.adminId,
      action: 'user.adjust',
      targetType: 'user',
      targetId: user.id,
      before: { currency, balance },
      after: { currency, balance: after, amount, reason, transactionId: entry?.id ?? null },
    });
  });
}
