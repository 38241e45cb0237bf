import { Router, type Request } from 'express';
import { loginRequestSchema, registerRequestSchema, SERVER_MESSAGES } from '@ziver/shared';
import { authOf, createSession, requireAuth, revokeSession, type SignInMethod } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { parseWith } from '../../platform/http.js';
import { limitRequests } from '../../platform/rate-limit.js';
import type { UserRow } from '../../platform/db/schema.js';
import { getMiningSettings } from '../mining/mining-settings.js';
import { presentUser } from '../users/present-user.js';
import { loginUser } from './login-user.js';
import { registerUser } from './register-user.js';

export function createAuthRouter(deps: AppDeps): Router {
  const { db } = deps.database;
  const router = Router();
  const authed = requireAuth({ db, config: deps.config });

  async function signIn(req: Request, user: UserRow, method: SignInMethod) {
    const { token } = await createSession(db, deps.config, {
      userId: user.id,
      method,
      userAgent: req.get('user-agent'),
      ip: req.ip,
    });
    const appSettings = await getMiningSettings(db, deps.config.mining);
    return { token, user: presentUser(user), appSettings };
  }

  router.post('/register', limitRequests(deps.config, { windowMs: 60 * 60_000, limit: 20 }), async (req, res) => {
    const input = parseWith(registerRequestSchema, req.body);
    const user = await registerUser(db, input);
    const session = await signIn(req, user, 'password');
    res.status(201).json({ success: true, message: SERVER_MESSAGES.registered, isNewUser: true, ...session });
  });

  router.post('/login', limitRequests(deps.config, { windowMs: 15 * 60_000, limit: 30 }), async (req, res) => {
    const input = parseWith(loginRequestSchema, req.body);
    const user = await loginUser(db, input);
    const session = await signIn(req, user, 'password');
    res.json({ success: true, message: SERVER_MESSAGES.loggedIn, twoFactorRequired: false, ...session });
  });

  router.get('/me', authed, async (req, res) => {
    const { user } = authOf(req);
    res.json({ success: true, user: presentUser(user), appSettings: await getMiningSettings(db, deps.config.mining) });
  });

  router.post('/logout', authed, async (req, res) => {
    await revokeSession(db, authOf(req).sessionId);
    res.json({ success: true, message: SERVER_MESSAGES.loggedOut });
  });

  return router;
}
