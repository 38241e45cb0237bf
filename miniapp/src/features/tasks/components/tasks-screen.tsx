import { useCallback } from 'react';
import { Button } from '@telegram-apps/telegram-ui';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/lib/format';
import type { Task } from '@ziver/shared';
import { InlineLoader } from '@/components/loading-view';
import { Notice } from '@/components/notice';
import { Page } from '@/components/page';
import { isApiError } from '@/lib/api-client';
import { tasksQueryKey, useTasks } from '../api/get-tasks';
import { useChannelJoin } from '../hooks/use-channel-join';
import { useLinkTaskFlow } from '../hooks/use-link-task-flow';
import { useTaskCompletion } from '../hooks/use-task-completion';
import { useTranslateTaskMessage } from '../hooks/use-translate-task-message';
import type { LinkTarget } from '../utils/link-task-flow';
import { isRequirementsNotMet } from '../utils/task-errors';
import { LinkTaskDialog } from './link-task-dialog';
import { TaskCard } from './task-card';
import { TaskStats } from './task-stats';
import { TasksEmpty } from './tasks-empty';
import { TasksHeader } from './tasks-header';
import { TasksHelp } from './tasks-help';
import '../tasks.css';
import { listText, useServerText } from '@/i18n/server-text';
import { TASK_MESSAGES } from '@ziver/shared/core';

/** The tasks page (docs/spec.md §2): header with refresh, quick stats, task cards, help accordion. */
export function TasksScreen() {
  const { t, i18n } = useTranslation();
  const serverText = useServerText();
  const queryClient = useQueryClient();
  const translateTaskMessage = useTranslateTaskMessage();
  const tasksQuery = useTasks();
  const isRefreshing = useIsFetching({ queryKey: tasksQueryKey }) > 0;
  const completion = useTaskCompletion();

  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: tasksQueryKey }), [queryClient]);

  const { complete, reportOpenError } = completion;
  const completeLinkTask = useCallback((task: LinkTarget) => complete({ taskId: task.id }), [complete]);
  const showOpenError = useCallback((task: LinkTarget) => reportOpenError(task.id), [reportOpenError]);
  const linkFlow = useLinkTaskFlow({ onAnswerYes: completeLinkTask, onOpenError: showOpenError });
  const channelJoin = useChannelJoin();

  const errorTextFor = (task: Task) => {
    const error = completion.error;
    if (!error || error.taskId !== task.id) return null;
    if (error.kind === 'open') return t('tasks.errors.openLink');
    if (!error.serverMessage) return t('tasks.errors.complete');
    // The reloaded list shows which rules are unmet: the notice says only that some are.
    if (isRequirementsNotMet(error.serverMessage))
      return serverText(listText('tasks', TASK_MESSAGES, 'requirementsNotMet'));
    return translateTaskMessage(error.serverMessage);
  };

  const tasks = tasksQuery.data;
  // A 401 signs the user out and opens /login: nothing to say here (docs/spec.md §8).
  const isUnauthorized = isApiError(tasksQuery.error) && tasksQuery.error.status === 401;

  return (
    <Page testId="tasks-screen" className="zv-tasks">
      <TasksHeader isRefreshing={isRefreshing} onRefresh={refresh} />
      <TaskStats />

      {completion.reward && (
        <Notice
          tone="success"
          testId="task-reward"
          title={t('tasks.reward.title')}
          action={
            <button type="button" className="zv-link-button" onClick={completion.dismiss}>
              {t('common.dismiss')}
            </button>
          }
        >
          {t('tasks.reward.body', {
            title: completion.reward.taskTitle,
            zp: formatAmount(completion.reward.zp, i18n.language),
            seb: formatAmount(completion.reward.seb, i18n.language),
          })}
        </Notice>
      )}

      {!tasks && tasksQuery.isPending && (
        <div className="zv-page--loading">
          <InlineLoader message={t('common.loading')} />
        </div>
      )}

      {!tasks && tasksQuery.isError && !isUnauthorized && (
        <Notice
          tone="error"
          title={t('tasks.errors.load')}
          testId="tasks-load-error"
          action={
            <Button size="s" mode="bezeled" onClick={() => void tasksQuery.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}

      {tasks && tasks.length === 0 && <TasksEmpty />}

      {tasks && tasks.length > 0 && (
        <section className="zv-task-list" aria-label={t('tasks.title')} data-testid="task-list">
          {tasks.map((task) => (
            <TaskCard
              key={task.id}
              task={task}
              isCompleting={completion.pendingTaskId === task.id}
              errorText={errorTextFor(task)}
              onComplete={(target) => void complete({ taskId: target.id }).catch(() => undefined)}
              onOpenLink={(target) =>
                target.link_url && linkFlow.start({ id: target.id, title: target.title, url: target.link_url })
              }
              isCheckingChannel={channelJoin.checkingTaskId === task.id}
              onJoinChannel={channelJoin.join}
              onReportHomeScreen={(target, homeScreenEvent) =>
                void complete({ taskId: target.id, homeScreenEvent }).catch(() => undefined)
              }
            />
          ))}
        </section>
      )}

      <TasksHelp />

      <LinkTaskDialog
        flow={linkFlow.flow}
        onOpenLink={linkFlow.openLink}
        onOpenInThisTab={linkFlow.openInThisTab}
        onReturned={linkFlow.markReturned}
        onAnswer={linkFlow.answer}
        onCancel={linkFlow.cancel}
      />
    </Page>
  );
}
