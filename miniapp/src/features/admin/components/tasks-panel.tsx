import { useState } from 'react';
import { Button, Caption, Cell, Subheadline, Switch, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { formatAmount, type AdminTask } from '@ziver/shared';
import { InlineLoader } from '@/components/loading-view';
import { Notice } from '@/components/notice';
import { useAdminTasks, useTaskAction } from '../api/tasks';
import { useAdminTasksTranslation } from '../tasks-i18n';
import { TaskEditor } from './task-editor';
import { useErrorText } from '../utils/use-error-text';

type Editing = { mode: 'create' } | { mode: 'edit'; task: AdminTask } | null;

function TaskRow({ task, onEdit }: { task: AdminTask; onEdit: () => void }) {
  const errorText = useErrorText();
  const { t } = useAdminTasksTranslation();
  const { i18n } = useTranslation();
  const action = useTaskAction();
  const isRetired = task.retired_at !== null;
  const reward = [`+${formatAmount(task.zp_reward)} ZP`, task.seb_reward > 0 && `+${formatAmount(task.seb_reward)} SEB`]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="zv-admin-card" data-testid="admin-task-row" data-task-id={task.id}>
      <div className="zv-admin-card__head">
        <Text weight="2">{task.title}</Text>
        <span className="zv-admin-status">{t(`kinds.${task.kind}`)}</span>
      </div>
      <Caption level="1" className="zv-muted">
        {[reward, t('completions', { count: task.completions })].join(' · ')}
        {isRetired && ` · ${t('retiredOn', { date: new Date(task.retired_at!).toLocaleDateString(i18n.language) })}`}
      </Caption>
      <div className="zv-admin-task-actions">
        <Button size="s" mode="bezeled" onClick={onEdit} data-testid="admin-task-edit">
          {t('edit')}
        </Button>
        <Button
          size="s"
          mode={isRetired ? 'bezeled' : 'gray'}
          loading={action.isPending}
          onClick={() => action.mutate({ kind: isRetired ? 'reactivate' : 'retire', id: task.id })}
          data-testid={isRetired ? 'admin-task-reactivate' : 'admin-task-retire'}
        >
          {isRetired ? t('reactivate') : t('retire')}
        </Button>
      </div>
      {action.isError && <Notice tone="error">{t('errors.failed', { message: errorText(action.error) })}</Notice>}
    </li>
  );
}

function TaskList({ tasks, empty, onEdit }: { tasks: AdminTask[]; empty: string; onEdit: (task: AdminTask) => void }) {
  if (tasks.length === 0)
    return (
      <Caption level="1" className="zv-muted zv-admin-task-empty">
        {empty}
      </Caption>
    );
  return (
    <ul className="zv-admin-list zv-admin-list--grid">
      {tasks.map((task) => (
        <TaskRow key={task.id} task={task} onEdit={() => onEdit(task)} />
      ))}
    </ul>
  );
}

/**
 * Tasks: the catalogue (active tasks with completion counts; retired ones only on demand, as the
 * day's work is on the live catalogue) and its editor.
 */
export function TasksPanel() {
  const { t } = useAdminTasksTranslation();
  const tasks = useAdminTasks();
  const [editing, setEditing] = useState<Editing>(null);
  // Kept while a task is edited: the panel stays mounted behind the editor.
  const [isShowingRetired, setIsShowingRetired] = useState(false);

  if (editing)
    return (
      <TaskEditor
        key={editing.mode === 'edit' ? editing.task.id : 'new'}
        task={editing.mode === 'edit' ? editing.task : null}
        onDone={() => setEditing(null)}
      />
    );
  if (tasks.isPending) return <InlineLoader />;
  if (tasks.isError)
    return (
      <Notice tone="error" testId="admin-tasks-error">
        {t('loadFailed')}
      </Notice>
    );
  const active = tasks.data.filter((task) => task.retired_at === null);
  const retired = tasks.data.filter((task) => task.retired_at !== null);
  return (
    <div className="zv-admin-list" data-testid="admin-tasks">
      <Button size="m" stretched onClick={() => setEditing({ mode: 'create' })} data-testid="admin-task-new">
        {t('new')}
      </Button>
      <section className="zv-admin-task-group" data-testid="admin-tasks-active">
        <Subheadline level="2" weight="2">{`${t('active')} (${active.length})`}</Subheadline>
        <TaskList tasks={active} empty={t('emptyActive')} onEdit={(task) => setEditing({ mode: 'edit', task })} />
      </section>
      <Cell
        Component="label"
        className="zv-admin-task-toggle"
        multiline
        after={
          <Switch
            checked={isShowingRetired}
            onChange={(event) => setIsShowingRetired(event.target.checked)}
            data-testid="admin-tasks-show-retired"
          />
        }
      >
        {t('showRetired', { count: retired.length })}
      </Cell>
      {isShowingRetired && (
        <section className="zv-admin-task-group" data-testid="admin-tasks-retired">
          <Subheadline level="2" weight="2">{`${t('retired')} (${retired.length})`}</Subheadline>
          <TaskList tasks={retired} empty={t('emptyRetired')} onEdit={(task) => setEditing({ mode: 'edit', task })} />
        </section>
      )}
    </div>
  );
}
