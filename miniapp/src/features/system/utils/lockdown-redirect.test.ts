import { describe, expect, it } from 'vitest';
import { decideLockdownRedirect, lockdownBannerFor, type LockdownInput } from './lockdown-redirect';

const user = (overrides: Partial<LockdownInput>): LockdownInput => ({
  path: '/mining',
  lockdownMode: true,
  auth: 'signed_in',
  role: 'USER',
  ...overrides,
});

describe('lockdown redirect', () => {
  it('sends a signed-in non-admin to /lockdown from any path while lockdown is on', () => {
    for (const path of ['/', '/mining', '/history', '/wallet', '/login', '/nope']) {
      expect(decideLockdownRedirect(user({ path }))).toBe('/lockdown');
    }
    expect(decideLockdownRedirect(user({ role: 'TESTER' }))).toBe('/lockdown');
  });

  it('lets an ADMIN keep using the app during lockdown', () => {
    expect(decideLockdownRedirect(user({ role: 'ADMIN' }))).toBeNull();
    expect(decideLockdownRedirect(user({ role: 'ADMIN', path: '/history' }))).toBeNull();
  });

  it('keeps the sign-in pages open to signed-out visitors so an admin can sign in', () => {
    const visitor = { auth: 'signed_out' as const, role: null };
    expect(decideLockdownRedirect(user({ ...visitor, path: '/login' }))).toBeNull();
    expect(decideLockdownRedirect(user({ ...visitor, path: '/register' }))).toBeNull();
    expect(decideLockdownRedirect(user({ ...visitor, path: '/' }))).toBe('/lockdown');
  });

  it('stays on /lockdown while lockdown is on', () => {
    expect(decideLockdownRedirect(user({ path: '/lockdown' }))).toBeNull();
    expect(decideLockdownRedirect(user({ path: '/lockdown/' }))).toBeNull();
  });

  it('goes back to / from /lockdown once lockdown is off, and moves no one else', () => {
    expect(decideLockdownRedirect(user({ lockdownMode: false, path: '/lockdown' }))).toBe('/');
    expect(
      decideLockdownRedirect(user({ lockdownMode: false, path: '/lockdown', auth: 'signed_out', role: null })),
    ).toBe('/');
    expect(decideLockdownRedirect(user({ lockdownMode: false, path: '/history' }))).toBeNull();
  });

  it('moves no one while the status is unknown or the session is being checked', () => {
    expect(decideLockdownRedirect(user({ lockdownMode: null }))).toBeNull();
    expect(decideLockdownRedirect(user({ lockdownMode: null, path: '/lockdown' }))).toBeNull();
    expect(decideLockdownRedirect(user({ auth: 'loading' }))).toBeNull();
  });
});

describe('the maintenance banner', () => {
  it('shows an ADMIN that lockdown is on, everywhere but /lockdown (the console too)', () => {
    for (const path of ['/mining', '/admin', '/admin/system', '/history/']) {
      expect(lockdownBannerFor(user({ role: 'ADMIN', path }))).toBe('admin');
    }
    expect(lockdownBannerFor(user({ role: 'ADMIN', path: '/lockdown' }))).toBeNull();
  });

  it('shows a signed-out visitor the maintenance state on /login and /register only', () => {
    const visitor = { auth: 'signed_out' as const, role: null };
    expect(lockdownBannerFor(user({ ...visitor, path: '/login' }))).toBe('visitor');
    expect(lockdownBannerFor(user({ ...visitor, path: '/register/' }))).toBe('visitor');
    expect(lockdownBannerFor(user({ ...visitor, path: '/lockdown' }))).toBeNull();
  });

  it('shows nothing when lockdown is off or unknown, while the session is checked, or to a locked-out user', () => {
    expect(lockdownBannerFor(user({ role: 'ADMIN', lockdownMode: false }))).toBeNull();
    expect(lockdownBannerFor(user({ role: 'ADMIN', lockdownMode: null }))).toBeNull();
    expect(lockdownBannerFor(user({ role: 'ADMIN', auth: 'loading' }))).toBeNull();
    expect(lockdownBannerFor(user({ role: 'USER' }))).toBeNull();
  });
});
