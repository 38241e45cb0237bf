import { existsSync, readFileSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express, type RequestHandler } from 'express';
import expressStaticGzip, { type ExpressStaticGzipOptions } from 'express-static-gzip';
import type { AppDeps, AppState } from './platform/deps.js';
import { API_PREFIX, errorHandler, notFoundHandler, rejectUnsafePath } from './platform/http.js';
import { authRoutes } from './features/auth/routes.js';
import { TELEGRAM_WEBHOOK_PATH } from '@ziver/shared';
import { healthRoutes } from './features/health/routes.js';
import { miningRoutes } from './features/mining/routes.js';
import type { MiningState } from './features/mining/mining-state.js';
import { createClaimBatcher } from './features/mining/claim-mining-reward.js';
import { createMiningSettingsCache } from './features/mining/mining-settings.js';
import { createStatusCache } from './features/mining/status-cache.js';
import { userRoutes } from './features/users/routes.js';
import { referralRoutes } from './features/referrals/routes.js';
import { leaderboardRoutes } from './features/leaderboard/routes.js';
import { contractRouter, hotRoutesOf, type ApiHandlers } from './platform/contract-routes.js';
import { createReferralSignUpHooks } from './features/referrals/sign-up-hooks.js';
import { taskRoutes } from './features/tasks/routes.js';
import type { ChannelMembershipChecker } from './features/tasks/evaluate-task.js';
import { telegramRoutes } from './features/telegram/routes.js';
import { transactionRoutes } from './features/transactions/routes.js';
import { systemRoutes } from './features/system/routes.js';
import { settingsRoutes } from './features/settings/routes.js';
import { feedbackRoutes } from './features/feedback/routes.js';
import { fileRoutes } from './features/files/routes.js';
import { noticeRoutes } from './features/notices/routes.js';
import { createTonConnectManifestRouter, walletRoutes } from './features/wallet/routes.js';
import { withHotRoutes, type HotRoute } from './platform/hot-routes.js';
import { createLockdownCache, lockdownGuard } from './platform/lockdown.js';
import { createAuthState } from './platform/auth.js';
import { createInvalidationBus } from './platform/invalidation.js';
import { createLimiterNames } from './platform/rate-limit.js';
import { createSessionCache } from './platform/session-cache.js';
import { installRequestLogger } from './platform/request-log.js';
import { metricsEndpoint } from './platform/metrics.js';
import type { RequestConcern } from './platform/request-concern.js';
import { expressDoor, requestConcerns } from './platform/request-pipeline.js';
import {
  inlineScriptHashes,
  recordSecurityHeaders,
  withScriptHashes,
  type RecordedHeaders,
} from './platform/security-headers.js';
import { createDatabaseFileStorage } from './platform/storage/database-storage.js';
import { checkResponses } from './platform/contract-check.js';
import { createApiDocsRouter } from './features/api-docs/routes.js';
import { adminRoutes } from './features/admin/routes.js';
import { integrityRoutes } from './features/integrity/routes.js';
import { createSignInSignals } from './features/integrity/sign-in-signals.js';
import { announcementRoutes } from './features/admin/announcement-routes.js';
import type { SendAdminMessage } from './features/admin/message-user.js';
import type { SavePreparedInlineMessage } from './features/telegram/share-referral-card.js';

const DEFAULT_MINIAPP_DIST = fileURLToPath(new URL('../../miniapp/dist', import.meta.url));
const SERVER_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export type AppExtras = {
  /** The bot's webhook handler, mounted at /api/telegram/webhook when the bot runs in webhook mode. */
  telegramWebhook?: RequestHandler;
  botStatus?: () => 'off' | 'starting' | 'on';
  /** Channel tasks' membership check, when the bot runs. */
  checkChannelMembership?: ChannelMembershipChecker | undefined;
  /** The bot's @username once known (GET /api/telegram/connection-status). */
  botUsername?: () => string | undefined;
  /** The bot's one-message sender (admin messages to one user), when the bot runs. */
  sendAdminMessage?: SendAdminMessage | undefined;
  /** The bot's savePreparedInlineMessage (the referral card), when the bot runs. */
  savePreparedInlineMessage?: SavePreparedInlineMessage | undefined;
};

