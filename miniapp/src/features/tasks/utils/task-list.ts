import type { TasksResponse } from '@ziver/shared';

/** The list with one task marked completed (shown at once, before the server's copy arrives). */
export function markTaskCompleted(list: TasksResponse, taskId: string, completedAt: string): TasksResponse {
  return list.map((task) =>
    task.id === taskId
      ? {
          ...task,
          is_completed: true,
          completed_at: task.completed_at ?? completedAt,
          progress: { ...task.progress, percentage: 100 },
        }
      : task,
  );
}
