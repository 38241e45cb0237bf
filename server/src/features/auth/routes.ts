import { Router, type Request, type Response } from 'express';
import {
  AppError,
  googleSignInRequestSchema,
  IDENTITY_MESSAGES,
  loginRequestSchema,
  registerRequestSchema,
  SERVER_MESSAGES,
  telegramSignInRequestSchema,
  tokenLoginRequestSchema,
  verifyTwoFactorRequestSchema,
  welcomeBackMessage,
} from '@ziver/shared';
import { authOf, requireAuth, revokeSession, type SignInMethod } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { parseWith } from '../../platform/http.js';
import { limitRequests } from '../../platform/rate-limit.js';
import type { UserRow } from '../../platform/db/schema.js';
import { getMiningSettings } from '../mining/mining-settings.js';
import { findUserById } from '../users/find-user.js';
import { presentUser } from '../users/present-user.js';
import { beginSignIn, type ClientInfo, type SignInOutcome } from './begin-sign-in.js';
import { redeemLoginChallenge } from './challenges.js';
import { createGoogleTokenVerifier } from './google-id-token.js';
import { issueLoginToken } from './issue-login-token.js';
import { loginUser } from './login-user.js';
import {
  accountKey,
  challengeKey,
  googleSubjectKey,
  loginAccountKey,
  signedInUserKey,
  telegramUserKey,
} from './rate-limit-keys.js';
import { registerUser } from './register-user.js';
import { signInWithGoogle } from './sign-in-with-google.js';
import { signInWithTelegram } from './sign-in-with-telegram.js';
import type { ReferralOutcome, SignUpHooks } from './sign-up-hooks.js';
import { validateTelegramInitData } from './telegram-init-data.js';
import { verifyTwoFactorSignIn } from './verify-two-factor-sign-in.js';

const MINUTE = 60_000;

/**
 * /api/auth: every way to sign in. Each sign-in route runs per-IP and per-account rate limits,
 * validates with the shared schema, calls its use case, then `beginSignIn` decides between a
 * session and the 2FA second step (POST /verify-2fa).
 */
