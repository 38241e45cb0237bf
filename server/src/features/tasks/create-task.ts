import { randomBytes } from 'node:crypto';
import { AppError, type CreateTaskRequest } from '@ziver/shared';
import { recordAdminAction } from '../../platform/audit-log.js';
import { isUniqueViolation, type Database } from '../../platform/db/client.js';
import { tasks, type TaskRow } from '../../platform/db/schema.js';
import { auditSnapshotOf } from './present-task.js';
import { storedTranslations } from './task-translations.js';

/** A slug from the title plus a short random suffix, e.g. "follow-us-on-x-3f9a". */
function slugFor(title: string): string {
  const base = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/g, '');
  return `${base || 'task'}-${randomBytes(2).toString('hex')}`;
}

/** Admin: adds a task to the catalogue, with an audit entry. A taken slug answers 409. */
export async function createTask(
  db: Database,
  options: { adminId: string; input: CreateTaskRequest },
): Promise<TaskRow> {
  const { input } = options;
  try {
    return await db.transaction(async (tx) => {
      const [task] = await tx
        .insert(tasks)
        .values({
          slug: input.slug ?? slugFor(input.title),
          title: input.title,
          description: input.description,
          kind: input.kind,
          linkUrl: input.link_url,
          channel: input.channel,
          rules: input.rules,
          zpReward: input.zp_reward,
          sebReward: input.seb_reward,
          sortOrder: input.sort_order,
          translations: storedTranslations(input.translations),
        })
        .returning();
      await recordAdminAction(tx, {
        adminId: options.adminId,
        action: 'task.create',
        targetType: 'task',
        targetId: task!.id,
        before: null,
        after: auditSnapshotOf(task!),
      });
      return task!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'tasks_slug_key')) throw new AppError('CONFLICT', 'tasks.slugTaken');
    throw error;
  }
}
