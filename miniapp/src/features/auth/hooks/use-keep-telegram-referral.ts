import { useEffect, useRef } from 'react';
import { usePlatform } from '@/lib/platform/platform-provider';
import { savePendingReferral } from '../api/save-pending-referral';
import { keepTelegramReferral } from '../utils/pending-referral';

/**
 * Once per register screen inside Telegram: keeps the referral code for the visitor's Telegram
 * identity (POST /auth/pending-referral). The Telegram SDK chunk is loaded only there.
 */
export function useKeepTelegramReferral(searchReferralCode: string | null): void {
  const { platform } = usePlatform();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (platform !== 'telegram' || hasStarted.current) return;
    hasStarted.current = true;
    void keepTelegramReferral({
      searchReferralCode,
      readLaunch: async () => (await import('@/lib/platform/telegram')).readTelegramSignInData(),
      save: savePendingReferral,
    }).then((outcome) => {
      if (outcome.kind === 'failed') console.warn('Keeping the referral code failed', outcome.error);
    });
  }, [platform, searchReferralCode]);
}
