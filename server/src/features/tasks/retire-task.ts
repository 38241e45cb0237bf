import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { AppError } from '@ziver/shared';
import { recordAdminAction } from '../../platform/audit-log.js';
import { isUuid } from '../../platform/auth.js';
import type { Database } from '../../platform/db/client.js';
import { tasks, type TaskRow } from '../../platform/db/schema.js';

async function findTask(db: Database, taskId: string): Promise<TaskRow> {
  const [task] = await db.select().from(tasks).where(eq(tasks.id, taskId));
  if (!task) throw new AppError('NOT_FOUND', 'tasks.notFound');
  return task;
}

/**
 * Admin: retires a task. It leaves the catalogue (users no longer see or complete it) but the
 * row, its completions and the rewards paid stay as history. Retiring twice keeps the first date
 * and writes no second audit entry (the conditional update finds nothing to do).
 */
export async function retireTask(db: Database, options: { adminId: string; taskId: string }): Promise<TaskRow> {
  if (!isUuid(options.taskId)) throw new AppError('NOT_FOUND', 'tasks.notFound');
  const retired = await db.transaction(async (tx) => {
    const [task] = await tx
      .update(tasks)
      .set({ retiredAt: sql`now()` })
      .where(and(eq(tasks.id, options.taskId), isNull(tasks.retiredAt)))
      .returning();
    if (task) {
      await recordAdminAction(tx, {
        adminId: options.adminId,
        action: 'task.retire',
        targetType: 'task',
        targetId: task.id,
        before: { retired_at: null },
        after: { retired_at: task.retiredAt!.toISOString() },
      });
    }
    return task;
  });
  return retired ?? findTask(db, options.taskId);
}

/** Admin: brings a retired task back into the catalogue; users who completed it keep their completion. */
export async function reactivateTask(db: Database, options: { adminId: string; taskId: string }): Promise<TaskRow> {
  if (!isUuid(options.taskId)) throw new AppError('NOT_FOUND', 'tasks.notFound');
  const reactivated = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ retiredAt: tasks.retiredAt })
      .from(tasks)
      .where(and(eq(tasks.id, options.taskId), isNotNull(tasks.retiredAt)))
      .for('update');
    if (!before) return undefined;
    const [task] = await tx.update(tasks).set({ retiredAt: null }).where(eq(tasks.id, options.taskId)).returning();
    await recordAdminAction(tx, {
      adminId: options.adminId,
      action: 'task.reactivate',
      targetType: 'task',
      targetId: options.taskId,
      before: { retired_at: before.retiredAt!.toISOString() },
      after: { retired_at: null },
    });
    return task;
  });
  return reactivated ?? findTask(db, options.taskId);
}
