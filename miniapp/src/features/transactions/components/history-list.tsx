import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TransactionView } from '@ziver/shared';
import { Caption, Skeleton } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { TransactionRow } from '@/components/transactions/transaction-row';
import { useTransactions } from '../api/get-transactions';
import { hasActiveFilters, type HistoryState } from '../utils/history-query';
import { pageToCorrect, pagerView } from '../utils/pagination';
import { FetchErrorNotice } from './fetch-error-notice';
import { HistoryEmpty } from './history-empty';
import { HistoryPager } from './history-pager';
import { TransactionDetails } from './transaction-details';

const SKELETON_ROWS = 5;

/** The filtered, paged list of transactions with its loading, empty and error states. */
export function HistoryList({
  state,
  onPage,
  onCorrectPage,
  onClear,
}: {
  state: HistoryState;
  onPage: (page: number) => void;
  onCorrectPage: (page: number) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const listQuery = useTransactions(state);
  const data = listQuery.data;
  const sectionRef = useRef<HTMLElement>(null);
  const [selected, setSelected] = useState<TransactionView | null>(null);

  // A page turn from the pager at the bottom brings the top of the new page into view.
  const shownPage = useRef(state.page);
  useEffect(() => {
    if (shownPage.current === state.page) return;
    shownPage.current = state.page;
    const section = sectionRef.current;
    if (section && section.getBoundingClientRect().top < 0) section.scrollIntoView({ block: 'start' });
  }, [state.page]);

  // A page past the end (rows removed, or a stale link) moves back to the last page. In the
  // commit, not after the paint: a passive effect may run a frame later (after a non-discrete
  // update, such as a query's answer), and a filter picked in that frame would be undone by a
  // correction built from the older state.
  const correction = listQuery.isPlaceholderData ? null : pageToCorrect(state.page, data?.pagination);
  useLayoutEffect(() => {
    if (correction !== null) onCorrectPage(correction);
  }, [correction, onCorrectPage]);

  if (listQuery.isError && !data) {
    // docs/spec.md §8: a failed load shows an empty list, with the reason and a way to retry.
    return (
      <section className="zv-card zv-history-list" aria-label={t('history.list.label')}>
        <FetchErrorNotice
          kind="history"
          error={listQuery.error}
          onRetry={() => void listQuery.refetch()}
          testId="history-error"
        />
        <ul className="zv-tx-list" data-testid="history-list" />
      </section>
    );
  }

  if (!data) {
    return (
      <section className="zv-card zv-history-list" aria-label={t('history.list.loading')} aria-busy="true">
        <ul className="zv-tx-list" data-testid="history-loading">
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <li key={index} className="zv-tx zv-tx--skeleton" aria-hidden="true">
              <Skeleton visible className="zv-skeleton-icon">
                <span />
              </Skeleton>
              <div className="zv-tx__main">
                <Skeleton visible className="zv-skeleton-line zv-skeleton-line--wide">
                  <span />
                </Skeleton>
                <Skeleton visible className="zv-skeleton-line">
                  <span />
                </Skeleton>
              </div>
            </li>
          ))}
        </ul>
      </section>
    );
  }

  const pager = pagerView(data.pagination, data.transactions.length);
  const isEmpty = data.transactions.length === 0 && correction === null;

  return (
    <section
      ref={sectionRef}
      className="zv-card zv-history-list"
      aria-label={t('history.list.label')}
      aria-busy={listQuery.isFetching}
    >
      {listQuery.isError && (
        <FetchErrorNotice
          kind="history"
          error={listQuery.error}
          onRetry={() => void listQuery.refetch()}
          testId="history-error"
        />
      )}
      <div className="zv-card__head">
        <Caption level="1" weight="2" className="zv-muted" data-testid="history-count">
          {t('history.list.count', { count: data.pagination.totalCount })}
        </Caption>
      </div>
      {isEmpty ? (
        <HistoryEmpty isFiltered={hasActiveFilters(state)} onClear={onClear} />
      ) : (
        <ul
          className={listQuery.isPlaceholderData ? 'zv-tx-list zv-tx-list--stale' : 'zv-tx-list'}
          data-testid="history-list"
        >
          {data.transactions.map((transaction) => (
            <TransactionRow
              key={transaction.id}
              transaction={transaction}
              testId="history-item"
              onSelect={() => setSelected(transaction)}
            />
          ))}
        </ul>
      )}
      <HistoryPager view={pager} isBusy={listQuery.isPlaceholderData} onPage={onPage} />
      <TransactionDetails row={selected} onClose={() => setSelected(null)} />
    </section>
  );
}
