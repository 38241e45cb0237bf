import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { type CompleteTaskResponse, type HomeScreenEvent, type TasksResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { completeTaskEndpoint } from '@/lib/endpoints/complete-task';
import { sessionStore } from '@/lib/session';
import { markTaskCompleted } from '../utils/task-list';
import { taskListQueryKey, tasksQueryKey } from './get-tasks';

export type CompleteTaskVariables = {
  taskId: string;
  /** A home-screen task's report: the Telegram event that said Ziver is on the home screen. */
  homeScreenEvent?: HomeScreenEvent;
};

/**
 * POST /api/tasks/{id}/complete, with no body (for a link task the "did you complete it?" dialog
 * is the confirmation, docs/spec.md §5) but a home-screen task's report. The server re-checks
 * rule tasks' requirements: 400 'Task requirements not met: …', 409 'Task already completed',
 * 404 'Task not found'.
 */
export function completeTask({ taskId, homeScreenEvent }: CompleteTaskVariables): Promise<CompleteTaskResponse> {
  return call(completeTaskEndpoint, {
    params: { id: taskId },
    ...(homeScreenEvent ? { body: { homeScreenEvent } } : {}),
  });
}

/**
 * Completes a task: marks it completed in the cached list at once, takes the fresh balances
 * into the session, then refreshes tasks, stats, mining status and the ledger.
 */
export function useCompleteTask(
  options: Omit<UseMutationOptions<CompleteTaskResponse, Error, CompleteTaskVariables>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: completeTask,
    onSuccess: (response, variables, ...rest) => {
      sessionStore.updateUser(response.user);
      queryClient.setQueryData<TasksResponse>(taskListQueryKey, (current) =>
        current ? markTaskCompleted(current, variables.taskId, new Date().toISOString()) : current,
      );
      void queryClient.invalidateQueries({ queryKey: tasksQueryKey });
      // The reward moved balances: the mining hub and the history show them.
      void queryClient.invalidateQueries({ queryKey: ['mining'] });
      void queryClient.invalidateQueries({ queryKey: ['transactions'] });
      return options.onSuccess?.(response, variables, ...rest);
    },
  });
}
