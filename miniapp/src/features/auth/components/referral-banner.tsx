import { Spinner } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { REFERRAL_BONUS_ZP } from '@ziver/shared/core';
import { Notice } from '@/components/notice';
import { isApiError } from '@/lib/api-client';
import { useReferrerInfo } from '../api/get-referrer-info';

/**
 * The register page's referral banner (docs/spec.md §4): checking, then valid (who invited you and the
 * welcome bonus) or invalid ('Invalid referral code' for an unknown code, 'Error checking
 * referral code' otherwise).
 */
export function ReferralBanner({ code }: { code: string }) {
  const { t } = useTranslation();
  const query = useReferrerInfo(code);

  if (query.isPending) {
    return (
      <Notice tone="info" testId="referral-banner" action={<Spinner size="s" />}>
        <span data-state="checking">{t('identity.referral.checking', { code })}</span>
      </Notice>
    );
  }
  if (query.isError) {
    const isUnknown = isApiError(query.error) && query.error.status === 404;
    return (
      <Notice tone="error" testId="referral-banner">
        <span data-state="invalid">
          {isUnknown ? t('identity.referral.invalid') : t('identity.referral.checkFailed')}
        </span>
      </Notice>
    );
  }
  return (
    <Notice
      tone="success"
      testId="referral-banner"
      title={t('identity.referral.validTitle', { username: query.data.referrer.username })}
    >
      <span data-state="valid">{t('identity.referral.validBody', { code, bonus: REFERRAL_BONUS_ZP })}</span>
    </Notice>
  );
}
