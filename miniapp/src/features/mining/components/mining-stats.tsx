import { Caption, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { formatAmount, tierFor, type MiningStatus } from '@ziver/shared';

/** ZP balance, SEB score with its tier, and the streak in days. */
export function MiningStats({ userData }: { userData: MiningStatus['userData'] }) {
  const { t, i18n } = useTranslation();
  const tier = tierFor(userData.social_capital_score);
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
        <span className={`zv-tier zv-tier--${tier.toLowerCase()}`} data-testid="seb-tier">
          {t(`mining.tiers.${tier}`)}
        </span>
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
