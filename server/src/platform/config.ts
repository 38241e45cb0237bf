import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import webPush from 'web-push';
import { z } from 'zod';
import { MINING_CYCLE_HOURS_DEFAULT, MINING_REWARD_DEFAULT, TON_NETWORKS, type TonNetwork } from '@ziver/shared';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const httpUrl = z
  .string()
  .trim()
  .url()
  .refine((v) => /^https?:\/\//.test(v), 'must start with http:// or https://')
  .transform((v) => v.replace(/\/+$/, ''));

/** Every variable the server reads, with its default. `.env.example` documents the same list. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** How long a request waits for a PostgreSQL connection before it answers 503. */
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(300).default(5),
  /** Longest a single SQL statement may run (server-side statement_timeout; the client gives up 1 s later). */
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(15),
  /** A session idle inside an open transaction this long is ended by PostgreSQL. */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  /** SIGTERM/SIGINT: how long requests in flight may take to finish before their connections are cut. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(600).default(10),
  /** Longest a client may take to send the request headers (slow-header attacks). */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(20),
  /** Longest a client may take to send a whole request, headers and body (slow-body attacks). */
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]{0,64}$/, 'letters, digits and _ : . - only, at most 64')
    .default('ziver:'),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  JWT_EXPIRES_IN_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  MINING_CYCLE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(MINING_CYCLE_HOURS_DEFAULT),
  MINING_REWARD: z.coerce.number().positive().max(1_000_000).default(MINING_REWARD_DEFAULT),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanString.optional(),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** The hot path's door (platform/hot-routes.ts); 'off' only for the benchmark's A/B. */
  HOT_ROUTES: z.enum(['on', 'off']).default('on'),
  /** How often heartbeats kept in memory are written to users.last_seen_at. */
  PRESENCE_FLUSH_SECONDS: z.coerce.number().positive().max(300).default(30),
  INTEGRITY_INTERVAL_SECONDS: z.coerce.number().positive().max(86_400).default(300),
  /** Images decoded at once; unset: one less than the cores (at least 1). */
  IMAGE_DECODE_CONCURRENCY: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(64).optional()),
  /** Uploads waiting for a decode before more are refused with 503; unset: 4 per concurrent decode. */
  IMAGE_DECODE_QUEUE: optionalString.pipe(z.coerce.number<string | undefined>().int().min(0).max(1000).optional()),
  TRUST_PROXY: optionalString,
  MINIAPP_DIST: optionalString,
  /** Where users reach the operator (login page, suspended account, lockdown page); unset: "contact the operator", no address. */
  SUPPORT_EMAIL: optionalString.pipe(z.string().email().optional()),
  TELEGRAM_BOT_TOKEN: optionalString.pipe(
    z
      .string()
      .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'does not look like a bot token (123456:ABC...)')
      .optional(),
  ),
  TELEGRAM_BOT_USERNAME: optionalString,
  TELEGRAM_MINIAPP_SHORT_NAME: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_]{3,30}$/, 'must be the mini app short name from @BotFather (3-30 letters, digits or _)')
      .optional(),
  ),
  TELEGRAM_API_ROOT: httpUrl.default('https://api.telegram.org'),
  TELEGRAM_WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,256}$/, 'may only contain A-Z, a-z, 0-9, _ and -')
      .optional(),
  ),
  /** 'off' stops mining-ready notifications (they stay pending in the database and go out once turned on). */
  NOTIFICATIONS: z.enum(['on', 'off']).default('on'),
  NOTIFY_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(5),
  NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(5),
  NOTIFY_RETRY_SECONDS: z.coerce.number().min(0.05).max(86_400).default(30),
  NOTIFY_RATE_PER_SECOND: z.coerce.number().min(0.1).max(30).default(25),
  NOTIFY_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(50),
  NOTIFY_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(120),
  NOTIFY_SEND_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(60).default(8),
  ANNOUNCE_RATE_PER_SECOND: z.coerce.number().min(0.1).max(30).default(25),
  ANNOUNCE_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(2),
  ANNOUNCE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(3),
  ANNOUNCE_RETRY_SECONDS: z.coerce.number().min(0.05).max(3600).default(10),
  ANNOUNCE_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(50),
  /** 'off' sends no mail; unset: on, except under NODE_ENV=test. */
  MAIL: z.enum(['on', 'off']).optional(),
  /** The SMTP server mail goes through (smtp://user:pass@host:587, smtps://…:465); unset: .eml files in DATA_DIR/mail. */
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .refine((v) => v.startsWith('smtp://') || v.startsWith('smtps://'), 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('Ziver <no-reply@ziver.local>'),
  MAIL_RATE_PER_SECOND: z.coerce.number().min(0.1).max(1000).default(10),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(5),
  MAIL_RETRY_SECONDS: z.coerce.number().min(0.05).max(86_400).default(30),
  MAIL_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(5),
  /** 'off' sends no browser push; unset: on, except under NODE_ENV=test. */
  PUSH: z.enum(['on', 'off']).optional(),
  /** The VAPID key pair (base64url, as `web-push generate-vapid-keys` prints it); unset: generated once into DATA_DIR. */
  VAPID_PUBLIC_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be an uncompressed P-256 public key in base64url (87 characters)')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
      .optional(),
  ),
  /** Who the push services may contact about this server's pushes: a mailto: or https: URL. */
  VAPID_SUBJECT: optionalString.pipe(
    z
      .string()
      .refine((v) => v.startsWith('mailto:') || v.startsWith('https://'), 'must be a mailto: or https:// URL')
      .optional(),
  ),
  PUSH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(5),
  PUSH_RETRY_SECONDS: z.coerce.number().min(0.05).max(86_400).default(30),
  PUSH_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(5),
  /** A PEM file of extra certificate authorities trusted for the push services' TLS (a push service behind a private CA); unset: the system's. */
  PUSH_CA_FILE: optionalString,
  PUBLIC_URL: optionalString.pipe(httpUrl.optional()),
  MINIAPP_URL: optionalString.pipe(httpUrl.optional()),
  /** The TON Connect manifest the mini app connects with; unset: PUBLIC_URL's (or MINIAPP_URL's) /tonconnect-manifest.json. */
  TONCONNECT_MANIFEST_URL: optionalString.pipe(httpUrl.optional()),
  /** The TON network whose wallets may be linked. */
  TON_NETWORK: z.enum(TON_NETWORKS).default('mainnet'),
  /** Comma-separated hosts a ton_proof's domain may name; unset: the hosts of MINIAPP_URL and PUBLIC_URL. */
  TON_PROOF_DOMAINS: optionalString.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9.-]+(:\d{1,5})?(,[a-z0-9.-]+(:\d{1,5})?)*$/,
        'must be one host (lower case, e.g. app.example.com), or several separated by commas',
      )
      .optional(),
  ),
  /** Comma-separated OAuth client ids accepted as the `aud` of Google ID tokens; unset turns Google sign-in off. */
  GOOGLE_CLIENT_ID: optionalString.pipe(
    z
      .string()
      .regex(/^[\w.-]+(,[\w.-]+)*$/, 'must be one client id, or several separated by commas')
      .optional(),
  ),
  GOOGLE_JWKS_URL: httpUrl.default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Google's token-info endpoint, which checks OAuth access tokens (the browser's token client hands those out). */
  GOOGLE_TOKENINFO_URL: httpUrl.default('https://oauth2.googleapis.com/tokeninfo'),
  /** Enables GET /metrics (Prometheus), readable with `Authorization: Bearer <METRICS_TOKEN>`; unset: /metrics answers 404. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** Checks every API answer against the shared contract: strict (a mismatch answers 500), log, or off. */
  CONTRACT_CHECK: optionalString.pipe(z.enum(['strict', 'log', 'off']).optional()),
  TELEGRAM_INITDATA_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(60, 'must be at least 60 seconds')
    .max(30 * 86_400, 'must be at most 30 days (2592000 seconds)')
    .default(86_400),
  /** 32 bytes as 64 hex characters or base64; encrypts 2FA secrets at rest. Derived from JWT_SECRET when unset. */
  ENCRYPTION_KEY: optionalString.pipe(
    z
      .string()
      .refine((v) => parseEncryptionKey(v) !== undefined, 'must be 32 bytes: 64 hex characters or base64')
      .optional(),
  ),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** Timeouts of the PostgreSQL pool, in milliseconds (PGlite has no connections to wait for). */
  databaseTimeouts: { connectMs: number; statementMs: number; idleInTransactionMs: number };
  /** Graceful shutdown: in-flight requests get this long before their connections are cut. */
  shutdownTimeoutMs: number;
  /** Node's http server limits against slow clients. */
  http: { headersTimeoutMs: number; requestTimeoutMs: number };
  /** Shared state across instances (rate-limit counters); unset: kept in each process. */
  redisUrl: string | undefined;
  /** Prepended to every Redis key, so deployments (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  jwtSecret: string;
  jwtExpiresInHours: number;
  mining: { cycleHours: number; reward: number };
  logLevel: string;
  logPretty: boolean;
  /** Per-IP and per-account request limits; 'off' only for benchmarks and load tests. */
  isRateLimited: boolean;
  /** Whether the hot routes are answered before Express (HOT_ROUTES); off only for the benchmark's A/B. */
  hasHotRoutes: boolean;
  /** PRESENCE_FLUSH_SECONDS in ms: how often buffered heartbeats are written. */
  presenceFlushMs: number;
  /** INTEGRITY_INTERVAL_SECONDS in ms: how often the integrity job rescoring accounts runs. */
  integrityIntervalMs: number;
  /** Uploaded images decoded at once, and uploads that may wait their turn (platform/uploads/decode-queue.ts). */
  imageDecodes: { concurrency: number; maxWaiting: number };
  trustProxy: string | undefined;
  miniappDist: string | undefined;
  /** SUPPORT_EMAIL; null when unset (the app then says to contact the operator, with no address). */
  supportEmail: string | null;
  telegram: {
    botToken: string | undefined;
    botUsername: string | undefined;
    /** The mini app's short name (t.me/<bot>/<short name>), for direct links; undefined when not set up. */
    miniAppShortName: string | undefined;
    apiRoot: string;
    webhookSecret: string | undefined;
    publicUrl: string | undefined;
    miniappUrl: string | undefined;
    /** How old a mini app's initData may be when it signs in. */
    initDataMaxAgeSeconds: number;
  };
  /** Mining-ready notifications sent by the bot (only when the bot runs). */
  notifications: {
    isEnabled: boolean;
    pollSeconds: number;
    /** Tries per cycle before it is marked 'failed' (Telegram 429s do not count). */
    maxAttempts: number;
    /** First retry delay; doubles on each failed try (capped at one hour). */
    retrySeconds: number;
    /** Messages per second this instance sends at most (Telegram allows about 30/s per bot). */
    ratePerSecond: number;
    /** Finished cycles one instance claims per query. */
    batchSize: number;
    /** How long a claimed cycle or a started send is this instance's before another instance takes over. */
    leaseSeconds: number;
    /** Longest one sendMessage may take (connect, write, answer); its outcome is then unknown. */
    sendTimeoutSeconds: number;
  };
  /**
   * Announcements through the bot (only when the bot runs). Their lease and send timeout are the
   * notifications' (NOTIFY_LEASE_SECONDS, NOTIFY_SEND_TIMEOUT_SECONDS).
   */
  announcements: {
    /** Announcement messages per second one instance sends at most (also within NOTIFY_RATE_PER_SECOND overall). */
    ratePerSecond: number;
    pollSeconds: number;
    /** Tries per delivery (5xx, network errors) before it is 'failed'; 429s do not count. */
    maxAttempts: number;
    /** First pause after a failed try; doubles each time (at most 5 minutes). */
    retrySeconds: number;
    batchSize: number;
  };
  /** Outgoing mail (platform/mail/). */
  mail: MailConfig;
  /** Browser Web Push (platform/push/). */
  push: PushConfig;
  google: {
    /** Accepted audiences; empty means Google sign-in is off. */
    clientIds: string[];
    jwksUrl: string;
    /** Google's token-info endpoint, for OAuth access tokens. */
    tokenInfoUrl: string;
  };
  /** AES-256 key for secrets at rest (2FA secrets) and the pepper of backup-code hashes. */
  encryptionKey: Buffer;
  /** What happens to an API answer that breaks its contract schema (CONTRACT_CHECK). */
  contractCheck: 'strict' | 'log' | 'off';
  /** Bearer token of GET /metrics; unset: no metrics are kept and /metrics answers 404. */
  metricsToken: string | undefined;
  /** TON Connect wallet linking (issue 31); undefined when off (no manifest URL can be known). */
  wallet: WalletConfig | undefined;
};

