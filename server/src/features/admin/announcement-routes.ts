import { Router, type Request } from 'express';
import { resolveMiniappLink } from '@ziver/bot';
import {
  keyedMessage,
  announcementAudienceQuerySchema,
  createAnnouncementRequestSchema,
  directMessageRequestSchema,
  type AnnouncementAudienceResponse,
  type AnnouncementResponse,
  type AnnouncementsResponse,
  type DirectMessageResponse,
} from '@ziver/shared';
import { authOf, requireAdmin, requireAuth } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { parseWith } from '../../platform/http.js';
import { countAnnouncementAudience } from './announcement-audience.js';
import { cancelAnnouncement } from './cancel-announcement.js';
import { getAnnouncement, listAnnouncements } from './list-announcements.js';
import { messageUser, type SendAdminMessage } from './message-user.js';
import { startAnnouncement } from './start-announcement.js';

type IdRequest = Request<{ id: string }>;

export type AnnouncementRouterOptions = {
  /** Sends one message through the bot now; undefined while the bot is off. */
  sendAdminMessage?: SendAdminMessage | undefined;
  botStatus?: () => 'off' | 'starting' | 'on';
};

/**
 * /api/admin/announcements and /api/admin/users/{id}/message (ADMIN only). Mounted at /api/admin
 * beside the console's router; each route checks the session itself, so other /admin paths pass
 * through untouched.
 */
export function createAnnouncementRouter(deps: AppDeps, options: AnnouncementRouterOptions = {}): Router {
  const { db } = deps.database;
  const router = Router();
  const admin = [requireAuth({ db, config: deps.config, auth: deps.auth }), requireAdmin];

  router.get('/announcements/audience', ...admin, async (req, res) => {
    const { language } = parseWith(announcementAudienceQuerySchema, req.query);
    const link = resolveMiniappLink(deps.config.telegram.miniappUrl);
    const counts = await countAnnouncementAudience(db, { language: language ?? null });
    const body: AnnouncementAudienceResponse = {
      success: true,
      recipients: counts.telegram,
      inApp: counts.inApp,
      inAppOnly: counts.inAppOnly,
      button: link ? (link.kind === 'web_app' ? 'web_app' : 'url') : null,
      isBotOn: (options.botStatus?.() ?? 'off') !== 'off',
    };
    res.json(body);
  });

  router.get('/announcements', ...admin, async (_req, res) => {
    const body: AnnouncementsResponse = { success: true, announcements: await listAnnouncements(db) };
    res.json(body);
  });

  router.post('/announcements', ...admin, async (req, res) => {
    const request = parseWith(createAnnouncementRequestSchema, req.body);
    const id = await startAnnouncement(db, { adminId: authOf(req).userId, request });
    const body: AnnouncementResponse = {
      success: true,
      ...keyedMessage('announcements.started'),
      announcement: await getAnnouncement(db, id),
    };
    res.status(201).json(body);
  });

  router.get('/announcements/:id', ...admin, async (req: IdRequest, res) => {
    const body: AnnouncementResponse = { success: true, announcement: await getAnnouncement(db, req.params.id) };
    res.json(body);
  });

  router.post('/announcements/:id/cancel', ...admin, async (req: IdRequest, res) => {
    await cancelAnnouncement(db, { adminId: authOf(req).userId, announcementId: req.params.id });
    const body: AnnouncementResponse = {
      success: true,
      ...keyedMessage('announcements.cancelled'),
      announcement: await getAnnouncement(db, req.params.id),
    };
    res.json(body);
  });

  router.post('/users/:id/message', ...admin, async (req: IdRequest, res) => {
    const request = parseWith(directMessageRequestSchema, req.body);
    const outcome = await messageUser(db, {
      adminId: authOf(req).userId,
      userId: req.params.id,
      request,
      send: options.sendAdminMessage,
    });
    const body: DirectMessageResponse = { success: true, ...outcome };
    res.json(body);
  });

  return router;
}
