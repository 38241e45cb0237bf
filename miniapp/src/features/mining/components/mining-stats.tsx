import { Caption, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { tierProgress } from '@ziver/shared/core';
import { formatAmount, formatPercent } from '@/lib/format';
import type { MiningStatus } from '@ziver/shared';

/** ZP balance, SEB score with its tier and the progress to the next one, and the streak in days. */
export function MiningStats({ userData }: { userData: MiningStatus['userData'] }) {
  const { t, i18n } = useTranslation();
  const { tier, next, progress } = tierProgress(userData.social_capital_score);
  const percent = Math.floor(progress * 100);
  const streak = userData.daily_streak_count;
  return (
    <section className="zv-stats" aria-label={t('mining.title')}>
      <div className="zv-stat">
        <Caption level="1" className="zv-muted">
          {t('mining.zpBalance')}
        </Caption>
        <Text weight="1" className="zv-stat__value" data-testid="zp-balance">
          {formatAmount(userData.zp_balance, i18n.language)}
        </Text>
        <Caption level="2" className="zv-muted">
          ZP
        </Caption>
      </div>
      <div className="zv-stat">
        <Caption level="1" className="zv-muted">
          {t('mining.sebScore')}
        </Caption>
        <Text weight="1" className="zv-stat__value" data-testid="seb-score">
          {formatAmount(userData.social_capital_score, i18n.language)}
        </Text>
        <span className={`zv-tier zv-tier--${tier.toLowerCase()}`} data-testid="tier-badge" data-tier={tier}>
          {t(`mining.tiers.${tier}`)}
        </span>
        <div
          className="zv-tier-progress"
          role="progressbar"
          aria-label={t('mining.tierProgressLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={
            next
              ? t('mining.tierNext', {
                  percent: formatPercent(percent / 100, i18n.language),
                  next: t(`mining.tiers.${next}`),
                })
              : t('mining.tierTop')
          }
          data-testid="tier-progress"
        >
          <span className="zv-tier-progress__bar" style={{ width: `${Math.max(2, percent)}%` }} />
        </div>
        <Caption level="2" className="zv-muted zv-tier-progress__text">
          {next
            ? t('mining.tierNext', {
                percent: formatPercent(percent / 100, i18n.language),
                next: t(`mining.tiers.${next}`),
              })
            : t('mining.tierTop')}
        </Caption>
      </div>
      <div className="zv-stat">
        <Caption level="1" className="zv-muted">
          {t('mining.streak')}
        </Caption>
        <Text weight="1" className="zv-stat__value" data-testid="streak-days">
          {streak}
        </Text>
        <Caption level="2" className="zv-muted">
          {t('mining.streakUnit', { count: streak })}
        </Caption>
      </div>
    </section>
  );
}
