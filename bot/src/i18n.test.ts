import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@ziver/shared';
import { resolveLanguage, translate, type MessageKey } from './i18n.js';

const KEYS: MessageKey[] = [
  'balance.title',
  'balance.zp',
  'balance.seb',
  'balance.streak',
  'balance.mining_running',
  'balance.mining_ready',
  'balance.mining_idle',
  'account.not_linked',
  'connect.code',
  'connect.how',
  'connect.already_linked',
  'login.text',
  'login.open_at',
  'login.button',
  'login.lockdown',
  'private.only',
  'button.private_chat',
  'service.unavailable',
  'notify.mining_ready',
  'command.balance',
  'command.connect',
  'command.login',
  'start.greeting',
  'start.about',
  'start.invite',
  'start.tap_button',
  'start.open_at',
  'start.no_app',
  'start.private_chat',
  'button.open',
  'help.text',
  'fallback.unknown',
  'error.generic',
  'command.start',
  'command.help',
];

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('bot messages', () => {
  it('has every message in every language, with the same placeholders as English', () => {
    for (const language of LANGUAGES) {
      for (const key of KEYS) {
        const text = translate(language, key);
        expect(text.trim(), `${language} ${key}`).not.toBe('');
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(translate('en', key)));
      }
    }
  });

  it('keeps command descriptions within Telegram limits (3-256 characters)', () => {
    for (const language of LANGUAGES) {
      for (const key of [
        'command.start',
        'command.help',
        'command.balance',
        'command.connect',
        'command.login',
      ] as const) {
        expect(translate(language, key).length).toBeGreaterThanOrEqual(3);
        expect(translate(language, key).length).toBeLessThanOrEqual(256);
      }
    }
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'start.invite', { code: 'ABC' })).toBe(
      'Your invite code ABC is applied when you sign up in the app.',
    );
    expect(translate('en', 'start.open_at')).toBe('Open Ziver here: {url}');
  });

  it("picks the language from Telegram's language_code", () => {
    expect(resolveLanguage('es')).toBe('es');
    expect(resolveLanguage('es-419')).toBe('es');
    expect(resolveLanguage('FR')).toBe('fr');
    expect(resolveLanguage('zh-hans')).toBe('zh');
    expect(resolveLanguage('de_AT')).toBe('de');
    expect(resolveLanguage('pt-br')).toBe('en');
    expect(resolveLanguage('')).toBe('en');
    expect(resolveLanguage(undefined)).toBe('en');
  });
});
