/**
 * The one way the app reaches Web Storage. In a cross-site frame with third-party storage
 * blocked (Telegram Web in Chrome incognito, "block third-party cookies"), merely reading
 * `window.localStorage` throws; elsewhere a full or disabled storage throws on write. Every
 * access goes through here: when the browser's storage cannot be used, the values live in
 * memory for the page's lifetime, and the app carries on (inside Telegram the session is
 * restored by signing in with Telegram again).
 */

export type StorageKind = 'local' | 'session';

/** A Storage backed by a Map: what the app uses when the browser's storage is blocked. */
export function createMemoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
}

/** The browser's storage when it can actually be read and written, else null (never throws). */
export function usableBrowserStorage(kind: StorageKind, win: Window | undefined = globalThis.window): Storage | null {
  try {
    const storage = kind === 'local' ? win?.localStorage : win?.sessionStorage;
    if (!storage) return null;
    const probe = '__ziver_storage_probe__';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

/**
 * A Storage that never throws: the browser's while it works, an in-memory one from the first
 * failure on (values written before are carried over when they can still be read).
 */
export function createGuardedStorage(
  kind: StorageKind,
  win: Window | undefined = globalThis.window,
): Storage & {
  /** True when values only live in memory (blocked or failing browser storage). */
  readonly isMemoryOnly: boolean;
} {
  let browser = usableBrowserStorage(kind, win);
  const memory = createMemoryStorage();

  const fallBack = () => {
    if (!browser) return;
    try {
      for (let i = 0; i < browser.length; i++) {
        const key = browser.key(i);
        if (key !== null) memory.setItem(key, browser.getItem(key) ?? '');
      }
    } catch {
      // Nothing more can be read from it.
    }
    browser = null;
  };
  const withStorage = <T>(run: (storage: Storage) => T): T => {
    if (browser) {
      try {
        return run(browser);
      } catch {
        fallBack();
      }
    }
    return run(memory);
  };

  return {
    get isMemoryOnly() {
      return browser === null;
    },
    get length() {
      return withStorage((s) => s.length);
    },
    clear: () => withStorage((s) => s.clear()),
    getItem: (key) => withStorage((s) => s.getItem(key)),
    key: (index) => withStorage((s) => s.key(index)),
    removeItem: (key) => withStorage((s) => s.removeItem(key)),
    setItem: (key, value) => withStorage((s) => s.setItem(key, value)),
  };
}

/**
 * Libraries that use Web Storage directly (the Telegram SDK keeps its launch parameters and
 * component state in `sessionStorage`) throw where the browser blocks it. When a storage
 * cannot be used, the window's `localStorage` / `sessionStorage` are replaced by in-memory
 * ones, so those libraries work for the page's lifetime. Returns the kinds replaced.
 */
export function installStorageFallbacks(win: Window | undefined = globalThis.window): StorageKind[] {
  if (!win) return [];
  const replaced: StorageKind[] = [];
  for (const kind of ['local', 'session'] as const) {
    if (usableBrowserStorage(kind, win)) continue;
    try {
      Object.defineProperty(win, kind === 'local' ? 'localStorage' : 'sessionStorage', {
        value: createMemoryStorage(),
        configurable: true,
        enumerable: true,
        writable: false,
      });
      replaced.push(kind);
    } catch {
      // Not replaceable here; the app's own accesses are guarded anyway.
    }
  }
  return replaced;
}

/** localStorage for the app: persistent where the browser allows it, in memory otherwise. */
export const guardedLocalStorage = createGuardedStorage('local');
/** sessionStorage for the app, with the same fallback. */
export const guardedSessionStorage = createGuardedStorage('session');
