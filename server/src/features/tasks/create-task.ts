import { randomBytes } from 'node:crypto';
import { AppError, type CreateTaskRequest } from '@ziver/shared';
import { isUniqueViolation, type Db } from '../../platform/db/client.js';
import { tasks, type TaskRow } from '../../platform/db/schema.js';

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

/** Admin: adds a task to the catalogue. A taken slug answers 409. */
export async function createTask(db: Db, input: CreateTaskRequest): Promise<TaskRow> {
  try {
    const [task] = await db
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
      })
      .returning();
    return task!;
  } catch (error) {
    if (isUniqueViolation(error, 'tasks_slug_key')) throw new AppError('CONFLICT', 'tasks.slugTaken');
    throw error;
  }
}