export type WalletConfig = {
  /** What the mini app passes to TON Connect. */
  manifestUrl: string;
  network: TonNetwork;
  /** Hosts a ton_proof's domain may name (lower case, with a port when not the default one). */
  proofDomains: string[];
  /** The app's own URL, the `url` of the manifest this server serves; undefined when only an external manifest is known. */
  appUrl: string | undefined;
  /** Where this server is reached (the served manifest's icon URL starts with it). */
  publicUrl: string | undefined;
};

export type PushConfig = {
  isEnabled: boolean;
  /** The VAPID key pair, base64url (the public key is what browsers subscribe with). */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Where the keys came from: the environment, or the file generated once in DATA_DIR. */
  keySource: 'env' | 'generated';
  maxAttempts: number;
  /** First pause after a try the push service refused for now (429, 5xx); doubles each try (at most one hour). */
  retrySeconds: number;
  pollSeconds: number;
  /** PUSH_CA_FILE: extra certificate authorities for the push services' TLS. */
  caFile: string | undefined;
  /** What a notification opens (PUBLIC_URL, else http://localhost:PORT). */
  publicUrl: string;
};

/** What the console may show of the push set-up: where the keys come from and the public key, never the private one. */
export function describePushKeys(push: PushConfig): string {
  return push.keySource === 'env'
    ? 'VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY'
    : 'generated, kept in DATA_DIR/vapid-keys.json';
}

