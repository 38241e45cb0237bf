import { inArray } from 'drizzle-orm';
import { localizeTaskText } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { tasks, type TransactionRow } from '../../platform/db/schema.js';

/**
 * Task rows carry the task's id and its English title in their metadata (as written when the task
 * was completed). For the reader, `metadata.taskTitle` is the task's title in their language, read
 * from the catalogue (one query for the page's tasks; none when the page has no task rows). A task
 * since deleted keeps the stored title. `description` stays the stored English (docs/spec.md §7).
 */
export async function localizeTaskTitles(
  db: Db,
  rows: readonly TransactionRow[],
  language: string | null | undefined,
): Promise<TransactionRow[]> {
  if (!language || language === 'en') return [...rows];
  const taskIdOf = (row: TransactionRow) => {
    const id = row.metadata?.taskId;
    return typeof id === 'string' ? id : undefined;
  };
  const ids = [...new Set(rows.map(taskIdOf).filter((id): id is string => id !== undefined))];
  if (ids.length === 0) return [...rows];
  const found = await db
    .select({ id: tasks.id, title: tasks.title, description: tasks.description, translations: tasks.translations })
    .from(tasks)
    .where(inArray(tasks.id, ids));
  const titles = new Map(found.map((task) => [task.id, localizeTaskText(task, language).title]));
  return rows.map((row) => {
    const title = titles.get(taskIdOf(row) ?? '');
    return title ? { ...row, metadata: { ...row.metadata, taskTitle: title } } : row;
  });
}
