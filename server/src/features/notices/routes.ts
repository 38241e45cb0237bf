import { Router, type Request } from 'express';
import { keyedMessage, type DismissNoticeResponse, type NoticesResponse } from '@ziver/shared';
import { authOf, requireAuth } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { dismissNotice } from './dismiss-notice.js';
import { listNotices } from './list-notices.js';

/** /api/notices: the signed-in user's in-app notices (announcements) and their dismissal. */
export function createNoticesRouter(deps: AppDeps): Router {
  const { db } = deps.database;
  const router = Router();
  router.use(requireAuth({ db, config: deps.config, auth: deps.auth }));

  router.get('/', async (req, res) => {
    const body: NoticesResponse = { success: true, notices: await listNotices(db, { userId: authOf(req).userId }) };
    res.json(body);
  });

  router.post('/:id/dismiss', async (req: Request<{ id: string }>, res) => {
    await dismissNotice(db, { userId: authOf(req).userId, announcementId: req.params.id });
    const body: DismissNoticeResponse = { success: true, ...keyedMessage('announcements.noticeDismissed') };
    res.json(body);
  });

  return router;
}
