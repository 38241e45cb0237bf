import { and, eq } from 'drizzle-orm';
import { AppError, roundAmount, type HomeScreenEvent, type RuleResult } from '@ziver/shared';
import type { Database, Db } from '../../platform/db/client.js';
import { taskCompletions, users, type TaskRow, type UserRow } from '../../platform/db/schema.js';
import { postLedgerEntries, type LedgerEntry } from '../transactions/post-ledger-entries.js';
import { checkChannelTask, evaluateTask, type ChannelMembershipChecker } from './evaluate-task.js';
import { findActiveTask, type TaskUser } from './list-user-tasks.js';
import { getUserTaskStats } from './get-user-task-stats.js';
import type { InvalidationBus } from '../../platform/invalidation.js';

export type CompleteTaskResult = {
  task: TaskRow;
  user: UserRow;
  reward: { zp: number; seb: number; taskTitle: string };
};

/**
 * Completes a task for the signed-in user: re-validates its rules on the server (stats read
 * under the user's row lock), and credits ZP and SEB `task_reward` once. The task_completions
 * primary key and the ledger keys `task:<taskId>:<userId>:<currency>` make a double tap (or 20
 * concurrent taps) pay once; the rest answer 409. A link task needs no proof: the client's "did
 * you complete it?" dialog is the confirmation (docs/spec.md §5); a channel task needs the injected
 * membership check to pass; a home_screen task needs the client's report of Telegram's event
 * (`homeScreenEvent`), which no other kind accepts.
 */
export async function completeTask(
  db: Database,
  options: {
    user: TaskUser;
    taskId: string;
    /** The Telegram event the mini app saw (home_screen tasks only). */
    homeScreenEvent?: HomeScreenEvent | undefined;
    checkChannelMembership?: ChannelMembershipChecker | undefined;
    invalidations: InvalidationBus;
  },
): Promise<CompleteTaskResult> {
  const { user, taskId } = options;
  const found = await findActiveTask(db, taskId);
  if (!found) throw new AppError('NOT_FOUND', 'tasks.notFound');
  checkHomeScreenReport(found, options.homeScreenEvent);
  if (await isCompleted(db, user.id, found.id)) throw new AppError('CONFLICT', 'tasks.alreadyCompleted');

  // The Telegram call happens before the transaction, so no row lock waits on the network.
  let channelCheck: RuleResult | undefined;
  if (found.kind === 'channel') {
    channelCheck = await checkChannelTask(found, { user, checkChannelMembership: options.checkChannelMembership });
  }

  return db.transaction(async (tx) => {
    const task = await findActiveTask(tx, taskId);
    if (!task) throw new AppError('NOT_FOUND', 'tasks.notFound');
    checkHomeScreenReport(task, options.homeScreenEvent);
    // One completion at a time per user: the stats below cannot move under us.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    if (await isCompleted(tx, user.id, task.id)) throw new AppError('CONFLICT', 'tasks.alreadyCompleted');

    const stats = await getUserTaskStats(tx, user.id);
    const progress = await evaluateTask(task, { stats, user }, { channelCheck });
    if (!progress.canComplete) {
      const unmet = progress.progress.filter((r) => !r.isValid).map((r) => r.message);
      throw new AppError('BAD_REQUEST', 'tasks.requirementsNotMetList', { reasons: unmet.join('; ') });
    }

    const [completion] = await tx
      .insert(taskCompletions)
      .values({ userId: user.id, taskId: task.id })
      .onConflictDoNothing()
      .returning();
    if (!completion) throw new AppError('CONFLICT', 'tasks.alreadyCompleted');

    const zp = roundAmount(Number(task.zpReward));
    const seb = roundAmount(Number(task.sebReward));
    const metadata = {
      taskId: task.id,
      taskTitle: task.title,
      taskSlug: task.slug,
      kind: task.kind,
      ...(task.kind === 'link' ? { linkUrl: task.linkUrl, confirmedByUser: true } : {}),
      ...(task.kind === 'channel' ? { channel: task.channel } : {}),
      ...(task.kind === 'home_screen' ? { reportedEvent: options.homeScreenEvent } : {}),
    };
    const entries: LedgerEntry[] = [];
    if (zp > 0) {
      entries.push({
        type: 'task_reward',
        currency: 'ZP',
        amount: zp,
        description: `Task reward: ${task.title}`,
        metadata,
        idempotencyKey: `task:${task.id}:${user.id}:ZP`,
      });
    }
    if (seb > 0) {
      entries.push({
        type: 'task_reward',
        currency: 'SEB',
        amount: seb,
        description: `Task SEB points: ${task.title}`,
        metadata,
        idempotencyKey: `task:${task.id}:${user.id}:SEB`,
      });
    }
    await postLedgerEntries(tx, options.invalidations, user.id, entries);
    const [updated] = await tx.select().from(users).where(eq(users.id, user.id));
    return { task, user: updated!, reward: { zp, seb, taskTitle: task.title } };
  });
}

/**
 * A home_screen task is completed by the client's report of Telegram's event, and only such a
 * task takes one: the report for another kind, or that kind without one, is a 400.
 */
function checkHomeScreenReport(task: TaskRow, event: HomeScreenEvent | undefined): void {
  if (task.kind === 'home_screen' && !event) throw new AppError('BAD_REQUEST', 'tasks.homeScreenNotReported');
  if (task.kind !== 'home_screen' && event) throw new AppError('BAD_REQUEST', 'tasks.notHomeScreenTask');
}

async function isCompleted(db: Db, userId: string, taskId: string): Promise<boolean> {
  const [row] = await db
    .select({ taskId: taskCompletions.taskId })
    .from(taskCompletions)
    .where(and(eq(taskCompletions.userId, userId), eq(taskCompletions.taskId, taskId)));
  return row !== undefined;
}