export type MailConfig = {
  isEnabled: boolean;
  /** The SMTP server's URL (credentials included: never logged or shown); undefined: .eml files in `dir`. */
  smtpUrl: string | undefined;
  from: string;
  ratePerSecond: number;
  maxAttempts: number;
  /** First pause after a refused or failed try; doubles each try (at most one hour). */
  retrySeconds: number;
  pollSeconds: number;
  /** Where mail is written without an SMTP server (DATA_DIR/mail). */
  dir: string;
  /** Links in mail start here (PUBLIC_URL, else http://localhost:PORT). */
  publicUrl: string;
};

/** What the console may show of the mail set-up: the SMTP host and port, never its credentials. */
export function describeMailTransport(mail: MailConfig): string {
  if (!mail.smtpUrl) return `.eml files in ${mail.dir}`;
  const url = new URL(mail.smtpUrl);
  return `${url.protocol}//${url.host}`;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses and validates the environment once. A bad variable fails start-up with a message
 * that names it. `jwtSecret` falls back to a secret generated once and kept in DATA_DIR.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { persistSecrets?: boolean } = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NOTIFY_LEASE_SECONDS <= e.NOTIFY_SEND_TIMEOUT_SECONDS) {
    throw new ConfigError(
      'Invalid configuration:\n  NOTIFY_LEASE_SECONDS: must be longer than NOTIFY_SEND_TIMEOUT_SECONDS (a send in flight must not outlive its lease)',
    );
  }
  // Telegram delivers webhooks only to https URLs: an http PUBLIC_URL would make setWebhook fail forever.
  if (e.TELEGRAM_BOT_TOKEN && e.PUBLIC_URL && !e.PUBLIC_URL.startsWith('https://')) {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL: must be an https:// URL when TELEGRAM_BOT_TOKEN is set (Telegram only delivers webhooks over https); unset it to use long polling',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const jwtSecret =
    e.JWT_SECRET ?? (options.persistSecrets === false ? randomBytes(32).toString('hex') : loadOrCreateSecret(dataDir));
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseTimeouts: {
      connectMs: Math.round(e.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000),
      statementMs: Math.round(e.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000),
      idleInTransactionMs: Math.round(e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS * 1000),
    },
    shutdownTimeoutMs: Math.round(e.SHUTDOWN_TIMEOUT_SECONDS * 1000),
    http: {
      headersTimeoutMs: Math.round(e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000),
      // Node requires requestTimeout >= headersTimeout.
      requestTimeoutMs: Math.round(Math.max(e.HTTP_REQUEST_TIMEOUT_SECONDS, e.HTTP_HEADERS_TIMEOUT_SECONDS) * 1000),
    },
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    jwtSecret,
    jwtExpiresInHours: e.JWT_EXPIRES_IN_HOURS,
    mining: { cycleHours: e.MINING_CYCLE_HOURS, reward: e.MINING_REWARD },
    logLevel: e.LOG_LEVEL,
    // Strict where tests and development run, so a broken shape fails them; logged in production.
    contractCheck: e.CONTRACT_CHECK ?? (e.NODE_ENV === 'production' ? 'off' : 'strict'),
    metricsToken: e.METRICS_TOKEN,
    logPretty: e.LOG_PRETTY ?? (e.NODE_ENV === 'development' && process.stdout.isTTY === true),
    isRateLimited: e.RATE_LIMITS === 'on',
    hasHotRoutes: e.HOT_ROUTES === 'on',
    presenceFlushMs: Math.round(e.PRESENCE_FLUSH_SECONDS * 1000),
    integrityIntervalMs: Math.round(e.INTEGRITY_INTERVAL_SECONDS * 1000),
    imageDecodes: imageDecodesOf(e.IMAGE_DECODE_CONCURRENCY, e.IMAGE_DECODE_QUEUE),
    trustProxy: e.TRUST_PROXY,
    miniappDist: e.MINIAPP_DIST,
    supportEmail: e.SUPPORT_EMAIL ?? null,
    telegram: {
      botToken: e.TELEGRAM_BOT_TOKEN,
      botUsername: e.TELEGRAM_BOT_USERNAME,
      miniAppShortName: e.TELEGRAM_MINIAPP_SHORT_NAME,
      apiRoot: e.TELEGRAM_API_ROOT,
      webhookSecret: e.TELEGRAM_WEBHOOK_SECRET,
      publicUrl: e.PUBLIC_URL,
      miniappUrl: e.MINIAPP_URL ?? e.PUBLIC_URL,
      initDataMaxAgeSeconds: e.TELEGRAM_INITDATA_MAX_AGE_SECONDS,
    },
    notifications: {
      isEnabled: e.NOTIFICATIONS === 'on',
      pollSeconds: e.NOTIFY_POLL_SECONDS,
      maxAttempts: e.NOTIFY_MAX_ATTEMPTS,
      retrySeconds: e.NOTIFY_RETRY_SECONDS,
      ratePerSecond: e.NOTIFY_RATE_PER_SECOND,
      batchSize: e.NOTIFY_BATCH_SIZE,
      leaseSeconds: e.NOTIFY_LEASE_SECONDS,
      sendTimeoutSeconds: e.NOTIFY_SEND_TIMEOUT_SECONDS,
    },
    announcements: {
      ratePerSecond: e.ANNOUNCE_RATE_PER_SECOND,
      pollSeconds: e.ANNOUNCE_POLL_SECONDS,
      maxAttempts: e.ANNOUNCE_MAX_ATTEMPTS,
      retrySeconds: e.ANNOUNCE_RETRY_SECONDS,
      batchSize: e.ANNOUNCE_BATCH_SIZE,
    },
    mail: {
      isEnabled: e.MAIL ? e.MAIL === 'on' : e.NODE_ENV !== 'test',
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      ratePerSecond: e.MAIL_RATE_PER_SECOND,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retrySeconds: e.MAIL_RETRY_SECONDS,
      pollSeconds: e.MAIL_POLL_SECONDS,
      dir: path.join(dataDir, 'mail'),
      publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    },
    push: pushConfigOf(e, dataDir, options.persistSecrets !== false),
    google: {
      clientIds: e.GOOGLE_CLIENT_ID ? e.GOOGLE_CLIENT_ID.split(',') : [],
      jwksUrl: e.GOOGLE_JWKS_URL,
      tokenInfoUrl: e.GOOGLE_TOKENINFO_URL,
    },
    encryptionKey: (e.ENCRYPTION_KEY && parseEncryptionKey(e.ENCRYPTION_KEY)) || deriveEncryptionKey(jwtSecret),
    wallet: walletConfigOf(e),
  };
}

