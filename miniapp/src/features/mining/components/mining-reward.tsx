import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/lib/format';
import type { MiningClaimResponse } from '@ziver/shared';
import { Notice } from '@/components/notice';

/** What the last claim paid: +ZP, +SEB and the streak. */
export function MiningReward({ reward, onDismiss }: { reward: MiningClaimResponse['reward']; onDismiss: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Notice
      tone="success"
      title={t('mining.rewardTitle')}
      testId="mining-reward"
      action={
        <button type="button" className="zv-link-button" onClick={onDismiss}>
          {t('common.dismiss')}
        </button>
      }
    >
      <span className="zv-reward">
        <strong>{t('mining.rewardZp', { amount: formatAmount(reward.zp, i18n.language) })}</strong>
        <strong>{t('mining.rewardSeb', { amount: formatAmount(reward.seb, i18n.language) })}</strong>
        <span>{t('mining.rewardStreak', { count: reward.streak })}</span>
      </span>
    </Notice>
  );
}
