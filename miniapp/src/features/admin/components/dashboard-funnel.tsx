import { Caption, Text } from '@telegram-apps/telegram-ui';
import type { DashboardReferralFunnel } from '@ziver/shared';
import { useAdminTranslation } from '../i18n';
import type { DashboardFormat } from './dashboard-format';

const STEPS = [
  ['invited', 'invited'],
  ['signed_up', 'signedUp'],
  ['first_claim', 'firstClaim'],
] as const;

/** Invited → signed up → first claim over the period, each step with its definition and its share of the step before. */
export function DashboardFunnel({ funnel, format }: { funnel: DashboardReferralFunnel; format: DashboardFormat }) {
  const { t } = useAdminTranslation();
  return (
    <section className="zv-admin-card" data-testid="dash-funnel" aria-labelledby="dash-funnel-title">
      <Text weight="2" id="dash-funnel-title">
        {t('dashboard.funnel.title')}
      </Text>
      <Caption level="1" className="zv-muted zv-dash-definition" data-testid="dash-definition-funnel">
        {t('dashboard.funnel.definition')}
      </Caption>
      <ol className="zv-dash-funnel">
        {STEPS.map(([field, key], i) => {
          const value = funnel[field];
          const previous = i > 0 ? funnel[STEPS[i - 1]![0]] : undefined;
          // Bars are relative to the first step, so the narrowing reads at a glance.
          const width = funnel.invited > 0 ? (value / funnel.invited) * 100 : 0;
          return (
            <li key={field} className="zv-dash-funnel__step" data-testid={`dash-funnel-${field}`}>
              <div className="zv-dash-funnel__head">
                <Text weight="3">{t(`dashboard.funnel.${key}`)}</Text>
                <Text weight="1" className="zv-dash-funnel__value" data-testid={`dash-funnel-${field}-value`}>
                  {format.formatNumber(value)}
                </Text>
              </div>
              <div className="zv-dash-funnel__bar" aria-hidden="true">
                <span style={{ width: `${width}%` }} />
              </div>
              <Caption level="2" className="zv-muted zv-dash-definition">
                {t(`dashboard.funnel.${key}Definition`)}
                {previous !== undefined && previous > 0
                  ? ` ${t('dashboard.funnel.ofPrevious', { share: format.formatPercent(value / previous) })}`
                  : ''}
              </Caption>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
