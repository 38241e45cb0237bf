import { Router, type Request, type Response } from 'express';
import {
  AppError,
  googleSignInRequestSchema,
  loginRequestSchema,
  pendingReferralRequestSchema,
  registerRequestSchema,
  telegramSignInRequestSchema,
  tokenLoginRequestSchema,
  verifyTwoFactorRequestSchema,
  keyedMessage,
  type KeyedMessage,
} from '@ziver/shared';
import { authOf, requireAuth, revokeSession, type SignInMethod } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { parseWith } from '../../platform/http.js';
import { assertOpenFor, lockdownCacheFor } from '../../platform/lockdown.js';
import { limitRequests } from '../../platform/rate-limit.js';
import type { UserRow } from '../../platform/db/schema.js';
import { findUserById } from '../users/find-user.js';
import { presentUser } from '../users/present-user.js';
import { applySignUpReferral } from './apply-sign-up-referral.js';
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
import type { SignUpHooks } from './sign-up-hooks.js';
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
  const authed = requireAuth({ db, config, auth: deps.auth });
  const verifyGoogleToken = createGoogleTokenVerifier(config.google, deps.logger);
  const perIp = (limit: number, windowMinutes = 15) => limitRequests(deps, { windowMs: windowMinutes * MINUTE, limit });
  const perKey = (limit: number, keyGenerator: (req: Request) => string, windowMinutes = 15) =>
    limitRequests(deps, { windowMs: windowMinutes * MINUTE, limit, keyGenerator });

  const clientOf = (req: Request): ClientInfo => ({ userAgent: req.get('user-agent'), ip: req.ip });

  /** The spec's auth response: a session (token, user, appSettings) or the 2FA challenge. */
  async function respond(
    res: Response,
    outcome: SignInOutcome,
    extra: { message: KeyedMessage; status?: number } & Record<string, unknown>,
  ) {
    const { message, status = 200, ...fields } = extra;
    if (outcome.kind === 'two-factor') {
      res.status(200).json({
        success: true,
        twoFactorRequired: true,
        token: outcome.challengeToken,
        ...keyedMessage('identity.twoFactorRequired'),
      });
      return;
    }
    const appSettings = await deps.miningSettings.get();
    res.status(status).json({
      success: true,
      ...message,
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

  const lockdown = lockdownCacheFor(deps);
  const isLockedDown = async () => (await lockdown.get()).isEnabled;

  // A new account is never an admin: sign-up by email waits for the end of lockdown.
  router.post('/register', perIp(20, 60), perKey(5, accountKey, 60), async (req, res) => {
    const input = parseWith(registerRequestSchema, req.body);
    await assertOpenFor(lockdown, undefined);
    const created = await registerUser(db, input);
    deps.metrics?.countSignUp('password');
    const { user, referral } = await applySignUpReferral(db, {
      hooks,
      user: created,
      isNewUser: true,
      referralCode: input.referralCode,
      source: 'signup',
      isLockedDown: await isLockedDown(),
    });
    const outcome = await signIn(req, user, 'password');
    await respond(res, outcome, {
      status: 201,
      message: keyedMessage('server.registered'),
      isNewUser: true,
      ...referral,
    });
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
    await respond(res, await signIn(req, user, 'password'), { message: keyedMessage('server.loggedIn') });
  });

  router.post('/google', perIp(30), perKey(10, googleSubjectKey), async (req, res) => {
    const input = parseWith(googleSignInRequestSchema, req.body);
    const identity = await verifyGoogleToken(input.token);
    // Signing in stays open during lockdown; a new account waits for its end, as by email.
    const signedIn = await signInWithGoogle(db, identity, {
      beforeCreate: () => assertOpenFor(lockdown, undefined),
      choices: { language: input.language, theme: input.theme },
    });
    const { isNewUser } = signedIn;
    if (isNewUser) deps.metrics?.countSignUp('google');
    const { user, referral } = await applySignUpReferral(db, {
      hooks,
      user: signedIn.user,
      isNewUser,
      referralCode: input.referralCode,
      source: 'signup',
      isLockedDown: await isLockedDown(),
    });
    const message = isNewUser
      ? keyedMessage('identity.welcomeNewUser')
      : keyedMessage('identity.welcomeBack', { username: user.username });
    await respond(res, await signIn(req, user, 'google'), { message, isNewUser, ...referral });
  });

  const validInitData = (raw: string) => {
    const { botToken, initDataMaxAgeSeconds } = config.telegram;
    if (!botToken) throw new AppError('TELEGRAM_NOT_CONFIGURED', 'identity.telegramNotConfigured');
    return validateTelegramInitData(raw, { botToken, maxAgeSeconds: initDataMaxAgeSeconds });
  };

  router.post('/telegram', perIp(60), perKey(20, telegramUserKey), async (req, res) => {
    const input = parseWith(telegramSignInRequestSchema, req.body);
    const initData = validInitData(input.initData);
    // Signing in stays open during lockdown; a new account waits for its end, as by email.
    const signedIn = await signInWithTelegram(db, initData.user, {
      beforeCreate: () => assertOpenFor(lockdown, undefined),
    });
    const { isNewUser } = signedIn;
    if (isNewUser) deps.metrics?.countSignUp('telegram');
    const { user, referral } = await applySignUpReferral(db, {
      hooks,
      user: signedIn.user,
      isNewUser,
      referralCode: input.referralCode,
      telegramId: initData.user.id,
      source: 'telegram',
      isLockedDown: await isLockedDown(),
    });
    const message = isNewUser
      ? keyedMessage('identity.welcomeNewUser')
      : keyedMessage('identity.welcomeBack', { username: user.username });
    await respond(res, await signIn(req, user, 'telegram'), { message, isNewUser, ...referral });
  });

  // Before sign-up: the caller's own Telegram identity (signed initData, never a bare id) keeps
  // a referral code to be applied at its first Telegram sign-in, like the bot's /start CODE.
  router.post('/pending-referral', perIp(30), perKey(10, telegramUserKey), async (req, res) => {
    const input = parseWith(pendingReferralRequestSchema, req.body);
    const initData = validInitData(input.initData);
    const result = await hooks.savePendingTelegramReferral?.({
      db,
      telegramId: initData.user.id,
      referralCode: input.referralCode,
    });
    if (!result) throw new AppError('NOT_FOUND', 'server.notFound');
    if (!result.saved && result.reason === 'invalid_code') {
      throw new AppError('NOT_FOUND', 'referrals.invalidCode');
    }
    res.json({
      success: true,
      saved: result.saved,
      ...keyedMessage(result.saved ? 'referrals.pendingSaved' : 'referrals.pendingAlreadyRegistered'),
      referrer: result.saved ? result.referrer : null,
    });
  });

  router.post('/token-login', perIp(30), async (req, res) => {
    const input = parseWith(tokenLoginRequestSchema, req.body);
    const redeemed = await redeemLoginChallenge(db, input.token);
    const user = redeemed && (await findUserById(db, redeemed.userId));
    if (!redeemed || !user) throw new AppError('INVALID_LOGIN_TOKEN', 'identity.loginTokenInvalid');
    await respond(res, await signIn(req, user, redeemed.method), { message: keyedMessage('server.loggedIn') });
  });

  router.post('/verify-2fa', perIp(30), perKey(10, challengeKey), async (req, res) => {
    const input = parseWith(verifyTwoFactorRequestSchema, req.body);
    const { token, user } = await verifyTwoFactorSignIn(db, config, {
      challengeToken: input.token,
      verificationCode: input.verificationCode,
      client: clientOf(req),
    });
    await respond(
      res,
      { kind: 'session', token, user },
      { message: keyedMessage('server.loggedIn'), isNewUser: false },
    );
  });

  // A login token is a way in: while lockdown is on, only admins get one.
  router.post('/login-token', authed, perKey(10, signedInUserKey), async (req, res) => {
    const { userId, user } = authOf(req);
    await assertOpenFor(lockdown, user.role);
    const baseUrl = config.telegram.miniappUrl ?? `${req.protocol}://${req.get('host')}`;
    const issued = await issueLoginToken(db, { userId, baseUrl });
    res.status(201).json({
      success: true,
      ...keyedMessage('identity.loginTokenIssued'),
      token: issued.token,
      expiresAt: issued.expiresAt.toISOString(),
      url: issued.url,
    });
  });

  router.get('/me', authed, async (req, res) => {
    const { user } = authOf(req);
    res.json({ success: true, user: presentUser(user), appSettings: await deps.miningSettings.get() });
  });

  router.post('/logout', authed, async (req, res) => {
    await revokeSession(db, deps.invalidations, authOf(req).sessionId);
    res.json({ success: true, ...keyedMessage('server.loggedOut') });
  });

  return router;
}
