import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TasksResponse } from '@ziver/shared';
import { useActiveTelegram } from '@/lib/platform/telegram-bridge';
import { openTelegramLink } from '@/lib/telegram-links';
import { taskListQueryKey, tasksQueryKey } from '../api/get-tasks';
import { validateTask } from '../api/validate-task';

export type ChannelJoinTarget = { id: string; link_url: string | null };

/**
 * "Join channel" on a channel task: opens the channel's t.me link (Telegram's in-app method
 * inside Telegram, a new tab elsewhere), and when the user comes back (Telegram's `activated`,
 * the page visible or focused again) checks the task again and puts the answer on its card.
 */
export function useChannelJoin() {
  const queryClient = useQueryClient();
  const telegram = useActiveTelegram();
  const [awaitingTaskId, setAwaitingTaskId] = useState<string | null>(null);
  const [checkingTaskId, setCheckingTaskId] = useState<string | null>(null);
  // Several "came back" signals may fire together: the first one re-checks.
  const awaiting = useRef<string | null>(null);

  const recheck = useCallback(
    async (taskId: string) => {
      setCheckingTaskId(taskId);
      try {
        const result = await validateTask(taskId);
        queryClient.setQueryData<TasksResponse>(taskListQueryKey, (tasks) =>
          tasks?.map((task) =>
            task.id === taskId ? { ...task, is_completed: result.is_completed, progress: result.progress } : task,
          ),
        );
      } catch {
        // The card keeps its state; a later refresh (or another Join) checks again.
        void queryClient.invalidateQueries({ queryKey: tasksQueryKey });
      } finally {
        setCheckingTaskId(null);
      }
    },
    [queryClient],
  );

  const join = useCallback((task: ChannelJoinTarget) => {
    if (!task.link_url) return;
    awaiting.current = task.id;
    setAwaitingTaskId(task.id);
    openTelegramLink(task.link_url);
  }, []);

  useEffect(() => {
    if (!awaitingTaskId) return;
    const onReturn = () => {
      const taskId = awaiting.current;
      if (!taskId) return;
      awaiting.current = null;
      setAwaitingTaskId(null);
      void recheck(taskId);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') onReturn();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', onReturn);
    const offActivated = telegram?.onActivated(onReturn);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', onReturn);
      offActivated?.();
    };
  }, [awaitingTaskId, telegram, recheck]);

  return { join, awaitingTaskId, checkingTaskId };
}
