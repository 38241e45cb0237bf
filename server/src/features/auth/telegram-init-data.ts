import { createHmac } from 'node:crypto';
import { AppError } from '@ziver/shared';
import { safeEqual } from '../../platform/crypto.js';

export type TelegramInitDataUser = {
  id: bigint;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  languageCode: string | null;
  /** Telegram Premium (`is_premium`; absent means no). */
  isPremium: boolean;
};

export type ValidatedInitData = {
  user: TelegramInitDataUser;
  authDate: Date;
  startParam: string | null;
};

/** How far in the future auth_date may be (clock skew between Telegram and us). */
const FUTURE_SKEW_SECONDS = 60;

/** The data-check-string of Telegram's spec: every field but `hash`, sorted by key, `key=value` lines. */
export function initDataCheckString(fields: Iterable<[string, string]>): string {
  return [...fields]
    .filter(([key]) => key !== 'hash')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

/** hex(HMAC_SHA256(HMAC_SHA256("WebAppData", botToken), dataCheckString)), as Telegram computes `hash`. */
export function initDataHash(botToken: string, dataCheckString: string): string {
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  return createHmac('sha256', secret).update(dataCheckString).digest('hex');
}

const invalid = () => new AppError('INVALID_TELEGRAM_DATA', 'identity.telegramDataInvalid');

/**
 * Validates a mini app's raw `initData` exactly as Telegram specifies
 * (https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app): the HMAC
 * over the sorted fields with the bot token, compared in constant time; then `auth_date` no
 * older than `maxAgeSeconds` and not in the future; then the `user` JSON. Never trust
 * initDataUnsafe: only what passes here identifies a Telegram user.
 */
export function validateTelegramInitData(
  raw: string,
  options: { botToken: string; maxAgeSeconds: number; now?: Date },
): ValidatedInitData {
  const params = new URLSearchParams(raw);
  const fields = [...params.entries()];
  const keys = new Set(fields.map(([key]) => key));
  if (keys.size !== fields.length) throw invalid(); // a repeated field is never Telegram's

  const hash = params.get('hash');
  if (!hash || !/^[0-9a-f]{64}$/.test(hash)) throw invalid();
  const expected = initDataHash(options.botToken, initDataCheckString(fields));
  if (!safeEqual(expected, hash)) throw invalid();

  const authDateText = params.get('auth_date');
  if (!authDateText || !/^\d{1,12}$/.test(authDateText)) throw invalid();
  const authDate = Number(authDateText);
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (authDate > nowSeconds + FUTURE_SKEW_SECONDS) throw invalid();
  if (nowSeconds - authDate > options.maxAgeSeconds) {
    throw new AppError('INVALID_TELEGRAM_DATA', 'identity.telegramDataExpired');
  }

  const user = parseUser(params.get('user'));
  if (!user) throw invalid();
  return { user, authDate: new Date(authDate * 1000), startParam: params.get('start_param') };
}

function parseUser(json: string | null): TelegramInitDataUser | null {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const u = value as Record<string, unknown>;
  if (typeof u.id !== 'number' || !Number.isSafeInteger(u.id) || u.id <= 0) return null;
  const text = (v: unknown, max: number) => (typeof v === 'string' && v.length > 0 ? v.slice(0, max) : null);
  const username = typeof u.username === 'string' && /^[A-Za-z0-9_]{4,32}$/.test(u.username) ? u.username : null;
  return {
    id: BigInt(u.id),
    username,
    firstName: text(u.first_name, 64),
    lastName: text(u.last_name, 64),
    languageCode: text(u.language_code, 16),
    isPremium: u.is_premium === true,
  };
}
