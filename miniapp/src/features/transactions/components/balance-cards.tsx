import { Caption, Skeleton, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, type Currency } from '@ziver/shared/core';
import { formatAmount } from '@/lib/format';
import type { BalanceSummaryItem } from '@ziver/shared';
import { useBalanceSummary } from '../api/get-balance-summary';
import { FetchErrorNotice } from './fetch-error-notice';

const EMPTY = (currency: Currency): BalanceSummaryItem => ({
  currency,
  current_balance: 0,
  total_earned: 0,
  total_spent: 0,
});

/** One card per currency: the current balance, and what was earned and spent in total. */
export function BalanceCards() {
  const { t, i18n } = useTranslation();
  const summaryQuery = useBalanceSummary();
  const format = (value: number) => formatAmount(value, i18n.language);

  if (summaryQuery.isError && !summaryQuery.data) {
    return (
      <FetchErrorNotice
        kind="balance"
        error={summaryQuery.error}
        onRetry={() => void summaryQuery.refetch()}
        testId="history-balance-error"
      />
    );
  }

  const items = CURRENCIES.map(
    (currency) => summaryQuery.data?.find((item) => item.currency === currency) ?? EMPTY(currency),
  );
  const isLoading = !summaryQuery.data;

  return (
    <section className="zv-balances" aria-label={t('history.balances.label')} aria-busy={isLoading}>
      {items.map((item) => (
        <div
          key={item.currency}
          className={`zv-balance zv-balance--${item.currency.toLowerCase()}`}
          data-testid={`history-balance-${item.currency}`}
        >
          <Caption level="1" className="zv-muted">
            {t(`history.balances.names.${item.currency}`)}
          </Caption>
          <Skeleton visible={isLoading}>
            <Text weight="1" className="zv-balance__value">
              {format(item.current_balance)} <span className="zv-balance__unit">{item.currency}</span>
            </Text>
          </Skeleton>
          <Skeleton visible={isLoading}>
            <dl className="zv-balance__totals">
              <div>
                <dt className="zv-muted">{t('history.balances.earned')}</dt>
                <dd className="zv-amount--positive">+{format(item.total_earned)}</dd>
              </div>
              <div>
                <dt className="zv-muted">{t('history.balances.spent')}</dt>
                <dd className={item.total_spent > 0 ? 'zv-amount--negative' : undefined}>
                  {item.total_spent > 0 ? '-' : ''}
                  {format(item.total_spent)}
                </dd>
              </div>
            </dl>
          </Skeleton>
        </div>
      ))}
    </section>
  );
}
