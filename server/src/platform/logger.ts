import { pino, stdSerializers, type Logger } from 'pino';
import type { Config } from './config.js';

export type { Logger };

/** Repeated error lines (same message and cause) are written at most this often per window. */
export const REPEATED_LINES_PER_WINDOW = 5;
export const REPEAT_WINDOW_MS = 10_000;

/** One structured logger; secrets in headers and bodies are redacted, repeated errors rate-limited. */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'logPretty'>,
  options: { destination?: pino.DestinationStream } = {},
): Logger {
  const limiter = createRepeatLimiter();
  return pino(
    {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-telegram-bot-api-secret-token"]',
          '*.password',
          '*.currentPassword',
          '*.newPassword',
          '*.token',
        ],
        censor: '[redacted]',
      },
      serializers: { err: serializeError },
      hooks: {
        logMethod(args, method, level) {
          if (level < 50) return method.apply(this, args);
          const verdict = limiter(lineKey(args));
          if (verdict === 'drop') return;
          if (verdict > 0 && typeof args[0] === 'object' && args[0] !== null) {
            const [obj, ...rest] = args as [Record<string, unknown>, ...unknown[]];
            return method.apply(this, [{ ...obj, suppressedRepeats: verdict }, ...rest] as Parameters<typeof method>);
          }
          return method.apply(this, args);
        },
      },
      ...(config.logPretty && !options.destination
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
        : {}),
    },
    options.destination,
  );
}

/** The message and the error's first line: lines with the same key are "the same line". */
function lineKey(args: unknown[]): string {
  const [first, second] = args;
  if (typeof first !== 'object' || first === null) return String(first).slice(0, 200);
  const o = first as {
    err?: { message?: unknown; code?: unknown };
    res?: { statusCode?: unknown };
    database?: unknown;
  };
  const errLine = typeof o.err?.message === 'string' ? o.err.message.split('\n')[0]!.slice(0, 120) : '';
  return [String(second), o.err?.code ?? '', errLine, o.res?.statusCode ?? '', o.database ?? ''].join('|');
}

/**
 * Per key: the first REPEATED_LINES_PER_WINDOW lines of a window pass; later ones are dropped
 * and counted; the first line of the next window carries the count ('drop' or the count to report).
 */
export function createRepeatLimiter(now: () => number = Date.now): (key: string) => 'drop' | number {
  const seen = new Map<string, { windowStart: number; written: number; dropped: number }>();
  return (key) => {
    const t = now();
    const entry = seen.get(key);
    if (!entry || t - entry.windowStart >= REPEAT_WINDOW_MS) {
      if (seen.size > 1_000) seen.clear();
      seen.set(key, { windowStart: t, written: 1, dropped: 0 });
      return entry?.dropped ?? 0;
    }
    if (entry.written < REPEATED_LINES_PER_WINDOW) {
      entry.written++;
      return 0;
    }
    entry.dropped++;
    return 'drop';
  };
}

/** Query parameters (emails, password hashes) never reach a log: not as a field, not in a message. */
const SENSITIVE_FIELDS: ReadonlySet<string> = new Set([
  'params',
  'parameters',
  'values',
  'detail',
  'where',
  'internalQuery',
]);

/** pino's error serializer, without query parameters and secrets, through the whole `cause` chain. */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  return scrubSerialized(stdSerializers.err(error), 0);
}

function scrubSerialized(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null || depth > 5) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (SENSITIVE_FIELDS.has(key)) continue;
    if (typeof v === 'string') out[key] = scrubText(v);
    else if (key === 'cause')
      out[key] = v instanceof Error ? scrubSerialized(stdSerializers.err(v), depth + 1) : scrubSerialized(v, depth + 1);
    else out[key] = v;
  }
  return out;
}

/** Drizzle's "Failed query: …\nparams: …" keeps the query and loses the parameters; argon2 hashes and bot tokens are masked. */
export function scrubText(text: string): string {
  return text
    .replace(/\nparams:[^\n]*/g, '\nparams: [redacted]')
    .replace(/\$argon2(?:id|i|d)\$[^\s,"']+/g, '[redacted argon2 hash]')
    .replace(/(?<!\d)\d{5,}:[A-Za-z0-9_-]{30,}/g, '[redacted bot token]');
}
