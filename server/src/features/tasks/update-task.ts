import { eq } from 'drizzle-orm';
import { AppError, keyedMessage, taskShapeIssues, type UpdateTaskRequest } from '@ziver/shared';
import { isUuid } from '../../platform/auth.js';
import { isUniqueViolation, type Database } from '../../platform/db/client.js';
import { tasks, type TaskRow } from '../../platform/db/schema.js';

/**
 * Admin: edits a task (retired ones too). The merged task must still make sense for its kind
 * (a link task keeps a link, a rule task keeps a rule). Completions and rewards already paid
 * are history and do not change.
 */
export async function updateTask(
  db: Database,
  options: { taskId: string; patch: UpdateTaskRequest },
): Promise<TaskRow> {
  const { taskId, patch } = options;
  if (!isUuid(taskId)) throw new AppError('NOT_FOUND', 'tasks.notFound');
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(tasks).where(eq(tasks.id, taskId)).for('update');
      if (!current) throw new AppError('NOT_FOUND', 'tasks.notFound');
      const merged = {
        kind: patch.kind ?? current.kind,
        link_url: patch.link_url !== undefined ? patch.link_url : current.linkUrl,
        channel: patch.channel !== undefined ? patch.channel : current.channel,
        rules: patch.rules ?? current.rules ?? [],
      };
      const issues = taskShapeIssues(merged);
      if (issues.length > 0)
        // The task editor's own rule texts (taskShapeIssues) are not in the message list yet.
        throw new AppError(
          'VALIDATION_FAILED',
          'server.verbatim',
          { text: issues[0]! },
          issues.map((text) => ({ field: '', ...keyedMessage('server.verbatim', { text }) })),
        );

      const [task] = await tx
        .update(tasks)
        .set({
          ...(patch.slug !== undefined ? { slug: patch.slug } : {}),
          ...(patch.title !== undefined ? { title: patch.title } : {}),
          ...(patch.description !== undefined ? { description: patch.description } : {}),
          ...(patch.zp_reward !== undefined ? { zpReward: patch.zp_reward } : {}),
          ...(patch.seb_reward !== undefined ? { sebReward: patch.seb_reward } : {}),
          ...(patch.sort_order !== undefined ? { sortOrder: patch.sort_order } : {}),
          kind: merged.kind,
          linkUrl: merged.link_url,
          channel: merged.channel,
          rules: merged.rules,
        })
        .where(eq(tasks.id, taskId))
        .returning();
      return task!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'tasks_slug_key')) throw new AppError('CONFLICT', 'tasks.slugTaken');
    throw error;
  }
}
