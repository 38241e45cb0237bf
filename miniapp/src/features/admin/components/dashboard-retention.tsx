import { Caption, Text } from '@telegram-apps/telegram-ui';
import { DASHBOARD_RETENTION_OFFSETS, type DashboardCohort } from '@ziver/shared';
import { useAdminTranslation } from '../i18n';
import type { DashboardFormat } from './dashboard-format';

/**
 * Sign-up cohort retention: one row per UTC sign-up week (oldest first, as the server sends
 * them), the share of the week's sign-ups active on day 1, 7 and 30. A share only counts members
 * whose day has ended; a cell with none yet shows a dash.
 */
export function DashboardRetention({ cohorts, format }: { cohorts: DashboardCohort[]; format: DashboardFormat }) {
  const { t } = useAdminTranslation();
  return (
    <section className="zv-admin-card" data-testid="dash-retention" aria-labelledby="dash-retention-title">
      <Text weight="2" id="dash-retention-title">
        {t('dashboard.retention.title')}
      </Text>
      <Caption level="1" className="zv-muted zv-dash-definition" data-testid="dash-definition-retention">
        {t('dashboard.retention.definition')}
      </Caption>
      <div className="zv-dash-table zv-dash-retention">
        <div className="zv-dash-table__scroll" role="region" aria-label={t('dashboard.retention.title')} tabIndex={0}>
          <table data-testid="dash-retention-table">
            <caption className="zv-dash-sr-only">{t('dashboard.retention.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.retention.week')}</th>
                <th scope="col">{t('dashboard.retention.users')}</th>
                {DASHBOARD_RETENTION_OFFSETS.map((offset) => (
                  <th scope="col" key={offset}>
                    {t('dashboard.retention.day', { day: offset })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {cohorts.map((cohort) => (
                <tr key={cohort.week} data-week={cohort.week}>
                  <th scope="row">{format.formatDay(cohort.week)}</th>
                  <td data-series="users">{format.formatNumber(cohort.users)}</td>
                  {DASHBOARD_RETENTION_OFFSETS.map((offset) => {
                    const { eligible, retained } = cohort[`d${offset}`];
                    const counts = t('dashboard.retention.counts', {
                      retained: format.formatNumber(retained),
                      eligible: format.formatNumber(eligible),
                    });
                    return (
                      <td key={offset} data-series={`d${offset}`} title={eligible > 0 ? counts : undefined}>
                        {eligible > 0 ? (
                          format.formatPercent(retained / eligible)
                        ) : (
                          <span aria-label={t('dashboard.retention.notYet')}>–</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
