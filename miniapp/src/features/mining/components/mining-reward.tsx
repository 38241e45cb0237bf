import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/lib/format';
import type { MiningClaimResponse } from '@ziver/shared';
import { Notice } from '@/components/notice';

/**
 * What the last claim paid: +ZP, +SEB and the streak. It appears under the claim button, below
 * the fold on a phone, so it scrolls itself into view (clear of the header and the bottom nav,
 * global.css) when it appears.
 */
export function MiningReward({ reward, onDismiss }: { reward: MiningClaimResponse['reward']; onDismiss: () => void }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <Notice
      ref={ref}
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
