import type { Task } from '@ziver/shared';

/** The four task card states of docs/spec.md §4. */
export type TaskCardState = 'completed' | 'link' | 'in_progress' | 'ready';

/**
 * Which card a task shows: completed; requirements unmet (in progress, the button shows the
 * percentage); an external link to open; or ready to complete. Unmet requirements come before
 * the link, so a link task the server would refuse is never offered as doable.
 */
export function taskCardState(task: Pick<Task, 'is_completed' | 'kind' | 'link_url' | 'progress'>): TaskCardState {
  if (task.is_completed) return 'completed';
  if (!task.progress.canComplete) return 'in_progress';
  if (task.kind === 'link' && task.link_url) return 'link';
  return 'ready';
}
