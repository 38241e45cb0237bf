import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Caption, SegmentedControl, Text } from '@telegram-apps/telegram-ui';
import { DASHBOARD_RANGES, NOTIFICATION_QUEUES, type DashboardRange, type DashboardResponse } from '@ziver/shared';
import { InlineLoader } from '@/components/loading-view';
import { Notice } from '@/components/notice';
import { knownTypeOf } from '@/components/transactions/transaction-format';
import { useDashboard } from '../api/get-dashboard';
import { useAdminTranslation } from '../i18n';
import { DashboardChart, type ChartSeries } from './dashboard-chart';
import './dashboard.css';

/** Theme-derived colours (admin/dashboard.css), in the order series take them. */
const COLORS = [1, 2, 3, 4, 5, 6].map((i) => `var(--zv-chart-${i})`);

type Series = DashboardResponse['series'];
type QueueName = (typeof NOTIFICATION_QUEUES)[number];
const QUEUE_LABELS = new Set<string>(NOTIFICATION_QUEUES);

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

function Tile({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="zv-dash-tile" data-testid={`dash-tile-${id}`}>
      <Caption level="1" className="zv-muted">
        {label}
      </Caption>
      <Text weight="1" className="zv-dash-tile__value" data-testid={`dash-value-${id}`}>
        {value}
      </Text>
    </div>
  );
}

function DashboardFigures({ data }: { data: DashboardResponse }) {
  const { t, i18n } = useAdminTranslation();
  const { t: tMain } = useTranslation();
  const language = i18n.language;
  const { formatNumber, formatDay } = useMemo(() => {
    const full = new Intl.NumberFormat(language, { maximumFractionDigits: 4 });
    const compact = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
    const date = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    return {
      formatNumber: (value: number, isCompact = false) => (isCompact ? compact : full).format(value),
      formatDay: (day: string) => (day ? date.format(new Date(`${day}T00:00:00Z`)) : ''),
    };
  }, [language]);

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

  const tiles: [string, string, number][] = [
    ['users_total', t('dashboard.tiles.usersTotal'), last?.users_total ?? 0],
    ['users_new', t('dashboard.tiles.usersNew'), sum(column('users_new'))],
    ['users_active', t('dashboard.tiles.activeToday'), last?.users_active ?? 0],
    ['mining_claims', t('dashboard.tiles.miningClaims'), sum(column('mining_claims'))],
    ['zp_issued', t('dashboard.tiles.zpIssued'), issued(zp)],
    ['seb_issued', t('dashboard.tiles.sebIssued'), issued(seb)],
    ['referrals', t('dashboard.tiles.referrals'), sum(column('referrals'))],
    ['notifications_sent', t('dashboard.tiles.notificationsSent'), sum(column('notifications_sent'))],
  ];

  return (
    <>
      <div className="zv-dash-tiles">
        {tiles.map(([id, label, value]) => (
          <Tile key={id} id={id} label={label} value={formatNumber(value)} />
        ))}
      </div>
      <div className="zv-dash-charts">
        <DashboardChart
          testId="dash-chart-activity"
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
            { key: 'users_new', label: t('dashboard.series.usersNew'), color: COLORS[1]!, values: column('users_new') },
          ]}
          formatNumber={formatNumber}
          formatDay={formatDay}
        />
        <DashboardChart
          testId="dash-chart-users"
          title={t('dashboard.charts.users')}
          kind="line"
          days={days}
          series={one('users_total', t('dashboard.series.usersTotal'), column('users_total'))}
          formatNumber={formatNumber}
          formatDay={formatDay}
        />
        <DashboardChart
          testId="dash-chart-mining"
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
          title={t('dashboard.charts.referrals')}
          kind="bar"
          days={days}
          series={one('referrals', t('dashboard.series.referrals'), column('referrals'))}
          formatNumber={formatNumber}
          formatDay={formatDay}
        />
        <DashboardChart
          testId="dash-chart-notifications"
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
      <section className="zv-admin-card" data-testid="dash-queues" aria-labelledby="dash-queues-title">
        <Text weight="2" id="dash-queues-title">
          {t('dashboard.queueTitle')}
        </Text>
        <Caption level="1" className="zv-muted">
          {t('dashboard.queueHint')}
        </Caption>
        {data.notifications.queues.map((queue) => (
          <div key={queue.queue} className="zv-dash-queue" data-testid={`dash-queue-${queue.queue}`}>
            <Text weight="3">
              {QUEUE_LABELS.has(queue.queue) ? t(`dashboard.queues.${queue.queue as QueueName}`) : queue.queue}
            </Text>
            <dl className="zv-dash-queue__figures">
              {(['pending', 'due', 'failed', 'unconfirmed'] as const).map((state) => (
                <div key={state}>
                  <dt>
                    <Caption level="1" className="zv-muted">
                      {t(`dashboard.queue.${state}`)}
                    </Caption>
                  </dt>
                  <dd data-testid={`dash-queue-${queue.queue}-${state}`}>{formatNumber(queue[state])}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
        <dl className="zv-dash-queue__figures">
          <div>
            <dt>
              <Caption level="1" className="zv-muted">
                {t('dashboard.blockedUsers')}
              </Caption>
            </dt>
            <dd data-testid="dash-value-blocked_users">{formatNumber(data.notifications.blocked_users)}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}

/** The console's first tab: figures per UTC day over 7, 30 or 90 days. */
export function Dashboard() {
  const { t, i18n } = useAdminTranslation();
  const [days, setDays] = useState<DashboardRange>(7);
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
