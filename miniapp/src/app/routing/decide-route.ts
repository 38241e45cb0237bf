import { paths } from '@/config/paths';
import { ROUTE_LIST, shellOf, type RouteAccess, type RouteId } from '@/config/routes';
import type { AuthStatus } from '@/features/auth/components/auth-provider';
import type { Platform } from '@/lib/platform/detect-platform';

export type { RouteId } from '@/config/routes';

export type RouteDecision =
  | { kind: 'render'; route: RouteId }
  | { kind: 'redirect'; to: string }
  | { kind: 'wait'; reason: 'session' | 'platform' };

/** The route table's paths (and `alsoAt` paths) of the routes with one of these accesses. */
function routesAt(...accesses: RouteAccess[]): Map<string, RouteId> {
  const at = new Map<string, RouteId>();
  for (const [id, route] of ROUTE_LIST) {
    if (!accesses.includes(route.access)) continue;
    for (const path of [route.path, ...(route.alsoAt ?? [])]) at.set(path, id);
  }
  return at;
}

const PUBLIC = routesAt('public');
const SIGNED_IN = routesAt('signedIn', 'admin');
const SIGNED_OUT = routesAt('signedOut');
/** Signed-in routes owning every path under theirs (the console). */
const NESTED = ROUTE_LIST.filter(([, route]) => route.nested && route.access !== 'public');

/** '/mining/' and '/mining' are the same page. */
export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * What to show for a path (docs/spec.md §2 route table; config/routes.ts says who may open
 * which): the public routes always; signed in, the signed-in routes (the console's under /admin
 * too) and '/' for anything unknown; signed out on the web, the signed-out page at its path and
 * '/' for everything else; signed out inside Telegram, /login.
 */
export function decideRoute({
  path,
  auth,
  platform,
}: {
  path: string;
  auth: AuthStatus;
  platform: Platform | null;
}): RouteDecision {
  const normalized = normalizePath(path);
  const always = PUBLIC.get(normalized);
  if (always) return { kind: 'render', route: always };

  if (auth === 'loading') return { kind: 'wait', reason: 'session' };
  if (auth === 'signed_in') {
    const route =
      SIGNED_IN.get(normalized) ?? NESTED.find(([, nested]) => normalized.startsWith(`${nested.path}/`))?.[0];
    return route ? { kind: 'render', route } : { kind: 'redirect', to: paths.home };
  }

  if (platform === null) return { kind: 'wait', reason: 'platform' };
  if (platform === 'telegram') return { kind: 'redirect', to: paths.login };
  const signedOut = SIGNED_OUT.get(normalized);
  return signedOut ? { kind: 'render', route: signedOut } : { kind: 'redirect', to: paths.home };
}

/** Routes that live inside the signed-in shell with the bottom navigation. */
export function hasAppNavigation(route: RouteId): boolean {
  return shellOf(route) === 'tabs';
}
