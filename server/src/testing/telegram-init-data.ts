import { createHmac, randomBytes } from 'node:crypto';

/** A bot token of the right shape for tests (never a real one). */
export const TEST_BOT_TOKEN = '123456789:TEST-bot-token_for-ziver-tests-000000';

export type TestTelegramUser = {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  is_premium?: boolean;
  allows_write_to_pm?: boolean;
  photo_url?: string;
};

/**
 * Builds a mini app `initData` string signed exactly as Telegram signs it: the fields sorted by
 * key as `key=value` lines, HMAC-SHA256 with the key HMAC-SHA256("WebAppData", botToken), hex,
 * appended as `hash`, the whole URL-encoded. Written independently of the server's validator
 * so a mistake there cannot hide in both.
 */
export function signInitData(options: {
  user: TestTelegramUser;
  botToken?: string;
  /** Unix seconds; defaults to now. */
  authDate?: number;
  /** Extra fields (e.g. start_param, chat_type, signature). */
  extra?: Record<string, string>;
}): string {
  const fields: Record<string, string> = {
    query_id: `AAH${randomBytes(9).toString('base64url')}`,
    user: JSON.stringify({ first_name: 'Test', language_code: 'en', allows_write_to_pm: true, ...options.user }),
    auth_date: String(options.authDate ?? Math.floor(Date.now() / 1000)),
    ...options.extra,
  };
  const dataCheckString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secretKey = createHmac('sha256', 'WebAppData')
    .update(options.botToken ?? TEST_BOT_TOKEN)
    .digest();
  const hash = createHmac('sha256', secretKey).update(dataCheckString).digest('hex');
  const params = new URLSearchParams(fields);
  params.set('hash', hash);
  return params.toString();
}

/** Changes one field of signed initData without re-signing it (a forgery). */
export function tamperInitData(initData: string, field: string, value: string): string {
  const params = new URLSearchParams(initData);
  params.set(field, value);
  return params.toString();
}

let nextId = 700_000_000;
/** A fresh Telegram user id for each call. */
export function nextTelegramId(): number {
  return nextId++ + Math.floor(Math.random() * 1000) * 1_000_000;
}
