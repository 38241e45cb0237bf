import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Icon } from '@/components/icons';
import { paths } from '@/config/paths';

/** No transactions at all (a call to start mining), or none matching the filters (clear them). */
export function HistoryEmpty({ isFiltered, onClear }: { isFiltered: boolean; onClear: () => void }) {
  const { t } = useTranslation();
  if (isFiltered) {
    return (
      <Placeholder
        className="zv-history-empty"
        header={t('history.empty.filteredTitle')}
        description={t('history.empty.filteredBody')}
        data-testid="history-empty"
        data-variant="filtered"
        action={
          <Button size="m" mode="bezeled" onClick={onClear}>
            {t('history.filters.clear')}
          </Button>
        }
      />
    );
  }
  return (
    <Placeholder
      className="zv-history-empty"
      header={t('history.empty.title')}
      description={t('history.empty.body')}
      data-testid="history-empty"
      data-variant="none"
      action={
        <Button Component={Link} href={paths.mining} size="m" data-testid="history-start-mining">
          {t('history.empty.action')}
        </Button>
      }
    >
      <span className="zv-placeholder-icon">
        <Icon name="mining" size={44} />
      </span>
    </Placeholder>
  );
}
