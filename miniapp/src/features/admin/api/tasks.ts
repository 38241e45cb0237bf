import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTask, AdminTaskResponse, CreateTaskRequest, UpdateTaskRequest } from '@ziver/shared';
import { call } from '@/lib/call';
import { adminCreateTaskEndpoint } from '@/lib/endpoints/admin-create-task';
import { adminReactivateTaskEndpoint } from '@/lib/endpoints/admin-reactivate-task';
import { adminRetireTaskEndpoint } from '@/lib/endpoints/admin-retire-task';
import { adminTasksEndpoint } from '@/lib/endpoints/admin-tasks';
import { adminUpdateTaskEndpoint } from '@/lib/endpoints/admin-update-task';
import { auditLogQueryKey } from './get-audit-log';

export const adminTasksQueryKey = ['admin', 'tasks'] as const;

/** GET /api/tasks/admin: every task, retired ones too, in all five languages, with completion counts. */
export function getAdminTasks(signal?: AbortSignal): Promise<AdminTask[]> {
  return call(adminTasksEndpoint, { signal }).then((answer) => answer.tasks);
}

export const adminTasksQueryOptions = () =>
  queryOptions({ queryKey: adminTasksQueryKey, queryFn: ({ signal }) => getAdminTasks(signal) });

export function useAdminTasks() {
  return useQuery(adminTasksQueryOptions());
}

export type TaskAction =
  | { kind: 'create'; input: CreateTaskRequest }
  | { kind: 'update'; id: string; patch: UpdateTaskRequest }
  | { kind: 'retire'; id: string }
  | { kind: 'reactivate'; id: string };

function callTaskAction(action: TaskAction): Promise<AdminTaskResponse> {
  switch (action.kind) {
    case 'create':
      return call(adminCreateTaskEndpoint, { body: action.input });
    case 'update':
      return call(adminUpdateTaskEndpoint, { params: { id: action.id }, body: action.patch });
    case 'retire':
      return call(adminRetireTaskEndpoint, { params: { id: action.id } });
    case 'reactivate':
      return call(adminReactivateTaskEndpoint, { params: { id: action.id } });
  }
}

/**
 * Create, edit, retire, reactivate. Each refreshes the editor's list, the audit log and the
 * users' task list (a retired task leaves it, an edited title changes in it).
 */
export function useTaskAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: callTaskAction,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminTasksQueryKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
      // The tasks feature's own queries all start with 'tasks' (features never import each other).
      void queryClient.invalidateQueries({ queryKey: ['tasks'] });
    },
  });
}
