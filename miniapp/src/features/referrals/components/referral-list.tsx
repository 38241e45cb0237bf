import { serverTextOf } from '@/i18n/server-message';
import { useState } from 'react';
import { Placeholder } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { REFERRAL_BONUS_ZP, REFERRAL_REWARD_ZP } from '@ziver/shared/core';
import type { ReferralEntry } from '@ziver/shared';
import { flashMessages } from '@/lib/flash-message';
import { useRemoveReferral } from '../api/remove-referral';
import { useTranslateReferralMessage } from '../hooks/use-translate-referral-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ReferralIcon } from './referral-icons';
import { ReferralRow } from './referral-row';

/** The referral list with removal behind a confirmation (docs/spec.md §5), or the empty state. */
export function ReferralList({ referrals }: { referrals: readonly ReferralEntry[] }) {
  const { t } = useTranslation();
  const translateReferralMessage = useTranslateReferralMessage();
  // The target outlives the dialog so its text stays put while the sheet slides away.
  const [target, setTarget] = useState<ReferralEntry | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const removal = useRemoveReferral({
    onSuccess: (result) => {
      setIsOpen(false);
      flashMessages.show(translateReferralMessage(result));
    },
    onError: (failure) => {
      const message = serverTextOf(failure);
      setError(message ? translateReferralMessage(message) : t('referrals.errors.remove'));
    },
  });

  if (referrals.length === 0) {
    return (
      <Placeholder
        className="zv-ref-empty"
        header={t('referrals.empty.title')}
        description={t('referrals.empty.body')}
        data-testid="referral-empty"
      >
        <span className="zv-placeholder-icon">
          <ReferralIcon name="gift" size={44} />
        </span>
      </Placeholder>
    );
  }

  return (
    <>
      <ul className="zv-ref-list" aria-label={t('referrals.list.label')} data-testid="referral-list">
        {referrals.map((referral) => (
          <ReferralRow
            key={referral.id}
            referral={referral}
            onRemove={(entry) => {
              setError(null);
              setTarget(entry);
              setIsOpen(true);
            }}
          />
        ))}
      </ul>
      <ConfirmDialog
        isOpen={isOpen}
        title={t('referrals.remove.title', { username: target?.username ?? '' })}
        confirmLabel={t('referrals.remove.confirm')}
        cancelLabel={t('referrals.remove.cancel')}
        isConfirming={removal.isPending}
        error={error}
        onConfirm={() => target && removal.mutate(target.id)}
        onCancel={() => setIsOpen(false)}
        testId="referral-remove-dialog"
      >
        {t('referrals.remove.body', {
          username: target?.username ?? '',
          bonus: REFERRAL_BONUS_ZP,
          reward: REFERRAL_REWARD_ZP,
        })}
      </ConfirmDialog>
    </>
  );
}
