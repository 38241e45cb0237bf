import { setTimeout as delay } from 'node:timers/promises';
import type { Request } from 'express';
import {
  AppError,
  FORGOT_PASSWORD_MIN_ANSWER_MS,
  keyedMessage,
  referralCodeSchema,
  type AuthResponse,
  type KeyedMessage,
} from '@ziver/shared';
import { revokeSession, type SignInMethod } from '../../platform/auth.js';
import type { ApiHandlers } from '../../platform/contract-routes.js';
import type { AppDeps } from '../../platform/deps.js';
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
  resetTokenKey,
  signedInUserKey,
  telegramUserKey,
} from './rate-limit-keys.js';
import { registerUser } from './register-user.js';
import { issueEmailVerification, resendEmailVerification, verifyEmail } from './email-verification.js';
import { requestPasswordReset } from './request-password-reset.js';
import { resetPassword } from './reset-password.js';
import { signInWithGoogle } from './sign-in-with-google.js';
import { signInWithTelegram } from './sign-in-with-telegram.js';
import type { ReferralOutcome, SignInObserver, SignUpHooks } from './sign-up-hooks.js';
import type { TelegramInitDataUser } from './telegram-init-data.js';
import { validateTelegramInitData } from './telegram-init-data.js';
import { verifyTwoFactorSignIn } from './verify-two-factor-sign-in.js';

const MINUTE = 60_000;
/** Accounts one network block may create in SIGN_UP_BURST_MINUTES before sign-ups from it wait (429, Retry-After). */
export const SIGN_UP_BURST = 10;
export const SIGN_UP_BURST_MINUTES = 10;

/** What a sign-in adds to its session answer: its message, whether it created the account, its referral. */
type SignInExtras = { message: KeyedMessage; isNewUser?: boolean } & Partial<ReferralOutcome>;

/**
 * Every way to sign in (under /api/auth). Each sign-in call runs per-IP and per-account rate
 * limits, is validated with the shared schema, calls its use case, then `beginSignIn` decides
 * between a session and the 2FA second step (POST /verify-2fa).
 */
