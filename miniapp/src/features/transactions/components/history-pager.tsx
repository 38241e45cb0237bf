import { Button, Caption } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { PagerView } from '../utils/pagination';

/** Previous / next and "Page x of y" (page size 20). */
export function HistoryPager({
  view,
  isBusy,
  onPage,
}: {
  view: PagerView;
  isBusy: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (view.totalPages <= 0) return null;
  return (
    <nav className="zv-pager" aria-label={t('history.pager.label')}>
      <Button
        size="s"
        mode="bezeled"
        disabled={!view.hasPrevious || isBusy}
        onClick={() => onPage(view.page - 1)}
        data-testid="history-prev-page"
      >
        {t('history.pager.previous')}
      </Button>
      <div className="zv-pager__status">
        <Caption level="1" weight="2" data-testid="history-page-indicator" aria-live="polite">
          {t('history.pager.pageOf', { page: view.page, total: view.totalPages })}
        </Caption>
        {view.totalCount > 0 && (
          <Caption level="2" className="zv-muted">
            {t('history.pager.showing', { first: view.firstItem, last: view.lastItem, total: view.totalCount })}
          </Caption>
        )}
      </div>
      <Button
        size="s"
        mode="bezeled"
        disabled={!view.hasNext || isBusy}
        onClick={() => onPage(view.page + 1)}
        data-testid="history-next-page"
      >
        {t('history.pager.next')}
      </Button>
    </nav>
  );
}
