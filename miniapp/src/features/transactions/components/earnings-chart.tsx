import { useMemo, useState } from 'react';
import { Caption, SegmentedControl, Skeleton, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, type Currency } from '@ziver/shared/core';
import { formatAmount } from '@/lib/format';
import { useTransactionStats } from '../api/get-transaction-stats';
import { CHART_PERIODS, type ChartPeriod } from '../utils/history-query';
import { toChartBuckets, totalsOf } from '../utils/chart-data';
import { BarChart } from './bar-chart';
import { FetchErrorNotice } from './fetch-error-notice';

/** Earnings over time (stats overview series), with a week / month / year switch. */
export function EarningsChart({
  period,
  onPeriodChange,
}: {
  period: ChartPeriod;
  onPeriodChange: (period: ChartPeriod) => void;
}) {
  const { t, i18n } = useTranslation();
  const statsQuery = useTransactionStats(period);
  const [hidden, setHidden] = useState<ReadonlySet<Currency>>(new Set());
  const stats = statsQuery.data;
  const buckets = useMemo(() => (stats ? toChartBuckets(stats.series) : []), [stats]);
  const totals = useMemo(() => totalsOf(buckets), [buckets]);
  const shown = CURRENCIES.filter((currency) => !hidden.has(currency));
  const isShowingOtherPeriod = statsQuery.isPlaceholderData;

  const toggle = (currency: Currency) => {
    const next = new Set(hidden);
    if (next.has(currency)) next.delete(currency);
    else if (shown.length > 1) next.add(currency);
    setHidden(next);
  };

  const range = t(`history.chart.ranges.${period}`);
  const summary = t('history.chart.summary', {
    range,
    zp: formatAmount(totals.ZP, i18n.language),
    seb: formatAmount(totals.SEB, i18n.language),
  });
  const hasEarnings = totals.ZP > 0 || totals.SEB > 0;

  return (
    <section className="zv-card zv-chart-card" data-testid="history-chart" aria-labelledby="history-chart-title">
      <div className="zv-card__head">
        <Text weight="2" Component="h2" id="history-chart-title" className="zv-card__title">
          {t('history.chart.title')}
        </Text>
        <SegmentedControl className="zv-period-switch" role="group" aria-label={t('history.chart.periodLabel')}>
          {CHART_PERIODS.map((value) => (
            <SegmentedControl.Item
              key={value}
              type="button"
              selected={value === period}
              // Toggle buttons in a group, not tabs: there is no tab panel to go with them.
              role="button"
              aria-pressed={value === period}
              data-testid={`history-period-${value}`}
              onClick={() => onPeriodChange(value)}
            >
              {t(`history.chart.periods.${value}`)}
            </SegmentedControl.Item>
          ))}
        </SegmentedControl>
      </div>

      <div className="zv-chart-legend">
        <Caption level="1" className="zv-muted">
          {range}
        </Caption>
        <div className="zv-chart-legend__items">
          {CURRENCIES.map((currency) => {
            const isShown = !hidden.has(currency);
            return (
              <button
                key={currency}
                type="button"
                className="zv-chart-legend__item"
                aria-pressed={isShown}
                // The visible text ('+120 ZP') is the name (WCAG 2.5.3); the longer hint is the title.
                title={t('history.chart.toggleCurrency', { currency })}
                onClick={() => toggle(currency)}
                data-testid={`history-chart-toggle-${currency}`}
              >
                <span className={`zv-chart__swatch zv-chart__swatch--${currency.toLowerCase()}`} aria-hidden="true" />
                <span>{stats ? `+${formatAmount(totals[currency], i18n.language)} ${currency}` : currency}</span>
              </button>
            );
          })}
        </div>
      </div>

      {statsQuery.isError && !stats ? (
        <FetchErrorNotice kind="stats" error={statsQuery.error} onRetry={() => void statsQuery.refetch()} />
      ) : !stats ? (
        <Skeleton visible className="zv-chart-skeleton">
          <div style={{ height: 180 }} />
        </Skeleton>
      ) : (
        <div className={isShowingOtherPeriod ? 'zv-chart-wrap zv-chart-wrap--stale' : 'zv-chart-wrap'}>
          <BarChart buckets={buckets} currencies={shown} granularity={stats.granularity} summary={summary} />
          {!hasEarnings && (
            <Caption level="1" className="zv-chart-empty zv-muted">
              {t('history.chart.empty')}
            </Caption>
          )}
        </div>
      )}
    </section>
  );
}
