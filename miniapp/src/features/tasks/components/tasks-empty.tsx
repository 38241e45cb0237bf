import { Placeholder } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { TaskIcon } from './task-icons';

/** No tasks in the catalogue right now. */
export function TasksEmpty() {
  const { t } = useTranslation();
  return (
    <Placeholder
      className="zv-tasks-empty"
      header={t('tasks.empty.title')}
      description={t('tasks.empty.body')}
      data-testid="tasks-empty"
    >
      <span className="zv-placeholder-icon">
        <TaskIcon name="star" size={44} />
      </span>
    </Placeholder>
  );
}
