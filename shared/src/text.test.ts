import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import { isSafeText, safeText } from './text.js';

describe('isSafeText', () => {
  it('accepts ordinary text, emoji (surrogate pairs), tabs and new lines', () => {
    for (const value of ['', 'hello', 'Hé 中文', '👋🏽', 'a\tb\r\nc']) expect(isSafeText(value), value).toBe(true);
  });

  it('refuses NUL, other control characters and lone surrogates anywhere', () => {
    for (const value of [
      '\u0000',
      'a\u0000',
      'a\u0001b',
      '\u001f',
      '\ud800',
      'a\ud800',
      '\udc00a',
      '\ud83d\ud83d',
      'x\udfffy',
    ]) {
      expect(isSafeText(value), JSON.stringify(value)).toBe(false);
    }
  });
});

describe('safeText', () => {
  it('fails with the one unsafe-text message and stops there', () => {
    const result = safeText().trim().min(5).safeParse('\u0000');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([MESSAGES.unsafeText]);
  });

  it('still behaves as the string schema it wraps', () => {
    expect(safeText().trim().min(2).parse('  ab ')).toBe('ab');
    expect(safeText({ error: 'must be text' }).safeParse(5).error?.issues[0]?.message).toBe('must be text');
  });
});
