import { describe, expect, it, vi } from 'vitest';
import { buildSession, buildUser } from '@/testing/factories';
import { createFakeTelegramBridge, type FakeTelegramBridge } from '@/lib/platform/fake-telegram-bridge';
import { createSessionStore, DEFAULT_APP_SETTINGS } from '@/lib/session';
import { createMemoryStorage } from '@/lib/storage/guarded-storage';
import { restoreTelegramSession, startTelegramSessionBackup, TELEGRAM_SESSION_KEY } from './telegram-session-backup';

/** One launch of the mini app with the browser's storage blocked: a fresh store and backup. */
function launch(bridge: FakeTelegramBridge) {
  const store = createSessionStore(createMemoryStorage());
  const stop = startTelegramSessionBackup({ cloud: bridge.cloudStorage(), store, isNeeded: () => true });
  return { store, stop };
}

const methods = (bridge: FakeTelegramBridge) => bridge.cloudCalls.map((call) => call.method);
const isDeleted = (bridge: FakeTelegramBridge) =>
  expect.poll(() => bridge.cloudValues.has(TELEGRAM_SESSION_KEY)).toBe(false);

describe('the session copy in Telegram CloudStorage', () => {
  it('keeps only the token, writes it once per token, and is deleted on sign-out', async () => {
    const bridge = createFakeTelegramBridge();
    const { store, stop } = launch(bridge);

    store.set(buildSession({ token: 'tok-1', user: { username: 'alice' } }));
    store.updateUser(buildUser({ zp_balance: 99 }));
    await expect.poll(() => bridge.cloudValues.get(TELEGRAM_SESSION_KEY)).toBe('tok-1');

    store.clear();
    await isDeleted(bridge);
    // Calls reach Telegram one after another: nothing was written between the token and the delete.
    expect(methods(bridge)).toEqual(['get', 'set', 'remove']);
    stop();
  });

  it('writes nothing on a later launch whose token the copy already holds, and writes a new token', async () => {
    const bridge = createFakeTelegramBridge();
    bridge.cloudValues.set(TELEGRAM_SESSION_KEY, 'tok-1');
    const { store, stop } = launch(bridge);

    store.set(buildSession({ token: 'tok-1' }));
    store.set(buildSession({ token: 'tok-2' }));
    await expect.poll(() => bridge.cloudValues.get(TELEGRAM_SESSION_KEY)).toBe('tok-2');
    expect(bridge.cloudCalls).toEqual([
      { method: 'get', key: TELEGRAM_SESSION_KEY },
      { method: 'set', key: TELEGRAM_SESSION_KEY },
    ]);
    stop();
  });

  it('is not written when the browser keeps the session, but a stale copy is still deleted on sign-out', async () => {
    const bridge = createFakeTelegramBridge();
    bridge.cloudValues.set(TELEGRAM_SESSION_KEY, 'old');
    const store = createSessionStore(createMemoryStorage());
    store.set(buildSession({ token: 'tok-2' }));
    startTelegramSessionBackup({ cloud: bridge.cloudStorage(), store, isNeeded: () => false });
    store.clear();
    await isDeleted(bridge);
    expect(methods(bridge)).toEqual(['remove']);
  });

  it('does nothing on a client without CloudStorage', () => {
    const bridge = createFakeTelegramBridge({}, { hasCloudStorage: false });
    const store = createSessionStore(createMemoryStorage());
    const stop = startTelegramSessionBackup({ cloud: bridge.cloudStorage(), store, isNeeded: () => true });
    store.set(buildSession());
    expect(bridge.cloudValues.size).toBe(0);
    stop();
  });

  it('is restored from the token alone, with the user fetched from the server', async () => {
    const bridge = createFakeTelegramBridge();
    const cloud = bridge.cloudStorage();
    const verify = vi.fn(async (token: string) =>
      token === 'good' ? buildUser({ username: 'fresh', zp_balance: 7 }) : null,
    );
    expect(await restoreTelegramSession({ cloud, verify })).toBeNull();
    expect(verify).not.toHaveBeenCalled();

    bridge.cloudValues.set(TELEGRAM_SESSION_KEY, 'good');
    const restored = await restoreTelegramSession({ cloud, verify });
    expect(verify).toHaveBeenCalledWith('good');
    expect(restored).toEqual({
      user: { ...buildUser({ username: 'fresh', zp_balance: 7 }), token: 'good' },
      appSettings: DEFAULT_APP_SETTINGS,
    });
  });

  it('restores an old copy of the whole session by its token, and rewrites it once as the token', async () => {
    const bridge = createFakeTelegramBridge();
    const old = buildSession({ token: 'good', user: { username: 'stale', zp_balance: 1 } });
    bridge.cloudValues.set(TELEGRAM_SESSION_KEY, JSON.stringify(old));
    const verify = async (token: string) => (token === 'good' ? buildUser({ username: 'fresh' }) : null);

    const first = launch(bridge);
    const restored = await restoreTelegramSession({ cloud: bridge.cloudStorage(), verify });
    expect(restored?.user).toMatchObject({ token: 'good', username: 'fresh' });
    first.store.set(restored!);
    await expect.poll(() => bridge.cloudValues.get(TELEGRAM_SESSION_KEY)).toBe('good');
    first.stop();

    // The next launch restores the new form and writes nothing until the user signs out.
    bridge.cloudCalls.length = 0;
    const second = launch(bridge);
    const again = await restoreTelegramSession({ cloud: bridge.cloudStorage(), verify });
    expect(again?.user).toMatchObject({ token: 'good', username: 'fresh' });
    second.store.set(again!);
    second.store.clear();
    await isDeleted(bridge);
    expect(methods(bridge)).toEqual(['get', 'get', 'remove']);
    second.stop();
  });

  it('is not restored when revoked, unreadable, or when the check fails', async () => {
    const bridge = createFakeTelegramBridge();
    const cloud = bridge.cloudStorage();
    const verify = async (token: string) => (token === 'good' ? buildUser() : null);

    bridge.cloudValues.set(TELEGRAM_SESSION_KEY, 'revoked');
    expect(await restoreTelegramSession({ cloud, verify })).toBeNull();
    await isDeleted(bridge);

    bridge.cloudValues.set(TELEGRAM_SESSION_KEY, '{broken');
    expect(await restoreTelegramSession({ cloud, verify })).toBeNull();
    bridge.cloudValues.set(TELEGRAM_SESSION_KEY, 'good');
    expect(await restoreTelegramSession({ cloud, verify: () => Promise.reject(new Error('offline')) })).toBeNull();
    expect(await restoreTelegramSession({ cloud: null, verify })).toBeNull();
  });
});
