import { queryOptions, useQuery } from '@tanstack/react-query';
import { tasksResponseSchema, type TasksResponse } from '@ziver/shared';
import { api } from '@/lib/api-client';

/** Every tasks query starts with this key, so a completion can refresh the list and the stats at once. */
export const tasksQueryKey = ['tasks'] as const;
export const taskListQueryKey = [...tasksQueryKey, 'list'] as const;

/** GET /api/tasks: the catalogue with the signed-in user's progress on each task. */
export function getTasks({ signal }: { signal?: AbortSignal } = {}): Promise<TasksResponse> {
  return api.get('/tasks', { signal, parse: (data) => tasksResponseSchema.parse(data) });
}

export function tasksQueryOptions() {
  return queryOptions({ queryKey: taskListQueryKey, queryFn: ({ signal }) => getTasks({ signal }) });
}

export function useTasks() {
  return useQuery(tasksQueryOptions());
}
