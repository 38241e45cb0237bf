import { Router, type Request } from 'express';
import {
  TELEGRAM_VERIFY_ATTEMPTS_PER_WINDOW,
  TELEGRAM_VERIFY_WINDOW_MINUTES,
  verifyConnectionRequestSchema,
  type TelegramConnectionStatus,
  keyedMessage,
} from '@ziver/shared';
import { authOf, requireAuth } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { parseWith } from '../../platform/http.js';
import { limitRequests } from '../../platform/rate-limit.js';
import { signedInUserKey } from '../auth/rate-limit-keys.js';
import { presentUser } from '../users/present-user.js';
import { disconnectTelegram } from './disconnect-telegram.js';
import { verifyConnectionCode } from './verify-connection-code.js';

export type TelegramRouterOptions = {
  /** The bot's @username (without @) once it is known; else TELEGRAM_BOT_USERNAME is used. */
  botUsername?: (() => string | undefined) | undefined;
};

const MINUTE = 60_000;

/** /api/telegram: link the signed-in account to Telegram with a /connect code, see the link, unlink. */
export function createTelegramRouter(deps: AppDeps, options: TelegramRouterOptions = {}): Router {
  const { db } = deps.database;
  const { config } = deps;
  const router = Router();
  // Per route, not router.use: /api/telegram/webhook (bot off) must stay a plain 404.
  const authed = requireAuth({ db, config, auth: deps.auth });

  const botUsername = () => options.botUsername?.() ?? config.telegram.botUsername ?? null;

  router.get('/connection-status', authed, (req, res) => {
    const { user } = authOf(req);
    const body: TelegramConnectionStatus = {
      success: true,
      hasTelegram: user.telegramId !== null,
      telegram_username: user.telegramUsername,
      botUsername: botUsername(),
      miniAppShortName: config.telegram.miniAppShortName ?? null,
    };
    res.json(body);
  });

  // 6 digits are guessable: a signed-in user gets a few tries per window (and an address a few more).
  router.post(
    '/verify-connection',
    authed,
    limitRequests(deps, { windowMs: TELEGRAM_VERIFY_WINDOW_MINUTES * MINUTE, limit: 60 }),
    limitRequests(deps, {
      windowMs: TELEGRAM_VERIFY_WINDOW_MINUTES * MINUTE,
      limit: TELEGRAM_VERIFY_ATTEMPTS_PER_WINDOW,
      keyGenerator: (req: Request) => signedInUserKey(req),
    }),
    async (req, res) => {
      const { connectionCode } = parseWith(verifyConnectionRequestSchema, req.body);
      const user = await verifyConnectionCode(db, { userId: authOf(req).userId, code: connectionCode });
      res.json({ success: true, ...keyedMessage('telegram.connected'), user: presentUser(user) });
    },
  );

  router.post('/disconnect', authed, async (req, res) => {
    const { user, wasLinked } = await disconnectTelegram(db, { userId: authOf(req).userId });
    res.json({
      success: true,
      ...keyedMessage(wasLinked ? 'telegram.disconnected' : 'telegram.notConnected'),
      user: presentUser(user),
    });
  });

  return router;
}
