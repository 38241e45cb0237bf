import { describe, expect, it } from 'vitest';
import de from './de';
import en from './en';
import es from './es';
import fr from './fr';
import zh from './zh';
import { ADMIN_ACTIONS, NOTIFICATION_QUEUES } from '@ziver/shared';

/** Leaf paths joined by '/' (action names contain dots). */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}/${key}` : key));
}

describe('admin console locales', () => {
  it.each([
    ['es', es],
    ['fr', fr],
    ['de', de],
    ['zh', zh],
  ])('%s has exactly the English keys, none empty', (_name, locale) => {
    expect(keysOf(locale).sort()).toEqual(keysOf(en).sort());
    for (const key of keysOf(locale)) {
      const text = key.split('/').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locale);
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
    }
  });

  it('names every audit action', () => {
    expect(Object.keys(en.audit.actions).sort()).toEqual([...ADMIN_ACTIONS].sort());
  });

  it('names every notification queue of the dashboard', () => {
    expect(Object.keys(en.dashboard.queues).sort()).toEqual([...NOTIFICATION_QUEUES].sort());
  });
});
