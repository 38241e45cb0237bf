import { Button, Caption, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { TASK_MESSAGES } from '@ziver/shared/core';
import { formatAmount, formatDate, formatPercent } from '@/lib/format';
import type { HomeScreenEvent, Task } from '@ziver/shared';
import { Notice } from '@/components/notice';
import { taskCardState, type TaskCardState } from '../utils/task-card-state';
import { HomeScreenTaskAction } from './home-screen-task';
import { TaskIcon, type TaskIconName } from './task-icons';
import { TaskRequirements } from './task-requirements';

/** A channel task the user can still do by joining: not a member yet, with a link to open. */
export function canJoinChannel(task: Pick<Task, 'kind' | 'link_url' | 'is_completed' | 'progress'>): boolean {
  if (task.kind !== 'channel' || !task.link_url || task.is_completed) return false;
  return task.progress.progress.some(
    (result) =>
      result.rule_type === 'channel_membership' && !result.isValid && result.message === TASK_MESSAGES.channelNotMember,
  );
}

const STATE_ICON: Record<TaskCardState, TaskIconName> = {
  completed: 'check',
  link: 'link',
  in_progress: 'lock',
  ready: 'star',
};

/**
 * A task in one of the four states of docs/spec.md §4: completed; link (opens the external page);
 * in progress (requirements unmet: the button is disabled and shows the percentage, with a
 * line per requirement; a channel task the user has not joined offers "Join channel"); ready
 * (Complete; a home-screen task's own action, which reports Telegram's event).
 */
export function TaskCard({
  task,
  isCompleting,
  errorText,
  onComplete,
  onOpenLink,
  isCheckingChannel = false,
  onJoinChannel,
  onReportHomeScreen,
}: {
  task: Task;
  isCompleting: boolean;
  /** Why the last attempt on this task failed, already translated. */
  errorText: string | null;
  onComplete: (task: Task) => void;
  onOpenLink: (task: Task) => void;
  /** The channel membership is being checked again (the user came back from the channel). */
  isCheckingChannel?: boolean;
  onJoinChannel?: (task: Task) => void;
  /** A home-screen task: Telegram said Ziver is on the home screen. */
  onReportHomeScreen?: (task: Task, event: HomeScreenEvent) => void;
}) {
  const { t, i18n } = useTranslation();
  const state = taskCardState(task);
  const { percentage, completedCount, totalCount } = task.progress;
  const completedDate = task.completed_at ? new Date(task.completed_at) : null;

  return (
    <article
      className={`zv-task zv-task--${state}`}
      data-testid="task-card"
      data-state={state}
      data-task-title={task.title}
      aria-label={`${task.title}: ${t(`tasks.card.states.${state}`)}`}
    >
      <div className="zv-task__head">
        <span className="zv-task__icon" aria-hidden="true">
          <TaskIcon name={STATE_ICON[state]} size={20} />
        </span>
        <div className="zv-task__text">
          <Text weight="2" Component="h3" className="zv-task__title">
            {task.title}
          </Text>
          <Caption level="1" className="zv-muted zv-task__description">
            {task.description}
          </Caption>
        </div>
      </div>

      <div className="zv-task__rewards">
        {task.zp_reward > 0 && (
          <span className="zv-task__reward zv-task__reward--zp">
            {t('tasks.card.reward', { amount: formatAmount(task.zp_reward, i18n.language) })}
          </span>
        )}
        {task.seb_reward > 0 && (
          <span className="zv-task__reward">
            {t('tasks.card.rewardSeb', { amount: formatAmount(task.seb_reward, i18n.language) })}
          </span>
        )}
        {state === 'link' && (
          <span className="zv-task__kind">
            <TaskIcon name="link" size={14} /> {t('tasks.card.external')}
          </span>
        )}
      </div>

      {state !== 'completed' && <TaskRequirements progress={task.progress} />}

      {errorText && (
        <Notice tone="error" testId="task-error">
          {errorText}
        </Notice>
      )}

      <div className="zv-task__footer">
        {state === 'completed' && (
          <>
            <Caption level="1" className="zv-muted">
              {completedDate && !Number.isNaN(completedDate.getTime())
                ? t('tasks.card.completedOn', {
                    date: formatDate(completedDate, i18n.language),
                  })
                : null}
            </Caption>
            <Button
              size="s"
              mode="bezeled"
              disabled
              data-testid="task-complete"
              before={<TaskIcon name="check" size={16} />}
            >
              {t('tasks.card.completed')}
            </Button>
          </>
        )}
        {state === 'in_progress' && (
          <>
            <div className="zv-task__progress">
              <div
                className="zv-task__meter"
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percentage}
                aria-label={t('tasks.card.progressLabel', { completed: completedCount, total: totalCount })}
              >
                <span className="zv-task__meter-bar" style={{ width: `${percentage}%` }} />
              </div>
              <Caption level="2" className="zv-muted">
                {t('tasks.card.progressLabel', { completed: completedCount, total: totalCount })}
              </Caption>
            </div>
            {onJoinChannel && canJoinChannel(task) ? (
              <Button
                size="s"
                loading={isCheckingChannel}
                onClick={() => onJoinChannel(task)}
                data-testid="task-join-channel"
                aria-label={isCheckingChannel ? t('tasks.card.checkingChannel') : undefined}
                after={<TaskIcon name="link" size={16} />}
              >
                {t('tasks.card.joinChannel')}
              </Button>
            ) : (
              <Button size="s" mode="gray" disabled data-testid="task-complete" className="zv-task__percent">
                {t('tasks.card.progress', { percent: formatPercent(percentage / 100, i18n.language) })}
              </Button>
            )}
          </>
        )}
        {state === 'link' && (
          <Button
            size="s"
            loading={isCompleting}
            onClick={() => onOpenLink(task)}
            data-testid="task-complete"
            after={<TaskIcon name="link" size={16} />}
          >
            {t('tasks.card.open')}
          </Button>
        )}
        {state === 'ready' && task.kind === 'home_screen' && onReportHomeScreen && (
          <HomeScreenTaskAction isCompleting={isCompleting} onReport={(event) => onReportHomeScreen(task, event)} />
        )}
        {state === 'ready' && task.kind !== 'home_screen' && (
          <Button size="s" loading={isCompleting} onClick={() => onComplete(task)} data-testid="task-complete">
            {t('tasks.card.complete')}
          </Button>
        )}
      </div>
    </article>
  );
}
