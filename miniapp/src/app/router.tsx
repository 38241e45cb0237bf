import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { FullScreenLoader, InlineLoader } from '@/components/loading-view';
import { useAuth } from '@/features/auth/components/auth-provider';
import type { Platform } from '@/lib/platform/detect-platform';
import { usePlatform } from '@/lib/platform/platform-provider';
import { englishReady, startupLanguageReady } from '@/i18n';
import { AppShell } from './layout/app-shell';
import { decideRoute, hasAppNavigation, type RouteId } from './routing/decide-route';

/** One lazily loaded chunk per route. */
const LOADERS: Record<RouteId, () => Promise<{ default: ComponentType }>> = {
  landing: () => import('./routes/landing'),
  login: () => import('./routes/login'),
  register: () => import('./routes/register'),
  lockdown: () => import('./routes/lockdown'),
  mining: () => import('./routes/mining'),
  tasks: () => import('./routes/tasks'),
  referrals: () => import('./routes/referrals'),
  marketplace: () => import('./routes/marketplace'),
  wallet: () => import('./routes/wallet'),
  history: () => import('./routes/history'),
  profile: () => import('./routes/profile'),
  profileSetup: () => import('./routes/profile-setup'),
  settings: () => import('./routes/settings'),
  settingsAppearance: () => import('./routes/settings-appearance'),
  settingsSecurity: () => import('./routes/settings-security'),
  settingsNotifications: () => import('./routes/settings-notifications'),
  settingsAccount: () => import('./routes/settings-account'),
  feedback: () => import('./routes/feedback'),
  admin: () => import('./routes/admin'),
  privacy: () => import('./routes/privacy'),
  terms: () => import('./routes/terms'),
};

/**
 * A route renders once its chunk, the features' English and the start-up language
 * (i18n/index.ts) are all in: no raw keys, and no English before the reader's language.
 */
const ROUTES = Object.fromEntries(
  Object.entries(LOADERS).map(([route, load]) => [
    route,
    lazy(() => Promise.all([load(), englishReady(), startupLanguageReady()]).then(([module]) => module)),
  ]),
) as Record<RouteId, LazyExoticComponent<ComponentType>>;

/**
 * While the stored session is checked (about 800 ms, spec §4), fetches the chunk of the page the
 * user will most likely see, so the screen renders as soon as the check answers instead of
 * starting that download then. A failed preload is retried by lazy(). (The check and the system
 * status are read without zod; the later start-up calls load their schemas when they start.)
 */
function preloadDuringSessionCheck(path: string, platform: Platform | null): void {
  const likely = decideRoute({ path, auth: 'signed_in', platform });
  if (likely.kind !== 'render') return;
  LOADERS[likely.route]().catch(() => undefined);
}

/** Decides the screen for the current path and auth state, then renders it in the shell. */
export function AppRouter() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const { status, user } = useAuth();
  const { platform } = usePlatform();
  const isCheckingSession = status === 'loading';
  // While a stored session is checked (~800 ms, spec §4), its signed-in page is shown at once
  // rather than a loading view: the check still decides. A session it refuses is dropped, and
  // the app goes to /login exactly as before (so does any 401 meanwhile, via the API client).
  // Paths that would redirect wait for the check.
  const preview =
    isCheckingSession && user !== null ? decideRoute({ path: location, auth: 'signed_in', platform }) : null;
  const decision = preview?.kind === 'render' ? preview : decideRoute({ path: location, auth: status, platform });
  useEffect(() => {
    if (isCheckingSession) preloadDuringSessionCheck(location, platform);
  }, [isCheckingSession, location, platform]);

  if (decision.kind === 'wait') {
    return (
      <FullScreenLoader
        message={decision.reason === 'session' ? t('loading.securingSession') : t('loading.detectingPlatform')}
      />
    );
  }
  if (decision.kind === 'redirect') return <Redirect key={decision.to} to={decision.to} replace />;

  const Screen = ROUTES[decision.route];
  const showSignIn = ['landing', 'lockdown', 'privacy', 'terms'].includes(decision.route);
  return (
    <AppShell hasNavigation={hasAppNavigation(decision.route)} showSignIn={showSignIn}>
      <Suspense fallback={<InlineLoader />}>
        <Screen />
      </Suspense>
    </AppShell>
  );
}
