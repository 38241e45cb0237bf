import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@ziver/shared/core';
import { buildSession, buildUser } from '@/testing/factories';
import { createSessionStore, parseSession } from './session';

describe('session storage', () => {
  it("stores the session under 'session' and reads it back", () => {
    const store = createSessionStore(window.localStorage);
    const session = buildSession({ token: 'tok-9' });
    store.set(session);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.session)!)).toEqual(session);
    expect(createSessionStore(window.localStorage).get()).toEqual(session);
    expect(store.getToken()).toBe('tok-9');
  });

  it('treats malformed or tokenless data as no session', () => {
    expect(parseSession(null)).toBeNull();
    expect(parseSession('{not json')).toBeNull();
    expect(parseSession(JSON.stringify({ user: { id: 'u', username: 'x' }, appSettings: {} }))).toBeNull();
    expect(parseSession(JSON.stringify({ user: { id: 'u', username: 'x', token: '' } }))).toBeNull();
    expect(parseSession(JSON.stringify({ user: { token: 't' } }))).toBeNull();
  });

  it('fills in default app settings when the stored ones are missing', () => {
    const session = parseSession(JSON.stringify({ user: { ...buildUser(), token: 't' } }));
    expect(session?.appSettings).toEqual({ MINING_CYCLE_HOURS: 4, MINING_REWARD: 50 });
  });

  it('updates the user but keeps the token, and tells subscribers', () => {
    const store = createSessionStore(window.localStorage);
    store.set(buildSession({ token: 'keep-me' }));
    const listener = vi.fn();
    store.subscribe(listener);

    store.updateUser(buildUser({ zp_balance: 150 }));

    expect(store.get()?.user.zp_balance).toBe(150);
    expect(store.getToken()).toBe('keep-me');
    expect(parseSession(window.localStorage.getItem(STORAGE_KEYS.session))?.user.zp_balance).toBe(150);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('clears the stored session and notifies once', () => {
    const store = createSessionStore(window.localStorage);
    store.set(buildSession());
    const listener = vi.fn();
    store.subscribe(listener);
    store.clear();
    store.clear();
    expect(store.get()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('follows a sign-out made in another tab', () => {
    const store = createSessionStore(window.localStorage);
    store.set(buildSession());
    const listener = vi.fn();
    store.subscribe(listener);

    window.localStorage.removeItem(STORAGE_KEYS.session);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.session }));

    expect(listener).toHaveBeenCalled();
    expect(store.get()).toBeNull();
  });
});
