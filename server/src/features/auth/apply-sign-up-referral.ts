import type { Db } from '../../platform/db/client.js';
import type { UserRow } from '../../platform/db/schema.js';
import { findUserById } from '../users/find-user.js';
import type { ReferralOutcome, SignUpHooks } from './sign-up-hooks.js';

/**
 * The referral step of every sign-up (register, Google, Telegram), in one place:
 * - a new account with a `referralCode` gets that code applied (bonus to the new user);
 * - else a Telegram sign-in gets the pending referral it arrived with (bot `/start CODE` or
 *   POST /auth/pending-referral), which the referrals feature applies only inside its window;
 * - during lockdown nothing is applied (nothing credits points for a non-admin then): a pending
 *   Telegram referral stays pending for a later sign-in.
 * Returns the user reloaded when a referral changed it, and the outcome for the response.
 */
export async function applySignUpReferral(
  db: Db,
  options: {
    hooks: SignUpHooks;
    user: UserRow;
    isNewUser: boolean;
    referralCode?: string | null | undefined;
    /** The validated Telegram id of a Telegram sign-in (never one sent in a body). */
    telegramId?: bigint | undefined;
    source: 'signup' | 'telegram';
    isLockedDown: boolean;
  },
): Promise<{ user: UserRow; referral: ReferralOutcome | undefined }> {
  const { hooks, user, isNewUser, referralCode, telegramId, source } = options;
  if (options.isLockedDown) return { user, referral: undefined };
  let referral: ReferralOutcome | undefined;
  if (isNewUser && referralCode) {
    referral = await hooks.applyReferralCode?.({ db, user, referralCode, source });
  } else if (telegramId !== undefined) {
    referral = await hooks.applyPendingTelegramReferral?.({ db, user, telegramId, isNewUser });
  }
  const reloaded = referral?.referralApplied ? await findUserById(db, user.id) : undefined;
  return { user: reloaded ?? user, referral };
}
