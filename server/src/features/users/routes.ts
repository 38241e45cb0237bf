import { Router } from 'express';
import { authOf, requireAuth } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { presentUser } from './present-user.js';

export function createUserRouter(deps: AppDeps): Router {
  const router = Router();
  router.use(requireAuth({ db: deps.database.db, config: deps.config }));

  router.get('/verify-token', (req, res) => {
    res.json({ success: true, valid: true, user: presentUser(authOf(req).user) });
  });

  router.get('/me', (req, res) => {
    res.json({ success: true, user: presentUser(authOf(req).user) });
  });

  return router;
}
