import { Button, Caption, Skeleton, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Notice } from '@/components/notice';
import { TransactionRow } from '@/components/transactions/transaction-row';
import { paths } from '@/config/paths';
import { failureStatus } from '@/lib/failure-status';
import { useRecentTransactions } from '../api/get-recent-transactions';
import { RECENT_ACTIVITY_LIMIT } from '../early-start';

export { RECENT_ACTIVITY_LIMIT };

/** The last few ledger entries, with a link to the full history. */
export function RecentActivity() {
  const { t } = useTranslation();
  const recentQuery = useRecentTransactions(RECENT_ACTIVITY_LIMIT);
  const transactions = recentQuery.data;

  return (
    <section className="zv-recent" aria-labelledby="recent-activity-title" data-testid="recent-activity">
      <div className="zv-recent__head">
        <Text weight="2" Component="h2" id="recent-activity-title" className="zv-recent__title">
          {t('mining.recent.title')}
        </Text>
        <Link href={paths.history} className="zv-recent__link" data-testid="recent-view-all">
          {t('mining.recent.viewAll')}
        </Link>
      </div>
      {recentQuery.isError && !transactions ? (
        <div className="zv-recent__body">
          <Notice
            tone="error"
            title={t('mining.recent.error', {
              status: failureStatus(recentQuery.error) ?? t('mining.recent.networkStatus'),
            })}
            action={
              <Button size="s" mode="bezeled" onClick={() => void recentQuery.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        </div>
      ) : !transactions ? (
        <div className="zv-recent__body" aria-busy="true">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} visible className="zv-recent__skeleton">
              <span />
            </Skeleton>
          ))}
        </div>
      ) : transactions.length === 0 ? (
        <Caption level="1" className="zv-muted zv-recent__empty" Component="p">
          {t('mining.recent.empty')}
        </Caption>
      ) : (
        <ul className="zv-tx-list" data-testid="recent-list">
          {transactions.map((transaction) => (
            <TransactionRow key={transaction.id} transaction={transaction} isCompact testId="recent-item" />
          ))}
        </ul>
      )}
    </section>
  );
}
