import { paths } from '@/config/paths';
import type { AuthStatus } from '@/features/auth/components/auth-provider';
import type { Platform } from '@/lib/platform/detect-platform';

export type RouteId =
  | 'landing'
  | 'login'
  | 'register'
  | 'lockdown'
  | 'mining'
  | 'tasks'
  | 'referrals'
  | 'marketplace'
  | 'wallet'
  | 'history'
  | 'profile'
  | 'profileSetup'
  | 'settings'
  | 'settingsAppearance'
  | 'settingsSecurity'
  | 'settingsNotifications'
  | 'settingsAccount'
  | 'feedback'
  | 'admin'
  | 'privacy'
  | 'terms';

export type RouteDecision =
  | { kind: 'render'; route: RouteId }
  | { kind: 'redirect'; to: string }
  | { kind: 'wait'; reason: 'session' | 'platform' };

/** Open to everyone, signed in or not, on any platform (the legal pages too). */
const ALWAYS: Record<string, RouteId> = {
  [paths.login]: 'login',
  [paths.register]: 'register',
  [paths.lockdown]: 'lockdown',
  [paths.privacy]: 'privacy',
  [paths.terms]: 'terms',
};

/** The signed-in area. */
const SIGNED_IN: Record<string, RouteId> = {
  [paths.home]: 'mining',
  [paths.mining]: 'mining',
  [paths.tasks]: 'tasks',
  [paths.referrals]: 'referrals',
  [paths.marketplace]: 'marketplace',
  [paths.wallet]: 'wallet',
  [paths.history]: 'history',
  [paths.profile]: 'profile',
  [paths.profileSetup]: 'profileSetup',
  [paths.settings]: 'settings',
  [paths.settingsAppearance]: 'settingsAppearance',
  [paths.settingsSecurity]: 'settingsSecurity',
  [paths.settingsNotifications]: 'settingsNotifications',
  [paths.settingsAccount]: 'settingsAccount',
  [paths.feedback]: 'feedback',
  [paths.admin]: 'admin',
};

/** '/mining/' and '/mining' are the same page. */
export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * What to show for a path (docs/spec.md §2 route table): /login, /register and /lockdown always;
 * signed in, the app's routes and '/' for anything unknown; signed out on the web, the landing
 * page at '/' and '/' for everything else; signed out inside Telegram, /login.
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
  const always = ALWAYS[normalized];
  if (always) return { kind: 'render', route: always };

  if (auth === 'loading') return { kind: 'wait', reason: 'session' };
  if (auth === 'signed_in') {
    // Everything under /admin is the console's: it picks its section from the path itself.
    const route = SIGNED_IN[normalized] ?? (normalized.startsWith(`${paths.admin}/`) ? 'admin' : undefined);
    return route ? { kind: 'render', route } : { kind: 'redirect', to: paths.home };
  }

  if (platform === null) return { kind: 'wait', reason: 'platform' };
  if (platform === 'telegram') return { kind: 'redirect', to: paths.login };
  return normalized === paths.home ? { kind: 'render', route: 'landing' } : { kind: 'redirect', to: paths.home };
}

/** Routes that live inside the signed-in shell with the bottom navigation. */
export function hasAppNavigation(route: RouteId): boolean {
  return (
    route === 'mining' ||
    route === 'tasks' ||
    route === 'referrals' ||
    route === 'marketplace' ||
    route === 'wallet' ||
    route === 'history'
  );
}
