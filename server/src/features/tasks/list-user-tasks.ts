import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { TaskProgress, UserTaskStats } from '@ziver/shared';
import { isUuid } from '../../platform/auth.js';
import type { Db } from '../../platform/db/client.js';
import { taskCompletions, tasks, transactions, type TaskRow } from '../../platform/db/schema.js';
import { evaluateTask, type ChannelMembershipChecker } from './evaluate-task.js';
import { getUserTaskStats } from './get-user-task-stats.js';

export type TaskUser = { id: string; telegramId: bigint | null };
export type UserTaskState = { task: TaskRow; completedAt: Date | null; progress: TaskProgress };

/** Active (not retired) tasks in catalogue order. */
export async function findActiveTasks(db: Db): Promise<TaskRow[]> {
  return db.select().from(tasks).where(isNull(tasks.retiredAt)).orderBy(asc(tasks.sortOrder), asc(tasks.createdAt));
}

/** An active task by id; undefined for unknown, retired or malformed ids. */
export async function findActiveTask(db: Db, taskId: string): Promise<TaskRow | undefined> {
  if (!isUuid(taskId)) return undefined;
  const [task] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, taskId), isNull(tasks.retiredAt)));
  return task;
}

async function completionsOf(db: Db, userId: string): Promise<Map<string, Date>> {
  const rows = await db
    .select({ taskId: taskCompletions.taskId, completedAt: taskCompletions.completedAt })
    .from(taskCompletions)
    .where(eq(taskCompletions.userId, userId));
  return new Map(rows.map((r) => [r.taskId, r.completedAt]));
}

/**
 * Whether a user is offered a task. A channel task needs the bot to check membership: while the
 * bot is off (no checker) one the user has not done could never be completed, and a card saying
 * "cannot be checked yet" reads as broken, so it is left out. One done before stays, as done.
 */
function isOffered(task: TaskRow, isCompleted: boolean, canCheckChannels: boolean): boolean {
  return task.kind !== 'channel' || canCheckChannels || isCompleted;
}

/**
 * Each given task the user is offered (see isOffered) with the user's completion and progress,
 * evaluated against one set of stats.
 */
export async function describeTasksForUser(
  db: Db,
  options: { user: TaskUser; tasks: TaskRow[]; checkChannelMembership?: ChannelMembershipChecker | undefined },
): Promise<{ stats: UserTaskStats; states: UserTaskState[] }> {
  const [stats, completions] = await Promise.all([
    getUserTaskStats(db, options.user.id),
    completionsOf(db, options.user.id),
  ]);
  const context = { stats, user: options.user, checkChannelMembership: options.checkChannelMembership };
  const canCheckChannels = options.checkChannelMembership !== undefined;
  const offered = options.tasks.filter((task) => isOffered(task, completions.has(task.id), canCheckChannels));
  const states = await Promise.all(
    offered.map(async (task) => {
      const completedAt = completions.get(task.id) ?? null;
      const progress = await evaluateTask(task, context, { isCompleted: completedAt !== null });
      return { task, completedAt, progress };
    }),
  );
  return { stats, states };
}

/** GET /tasks/user-stats: the rule stats plus the user's totals over the tasks they are offered. */
export async function getTaskSummary(db: Db, userId: string, options: { canCheckChannels: boolean }) {
  const [stats, active, completions, earned] = await Promise.all([
    getUserTaskStats(db, userId),
    findActiveTasks(db),
    completionsOf(db, userId),
    db
      .select({ total: sql<string>`coalesce(sum(${transactions.amount}), 0)` })
      .from(transactions)
      .where(
        and(eq(transactions.userId, userId), eq(transactions.type, 'task_reward'), eq(transactions.currency, 'ZP')),
      ),
  ]);
  const offered = active.filter((task) => isOffered(task, completions.has(task.id), options.canCheckChannels));
  return {
    ...stats,
    completedTasks: offered.filter((t) => completions.has(t.id)).length,
    totalTasks: offered.length,
    zpEarnedFromTasks: Number(earned[0]?.total ?? 0),
  };
}
