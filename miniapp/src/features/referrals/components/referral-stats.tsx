import { Caption, Progress, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/lib/format';

/** Referral count and earnings, and the progress bar of referrals out of the maximum (50). */
export function ReferralStats({ count, max, totalEarnings }: { count: number; max: number; totalEarnings: number }) {
  const { t, i18n } = useTranslation();
  const percent = max > 0 ? Math.min(100, Math.round((count / max) * 100)) : 0;
  const remaining = Math.max(0, max - count);
  return (
    <section className="zv-ref-stats" aria-label={t('referrals.stats.count')}>
      <div className="zv-ref-stats__tiles">
        <div className="zv-stat">
          <Caption level="1" className="zv-muted">
            {t('referrals.stats.count')}
          </Caption>
          <Text weight="1" className="zv-stat__value" data-testid="referral-count">
            {count}
          </Text>
        </div>
        <div className="zv-stat">
          <Caption level="1" className="zv-muted">
            {t('referrals.stats.earnings')}
          </Caption>
          <Text weight="1" className="zv-stat__value" data-testid="referral-earnings">
            {t('referrals.stats.earningsValue', { amount: formatAmount(totalEarnings, i18n.language) })}
          </Text>
        </div>
      </div>
      <div className="zv-ref-progress">
        <div className="zv-ref-progress__labels">
          <Caption level="1" className="zv-muted">
            {t('referrals.stats.progressLabel')}
          </Caption>
          <Caption level="1" weight="2" data-testid="referral-progress-text">
            {t('referrals.stats.progress', { count, max })}
          </Caption>
        </div>
        {/* telegram-ui's Progress titles itself "<percent> / 100": the count out of the maximum
            is what the label beside it says, so the tooltip and the meter's values say it too. */}
        <Progress
          value={percent}
          title={t('referrals.stats.progress', { count, max })}
          aria-label={t('referrals.stats.progressLabel')}
          aria-valuenow={count}
          aria-valuemax={max}
          aria-valuetext={t('referrals.stats.progress', { count, max })}
          data-testid="referral-progress"
        />
        <Caption level="2" className="zv-muted">
          {remaining > 0 ? t('referrals.stats.remaining', { count: remaining }) : t('referrals.stats.full', { max })}
        </Caption>
      </div>
    </section>
  );
}
