import type { AdminAction } from '@ziver/shared';
import type { Tx } from './db/client.js';
import { adminAuditLog } from './db/schema.js';

export type AdminActionRecord = {
  adminId: string;
  action: AdminAction;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
};

/**
 * Appends one audit entry. Every admin use case calls it inside its own transaction, so the
 * record exists exactly when the change does. There is no update or delete counterpart.
 */
export async function recordAdminAction(tx: Tx, record: AdminActionRecord): Promise<void> {
  await tx.insert(adminAuditLog).values({
    adminId: record.adminId,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}
