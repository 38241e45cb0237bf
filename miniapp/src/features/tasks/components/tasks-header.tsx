import { Caption, IconButton, Title } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { TaskIcon } from './task-icons';

/** Title, subtitle and the refresh button (reloads the list and the stats). */
export function TasksHeader({ isRefreshing, onRefresh }: { isRefreshing: boolean; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="zv-tasks-header">
      <div className="zv-page__heading">
        <Title level="2" weight="1" Component="h1">
          {t('tasks.title')}
        </Title>
        <Caption level="1" className="zv-muted">
          {t('tasks.subtitle')}
        </Caption>
      </div>
      <IconButton
        mode="bezeled"
        size="m"
        onClick={onRefresh}
        disabled={isRefreshing}
        aria-label={t('tasks.refresh')}
        title={t('tasks.refresh')}
        data-testid="tasks-refresh"
        className={isRefreshing ? 'zv-tasks-refresh zv-tasks-refresh--spinning' : 'zv-tasks-refresh'}
      >
        <TaskIcon name="refresh" size={20} />
      </IconButton>
    </div>
  );
}
