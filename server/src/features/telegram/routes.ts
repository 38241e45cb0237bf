import {
  AppError,
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
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { disconnectTelegram } from './disconnect-telegram.js';
import {
  getReferralStory,
  prepareReferralCard,
  retryAfterOf,
  type ReferralCardDeps,
  type SavePreparedInlineMessage,
} from './share-referral-card.js';
import { verifyConnectionCode } from './verify-connection-code.js';

export type TelegramRoutesOptions = {
  /** The bot's @username (without @) once it is known; else TELEGRAM_BOT_USERNAME is used. */
  botUsername?: (() => string | undefined) | undefined;
  /** Where the referral images are kept (the app's file storage). */
  storage: FileStorage;
  /** The bot's savePreparedInlineMessage (one attempt), when the bot runs. */
  savePreparedInlineMessage?: SavePreparedInlineMessage | undefined;
};

const MINUTE = 60_000;

/**
 * Linking the signed-in account to Telegram with a /connect code, seeing the link, unlinking.
 * Each call checks its own session: /api/telegram/webhook (bot off) stays a plain 404.
 */
export function telegramRoutes(deps: AppDeps, options: TelegramRoutesOptions) {
  const { db } = deps.database;
  const { config } = deps;
  const botUsername = () => options.botUsername?.() ?? config.telegram.botUsername ?? null;
  const cardDeps: ReferralCardDeps = {
    db,
    storage: options.storage,
    imageDecodes: deps.imageDecodes,
    publicBaseUrl: config.telegram.publicUrl ?? config.telegram.miniappUrl,
    botUsername: () => botUsername() ?? undefined,
    miniAppShortName: config.telegram.miniAppShortName,
    savePreparedInlineMessage: options.savePreparedInlineMessage,
  };
  // Each image is drawn once per user and language, then served from the cache: a few a minute is plenty.
  const limitCards = [
    limitRequests(deps, { windowMs: MINUTE, limit: 120 }),
    limitRequests(deps, { windowMs: MINUTE, limit: 20, keyGenerator: signedInUserKey }),
  ];

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

    telegramReferralCard: {
      use: limitCards,
      handle: async ({ auth, res }) => {
        try {
          return await prepareReferralCard(cardDeps, auth.user);
        } catch (error) {
          const seconds = error instanceof AppError ? retryAfterOf(error) : undefined;
          if (seconds !== undefined) res.setHeader('Retry-After', String(seconds));
          throw error;
        }
      },
    },

    telegramReferralStory: {
      use: limitCards,
      handle: ({ auth }) => getReferralStory(cardDeps, auth.user),
    },
  } satisfies Partial<ApiHandlers>;
}
