import { keyedMessage } from '@ziver/shared';
import type { ApiHandlers } from '../../platform/contract-routes.js';
import type { AppDeps } from '../../platform/deps.js';
import { dismissNotice } from './dismiss-notice.js';
import { listNotices } from './list-notices.js';

/** The signed-in user's in-app notices (announcements) and their dismissal. */
export function noticeRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return {
    notices: {
      handle: async ({ auth }) => ({ success: true, notices: await listNotices(db, { userId: auth.userId }) }),
    },

    dismissNotice: {
      handle: async ({ auth, params }) => {
        await dismissNotice(db, { userId: auth.userId, announcementId: params.id });
        return { success: true, ...keyedMessage('announcements.noticeDismissed') };
      },
    },
  } satisfies Partial<ApiHandlers>;
}