export function createAuthRouter(deps: AppDeps, hooks: SignUpHooks = {}): Router {
  const { db } = deps.database;
  const { config } = deps;
  const router = Router();
  const authed = requireAuth({ db, config });
  const verifyGoogleToken = createGoogleTokenVerifier(config.google, deps.logger);
  const perIp = (limit: number, windowMinutes = 15) =>
    limitRequests(deps, { windowMs: windowMinutes * MINUTE, limit });
  const perKey = (limit: number, keyGenerator: (req: Request) => string, windowMinutes = 15) =>
    limitRequests(deps, { windowMs: windowMinutes * MINUTE, limit, keyGenerator });

  const clientOf = (req: Request): ClientInfo => ({ userAgent: req.get('user-agent'), ip: req.ip });

  /** The spec's auth response: a session (token, user, appSettings) or the 2FA challenge. */
  async function respond(
    res: Response,
    outcome: SignInOutcome,
    extra: { message: string; status?: number } & Record<string, unknown>,
  ) {
    const { message, status = 200, ...fields } = extra;
    if (outcome.kind === 'two-factor') {
      res
        .status(200)
        .json({
          success: true,
          twoFactorRequired: true,
          token: outcome.challengeToken,
          message: IDENTITY_MESSAGES.twoFactorRequired,
        });
      return;
    }
    const appSettings = await getMiningSettings(db, config.mining);
    res.status(status).json({
      success: true,
      message,
      twoFactorRequired: false,
      ...fields,
      token: outcome.token,
      user: presentUser(outcome.user),
      appSettings,
    });
  }

  const signIn = (req: Request, user: UserRow, method: SignInMethod) =>
    beginSignIn(db, config, { user, method, client: clientOf(req) });

  router.get('/config', (_req, res) => {
    res.json({
      success: true,
      googleClientId: config.google.clientIds[0] ?? null,
      telegramBotUsername: config.telegram.botUsername ?? null,
    });
  });

  router.post('/register', perIp(20, 60), perKey(5, accountKey, 60), async (req, res) => {
    const input = parseWith(registerRequestSchema, req.body);
    let user = await registerUser(db, input);
    const referral = input.referralCode
      ? await hooks.applyReferralCode?.({ db, user, referralCode: input.referralCode, source: 'signup' })
      : undefined;
    if (referral?.referralApplied) user = (await findUserById(db, user.id)) ?? user;
    const outcome = await signIn(req, user, 'password');
    await respond(res, outcome, { status: 201, message: SERVER_MESSAGES.registered, isNewUser: true, ...referral });
  });

  // Per account (not per identifier as typed); a spent budget is decided by loginUser, which
  // lets only the right password of a 2FA account through to its second step (docs/identity.md).
  const perLoginAccount = limitRequests(deps, {
    windowMs: 15 * MINUTE,
    limit: 10,
    keyGenerator: loginAccountKey(db),
    isDecidedByRoute: true,
  });
  router.post('/login', perIp(30), perLoginAccount, async (req, res) => {
    const input = parseWith(loginRequestSchema, req.body);
    const user = await loginUser(db, input, { isLockedOut: res.locals.isRateLimited === true });
    await respond(res, await signIn(req, user, 'password'), { message: SERVER_MESSAGES.loggedIn });
  });

  router.post('/google', perIp(30), perKey(10, googleSubjectKey), async (req, res) => {
    const input = parseWith(googleSignInRequestSchema, req.body);
    const identity = await verifyGoogleToken(input.token);
    const signedIn = await signInWithGoogle(db, identity);
    let { user } = signedIn;
    const { isNewUser } = signedIn;
    let referral: ReferralOutcome | undefined;
    if (isNewUser && input.referralCode) {
      referral = await hooks.applyReferralCode?.({ db, user, referralCode: input.referralCode, source: 'signup' });
      if (referral?.referralApplied) user = (await findUserById(db, user.id)) ?? user;
    }
    const message = isNewUser ? IDENTITY_MESSAGES.welcomeNewUser : welcomeBackMessage(user.username);
    await respond(res, await signIn(req, user, 'google'), { message, isNewUser, ...referral });
  });

  router.post('/telegram', perIp(60), perKey(20, telegramUserKey), async (req, res) => {
    const input = parseWith(telegramSignInRequestSchema, req.body);
    const { botToken, initDataMaxAgeSeconds } = config.telegram;
    if (!botToken) throw new AppError('TELEGRAM_NOT_CONFIGURED', IDENTITY_MESSAGES.telegramNotConfigured);
    const initData = validateTelegramInitData(input.initData, { botToken, maxAgeSeconds: initDataMaxAgeSeconds });
    const signedIn = await signInWithTelegram(db, initData.user);
    let { user } = signedIn;
    const { isNewUser } = signedIn;
    // Referrals (issue 5/6) plug in here: a code sent with the first sign-in, else the pending
    // referral the user arrived with through the bot's /start.
    let referral: ReferralOutcome | undefined;
    if (isNewUser && input.referralCode) {
      referral = await hooks.applyReferralCode?.({ db, user, referralCode: input.referralCode, source: 'telegram' });
    } else {
      referral = await hooks.applyPendingTelegramReferral?.({ db, user, telegramId: initData.user.id, isNewUser });
    }
    if (referral) user = (await findUserById(db, user.id)) ?? user;
    const message = isNewUser ? IDENTITY_MESSAGES.welcomeNewUser : welcomeBackMessage(user.username);
    await respond(res, await signIn(req, user, 'telegram'), { message, isNewUser, ...referral });
  });

  router.post('/token-login', perIp(30), async (req, res) => {
    const input = parseWith(tokenLoginRequestSchema, req.body);
    const redeemed = await redeemLoginChallenge(db, input.token);
    const user = redeemed && (await findUserById(db, redeemed.userId));
    if (!redeemed || !user) throw new AppError('INVALID_LOGIN_TOKEN', IDENTITY_MESSAGES.loginTokenInvalid);
    await respond(res, await signIn(req, user, redeemed.method), { message: SERVER_MESSAGES.loggedIn });
  });

  router.post('/verify-2fa', perIp(30), perKey(10, challengeKey), async (req, res) => {
    const input = parseWith(verifyTwoFactorRequestSchema, req.body);
    const { token, user } = await verifyTwoFactorSignIn(db, config, {
      challengeToken: input.token,
      verificationCode: input.verificationCode,
      client: clientOf(req),
    });
    await respond(res, { kind: 'session', token, user }, { message: SERVER_MESSAGES.loggedIn, isNewUser: false });
  });

  router.post('/login-token', authed, perKey(10, signedInUserKey), async (req, res) => {
    const { userId } = authOf(req);
    const baseUrl = config.telegram.miniappUrl ?? `${req.protocol}://${req.get('host')}`;
    const issued = await issueLoginToken(db, { userId, baseUrl });
    res.status(201).json({
      success: true,
      message: IDENTITY_MESSAGES.loginTokenIssued,
      token: issued.token,
      expiresAt: issued.expiresAt.toISOString(),
      url: issued.url,
    });
  });

  router.get('/me', authed, async (req, res) => {
    const { user } = authOf(req);
    res.json({ success: true, user: presentUser(user), appSettings: await getMiningSettings(db, config.mining) });
  });

  router.post('/logout', authed, async (req, res) => {
    await revokeSession(db, authOf(req).sessionId);
    res.json({ success: true, message: SERVER_MESSAGES.loggedOut });
  });

  return router;
}
