import { describe, expect, it } from 'vitest';
import { decideRoute, normalizePath } from './decide-route';

describe('route guard', () => {
  it.each(['/login', '/register', '/lockdown', '/privacy', '/terms'])(
    'always renders %s, even while the session is checked',
    (path) => {
      expect(decideRoute({ path, auth: 'loading', platform: null }).kind).toBe('render');
      expect(decideRoute({ path, auth: 'signed_in', platform: 'web' }).kind).toBe('render');
      expect(decideRoute({ path, auth: 'signed_out', platform: 'telegram' }).kind).toBe('render');
    },
  );

  it('waits (loading view) while the stored session is being checked', () => {
    expect(decideRoute({ path: '/mining', auth: 'loading', platform: 'web' })).toEqual({
      kind: 'wait',
      reason: 'session',
    });
    expect(decideRoute({ path: '/', auth: 'loading', platform: 'web' })).toEqual({ kind: 'wait', reason: 'session' });
  });

  it('renders /feedback signed in and sends signed-out web visitors home', () => {
    expect(decideRoute({ path: '/feedback', auth: 'signed_in', platform: 'web' })).toEqual({
      kind: 'render',
      route: 'feedback',
    });
    expect(decideRoute({ path: '/feedback', auth: 'signed_out', platform: 'web' })).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('gives every path under /admin to the console, signed in only', () => {
    for (const path of ['/admin', '/admin/dashboard', '/admin/users/abc', '/admin/audit/', '/admin/nowhere'])
      expect(decideRoute({ path, auth: 'signed_in', platform: 'web' })).toEqual({ kind: 'render', route: 'admin' });
    expect(decideRoute({ path: '/administrator', auth: 'signed_in', platform: 'web' })).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(decideRoute({ path: '/admin/users', auth: 'signed_out', platform: 'web' })).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('shows the mining screen at / and /mining when signed in', () => {
    expect(decideRoute({ path: '/', auth: 'signed_in', platform: 'web' })).toEqual({ kind: 'render', route: 'mining' });
    expect(decideRoute({ path: '/mining', auth: 'signed_in', platform: 'telegram' })).toEqual({
      kind: 'render',
      route: 'mining',
    });
    expect(decideRoute({ path: '/mining/', auth: 'signed_in', platform: 'web' })).toEqual({
      kind: 'render',
      route: 'mining',
    });
  });

  it('shows the placeholder screens for Marketplace and Wallet when signed in', () => {
    expect(decideRoute({ path: '/job-marketplace', auth: 'signed_in', platform: 'web' })).toEqual({
      kind: 'render',
      route: 'marketplace',
    });
    expect(decideRoute({ path: '/wallet', auth: 'signed_in', platform: 'web' })).toEqual({
      kind: 'render',
      route: 'wallet',
    });
  });

  it('shows the transaction history to a signed-in user only', () => {
    expect(decideRoute({ path: '/history', auth: 'signed_in', platform: 'web' })).toEqual({
      kind: 'render',
      route: 'history',
    });
    expect(decideRoute({ path: '/history', auth: 'signed_out', platform: 'web' })).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('sends a signed-in user on an unknown path to /', () => {
    expect(decideRoute({ path: '/nope', auth: 'signed_in', platform: 'web' })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('gives signed-out web visitors the landing page at / and sends everything else to /', () => {
    for (const platform of ['web', 'mobile-web', 'mobile-app'] as const) {
      expect(decideRoute({ path: '/', auth: 'signed_out', platform })).toEqual({ kind: 'render', route: 'landing' });
      expect(decideRoute({ path: '/mining', auth: 'signed_out', platform })).toEqual({ kind: 'redirect', to: '/' });
      expect(decideRoute({ path: '/wallet', auth: 'signed_out', platform })).toEqual({ kind: 'redirect', to: '/' });
      expect(decideRoute({ path: '/nope', auth: 'signed_out', platform })).toEqual({ kind: 'redirect', to: '/' });
    }
  });

  it('sends signed-out visitors inside Telegram to /login (no landing page there)', () => {
    expect(decideRoute({ path: '/', auth: 'signed_out', platform: 'telegram' })).toEqual({
      kind: 'redirect',
      to: '/login',
    });
    expect(decideRoute({ path: '/mining', auth: 'signed_out', platform: 'telegram' })).toEqual({
      kind: 'redirect',
      to: '/login',
    });
    expect(decideRoute({ path: '/nope', auth: 'signed_out', platform: 'telegram' })).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('waits for platform detection before deciding for a signed-out visitor', () => {
    expect(decideRoute({ path: '/', auth: 'signed_out', platform: null })).toEqual({
      kind: 'wait',
      reason: 'platform',
    });
  });

  it('normalises trailing slashes', () => {
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
    expect(normalizePath('/wallet//')).toBe('/wallet');
  });
});
