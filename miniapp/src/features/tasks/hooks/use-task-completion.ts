import type { ServerText } from '@/i18n/server-message';
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CompleteTaskResponse } from '@ziver/shared';
import { usePlatform } from '@/lib/platform/platform-provider';
import { useCompleteTask, type CompleteTaskVariables } from '../api/complete-task';
import { tasksQueryKey } from '../api/get-tasks';
import { describeCompletionFailure } from '../utils/task-errors';

export type CompletionError = {
  taskId: string;
  /** 'open': the link could not be opened; 'complete': the server refused or could not be reached. */
  kind: 'open' | 'complete';
  /** The server's message (translated by the screen when it is one of ours), or null for the fallback. */
  serverMessage: ServerText | null;
};

/**
 * Completing tasks from the page: the last reward to show, the last error, and which task is
 * being completed. A refusal for unmet requirements (or a task completed elsewhere) reloads the list.
 */
export function useTaskCompletion() {
  const queryClient = useQueryClient();
  const { haptic } = usePlatform();
  const [reward, setReward] = useState<CompleteTaskResponse['reward'] | null>(null);
  const [error, setError] = useState<CompletionError | null>(null);
  const mutation = useCompleteTask();
  const { mutateAsync } = mutation;

  const complete = useCallback(
    async (variables: CompleteTaskVariables) => {
      setError(null);
      setReward(null);
      try {
        const response = await mutateAsync(variables);
        setReward(response.reward);
        haptic('success');
        return response;
      } catch (failure) {
        const { shouldReload, serverMessage } = describeCompletionFailure(failure);
        if (shouldReload) void queryClient.invalidateQueries({ queryKey: tasksQueryKey });
        setError({ taskId: variables.taskId, kind: 'complete', serverMessage });
        haptic('error');
        throw failure;
      }
    },
    [mutateAsync, queryClient, haptic],
  );

  const reportOpenError = useCallback((taskId: string) => setError({ taskId, kind: 'open', serverMessage: null }), []);

  const dismiss = useCallback(() => {
    setReward(null);
    setError(null);
  }, []);

  return {
    complete,
    reportOpenError,
    reward,
    error,
    dismiss,
    pendingTaskId: mutation.isPending ? (mutation.variables?.taskId ?? null) : null,
  };
}
