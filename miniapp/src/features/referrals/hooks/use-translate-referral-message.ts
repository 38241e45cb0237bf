import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '@/i18n/translate-message';
import { referralMessageKeyOf } from '../utils/referral-messages';

/** The server's referral messages (and the spec's shared ones) in the user's language; anything else as sent. */
export function useTranslateReferralMessage(): (text: string) => string {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  return useCallback(
    (text: string) => {
      const key = referralMessageKeyOf(text);
      return key ? t(`referrals.server.${key}`) : translateMessage(text);
    },
    [t, translateMessage],
  );
}
