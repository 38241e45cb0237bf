import { resolveMiniappLink } from '@ziver/bot';
import {
  keyedMessage,
  type AnnouncementAudienceResponse,
  type AnnouncementResponse,
  type AnnouncementsResponse,
  type DirectMessageResponse,
} from '@ziver/shared';
import type { ApiHandlers } from '../../platform/contract-routes.js';
import type { AppDeps } from '../../platform/deps.js';
import { countAnnouncementAudience } from './announcement-audience.js';
import { cancelAnnouncement } from './cancel-announcement.js';
import { getAnnouncement, listAnnouncements } from './list-announcements.js';
import { messageUser, type SendAdminMessage } from './message-user.js';
import { startAnnouncement } from './start-announcement.js';
import { withdrawNotice } from './withdraw-notice.js';

export type AnnouncementRouteOptions = {
  /** Sends one message through the bot now; undefined while the bot is off. */
  sendAdminMessage?: SendAdminMessage | undefined;
  botStatus?: () => 'off' | 'starting' | 'on';
};

/** /api/admin/announcements and /api/admin/users/{id}/message (ADMIN only). */
export function announcementRoutes(deps: AppDeps, options: AnnouncementRouteOptions = {}) {
  const { db } = deps.database;
  return {
    adminAnnouncementAudience: {
      handle: async ({ query }) => {
        const link = resolveMiniappLink(deps.config.telegram.miniappUrl);
        const counts = await countAnnouncementAudience(db, {
          language: query.language ?? null,
          isMailOn: deps.config.mail.isEnabled,
        });
        const body: AnnouncementAudienceResponse = {
          success: true,
          recipients: counts.telegram,
          inApp: counts.inApp,
          inAppOnly: counts.inAppOnly,
          email: counts.email,
          button: link ? (link.kind === 'web_app' ? 'web_app' : 'url') : null,
          isBotOn: (options.botStatus?.() ?? 'off') !== 'off',
        };
        return body;
      },
    },

    adminAnnouncements: {
      handle: async () => {
        const body: AnnouncementsResponse = { success: true, announcements: await listAnnouncements(db) };
        return body;
      },
    },

    adminCreateAnnouncement: {
      handle: async ({ auth, body: request }) => {
        const isBotOn = (options.botStatus?.() ?? 'off') !== 'off';
        const isMailOn = deps.config.mail.isEnabled;
        const id = await startAnnouncement(db, { adminId: auth.userId, isBotOn, isMailOn, request });
        const body: AnnouncementResponse = {
          success: true,
          ...keyedMessage('announcements.started'),
          announcement: await getAnnouncement(db, id),
        };
        return body;
      },
    },

    adminAnnouncement: {
      handle: async ({ params }) => {
        const body: AnnouncementResponse = { success: true, announcement: await getAnnouncement(db, params.id) };
        return body;
      },
    },

    adminCancelAnnouncement: {
      handle: async ({ auth, params }) => {
        await cancelAnnouncement(db, { adminId: auth.userId, announcementId: params.id });
        const body: AnnouncementResponse = {
          success: true,
          ...keyedMessage('announcements.cancelled'),
          announcement: await getAnnouncement(db, params.id),
        };
        return body;
      },
    },

    adminWithdrawNotice: {
      handle: async ({ auth, params }) => {
        await withdrawNotice(db, { adminId: auth.userId, announcementId: params.id });
        const body: AnnouncementResponse = {
          success: true,
          ...keyedMessage('announcements.noticeWithdrawn'),
          announcement: await getAnnouncement(db, params.id),
        };
        return body;
      },
    },

    adminMessageUser: {
      handle: async ({ auth, params, body: request }) => {
        const outcome = await messageUser(db, {
          adminId: auth.userId,
          userId: params.id,
          request,
          send: options.sendAdminMessage,
        });
        const body: DirectMessageResponse = { success: true, ...outcome };
        return body;
      },
    },
  } satisfies Partial<ApiHandlers>;
}
