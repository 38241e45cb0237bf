import { Caption, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { MAX_REFERRALS, REFERRAL_BONUS_ZP, REFERRAL_MINING_WINDOW_HOURS, REFERRAL_REWARD_ZP } from '@ziver/shared/core';

const STEPS = ['share', 'join', 'mine'] as const;

/** The How It Works tab: three steps and the rules that matter (cap, mining indicator, removal). */
export function HowItWorks() {
  const { t } = useTranslation();
  const values = { bonus: REFERRAL_BONUS_ZP, reward: REFERRAL_REWARD_ZP };
  return (
    <div className="zv-ref-how" data-testid="referral-how">
      <ol className="zv-ref-steps">
        {STEPS.map((step, index) => (
          <li key={step} className="zv-ref-step">
            <span className="zv-ref-step__number" aria-hidden="true">
              {index + 1}
            </span>
            <div className="zv-ref-step__text">
              <Text weight="2">{t(`referrals.how.steps.${step}Title`)}</Text>
              <Caption level="1" className="zv-muted">
                {t(`referrals.how.steps.${step}Body`, values)}
              </Caption>
            </div>
          </li>
        ))}
      </ol>
      <section className="zv-ref-card" aria-labelledby="referral-rules-title">
        <Text weight="2" Component="h2" id="referral-rules-title" className="zv-ref-card__title">
          {t('referrals.how.rules.title')}
        </Text>
        <ul className="zv-ref-rules">
          <li>{t('referrals.how.rules.cap', { max: MAX_REFERRALS })}</li>
          <li>{t('referrals.how.rules.mining', { hours: REFERRAL_MINING_WINDOW_HOURS })}</li>
          <li>{t('referrals.how.rules.remove')}</li>
        </ul>
      </section>
    </div>
  );
}
