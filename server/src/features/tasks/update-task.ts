import { eq } from 'drizzle-orm';
import { AppError, keyedMessage, taskShapeIssues, type UpdateTaskRequest } from '@ziver/shared';
import { recordAdminAction } from '../../platform/audit-log.js';
import { isUuid } from '../../platform/auth.js';
import { isUniqueViolation, type Database } from '../../platform/db/client.js';
import { tasks, type TaskRow } from '../../platform/db/schema.js';
import { auditSnapshotOf } from './present-task.js';
import { storedTranslations } from './task-translations.js';

type Snapshot = ReturnType<typeof auditSnapshotOf>;

/** The fields whose value differs, before and after (what the audit entry records). */
function changedFields(before: Snapshot, after: Snapshot): { before: Partial<Snapshot>; after: Partial<Snapshot> } {
  const keys = (Object.keys(after) as (keyof Snapshot)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/**
 * Admin: edits a task (retired ones too), with an audit entry of the fields that changed. The
 * merged task must still make sense for its kind (a link task keeps a link, a rule task keeps a
 * rule). Completions and rewards already paid are history and do not change.
 */
export async function updateTask(
  db: Database,
  options: { adminId: string; taskId: string; patch: UpdateTaskRequest },
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
          ...(patch.translations !== undefined ? { translations: storedTranslations(patch.translations) } : {}),
          kind: merged.kind,
          linkUrl: merged.link_url,
          channel: merged.channel,
          rules: merged.rules,
        })
        .where(eq(tasks.id, taskId))
        .returning();
      const change = changedFields(auditSnapshotOf(current), auditSnapshotOf(task!));
      if (Object.keys(change.after).length > 0) {
        await recordAdminAction(tx, {
          adminId: options.adminId,
          action: 'task.update',
          targetType: 'task',
          targetId: taskId,
          ...change,
        });
      }
      return task!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'tasks_slug_key')) throw new AppError('CONFLICT', 'tasks.slugTaken');
    throw error;
  }
}