/**
 * An app's in-memory state (AppDeps' AppState): every cache, memo and counter it keeps, new for
 * each app. The one place it is created; nothing in server/ or bot/ keeps state in a module
 * (docs/decisions.md §26, guarded by module-state.test.ts).
 */
export function createAppState(deps: Pick<AppDeps, 'config' | 'database' | 'logger'>): AppState {
  const { db } = deps.database;
  const invalidations = createInvalidationBus();
  return {
    invalidations,
    auth: createAuthState(db, createSessionCache(invalidations)),
    miningSettings: createMiningSettingsCache(db, invalidations, deps.config.mining),
    lockdown: createLockdownCache(db, deps.logger),
    limiterNames: createLimiterNames(),
  };
}

/** The mining feature's own state: the status rows and the claim batcher, one per app. */
function createMiningState(deps: AppDeps): MiningState {
  const { db } = deps.database;
  return { statusCache: createStatusCache(db, deps.invalidations), claims: createClaimBatcher(db) };
}

/**
 * The server's request listener: the hot routes' plain case answered before Express
 * (platform/hot-routes.ts), everything else by the Express app; both doors run the same
 * per-request concerns (platform/request-pipeline.ts). HOT_ROUTES=off (the benchmark's A/B only)
 * leaves every request to Express.
 */
export function createRequestListener(deps: AppDeps, extras: AppExtras = {}): RequestListener {
  const { app, concerns, hotRoutes } = buildApp(deps, extras);
  if (!deps.config.hasHotRoutes) return app;
  const { config, logger, auth, lockdown } = deps;
  return withHotRoutes(app, { config, logger, auth, lockdown, concerns }, hotRoutes);
}

/** helmet's headers with the CSP hashes of the built page's inline scripts. */
function appSecurityHeaders(deps: AppDeps): RecordedHeaders {
  return recordSecurityHeaders(withScriptHashes(builtPageScriptHashes(miniappDistOf(deps))));
}

const miniappDistOf = (deps: AppDeps) => deps.config.miniappDist ?? DEFAULT_MINIAPP_DIST;

/** Builds the Express app: the API under /api and the built mini app at /. */
export function createApp(deps: AppDeps, extras: AppExtras = {}): Express {
  return buildApp(deps, extras).app;
}

