import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TasksResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { tasksEndpoint } from '@/lib/endpoints/tasks';

/** Every tasks query starts with this key, so a completion can refresh the list and the stats at once. */
export const tasksQueryKey = ['tasks'] as const;
export const taskListQueryKey = [...tasksQueryKey, 'list'] as const;

/** GET /api/tasks: the array of tasks with the signed-in user's progress on each. */
export function getTasks({ signal }: { signal?: AbortSignal } = {}): Promise<TasksResponse> {
  return call(tasksEndpoint, { signal });
}

export function tasksQueryOptions() {
  return queryOptions({ queryKey: taskListQueryKey, queryFn: ({ signal }) => getTasks({ signal }) });
}

export function useTasks() {
  return useQuery(tasksQueryOptions());
}
