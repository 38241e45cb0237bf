import { describe, expect, it, vi } from 'vitest';
import { buildSession, buildUser } from '@/testing/factories';
import { createFakeTelegramBridge } from '@/lib/platform/fake-telegram-bridge';
import { createSessionStore } from '@/lib/session';
import { createMemoryStorage } from '@/lib/storage/guarded-storage';
import { restoreTelegramSession, startTelegramSessionBackup, TELEGRAM_SESSION_KEY } from './telegram-session-backup';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the session copy in Telegram CloudStorage', () => {
  it('is written while storage is blocked, once per token, and deleted on sign-out', async () => {
    const bridge = createFakeTelegramBridge();
    const cloud = bridge.cloudStorage()!;
    const set = vi.spyOn(cloud, 'set');
    const store = createSessionStore(createMemoryStorage());
    const stop = startTelegramSessionBackup({ cloud, store, isNeeded: () => true });

    const session = buildSession({ token: 'tok-1' });
    store.set(session);
    store.updateUser(buildUser({ zp_balance: 99 }));
    await flush();
    expect(set).toHaveBeenCalledTimes(1);
    expect(JSON.parse(bridge.cloudValues.get(TELEGRAM_SESSION_KEY)!)).toEqual(session);

    store.clear();
    await flush();
    expect(bridge.cloudValues.has(TELEGRAM_SESSION_KEY)).toBe(false);
    stop();
  });

  it('is not written when the browser keeps the session, but a stale copy is still deleted on sign-out', async () => {
    const bridge = createFakeTelegramBridge();
    bridge.cloudValues.set(TELEGRAM_SESSION_KEY, JSON.stringify(buildSession({ token: 'old' })));
    const store = createSessionStore(createMemoryStorage());
    store.set(buildSession({ token: 'tok-2' }));
    startTelegramSessionBackup({ cloud: bridge.cloudStorage(), store, isNeeded: () => false });
    await flush();
    expect(JSON.parse(bridge.cloudValues.get(TELEGRAM_SESSION_KEY)!).user.token).toBe('old');
    store.clear();
    await flush();
    expect(bridge.cloudValues.has(TELEGRAM_SESSION_KEY)).toBe(false);
  });

  it('does nothing on a client without CloudStorage', () => {
    const bridge = createFakeTelegramBridge({}, { hasCloudStorage: false });
    const store = createSessionStore(createMemoryStorage());
    const stop = startTelegramSessionBackup({ cloud: bridge.cloudStorage(), store, isNeeded: () => true });
    store.set(buildSession());
    expect(bridge.cloudValues.size).toBe(0);
    stop();
  });

  it('is restored only when the server still accepts its token, with the fresh user fields', async () => {
    const bridge = createFakeTelegramBridge();
    const cloud = bridge.cloudStorage();
    const verify = vi.fn(async (token: string) => (token === 'good' ? buildUser({ zp_balance: 7 }) : null));
    expect(await restoreTelegramSession({ cloud, verify })).toBeNull();
    expect(verify).not.toHaveBeenCalled();

    bridge.cloudValues.set(TELEGRAM_SESSION_KEY, JSON.stringify(buildSession({ token: 'good' })));
    const restored = await restoreTelegramSession({ cloud, verify });
    expect(restored?.user).toMatchObject({ token: 'good', zp_balance: 7 });

    bridge.cloudValues.set(TELEGRAM_SESSION_KEY, JSON.stringify(buildSession({ token: 'revoked' })));
    expect(await restoreTelegramSession({ cloud, verify })).toBeNull();
    expect(bridge.cloudValues.has(TELEGRAM_SESSION_KEY)).toBe(false);

    bridge.cloudValues.set(TELEGRAM_SESSION_KEY, '{broken');
    expect(await restoreTelegramSession({ cloud, verify })).toBeNull();
    bridge.cloudValues.set(TELEGRAM_SESSION_KEY, JSON.stringify(buildSession({ token: 'good' })));
    expect(await restoreTelegramSession({ cloud, verify: () => Promise.reject(new Error('offline')) })).toBeNull();
    expect(await restoreTelegramSession({ cloud: null, verify })).toBeNull();
  });
});
