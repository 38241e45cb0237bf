import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError, roundAmount, type AdjustBalanceRequest, type Role } from '@ziver/shared';
import type { Database } from '../../platform/db/client.js';
import { authSessions, users } from '../../platform/db/schema.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import { USER_TOPIC } from '../../platform/session-cache.js';
import { postLedgerEntries } from '../transactions/post-ledger-entries.js';
import { findUserOrThrow } from './admin-users.js';
import { recordAdminAction } from '../../platform/audit-log.js';

const notOnYourself = (adminId: string, userId: string) => {
  if (adminId === userId) throw new AppError('FORBIDDEN', 'admin.notOnYourself');
};

/** Changes a user's role (not the admin's own), with an audit entry. */
export async function changeUserRole(
  db: Database,
  options: { adminId: string; userId: string; role: Role; invalidations: InvalidationBus },
) {
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
  await options.invalidations.publish(db, USER_TOPIC, options.userId);
}

/**
 * Suspends (every live session revoked, sign-ins refused) with the admin's reason, or
 * reactivates a user (the reason is cleared with the date). Suspending twice keeps the first
 * date and reason, the ones the user's page shows; each call is audited with its own reason.
 */
export async function setUserSuspension(
  db: Database,
  options: { adminId: string; userId: string; invalidations: InvalidationBus } & (
    { isSuspended: true; reason: string } | { isSuspended: false }
  ),
): Promise<{ revokedSessions: number }> {
  const reason = options.isSuspended ? options.reason : null;
  const outcome = await db.transaction(async (tx) => {
    const user = await findUserOrThrow(tx, options.userId, true);
    notOnYourself(options.adminId, user.id);
    await tx
      .update(users)
      .set(
        options.isSuspended
          ? {
              suspendedAt: sql`coalesce(${users.suspendedAt}, now())`,
              suspensionReason: sql`coalesce(${users.suspensionReason}, ${reason})`,
            }
          : { suspendedAt: null, suspensionReason: null },
      )
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
      before: { suspendedAt: user.suspendedAt?.toISOString() ?? null, reason: user.suspensionReason },
      after: options.isSuspended
        ? { suspended: true, reason, revokedSessions: revoked.length }
        : { suspended: false, revokedSessions: 0 },
    });
    return { revokedSessions: revoked.length };
  });
  await options.invalidations.publish(db, USER_TOPIC, options.userId);
  return outcome;
}

/**
 * A manual ZP or SEB correction: one `admin_adjustment` ledger entry with the reason (the cached
 * balance moves with it, never on its own). The user row is locked, so a debit that would take
 * the balance below zero is refused (409) instead of racing another debit.
 */
export async function adjustUserBalance(
  db: Database,
  options: { adminId: string; userId: string; adjustment: AdjustBalanceRequest; invalidations: InvalidationBus },
) {
  const { currency, amount, reason } = options.adjustment;
  await db.transaction(async (tx) => {
    const user = await findUserOrThrow(tx, options.userId, true);
    const balance = Number(currency === 'ZP' ? user.zpBalance : user.socialCapitalScore);
    const after = roundAmount(balance + amount);
    if (after < 0) throw new AppError('CONFLICT', 'admin.adjustmentNegative');
    const [entry] = await postLedgerEntries(tx, options.invalidations, user.id, [
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
