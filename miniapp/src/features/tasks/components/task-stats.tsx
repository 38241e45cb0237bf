import { Caption, Skeleton, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/lib/format';
import { useTaskStats } from '../api/get-task-stats';

/** Quick stats (docs/spec.md §2): tasks done and to do, ZP earned from tasks, the mining streak. */
export function TaskStats() {
  const { t, i18n } = useTranslation();
  const query = useTaskStats();
  const stats = query.data;
  const todo = stats ? Math.max(0, stats.totalTasks - stats.completedTasks) : null;
  const tiles = [
    { id: 'done', label: t('tasks.stats.done'), value: stats?.completedTasks },
    { id: 'todo', label: t('tasks.stats.todo'), value: todo },
    {
      id: 'zp',
      label: t('tasks.stats.zp'),
      value: stats ? formatAmount(stats.zpEarnedFromTasks, i18n.language) : null,
    },
    { id: 'streak', label: t('tasks.stats.streak'), value: stats?.mining_streak },
  ];
  return (
    <section className="zv-task-stats" aria-label={t('tasks.stats.label')} aria-busy={query.isPending}>
      {tiles.map((tile) => (
        <div key={tile.id} className="zv-stat zv-task-stats__tile">
          <Caption level="1" className="zv-muted">
            {tile.label}
          </Caption>
          <Skeleton visible={tile.value === undefined || tile.value === null} className="zv-task-stats__skeleton">
            <Text weight="1" className="zv-stat__value" data-testid={`tasks-stats-${tile.id}`}>
              {tile.value ?? '-'}
            </Text>
          </Skeleton>
        </div>
      ))}
    </section>
  );
}
