import { Router } from 'express';
import {
  AppError,
  AVATAR_MAX_BYTES,
  telegramAutoSaveRequestSchema,
  updateProfileRequestSchema,
  userActivityRequestSchema,
  type UploadAvatarResponse,
  keyedMessage,
} from '@ziver/shared';
import { authOf, requireAuth } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { parseWith } from '../../platform/http.js';
import { limitRequests } from '../../platform/rate-limit.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { parseMultipart, uploadedFiles } from '../../platform/uploads/multipart.js';
import { autoSaveTelegramUsername } from './auto-save-telegram-username.js';
import { claimDailyLogin } from './claim-daily-login.js';
import { presentUser } from './present-user.js';
import { touchLastSeen } from './touch-last-seen.js';
import { updateProfile } from './update-profile.js';
import { uploadAvatar } from './upload-avatar.js';

export function createUserRouter(deps: AppDeps, storage: FileStorage): Router {
  const router = Router();

  // Sent once a minute by every open app; it shows nothing, so a recently verified session will
  // do (platform/auth.ts resolveToken): no session read per heartbeat.
  router.post(
    '/heartbeat',
    requireAuth({ db: deps.database.db, config: deps.config, auth: deps.auth }, { cached: true }),
    async (req, res) => {
      const { userId } = authOf(req);
      // Kept in memory and written in batches (features/users/presence.ts); at once without it.
      if (deps.presence) deps.presence.record(userId);
      else await touchLastSeen(deps.database.db, { userId });
      res.json({ success: true });
    },
  );

  router.use(requireAuth({ db: deps.database.db, config: deps.config, auth: deps.auth }));

  router.get('/verify-token', (req, res) => {
    res.json({ success: true, valid: true, user: presentUser(authOf(req).user) });
  });

  router.get('/me', (req, res) => {
    res.json({ success: true, user: presentUser(authOf(req).user) });
  });

  // DAILY_LOGIN (sent after login and on session start) credits once per UTC day; repeats succeed
  // with credited:false.
  router.post('/activity', async (req, res) => {
    const { activityType } = parseWith(userActivityRequestSchema, req.body);
    const result = await claimDailyLogin(deps.database.db, {
      userId: authOf(req).userId,
      invalidations: deps.invalidations,
    });
    res.json({
      success: true,
      activityType,
      credited: result.isCredited,
      ...keyedMessage(result.isCredited ? 'economy.dailyLoginCredited' : 'economy.dailyLoginAlreadyCredited'),
      day: result.day,
      reward: result.isCredited ? result.reward : null,
      user: presentUser(result.user),
    });
  });

  // Profile fields (docs/spec.md §7): bio, Telegram/Twitter usernames, LinkedIn URL; '' or null clears.
  router.put('/profile', async (req, res) => {
    const changes = parseWith(updateProfileRequestSchema, req.body);
    const user = await updateProfile(deps.database.db, { userId: authOf(req).userId, changes });
    res.json({ success: true, ...keyedMessage('profile.updated'), user: presentUser(user) });
  });

  const avatarUpload = parseMultipart({
    field: 'avatar',
    maxFiles: 1,
    maxBytes: AVATAR_MAX_BYTES,
    tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', 'avatar.tooLarge'),
    tooMany: () => new AppError('VALIDATION_FAILED', 'avatar.missing'),
  });

  // Multipart field `avatar` (docs/spec.md §7): an image under 1 MB, stored as a small square.
  const avatarUploads = limitRequests(deps, {
    windowMs: 60 * 60_000,
    limit: 30,
    keyGenerator: (req) => `avatar:${authOf(req).userId}`,
  });
  router.post('/avatar', avatarUploads, avatarUpload, async (req, res) => {
    const [file] = uploadedFiles(req.files);
    const user = await uploadAvatar(
      { db: deps.database.db, storage, imageDecodes: deps.imageDecodes },
      { userId: authOf(req).userId, bytes: file?.bytes },
    );
    const body: UploadAvatarResponse = { success: true, ...keyedMessage('avatar.uploaded'), user: presentUser(user) };
    res.json(body);
  });

  // The messaging app's username, saved only when the account has none.
  router.post('/telegram-auto-save', async (req, res) => {
    const { telegram_username } = parseWith(telegramAutoSaveRequestSchema, req.body);
    const result = await autoSaveTelegramUsername(deps.database.db, {
      userId: authOf(req).userId,
      telegramUsername: telegram_username,
    });
    res.json({ success: true, saved: result.isSaved, user: presentUser(result.user) });
  });

  return router;
}