/** The Express app, the concerns its door runs and the routes the hot path may answer. */
function buildApp(
  deps: AppDeps,
  extras: AppExtras,
): { app: Express; concerns: RequestConcern[]; hotRoutes: HotRoute[] } {
  const mining = createMiningState(deps);
  const concerns = requestConcerns({ logger: deps.logger, headers: appSecurityHeaders(deps), metrics: deps.metrics });
  const app = express();
  app.disable('x-powered-by');
  if (deps.config.trustProxy) {
    const value = deps.config.trustProxy;
    app.set('trust proxy', /^\d+$/.test(value) ? Number(value) : value === 'true' ? true : value);
  }

  // JSON answers carry no ETag: clients poll them and never revalidate (static files keep theirs).
  app.set('etag', false);

  const dist = miniappDistOf(deps);
  app.use(expressDoor(concerns));
  installRequestLogger(app, deps.logger);

  const storage = createDatabaseFileStorage(deps.database.db, deps.config.encryptionKey);
  const handlers: ApiHandlers = {
    ...miningRoutes(deps, mining),
    ...healthRoutes(deps, extras.botStatus),
    ...systemRoutes(deps),
    ...referralRoutes(deps),
    ...transactionRoutes(deps),
    ...authRoutes(deps, createReferralSignUpHooks(deps), createSignInSignals(deps)),
    ...userRoutes(deps, storage),
    ...feedbackRoutes(deps, storage),
    ...fileRoutes(storage),
    ...taskRoutes(deps, { checkChannelMembership: extras.checkChannelMembership }),
    ...telegramRoutes(deps, {
      botUsername: extras.botUsername,
      storage,
      savePreparedInlineMessage: extras.savePreparedInlineMessage,
    }),
    ...settingsRoutes(deps),
    ...noticeRoutes(deps),
    ...walletRoutes(deps, { botUsername: extras.botUsername }),
    ...leaderboardRoutes(deps),
    ...announcementRoutes(deps, { sendAdminMessage: extras.sendAdminMessage, botStatus: extras.botStatus }),
    ...adminRoutes(deps),
    ...integrityRoutes(deps),
  };
  const api = express.Router();
  // No body parser: the webhook checks its secret before reading the body, then parses it itself.
  if (extras.telegramWebhook) api.post(TELEGRAM_WEBHOOK_PATH, extras.telegramWebhook);
  api.use(rejectUnsafePath);
  api.use(jsonBody(express.json({ limit: '100kb' })));
  api.use(checkResponses(deps.config.contractCheck, deps.logger));
  api.use(createApiDocsRouter({ version: SERVER_VERSION }));
  api.use(lockdownGuard(deps));
  api.use(contractRouter(handlers, { db: deps.database.db, config: deps.config, auth: deps.auth }));
  api.use(notFoundHandler);
  api.use(errorHandler(deps.logger));
  app.use(API_PREFIX, api);
  app.get('/metrics', metricsEndpoint(deps.metrics, deps.config.metricsToken));

  app.use(createTonConnectManifestRouter(deps, dist));
  serveMiniApp(app, dist, deps);
  app.use(errorHandler(deps.logger));
  return { app, concerns, hotRoutes: hotRoutesOf(handlers) };
}

/**
 * Runs the body parser only for requests that have a body (Content-Length or
 * Transfer-Encoding): a GET skips it. Without a body the parser would leave req.body
 * undefined anyway.
 */
function jsonBody(parser: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const { headers } = req;
    if (headers['transfer-encoding'] === undefined && headers['content-length'] === undefined) return next();
    parser(req, res, next);
  };
}

/**
 * The CSP hashes of the built index.html's inline scripts, read once at start (a rebuild that
 * changes them needs a restart, as new asset names do). None when the mini app is not built.
 */
function builtPageScriptHashes(dist: string): string[] {
  const index = path.join(dist, 'index.html');
  return existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
}

function serveMiniApp(app: Express, dist: string, deps: AppDeps): void {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) {
    deps.logger.warn({ dist }, 'mini app is not built: only the API is served (run `npm run build`)');
    app.get('/', (_req, res) => {
      res.type('text').send('Ziver API is running. The mini app is not built: run `npm run build` or `npm start`.');
    });
    return;
  }
  // The build writes .br and .gz beside each text file (miniapp/build/precompress.ts): they are
  // sent by Accept-Encoding (brotli first) with Vary, nothing is compressed per request.
  const compressed = (root: string, serveStatic: ExpressStaticGzipOptions['serveStatic']) =>
    expressStaticGzip(root, { enableBrotli: true, orderPreference: ['br', 'gzip'], index: false, serveStatic });
  // Hashed assets are immutable; index.html must always be revalidated.
  app.use('/assets', compressed(path.join(dist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  // The service worker (browser push) is revalidated on every load, so a new one takes over at once.
  app.use(
    compressed(dist, {
      index: false,
      maxAge: '1h',
      setHeaders: (res, file) => {
        // sw.js, or the sw.js.br / sw.js.gz sent for it.
        if (/^sw\.js(\.br|\.gz)?$/.test(path.basename(file))) res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
  const shell = compressed(dist, {
    index: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
  });
  app.get(/^(?!\/api\/).*/, (req, res, next) => {
    req.url = '/index.html';
    shell(req, res, next);
  });
}
