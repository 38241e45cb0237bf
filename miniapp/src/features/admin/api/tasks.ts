import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONTRACT,
  fillPath,
  type AdminTask,
  type AdminTaskResponse,
  type CreateTaskRequest,
  type UpdateTaskRequest,
} from '@ziver/shared';
import { api } from '@/lib/api-client';
import { auditLogQueryKey } from './get-audit-log';

export const adminTasksQueryKey = ['admin', 'tasks'] as const;

const { adminTasks, adminCreateTask, adminUpdateTask, adminRetireTask, adminReactivateTask } = CONTRACT;

/** GET /api/tasks/admin: every task, retired ones too, in all five languages, with completion counts. */
export function getAdminTasks(signal?: AbortSignal): Promise<AdminTask[]> {
  return api.get(adminTasks.path, { signal, parse: (data) => adminTasks.response.parse(data).tasks });
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
      return api.post(adminCreateTask.path, action.input, { parse: (d) => adminCreateTask.response.parse(d) });
    case 'update':
      return api.put(fillPath(adminUpdateTask.path, { id: action.id }), action.patch, {
        parse: (d) => adminUpdateTask.response.parse(d),
      });
    case 'retire':
      return api.delete(fillPath(adminRetireTask.path, { id: action.id }), {
        parse: (d) => adminRetireTask.response.parse(d),
      });
    case 'reactivate':
      return api.post(fillPath(adminReactivateTask.path, { id: action.id }), undefined, {
        parse: (d) => adminReactivateTask.response.parse(d),
      });
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
