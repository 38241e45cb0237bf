import { AppError, AVATAR_MAX_BYTES, keyedMessage } from '@ziver/shared';
import { authOf } from '../../platform/auth.js';
import type { ApiHandlers } from '../../platform/contract-routes.js';
import type { AppDeps } from '../../platform/deps.js';
import { limitRequests } from '../../platform/rate-limit.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { parseMultipart, uploadedFiles } from '../../platform/uploads/multipart.js';
import { autoSaveTelegramUsername } from './auto-save-telegram-username.js';
import { claimDailyLogin } from './claim-daily-login.js';
import { withIdempotencyKey } from '../../platform/idempotency.js';
import { presentUser } from './present-user.js';
import { touchLastSeen } from './touch-last-seen.js';
import { updateProfile } from './update-profile.js';
import { uploadAvatar } from './upload-avatar.js';

/** POST /api/user/heartbeat: the user is seen now. */
async function heartbeatAnswer(deps: AppDeps, userId: string): Promise<{ success: true }> {
  // Kept in memory and written in batches (features/users/presence.ts); at once without it.
  if (deps.presence) deps.presence.record(userId);
  else await touchLastSeen(deps.database.db, { userId });
  return { success: true };
}

/** The signed-in user's own account: session checks, presence, activity, profile and avatar. */
export function userRoutes(deps: AppDeps, storage: FileStorage) {
  const { db } = deps.database;

  const avatarUpload = parseMultipart({
    field: 'avatar',
    maxFiles: 1,
    maxBytes: AVATAR_MAX_BYTES,
    tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', 'avatar.tooLarge'),
    tooMany: () => new AppError('VALIDATION_FAILED', 'avatar.missing'),
  });
  const avatarUploads = limitRequests(deps, {
    windowMs: 60 * 60_000,
    limit: 30,
    keyGenerator: (req) => `avatar:${authOf(req).userId}`,
  });

  return {
    // Sent once a minute by every open app; it shows nothing, so a recently verified session will
    // do (platform/auth.ts resolveToken): no session read per heartbeat. Its plain case is
    // answered before Express by the same function (`hot`): every open app sends it once a minute.
    heartbeat: {
      cachedSession: true,
      hot: { answer: (auth) => heartbeatAnswer(deps, auth.userId) },
      handle: ({ auth }) => heartbeatAnswer(deps, auth.userId),
    },

    verifyToken: {
      handle: ({ auth }) => ({ success: true, valid: true, user: presentUser(auth.user) }),
    },

    userMe: { handle: ({ auth }) => ({ success: true, user: presentUser(auth.user) }) },

    // DAILY_LOGIN (sent after login and on session start) credits once per UTC day; repeats
    // succeed with credited:false.
    activity: {
      handle: ({ auth, body, req }) =>
        withIdempotencyKey(db, { req, userId: auth.userId }, async (inTx) => {
          const result = await claimDailyLogin(inTx, { userId: auth.userId, invalidations: deps.invalidations });
          return {
            success: true,
            activityType: body.activityType,
            credited: result.isCredited,
            ...keyedMessage(result.isCredited ? 'economy.dailyLoginCredited' : 'economy.dailyLoginAlreadyCredited'),
            day: result.day,
            reward: result.isCredited ? result.reward : null,
            user: presentUser(result.user),
          };
        }),
    },

    // Profile fields (docs/spec.md §7): bio, Telegram/Twitter usernames, LinkedIn URL; '' or null clears.
    updateProfile: {
      handle: async ({ auth, body }) => {
        const user = await updateProfile(db, { userId: auth.userId, changes: body });
        return { success: true, ...keyedMessage('profile.updated'), user: presentUser(user) };
      },
    },

    // Multipart field `avatar` (docs/spec.md §7): an image under 1 MB, stored as a small square.
    uploadAvatar: {
      use: [avatarUploads, avatarUpload],
      handle: async ({ auth, req }) => {
        const [file] = uploadedFiles(req.files);
        const user = await uploadAvatar(
          { db, storage, imageDecodes: deps.imageDecodes },
          { userId: auth.userId, bytes: file?.bytes },
        );
        return { success: true, ...keyedMessage('avatar.uploaded'), user: presentUser(user) };
      },
    },

    // The messaging app's username, saved only when the account has none.
    telegramAutoSave: {
      handle: async ({ auth, body }) => {
        const result = await autoSaveTelegramUsername(db, {
          userId: auth.userId,
          telegramUsername: body.telegram_username,
        });
        return { success: true, saved: result.isSaved, user: presentUser(result.user) };
      },
    },
  } satisfies Partial<ApiHandlers>;
}
