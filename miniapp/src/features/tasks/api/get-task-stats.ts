import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserTaskStatsResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { taskStatsEndpoint } from '@/lib/endpoints/task-stats';
import { tasksQueryKey } from './get-tasks';

export const taskStatsQueryKey = [...tasksQueryKey, 'user-stats'] as const;

/** GET /api/tasks/user-stats: done and total tasks, ZP earned from tasks, the mining streak. */
export function getTaskStats({ signal }: { signal?: AbortSignal } = {}): Promise<UserTaskStatsResponse> {
  return call(taskStatsEndpoint, { signal });
}

export function taskStatsQueryOptions() {
  return queryOptions({ queryKey: taskStatsQueryKey, queryFn: ({ signal }) => getTaskStats({ signal }) });
}

export function useTaskStats() {
  return useQuery(taskStatsQueryOptions());
}
