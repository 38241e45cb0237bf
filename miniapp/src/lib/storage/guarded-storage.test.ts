import { describe, expect, it } from 'vitest';
import { createGuardedStorage, installStorageFallbacks, usableBrowserStorage } from './guarded-storage';

/** A window whose storage getters throw, as in a cross-site frame with third-party storage blocked. */
function blockedWindow(): Window {
  const denied = () => {
    throw new DOMException(
      "Failed to read the 'localStorage' property from 'Window': Access is denied for this document.",
      'SecurityError',
    );
  };
  return Object.defineProperties(
    {},
    {
      localStorage: { get: denied, configurable: true },
      sessionStorage: { get: denied, configurable: true },
    },
  ) as Window;
}

/** A storage that reads but refuses writes (quota exceeded, Safari private mode). */
function fullStorage(initial: Record<string, string>): Storage {
  const values = new Map(Object.entries(initial));
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    },
  };
}

describe('createGuardedStorage', () => {
  it('uses the browser storage when it works', () => {
    window.localStorage.clear();
    const storage = createGuardedStorage('local', window);
    storage.setItem('a', '1');
    expect(window.localStorage.getItem('a')).toBe('1');
    expect(storage.isMemoryOnly).toBe(false);
  });

  it('blocked storage (reading window.localStorage throws): never throws, keeps values in memory', () => {
    const win = blockedWindow();
    expect(() => win.localStorage).toThrow();
    expect(usableBrowserStorage('local', win)).toBeNull();

    const storage = createGuardedStorage('local', win);
    expect(storage.isMemoryOnly).toBe(true);
    expect(storage.getItem('session')).toBeNull();
    storage.setItem('session', '{"user":1}');
    expect(storage.getItem('session')).toBe('{"user":1}');
    storage.removeItem('session');
    expect(storage.getItem('session')).toBeNull();
    expect(createGuardedStorage('session', win).getItem('x')).toBeNull();
  });

  it('a storage that starts failing: falls back to memory, keeping what it could still read', () => {
    const win = { localStorage: fullStorage({ theme: 'light' }) } as unknown as Window;
    const storage = createGuardedStorage('local', win);
    expect(storage.isMemoryOnly).toBe(true); // the probe write failed
    storage.setItem('theme', 'dark');
    expect(storage.getItem('theme')).toBe('dark');
  });
});

describe('installStorageFallbacks', () => {
  it('replaces blocked window storages with in-memory ones, so libraries using them directly work', () => {
    const win = blockedWindow();
    expect(installStorageFallbacks(win)).toEqual(['local', 'session']);
    win.sessionStorage.setItem('tapps/launchParams', 'x');
    expect(win.sessionStorage.getItem('tapps/launchParams')).toBe('x');
    expect(win.localStorage.getItem('none')).toBeNull();
  });

  it('leaves working storages alone', () => {
    const before = window.localStorage;
    expect(installStorageFallbacks(window)).toEqual([]);
    expect(window.localStorage).toBe(before);
  });
});
