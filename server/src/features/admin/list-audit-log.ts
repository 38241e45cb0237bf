import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { adminAuditLog, users, type AdminAuditLogRow } from '../../platform/db/schema.js';

export type AuditLogView = AdminAuditLogRow & { adminUsername: string | null };

/** One page of the audit log, newest first, with each admin's current username. */
export async function listAuditLog(
  db: Db,
  options: { page: number; limit: number },
): Promise<{ entries: AuditLogView[]; total: number }> {
  const rows = await db
    .select({ entry: adminAuditLog, adminUsername: users.username })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.adminId))
    .orderBy(desc(adminAuditLog.id))
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  const [total] = await db.select({ n: count() }).from(adminAuditLog);
  return { entries: rows.map((r) => ({ ...r.entry, adminUsername: r.adminUsername })), total: total?.n ?? 0 };
}
