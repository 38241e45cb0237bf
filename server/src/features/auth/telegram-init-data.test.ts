import { describe, expect, it } from 'vitest';
import { AppError, IDENTITY_MESSAGES } from '@ziver/shared';
import { signInitData, tamperInitData, TEST_BOT_TOKEN } from '../../testing/telegram-init-data.js';
import { validateTelegramInitData } from './telegram-init-data.js';

const now = () => Math.floor(Date.now() / 1000);
const validate = (raw: string, maxAgeSeconds = 86_400) =>
  validateTelegramInitData(raw, { botToken: TEST_BOT_TOKEN, maxAgeSeconds });

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('validateTelegramInitData', () => {
  const user = { id: 424242, username: 'alice_tg', first_name: 'Alice', last_name: 'Ä', language_code: 'de' };

  it('accepts initData signed as Telegram signs it and reads the user', () => {
    const result = validate(signInitData({ user, extra: { start_param: 'REF123', chat_type: 'sender' } }));
    expect(result.user).toEqual({
      id: 424242n,
      username: 'alice_tg',
      firstName: 'Alice',
      lastName: 'Ä',
      languageCode: 'de',
      isPremium: false,
    });
    expect(validate(signInitData({ user: { ...user, is_premium: true } })).user.isPremium).toBe(true);
    expect(result.startParam).toBe('REF123');
    expect(Math.abs(result.authDate.getTime() - Date.now())).toBeLessThan(5_000);
  });

  it('includes every field but hash in the check, signature too (Bot API 8.0 initData)', () => {
    const signed = signInitData({ user, extra: { signature: 'c2lnbmF0dXJl' } });
    expect(validate(signed).user.id).toBe(424242n);
    const params = new URLSearchParams(signed);
    params.delete('signature');
    expect(refusal(() => validate(params.toString())).code).toBe('INVALID_TELEGRAM_DATA');
  });

  it('refuses a tampered user, a wrong bot token, a missing or malformed hash, and repeated fields', () => {
    const signed = signInitData({ user });
    const forgedUser = tamperInitData(signed, 'user', JSON.stringify({ ...user, id: 1 }));
    const otherBot = signInitData({ user, botToken: '987654321:ANOTHER-bot-token-abcdefghijklmn' });
    const noHash = new URLSearchParams(signed);
    noHash.delete('hash');
    const upperHash = tamperInitData(signed, 'hash', new URLSearchParams(signed).get('hash')!.toUpperCase());
    const repeated = `${signed}&auth_date=${now()}`;
    for (const raw of [forgedUser, otherBot, noHash.toString(), upperHash, repeated, '', 'garbage']) {
      const error = refusal(() => validate(raw));
      expect(error).toMatchObject({ code: 'INVALID_TELEGRAM_DATA', message: IDENTITY_MESSAGES.telegramDataInvalid });
      expect(error.status).toBe(401);
    }
  });

  it('refuses initData older than the limit with the "expired" message, and auth_date far in the future', () => {
    const old = signInitData({ user, authDate: now() - 3601 });
    expect(refusal(() => validate(old, 3600))).toMatchObject({
      code: 'INVALID_TELEGRAM_DATA',
      message: IDENTITY_MESSAGES.telegramDataExpired,
    });
    expect(validate(signInitData({ user, authDate: now() - 3500 }), 3600).user.id).toBe(424242n);
    expect(refusal(() => validate(signInitData({ user, authDate: now() + 600 }))).message).toBe(
      IDENTITY_MESSAGES.telegramDataInvalid,
    );
    expect(validate(signInitData({ user, authDate: now() + 30 })).user.id).toBe(424242n);
  });

  it('refuses a signed payload without a usable user', () => {
    const noUser = new URLSearchParams(signInitData({ user }));
    expect(refusal(() => validate(signInitData({ user: { id: -5 } }))).code).toBe('INVALID_TELEGRAM_DATA');
    noUser.delete('user');
    expect(refusal(() => validate(noUser.toString())).code).toBe('INVALID_TELEGRAM_DATA');
  });

  it('drops a username that is not a Telegram username', () => {
    expect(validate(signInitData({ user: { id: 5, username: 'bad name!' } })).user.username).toBeNull();
  });
});
