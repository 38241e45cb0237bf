import { describe, expect, it } from 'vitest';
import { interpolate, PLACEHOLDERS } from './interpolate.js';
import { renderMessage } from './index.js';

describe('interpolate (i18next with { } delimiters)', () => {
  it('fills every placeholder, each occurrence, numbers as written', () => {
    expect(interpolate('{user} has {count} points, {user}', { user: 'alice', count: 1234.5 })).toBe(
      'alice has 1234.5 points, alice',
    );
  });

  it('keeps a placeholder with no value as written, and values as given (no HTML escaping, no $ patterns)', () => {
    expect(interpolate('Hi {name}, {missing}', { name: '<b>$1 & $&</b>' })).toBe('Hi <b>$1 & $&</b>, {missing}');
    expect(interpolate('no placeholders', {})).toBe('no placeholders');
  });

  it('is what the message list renders with, in every language', () => {
    expect(renderMessage('fr', 'identity.welcomeBack', { username: 'bob' })).toContain('bob');
    expect(PLACEHOLDERS).toEqual({ prefix: '{', suffix: '}', escapeValue: false });
  });
});