/**
 * Wallets are on when a manifest URL is known: set, or this server's own manifest under
 * PUBLIC_URL (else MINIAPP_URL). A proof's domain must be one of TON_PROOF_DOMAINS, by default
 * the hosts of the app's URLs (TON Connect wallets put the manifest `url`'s host there).
 */
function walletConfigOf(e: z.infer<typeof envSchema>): WalletConfig | undefined {
  const appUrl = e.MINIAPP_URL ?? e.PUBLIC_URL;
  const publicUrl = e.PUBLIC_URL ?? e.MINIAPP_URL;
  const manifestUrl = e.TONCONNECT_MANIFEST_URL ?? (publicUrl && `${publicUrl}/tonconnect-manifest.json`);
  if (!manifestUrl) return undefined;
  const defaultHosts = [e.MINIAPP_URL, e.PUBLIC_URL, appUrl ? undefined : manifestUrl].flatMap((url) =>
    url ? [new URL(url).host.toLowerCase()] : [],
  );
  const proofDomains = e.TON_PROOF_DOMAINS ? e.TON_PROOF_DOMAINS.split(',') : [...new Set(defaultHosts)];
  return { manifestUrl, network: e.TON_NETWORK, proofDomains, appUrl, publicUrl };
}

/**
 * A decode keeps a core busy for up to a second per large image: by default one core is left to
 * everything else (sign-ins hash with argon2, CPU too), and four uploads per decode may wait.
 */
