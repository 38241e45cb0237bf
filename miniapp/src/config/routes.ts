/**
 * The mini app's one route table (docs/architecture.md "Routes"): every screen's id, path, who
 * may open it, its lazily loaded module and its place in the shell. The paths (config/paths.ts),
 * the guard (app/routing/decide-route.ts), the router (app/router.tsx) and the browser tests'
 * page walk (e2e/i18n-walk.test.ts) all read it; a new screen is one entry here and its module in
 * app/routes/.
 *
 * `access`:
 * - 'public': shown to everyone, signed in or not, on any platform, even while the stored
 *   session is checked;
 * - 'signedIn': signed in only; anyone else goes home (on the web) or to /login (in Telegram);
 * - 'admin': as 'signedIn' for the guard, which knows no role; the console itself refuses
 *   anyone who is not an operator;
 * - 'signedOut': the signed-out web visitor's page at its path (the landing page at '/'); a
 *   signed-in user sees the 'signedIn' route there, a signed-out one in Telegram goes to /login.
 *
 * A route's screen is the module app/routes/<its id in kebab-case>.tsx (settingsAccount:
 * settings-account.tsx), loaded when the route is first shown (app/router.tsx): the screen itself
 * when it fits one file (leaderboard.tsx), else a wrapper of its feature's screen component.
 * `shell`: 'tabs' inside the signed-in shell with the bottom navigation (and in-app notices);
 * 'sign-in' with a sign-in button in the header; none, neither.
 */
export type RouteAccess = 'public' | 'signedIn' | 'admin' | 'signedOut';
export type RouteShell = 'tabs' | 'sign-in';

export type RouteEntry = {
  path: string;
  access: RouteAccess;
  shell?: RouteShell;
  /** Other paths showing this route ('/' for the signed-in user's mining screen). */
  alsoAt?: readonly string[];
  /** Every path under `path` is this route's too (the console picks its section from the path). */
  nested?: true;
};

export const ROUTES = {
  landing: { path: '/', access: 'signedOut', shell: 'sign-in' },
  login: { path: '/login', access: 'public' },
  register: { path: '/register', access: 'public' },
  forgotPassword: { path: '/forgot-password', access: 'public' },
  resetPassword: { path: '/reset-password', access: 'public' },
  verifyEmail: { path: '/verify-email', access: 'public' },
  lockdown: { path: '/lockdown', access: 'public', shell: 'sign-in' },
  mining: { path: '/mining', access: 'signedIn', shell: 'tabs', alsoAt: ['/'] },
  tasks: { path: '/tasks', access: 'signedIn', shell: 'tabs' },
  referrals: { path: '/referrals', access: 'signedIn', shell: 'tabs' },
  marketplace: { path: '/job-marketplace', access: 'signedIn', shell: 'tabs' },
  wallet: { path: '/wallet', access: 'signedIn', shell: 'tabs' },
  history: { path: '/history', access: 'signedIn', shell: 'tabs' },
  leaderboard: { path: '/leaderboard', access: 'signedIn', shell: 'tabs' },
  profile: { path: '/profile', access: 'signedIn' },
  profileSetup: { path: '/profile/setup', access: 'signedIn' },
  settings: { path: '/settings', access: 'signedIn' },
  settingsAppearance: { path: '/settings/appearance', access: 'signedIn' },
  settingsSecurity: { path: '/settings/security', access: 'signedIn' },
  settingsNotifications: { path: '/settings/notifications', access: 'signedIn' },
  settingsAccount: { path: '/settings/account', access: 'signedIn' },
  feedback: { path: '/feedback', access: 'signedIn' },
  admin: { path: '/admin', access: 'admin', nested: true },
  privacy: { path: '/privacy', access: 'public', shell: 'sign-in' },
  terms: { path: '/terms', access: 'public', shell: 'sign-in' },
} as const satisfies Record<string, RouteEntry>;

export type RouteId = keyof typeof ROUTES;

/** The table's entries, in its order. */
export const ROUTE_LIST = Object.entries(ROUTES) as [RouteId, RouteEntry][];

/** The module of a route's screen, under app/routes/. */
export function screenModule(id: RouteId): string {
  return `${id.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.tsx`;
}

/** Where a route sits in the shell (RouteEntry's `shell`). */
export function shellOf(id: RouteId): RouteShell | undefined {
  return (ROUTES[id] as RouteEntry).shell;
}
