import { useTranslation } from 'react-i18next';
import { Caption, SegmentedControl } from '@telegram-apps/telegram-ui';
import { DASHBOARD_RANGES, type DashboardRange, type DashboardResponse } from '@ziver/shared';
import { InlineLoader } from '@/components/loading-view';
import { Notice } from '@/components/notice';
import { knownTypeOf } from '@/components/transactions/transaction-format';
import { useDashboard } from '../api/get-dashboard';
import { useAdminTranslation } from '../i18n';
import { oneOf, useSearchState } from '../hooks/use-search-state';
import { DashboardChart, type ChartSeries } from './dashboard-chart';
import { useDashboardFormat } from './dashboard-format';
import { DashboardFunnel } from './dashboard-funnel';
import { DashboardQueues } from './dashboard-queues';
import { DashboardRetention } from './dashboard-retention';
import { DashboardTiles, type TileId } from './dashboard-tiles';
import './dashboard.css';

/** Theme-derived colours (./dashboard.css), in the order series take them. */
const COLORS = [1, 2, 3, 4, 5, 6].map((i) => `var(--zv-chart-${i})`);

type Series = DashboardResponse['series'];

/** One chart series per ledger type of a currency, in a stable order (largest total first). */
function ledgerSeries(series: Series, currency: 'ZP' | 'SEB', labelOf: (type: string) => string): ChartSeries[] {
  const totals = new Map<string, number>();
  for (const day of series)
    for (const entry of day.ledger)
      if (entry.currency === currency) totals.set(entry.type, (totals.get(entry.type) ?? 0) + entry.amount);
  return [...totals.keys()]
    .sort((a, b) => (totals.get(b) ?? 0) - (totals.get(a) ?? 0) || a.localeCompare(b))
    .map((type, i) => ({
      key: type,
      label: labelOf(type),
      color: COLORS[i % COLORS.length]!,
      values: series.map(
        (day) => day.ledger.find((entry) => entry.type === type && entry.currency === currency)?.amount ?? 0,
      ),
    }));
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
/** What a currency's entries added (types whose day is positive): the "issued" of the tiles. */
const issued = (series: ChartSeries[]) => sum(series.flatMap((s) => s.values.filter((v) => v > 0)));

function DashboardFigures({ data }: { data: DashboardResponse }) {
  const { t, i18n } = useAdminTranslation();
  const { t: tMain } = useTranslation();
  const format = useDashboardFormat(i18n.language);
  const { formatNumber, formatDay } = format;

  const { series } = data;
  const days = series.map((d) => d.day);
  const column = (key: keyof Omit<Series[number], 'day' | 'ledger'>) => series.map((d) => d[key]);
  const typeLabel = (type: string) => {
    const known = knownTypeOf(type);
    return known ? tMain(`transactions.types.${known}`) : type;
  };
  const zp = ledgerSeries(series, 'ZP', typeLabel);
  const seb = ledgerSeries(series, 'SEB', typeLabel);
  const last = series.at(-1);
  const one = (key: string, label: string, values: number[], color = COLORS[0]!): ChartSeries[] => [
    { key, label, color, values },
  ];

  const tiles: [TileId, number][] = [
    ['usersTotal', last?.users_total ?? 0],
    ['usersNew', sum(column('users_new'))],
    ['activeToday', last?.users_active ?? 0],
    ['miningClaims', sum(column('mining_claims'))],
    ['zpIssued', issued(zp)],
    ['sebIssued', issued(seb)],
    ['referrals', sum(column('referrals'))],
    ['notificationsSent', sum(column('notifications_sent'))],
    ['walletsLinked', data.wallets.linked],
    ['accountsFlagged', data.integrity.accounts_flagged],
    ['ringsFlagged', data.integrity.rings_flagged],
    ['rewardsReversed', data.integrity.rewards_reversed_zp],
    ['rewardsHeld', data.integrity.rewards_held],
    ['rewardsHeldZp', data.integrity.rewards_held_zp],
  ];

  return (
    <>
      <DashboardTiles tiles={tiles.map(([id, value]) => [id, formatNumber(value)])} />
      <div className="zv-dash-charts">
        <DashboardChart
          testId="dash-chart-activity"
          isWhole
          title={t('dashboard.charts.activity')}
          kind="line"
          days={days}
          series={[
            {
              key: 'users_active',
              label: t('dashboard.series.usersActive'),
              color: COLORS[0]!,
              values: column('users_active'),
            },
            // A hue far from the first (orange against the theme's link blue) and a dashed stroke.
            { key: 'users_new', label: t('dashboard.series.usersNew'), color: COLORS[2]!, values: column('users_new') },
          ]}
          formatNumber={formatNumber}
          formatDay={formatDay}
        />
        <DashboardChart
          testId="dash-chart-users"
          isWhole
          title={t('dashboard.charts.users')}
          kind="line"
          days={days}
          series={one('users_total', t('dashboard.series.usersTotal'), column('users_total'))}
          formatNumber={formatNumber}
          formatDay={formatDay}
        />
        <DashboardChart
          testId="dash-chart-mining"
          isWhole
          title={t('dashboard.charts.mining')}
          kind="bar"
          days={days}
          series={one('mining_claims', t('dashboard.series.miningClaims'), column('mining_claims'))}
          formatNumber={formatNumber}
          formatDay={formatDay}
        />
        {(['ZP', 'SEB'] as const).map((currency) => {
          const all = currency === 'ZP' ? zp : seb;
          return (
            <DashboardChart
              key={currency}
              testId={`dash-chart-${currency.toLowerCase()}`}
              title={t(currency === 'ZP' ? 'dashboard.charts.zp' : 'dashboard.charts.seb')}
              kind="bar"
              days={days}
              series={all.filter((s) => s.values.some((v) => v > 0))}
              tableSeries={all}
              formatNumber={formatNumber}
              formatDay={formatDay}
            />
          );
        })}
        <DashboardChart
          testId="dash-chart-referrals"
          isWhole
          title={t('dashboard.charts.referrals')}
          kind="bar"
          days={days}
          series={one('referrals', t('dashboard.series.referrals'), column('referrals'))}
          formatNumber={formatNumber}
          formatDay={formatDay}
        />
        <DashboardChart
          testId="dash-chart-notifications"
          isWhole
          title={t('dashboard.charts.notifications')}
          kind="bar"
          days={days}
          series={[
            {
              key: 'notifications_sent',
              label: t('dashboard.series.notificationsSent'),
              color: COLORS[0]!,
              values: column('notifications_sent'),
            },
            {
              key: 'users_blocked',
              label: t('dashboard.series.usersBlocked'),
              color: COLORS[4]!,
              values: column('users_blocked'),
            },
          ]}
          formatNumber={formatNumber}
          formatDay={formatDay}
        />
      </div>
      <div className="zv-dash-charts">
        <DashboardRetention cohorts={data.retention} format={format} />
        <DashboardFunnel funnel={data.referral_funnel} format={format} />
      </div>
      <DashboardQueues notifications={data.notifications} formatNumber={formatNumber} />
    </>
  );
}

/** The console's first tab: figures per UTC day over 7, 30 or 90 days. */
export function Dashboard() {
  const { t, i18n } = useAdminTranslation();
  // The range is in the address (?days=30), 7 days when absent.
  const [params, setParams] = useSearchState();
  const days: DashboardRange = oneOf(DASHBOARD_RANGES, params.get('days')) ?? 7;
  const setDays = (range: DashboardRange) => setParams({ days: range === 7 ? null : range });
  const dashboard = useDashboard(days);
  return (
    <div className="zv-dash" data-testid="admin-dashboard" aria-busy={dashboard.isFetching}>
      <SegmentedControl className="zv-dash-range">
        {DASHBOARD_RANGES.map((range) => (
          <SegmentedControl.Item
            key={range}
            type="button"
            selected={days === range}
            onClick={() => setDays(range)}
            data-testid={`dash-range-${range}`}
          >
            {t('dashboard.rangeOption', { days: range })}
          </SegmentedControl.Item>
        ))}
      </SegmentedControl>
      {dashboard.isPending ? (
        <InlineLoader />
      ) : dashboard.isError ? (
        <Notice tone="error" testId="dash-error">
          {t('dashboard.loadFailed')}
        </Notice>
      ) : (
        <div className={dashboard.isPlaceholderData ? 'zv-dash-body zv-dash-body--stale' : 'zv-dash-body'}>
          <Caption level="1" className="zv-muted" data-testid="dash-range-shown" data-days={dashboard.data.days}>
            {t('dashboard.updated', {
              days: dashboard.data.days,
              time: new Date(dashboard.data.generated_at).toLocaleTimeString(i18n.language, { timeStyle: 'short' }),
            })}
          </Caption>
          <DashboardFigures data={dashboard.data} />
        </div>
      )}
    </div>
  );
}