export function authRoutes(deps: AppDeps, hooks: SignUpHooks = {}, observeSignIn?: SignInObserver) {
  const { db } = deps.database;
  const { config } = deps;
  const verifyGoogleToken = createGoogleTokenVerifier(config.google, deps.logger);
  const perIp = (limit: number, windowMinutes = 15) => limitRequests(deps, { windowMs: windowMinutes * MINUTE, limit });
  const perKey = (limit: number, keyGenerator: (req: Request) => string, windowMinutes = 15) =>
    limitRequests(deps, { windowMs: windowMinutes * MINUTE, limit, keyGenerator });

  /** Where links in mail start: PUBLIC_URL, else the mini app's URL, else the request's origin. */
  const mailBaseOf = (req: Request) =>
    config.telegram.publicUrl ?? config.telegram.miniappUrl ?? `${req.protocol}://${req.get('host')}`;

  const clientOf = (req: Request): ClientInfo => ({ userAgent: req.get('user-agent'), ip: req.ip });

  /** The spec's auth response: a session (token, user, appSettings) or the 2FA challenge. */
  async function signInAnswer(outcome: SignInOutcome, extras: SignInExtras): Promise<AuthResponse> {
    const { message, ...fields } = extras;
    if (outcome.kind === 'two-factor') {
      return {
        success: true,
        twoFactorRequired: true,
        token: outcome.challengeToken,
        ...keyedMessage('identity.twoFactorRequired'),
      };
    }
    const appSettings = await deps.miningSettings.get();
    return {
      success: true,
      ...message,
      twoFactorRequired: false,
      ...fields,
      token: outcome.token,
      user: presentUser(outcome.user),
      appSettings,
    };
  }

  const signIn = async (
    req: Request,
    user: UserRow,
    method: SignInMethod,
    event: { isNewUser?: boolean; telegram?: TelegramInitDataUser } = {},
  ) => {
    if (observeSignIn) {
      await observeSignIn({
        user,
        method,
        isNewUser: event.isNewUser ?? false,
        ip: req.ip,
        userAgent: req.get('user-agent'),
        acceptLanguage: req.get('accept-language'),
        ...(event.telegram ? { telegram: event.telegram } : {}),
      }).catch((error: unknown) => deps.logger.warn({ err: error, userId: user.id }, 'sign-in signal not recorded'));
    }
    return beginSignIn(db, config, { user, method, client: clientOf(req) });
  };

  const lockdown = lockdownCacheFor(deps);
  const isLockedDown = async () => (await lockdown.get()).isEnabled;

  const validInitData = (raw: string) => {
    const { botToken, initDataMaxAgeSeconds } = config.telegram;
    if (!botToken) throw new AppError('TELEGRAM_NOT_CONFIGURED', 'identity.telegramNotConfigured');
    return validateTelegramInitData(raw, { botToken, maxAgeSeconds: initDataMaxAgeSeconds });
  };

  // Sign-up bursts from one network block (IPv4 /24, IPv6 /48) are slowed, not refused: past
  // SIGN_UP_BURST accounts created from a block in SIGN_UP_BURST_MINUTES, a sign-up answers 429
  // with Retry-After until the window frees a place. Only created accounts count (a refused
  // sign-up, a Google sign-in to an existing account do not); signing in is never slowed.
  const perNetworkBlock = limitRequests(deps, {
    windowMs: SIGN_UP_BURST_MINUTES * MINUTE,
    limit: SIGN_UP_BURST,
    perNetworkBlock: true,
    countsOnlyMarked: true,
  });

  // Per account (not per identifier as typed); a spent budget is decided by loginUser, which
  // lets only the right password of a 2FA account through to its second step (docs/identity.md).
  const perLoginAccount = limitRequests(deps, {
    windowMs: 15 * MINUTE,
    limit: 10,
    keyGenerator: loginAccountKey(db),
    isDecidedByRoute: true,
  });

  return {
    authConfig: {
      handle: () => ({
        success: true,
        googleClientId: config.google.clientIds[0] ?? null,
        telegramBotUsername: config.telegram.botUsername ?? null,
        supportEmail: config.supportEmail,
      }),
    },

    // A new account is never an admin: sign-up by email waits for the end of lockdown. A new
    // account has no 2FA yet, so the answer is always a session (201).
    register: {
      use: [perIp(20, 60), perKey(5, accountKey, 60), perNetworkBlock],
      handle: async ({ body, req, res }) => {
        await assertOpenFor(lockdown, undefined);
        // The verification mail is queued in the account's transaction: both or neither.
        const created = await registerUser(db, body, {
          withAccount: async (tx, account) => {
            if (!config.mail.isEnabled || !account.email) return;
            const verification = { userId: account.id, email: account.email, baseUrl: mailBaseOf(req) };
            await issueEmailVerification(tx, { ...verification, key: config.encryptionKey });
          },
        });
        res.locals.isCounted = true;
        deps.metrics?.countSignUp('password');
        const { user, referral } = await applySignUpReferral(db, {
          hooks,
          user: created,
          isNewUser: true,
          referralCode: body.referralCode,
          source: 'signup',
          isLockedDown: await isLockedDown(),
        });
        return signInAnswer(await signIn(req, user, 'password', { isNewUser: true }), {
          message: keyedMessage('server.registered'),
          isNewUser: true,
          ...referral,
        });
      },
    },

    login: {
      use: [perIp(30), perLoginAccount],
      handle: async ({ body, req, res }) => {
        const user = await loginUser(db, body, { isLockedOut: res.locals.isRateLimited === true });
        return signInAnswer(await signIn(req, user, 'password'), { message: keyedMessage('server.loggedIn') });
      },
    },

    google: {
      use: [perIp(30), perKey(10, googleSubjectKey), perNetworkBlock],
      handle: async ({ body, req, res }) => {
        const identity = await verifyGoogleToken(body.token);
        // Signing in stays open during lockdown; a new account waits for its end, as by email.
        const signedIn = await signInWithGoogle(db, identity, {
          beforeCreate: () => assertOpenFor(lockdown, undefined),
          choices: { language: body.language, theme: body.theme },
        });
        const { isNewUser } = signedIn;
        if (isNewUser) {
          res.locals.isCounted = true;
          deps.metrics?.countSignUp('google');
        }
        const { user, referral } = await applySignUpReferral(db, {
          hooks,
          user: signedIn.user,
          isNewUser,
          referralCode: body.referralCode,
          source: 'signup',
          isLockedDown: await isLockedDown(),
        });
        const message = isNewUser
          ? keyedMessage('identity.welcomeNewUser')
          : keyedMessage('identity.welcomeBack', { username: user.username });
        return signInAnswer(await signIn(req, user, 'google', { isNewUser }), { message, isNewUser, ...referral });
      },
    },

    telegram: {
      use: [perIp(60), perKey(20, telegramUserKey)],
      handle: async ({ body, req }) => {
        const initData = validInitData(body.initData);
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
          // A card's or t.me/<bot>/<app>?startapp=CODE link's code, when the client sent none: the
          // start_param of the signed initData (as the mini app reads it, `ref_` prefix allowed).
          referralCode: body.referralCode || referralCodeOfStartParam(initData.startParam),
          telegramId: initData.user.id,
          source: 'telegram',
          isLockedDown: await isLockedDown(),
        });
        const message = isNewUser
          ? keyedMessage('identity.welcomeNewUser')
          : keyedMessage('identity.welcomeBack', { username: user.username });
        return signInAnswer(await signIn(req, user, 'telegram', { isNewUser, telegram: initData.user }), {
          message,
          isNewUser,
          ...referral,
        });
      },
    },

    // Before sign-up: the caller's own Telegram identity (signed initData, never a bare id) keeps
    // a referral code to be applied at its first Telegram sign-in, like the bot's /start CODE.
    pendingReferral: {
      use: [perIp(30), perKey(10, telegramUserKey)],
      handle: async ({ body }) => {
        const initData = validInitData(body.initData);
        const result = await hooks.savePendingTelegramReferral?.({
          db,
          telegramId: initData.user.id,
          referralCode: body.referralCode,
        });
        if (!result) throw new AppError('NOT_FOUND', 'server.notFound');
        if (!result.saved && result.reason === 'invalid_code') {
          throw new AppError('NOT_FOUND', 'referrals.invalidCode');
        }
        return {
          success: true,
          saved: result.saved,
          ...keyedMessage(result.saved ? 'referrals.pendingSaved' : 'referrals.pendingAlreadyRegistered'),
          referrer: result.saved ? result.referrer : null,
        };
      },
    },

    // The same answer (status, body, time) whether or not the address names an account
    // (docs/decisions.md §39): the answer waits until FORGOT_PASSWORD_MIN_ANSWER_MS have passed.
    forgotPassword: {
      use: [perIp(10), perKey(3, accountKey)],
      handle: async ({ body, req }) => {
        const startedAt = performance.now();
        await requestPasswordReset(db, { email: body.email, baseUrl: mailBaseOf(req), key: config.encryptionKey });
        await delay(Math.max(0, FORGOT_PASSWORD_MIN_ANSWER_MS - (performance.now() - startedAt)));
        return { success: true, ...keyedMessage('identity.passwordResetRequested') };
      },
    },

    verifyEmail: {
      use: [perIp(30), perKey(10, resetTokenKey)],
      handle: async ({ body }) => {
        await verifyEmail(db, { token: body.token });
        return { success: true, ...keyedMessage('identity.emailVerified') };
      },
    },

    // Signed in; three mails an hour per account (each supersedes the previous link).
    resendVerificationEmail: {
      use: [perKey(3, signedInUserKey, 60)],
      handle: async ({ auth, req }) => {
        if (!config.mail.isEnabled) throw new AppError('MAIL_NOT_CONFIGURED', 'identity.mailNotConfigured');
        const { email } = await resendEmailVerification(db, {
          userId: auth.user.id,
          baseUrl: mailBaseOf(req),
          key: config.encryptionKey,
        });
        return { success: true, ...keyedMessage('identity.emailVerificationSent', { email }) };
      },
    },

    resetPassword: {
      use: [perIp(20), perKey(10, resetTokenKey)],
      handle: async ({ body }) => {
        await resetPassword(db, {
          token: body.token,
          password: body.password,
          code: body.code,
          key: config.encryptionKey,
          invalidations: deps.invalidations,
        });
        return { success: true, ...keyedMessage('identity.passwordResetDone') };
      },
    },

    tokenLogin: {
      use: [perIp(30)],
      handle: async ({ body, req }) => {
        const redeemed = await redeemLoginChallenge(db, body.token);
        const user = redeemed && (await findUserById(db, redeemed.userId));
        if (!redeemed || !user) throw new AppError('INVALID_LOGIN_TOKEN', 'identity.loginTokenInvalid');
        return signInAnswer(await signIn(req, user, redeemed.method), { message: keyedMessage('server.loggedIn') });
      },
    },

    verifyTwoFactor: {
      use: [perIp(30), perKey(10, challengeKey)],
      handle: async ({ body, req }) => {
        const { token, user } = await verifyTwoFactorSignIn(db, config, {
          challengeToken: body.token,
          verificationCode: body.verificationCode,
          client: clientOf(req),
        });
        return signInAnswer(
          { kind: 'session', token, user },
          { message: keyedMessage('server.loggedIn'), isNewUser: false },
        );
      },
    },

    loginToken: {
      use: [perKey(10, signedInUserKey)],
      handle: async ({ auth, req }) => {
        const baseUrl = config.telegram.miniappUrl ?? `${req.protocol}://${req.get('host')}`;
        const issued = await issueLoginToken({ db, lockdown }, { user: auth.user, baseUrl });
        return {
          success: true,
          ...keyedMessage('identity.loginTokenIssued'),
          token: issued.token,
          expiresAt: issued.expiresAt.toISOString(),
          url: issued.url,
        };
      },
    },

    authMe: {
      handle: async ({ auth }) => ({
        success: true,
        user: presentUser(auth.user),
        appSettings: await deps.miningSettings.get(),
      }),
    },

    logout: {
      handle: async ({ auth }) => {
        await revokeSession(db, deps.invalidations, auth.sessionId);
        return { success: true, ...keyedMessage('server.loggedOut') };
      },
    },
  } satisfies Partial<ApiHandlers>;
}

/** The referral code a Telegram start_param carries (`CODE` or `ref_CODE`), else undefined. */
function referralCodeOfStartParam(startParam: string | null): string | undefined {
  const code = startParam?.replace(/^ref[_-]/i, '');
  return code && referralCodeSchema.safeParse(code).success ? code : undefined;
}
