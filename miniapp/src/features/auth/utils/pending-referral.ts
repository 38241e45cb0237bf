import type { PendingReferralRequest, PendingReferralResponse } from '@ziver/shared';
import { telegramReferralCode } from '../hooks/use-telegram-sign-in';
import { referralCodeFromSearch } from './validate-register';

/** What the mini app was launched with inside Telegram (see readTelegramSignInData). */
export type TelegramLaunch = { initData: string; startParam: string | null; launchSearch: string };

export type KeepReferralOutcome =
  | { kind: 'not-telegram' }
  | { kind: 'no-code' }
  | { kind: 'kept'; response: PendingReferralResponse }
  | { kind: 'failed'; error: unknown };

/**
 * The register screen inside Telegram (docs/spec.md §2, §7): the referral code of the page (?ref /
 * ?start), else of the launch URL, else the link's start_param, is sent with the signed initData
 * to POST /auth/pending-referral, so the invitation survives whichever way the visitor signs up.
 * Outside Telegram, or with no code, nothing is sent. A failure is returned, never thrown: the
 * form works without it.
 */
export async function keepTelegramReferral(options: {
  searchReferralCode: string | null;
  readLaunch: () => Promise<TelegramLaunch | null>;
  save: (input: PendingReferralRequest) => Promise<PendingReferralResponse>;
}): Promise<KeepReferralOutcome> {
  try {
    const launch = await options.readLaunch();
    if (!launch) return { kind: 'not-telegram' };
    const referralCode = telegramReferralCode(
      options.searchReferralCode ?? referralCodeFromSearch(launch.launchSearch),
      launch.startParam,
    );
    if (!referralCode) return { kind: 'no-code' };
    return { kind: 'kept', response: await options.save({ initData: launch.initData, referralCode }) };
  } catch (error) {
    return { kind: 'failed', error };
  }
}
