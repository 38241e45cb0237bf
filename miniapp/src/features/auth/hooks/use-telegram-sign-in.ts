import { type ServerText } from '@/i18n/server-message';
import { useEffect, useRef, useState } from 'react';
import { IDENTITY_MESSAGES } from '@ziver/shared/core';
import { referralCodeSchema, type AuthResponse } from '@ziver/shared';
import type { Session } from '@/lib/session';
import { guardedLocalStorage } from '@/lib/storage/guarded-storage';
import { restoreTelegramSession } from '@/lib/telegram-session-backup';
import { signInWithTelegram } from '../api/sign-in-with-telegram';
import { verifyStoredToken } from '../api/verify-token';
import { shouldReopenTelegram, telegramErrorMessage } from '../utils/auth-errors';
import { referralCodeFromSearch } from '../utils/validate-register';

export type TelegramSignInState =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; response: AuthResponse }
  /** The session kept in Telegram's CloudStorage by an earlier launch, still valid. */
  | { status: 'restored'; session: Session }
  | { status: 'failed'; message: ServerText | string; shouldReopen: boolean };

/** The referral code to send: ?ref / ?start of the page first, then the link's start_param. */
export function telegramReferralCode(fromSearch: string | null, startParam: string | null): string | null {
  if (fromSearch) return fromSearch;
  if (!startParam) return null;
  const code = startParam.replace(/^ref[_-]/i, '');
  return code && referralCodeSchema.safeParse(code).success ? code : null;
}

/**
 * Inside Telegram the app signs in with no form (docs/spec.md §1, docs/architecture.md §7): the raw launch
 * initData goes to POST /api/auth/telegram once, and the answer (a session or the 2FA
 * challenge) is handed back. Failures carry the message to show on the login page. When the
 * browser's storage is blocked (a cross-site frame), the session an earlier launch kept in
 * Telegram's CloudStorage is tried first, and no new sign-in happens while it is valid.
 */
export function useTelegramSignIn({
  isEnabled,
  searchReferralCode,
}: {
  isEnabled: boolean;
  searchReferralCode: string | null;
}): TelegramSignInState {
  const [state, setState] = useState<TelegramSignInState>({ status: 'idle' });
  const hasStarted = useRef(false);

  useEffect(() => {
    if (!isEnabled || hasStarted.current) return;
    hasStarted.current = true;
    setState({ status: 'running' });
    void (async () => {
      try {
        const { readTelegramSignInData, startTelegramSdk } = await import('@/lib/platform/telegram');
        const launch = readTelegramSignInData();
        if (!launch) {
          setState({ status: 'failed', message: IDENTITY_MESSAGES.telegramDataMissing, shouldReopen: true });
          return;
        }
        if (guardedLocalStorage.isMemoryOnly) {
          const cloud = startTelegramSdk().cloudStorage();
          const session = await restoreTelegramSession({ cloud, verify: verifyStoredToken });
          if (session) {
            setState({ status: 'restored', session });
            return;
          }
        }
        // The bot button's ?ref=CODE is gone from /login by now: read it from the launch URL.
        const referralCode = telegramReferralCode(
          searchReferralCode ?? referralCodeFromSearch(launch.launchSearch),
          launch.startParam,
        );
        const response = await signInWithTelegram({
          initData: launch.initData,
          ...(referralCode ? { referralCode } : {}),
        });
        setState({ status: 'done', response });
      } catch (error) {
        setState({
          status: 'failed',
          message: telegramErrorMessage(error),
          shouldReopen: shouldReopenTelegram(error),
        });
      }
    })();
  }, [isEnabled, searchReferralCode]);

  return state;
}
