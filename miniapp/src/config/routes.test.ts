import { describe, expect, it } from 'vitest';
import { decideRoute } from '@/app/routing/decide-route';
import { paths } from './paths';
import { ROUTE_LIST, ROUTES, screenModule } from './routes';

describe('the route table', () => {
  it.each(ROUTE_LIST)('has a screen module for %s', (id) => {
    // The keys only: the modules are not loaded.
    const modules = import.meta.glob('../app/routes/*.tsx');
    expect(Object.keys(modules)).toContain(`../app/routes/${screenModule(id)}`);
  });

  it('gives every route its own path', () => {
    const all = ROUTE_LIST.flatMap(([, route]) => [route.path, ...(route.alsoAt ?? [])]);
    // '/' is the landing page signed out and the mining screen signed in.
    expect(all.filter((path) => path === '/')).toHaveLength(2);
    expect(new Set(all.filter((path) => path !== '/')).size).toBe(all.length - 2);
  });

  it.each(ROUTE_LIST)('opens %s at its path to those who may open it, and to no one else', (id, route) => {
    const at = (auth: 'signed_in' | 'signed_out', platform: 'web' | 'telegram') =>
      decideRoute({ path: route.path, auth, platform });
    const shown = { kind: 'render', route: id };
    if (route.access === 'public') {
      expect(at('signed_in', 'web')).toEqual(shown);
      expect(at('signed_out', 'telegram')).toEqual(shown);
    } else if (route.access === 'signedOut') {
      expect(at('signed_out', 'web')).toEqual(shown);
      expect(at('signed_in', 'web')).not.toEqual(shown);
      expect(at('signed_out', 'telegram')).toEqual({ kind: 'redirect', to: paths.login });
    } else {
      expect(at('signed_in', 'telegram')).toEqual(shown);
      expect(at('signed_out', 'web')).toEqual({ kind: 'redirect', to: paths.home });
    }
  });

  it('derives the paths from the table', () => {
    expect(paths.settingsAccount).toBe(ROUTES.settingsAccount.path);
    expect(paths.home).toBe('/');
  });
});
