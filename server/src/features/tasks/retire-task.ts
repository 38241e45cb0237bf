import { eq, sql } from 'drizzle-orm';
import { AppError } from '@ziver/shared';
import { isUuid } from '../../platform/auth.js';
import type { Db } from '../../platform/db/client.js';
import { tasks, type TaskRow } from '../../platform/db/schema.js';

/**
 * Admin: retires a task. It leaves the catalogue (users no longer see or complete it) but the
 * row, its completions and the rewards paid stay as history. Retiring twice keeps the first date.
 */
export async function retireTask(db: Db, options: { taskId: string }): Promise<TaskRow> {
  if (!isUuid(options.taskId)) throw new AppError('NOT_FOUND', 'tasks.notFound');
  const [task] = await db
    .update(tasks)
    .set({ retiredAt: sql`coalesce(${tasks.retiredAt}, now())` })
    .where(eq(tasks.id, options.taskId))
    .returning();
  if (!task) throw new AppError('NOT_FOUND', 'tasks.notFound');
  return task;
}
