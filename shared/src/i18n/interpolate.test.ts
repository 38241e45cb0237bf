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

describe('one interpolation', () => {
  it('no source fills {name} placeholders by hand (contract paths are URLs, not texts)', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '../../..');
    // Paths are URLs, not texts; interpolate.ts is the one place that knows the delimiters.
    const pathFillers = new Set([
      'shared/src/contract/paths.ts',
      'server/src/platform/contract-routes.ts',
      'shared/src/i18n/interpolate.ts',
    ]);
    const handWritten = /\.replace(?:All)?\(\s*(?:'\{|"\{|`\{|\/\\\{)/;
    const found: string[] = [];
    for (const dir of ['shared/src', 'server/src', 'bot/src', 'miniapp/src']) {
      for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
        const file = path.relative(root, path.join(entry.parentPath, entry.name));
        if (!pathFillers.has(file) && handWritten.test(readFileSync(path.join(root, file), 'utf8'))) found.push(file);
      }
    }
    expect(found).toEqual([]);
  });
});
