import { REFERRAL_APPLY_WINDOW_DAYS } from '@ziver/shared';
import type { AppDeps } from '../../platform/deps.js';
import type { SignUpHooks } from '../auth/sign-up-hooks.js';
import { applyPendingReferral, applyReferral, type ApplyReferralResult } from './apply-referral.js';
import { savePendingReferral } from './pending-referrals.js';
import { runReferralTransaction } from './run-transaction.js';

const outcome = (result: ApplyReferralResult | null) =>
  result ? { referralApplied: result.referralApplied, referrer: result.referrer } : { referralApplied: false };

/**
 * Plugs referrals into sign-up: a code sent with a sign-up is applied to the new account, and
 * the pending referral a Telegram user arrived with (bot `/start CODE`) is applied when they
 * sign in, if they joined within the apply window (the same rule as applying a code by hand).
 */
export function createReferralSignUpHooks(deps: Pick<AppDeps, 'database' | 'invalidations'>): SignUpHooks {
  const { db } = deps.database;
  const { invalidations } = deps;
  return {
    applyReferralCode: async ({ user, referralCode, source }) =>
      outcome(
        await runReferralTransaction(db, (tx) =>
          applyReferral(tx, { referredUserId: user.id, code: referralCode, source, invalidations }),
        ),
      ),
    applyPendingTelegramReferral: async ({ user, telegramId, isNewUser }) => {
      const isInWindow = Date.now() - user.createdAt.getTime() <= REFERRAL_APPLY_WINDOW_DAYS * 86_400_000;
      if (!isNewUser && !isInWindow) return { referralApplied: false };
      return outcome(
        await runReferralTransaction(db, (tx) =>
          applyPendingReferral(tx, { userId: user.id, telegramId, invalidations }),
        ),
      );
    },
    savePendingTelegramReferral: ({ telegramId, referralCode }) =>
      savePendingReferral(db, { telegramId, code: referralCode }),
  };
}
