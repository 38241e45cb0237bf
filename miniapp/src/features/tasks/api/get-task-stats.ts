import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTRACT, type UserTaskStatsResponse } from '@ziver/shared';
import { api } from '@/lib/api-client';
import { tasksQueryKey } from './get-tasks';

export const taskStatsQueryKey = [...tasksQueryKey, 'user-stats'] as const;

/** GET /api/tasks/user-stats: done and total tasks, ZP earned from tasks, the mining streak. */
export function getTaskStats({ signal }: { signal?: AbortSignal } = {}): Promise<UserTaskStatsResponse> {
  const { path, response } = CONTRACT.taskStats;
  return api.get(path, { signal, parse: (data) => response.parse(data) });
}

export function taskStatsQueryOptions() {
  return queryOptions({ queryKey: taskStatsQueryKey, queryFn: ({ signal }) => getTaskStats({ signal }) });
}

export function useTaskStats() {
  return useQuery(taskStatsQueryOptions());
}
