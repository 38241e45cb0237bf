import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { taskCompletions, tasks, type TaskRow } from '../../platform/db/schema.js';

export type AdminTaskRow = { task: TaskRow; completions: number };

/** How many users completed the task, counted by the database (one index lookup per task). */
const completionCount =
  sql<number>`(select count(*) from ${taskCompletions} where ${taskCompletions.taskId} = ${tasks.id})`
    .mapWith(Number)
    .as('completions');

/** Admin: every task, retired ones included, in catalogue order, each with its completion count. */
export async function listAdminTasks(db: Db): Promise<AdminTaskRow[]> {
  return db
    .select({ task: tasks, completions: completionCount })
    .from(tasks)
    .orderBy(asc(tasks.sortOrder), asc(tasks.createdAt));
}

/** Admin: one task with its completion count; undefined when there is none with that id. */
export async function findAdminTask(db: Db, taskId: string): Promise<AdminTaskRow | undefined> {
  const [row] = await db.select({ task: tasks, completions: completionCount }).from(tasks).where(eq(tasks.id, taskId));
  return row;
}
