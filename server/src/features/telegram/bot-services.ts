import { eq } from 'drizzle-orm';
import { AppError, LOGIN_TOKEN_TTL_MINUTES } from '@ziver/shared';
import type { BotServices } from '@ziver/bot';
import type { AppDeps } from '../../platform/deps.js';
import { users } from '../../platform/db/schema.js';
import { lockdownCacheFor } from '../../platform/lockdown.js';
import { issueLoginToken } from '../auth/issue-login-token.js';
import { savePendingReferral } from '../referrals/pending-referrals.js';
import { getAccountSummary } from './get-account-summary.js';
import { requestTelegramPasswordReset } from './password-reset-messages.js';
import { issueConnectionCode } from './issue-connection-code.js';
import { setTelegramReachability } from './set-telegram-reachability.js';

/** The use cases the bot calls, bound to the server's database. The bot itself never touches it. */
export function createBotServices(deps: AppDeps): BotServices {
  const { db } = deps.database;
  const { publicUrl, miniappUrl } = deps.config.telegram;
  // Sign-in links open the web app's /login page: the public URL, else where the mini app lives.
  const webBaseUrl = publicUrl ?? miniappUrl;

  return {
    pendingReferrals: {
      remember: async ({ telegramId, referralCode }) => {
        const result = await savePendingReferral(db, { telegramId, code: referralCode });
        if (result.saved) return 'will_apply';
        return result.reason === 'invalid_code' ? 'invalid' : 'has_account';
      },
    },
    accounts: {
      summary: ({ telegramId }) => getAccountSummary(db, { telegramId: BigInt(telegramId) }),
    },
    connectionCodes: {
      issue: ({ telegramId, telegramUsername }) =>
        issueConnectionCode(db, { telegramId: BigInt(telegramId), telegramUsername }),
    },
    ...(webBaseUrl
      ? {
          loginLinks: {
            issue: async ({ telegramId }) => {
              const [user] = await db
                .select({ id: users.id, role: users.role })
                .from(users)
                .where(eq(users.telegramId, BigInt(telegramId)))
                .limit(1);
              if (!user) return null;
              try {
                const { url } = await issueLoginToken(
                  { db, lockdown: lockdownCacheFor(deps) },
                  { user, baseUrl: webBaseUrl },
                );
                return { url, ttlMinutes: LOGIN_TOKEN_TTL_MINUTES };
              } catch (error) {
                if (error instanceof AppError && error.code === 'LOCKDOWN') return 'lockdown';
                throw error;
              }
            },
          },
          passwordResets: {
            request: ({ telegramId }) =>
              requestTelegramPasswordReset(db, { telegramId, baseUrl: webBaseUrl, key: deps.config.encryptionKey }),
          },
        }
      : {}),
    reachability: {
      update: ({ telegramId, isReachable }) =>
        setTelegramReachability(db, { telegramId: BigInt(telegramId), isReachable }),
    },
  };
}