function imageDecodesOf(concurrency: number | undefined, maxWaiting: number | undefined) {
  const decodes = concurrency ?? Math.max(1, availableParallelism() - 1);
  return { concurrency: decodes, maxWaiting: maxWaiting ?? 4 * decodes };
}

function parseEncryptionKey(value: string): Buffer | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const key = Buffer.from(value, value.includes('-') || value.includes('_') ? 'base64url' : 'base64');
    if (key.length === 32) return key;
  }
  return undefined;
}

/**
 * Without ENCRYPTION_KEY the key is derived from the JWT secret (HKDF-SHA256), so a fresh
 * install needs nothing. Rotating JWT_SECRET then makes stored 2FA secrets unreadable: set
 * ENCRYPTION_KEY in production to decouple them.
 */
function deriveEncryptionKey(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'ziver', 'ziver:encryption-key:v1', 32));
}

function pushConfigOf(e: z.infer<typeof envSchema>, dataDir: string, isPersisted: boolean): PushConfig {
  const isEnabled = e.PUSH ? e.PUSH === 'on' : e.NODE_ENV !== 'test';
  const fromEnv = e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY;
  const keys = fromEnv
    ? { publicKey: e.VAPID_PUBLIC_KEY!, privateKey: e.VAPID_PRIVATE_KEY! }
    : isEnabled && isPersisted
      ? loadOrCreateVapidKeys(dataDir)
      : createVapidKeys();
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    isEnabled,
    vapid: {
      ...keys,
      subject: e.VAPID_SUBJECT ?? (publicUrl.startsWith('https://') ? publicUrl : 'mailto:push@ziver.local'),
    },
    keySource: fromEnv ? 'env' : 'generated',
    maxAttempts: e.PUSH_MAX_ATTEMPTS,
    retrySeconds: e.PUSH_RETRY_SECONDS,
    pollSeconds: e.PUSH_POLL_SECONDS,
    caFile: e.PUSH_CA_FILE,
    publicUrl,
  };
}

/** A fresh VAPID key pair (P-256), base64url: the public key uncompressed (65 bytes), the private one 32 bytes. */
function createVapidKeys(): { publicKey: string; privateKey: string } {
  return webPush.generateVAPIDKeys();
}

/** The VAPID keys generated once into DATA_DIR (like the JWT secret), so subscriptions outlive restarts. */
function loadOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    }
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = createVapidKeys();
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
