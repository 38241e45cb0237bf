import {
  TELEGRAM_VERIFY_ATTEMPTS_PER_WINDOW,
  TELEGRAM_VERIFY_WINDOW_MINUTES,
  keyedMessage,
  type TelegramConnectionStatus,
} from '@ziver/shared';
import type { ApiHandlers } from '../../platform/contract-routes.js';
import type { AppDeps } from '../../platform/deps.js';
import { limitRequests } from '../../platform/rate-limit.js';
import { signedInUserKey } from '../auth/rate-limit-keys.js';
import { presentUser } from '../users/present-user.js';
import { disconnectTelegram } from './disconnect-telegram.js';
import { verifyConnectionCode } from './verify-connection-code.js';

export type TelegramRoutesOptions = {
  /** The bot's @username (without @) once it is known; else TELEGRAM_BOT_USERNAME is used. */
  botUsername?: (() => string | undefined) | undefined;
};

const MINUTE = 60_000;

/**
 * Linking the signed-in account to Telegram with a /connect code, seeing the link, unlinking.
 * Each call checks its own session: /api/telegram/webhook (bot off) stays a plain 404.
 */
export function telegramRoutes(deps: AppDeps, options: TelegramRoutesOptions = {}) {
  const { db } = deps.database;
  const { config } = deps;
  const botUsername = () => options.botUsername?.() ?? config.telegram.botUsername ?? null;

  return {
    telegramConnectionStatus: {
      handle: ({ auth }) => {
        const { user } = auth;
        const body: TelegramConnectionStatus = {
          success: true,
          hasTelegram: user.telegramId !== null,
          telegram_username: user.telegramUsername,
          botUsername: botUsername(),
          miniAppShortName: config.telegram.miniAppShortName ?? null,
        };
        return body;
      },
    },

    // 6 digits are guessable: a signed-in user gets a few tries per window (and an address a few more).
    telegramVerifyConnection: {
      use: [
        limitRequests(deps, { windowMs: TELEGRAM_VERIFY_WINDOW_MINUTES * MINUTE, limit: 60 }),
        limitRequests(deps, {
          windowMs: TELEGRAM_VERIFY_WINDOW_MINUTES * MINUTE,
          limit: TELEGRAM_VERIFY_ATTEMPTS_PER_WINDOW,
          keyGenerator: signedInUserKey,
        }),
      ],
      handle: async ({ auth, body }) => {
        const user = await verifyConnectionCode(db, { userId: auth.userId, code: body.connectionCode });
        return { success: true, ...keyedMessage('telegram.connected'), user: presentUser(user) };
      },
    },

    telegramDisconnect: {
      handle: async ({ auth }) => {
        const { user, wasLinked } = await disconnectTelegram(db, { userId: auth.userId });
        return {
          success: true,
          ...keyedMessage(wasLinked ? 'telegram.disconnected' : 'telegram.notConnected'),
          user: presentUser(user),
        };
      },
    },
  } satisfies Partial<ApiHandlers>;
}
