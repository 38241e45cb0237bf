import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { FullScreenLoader, InlineLoader } from '@/components/loading-view';
import { useAuth } from '@/features/auth/components/auth-provider';
import { usePlatform } from '@/lib/platform/platform-provider';
import { AppShell } from './layout/app-shell';
import { decideRoute, hasAppNavigation, type RouteId } from './routing/decide-route';

/** One lazily loaded chunk per route. */
const ROUTES: Record<RouteId, LazyExoticComponent<ComponentType>> = {
  landing: lazy(() => import('./routes/landing')),
  login: lazy(() => import('./routes/login')),
  register: lazy(() => import('./routes/register')),
  lockdown: lazy(() => import('./routes/lockdown')),
  mining: lazy(() => import('./routes/mining')),
  tasks: lazy(() => import('./routes/tasks')),
  referrals: lazy(() => import('./routes/referrals')),
  marketplace: lazy(() => import('./routes/marketplace')),
  wallet: lazy(() => import('./routes/wallet')),
  history: lazy(() => import('./routes/history')),
  profile: lazy(() => import('./routes/profile')),
  profileSetup: lazy(() => import('./routes/profile-setup')),
  settings: lazy(() => import('./routes/settings')),
  settingsAppearance: lazy(() => import('./routes/settings-appearance')),
  settingsSecurity: lazy(() => import('./routes/settings-security')),
  settingsNotifications: lazy(() => import('./routes/settings-notifications')),
  settingsAccount: lazy(() => import('./routes/settings-account')),
  feedback: lazy(() => import('./routes/feedback')),
  admin: lazy(() => import('./routes/admin')),
  privacy: lazy(() => import('./routes/privacy')),
  terms: lazy(() => import('./routes/terms')),
};

/** Decides the screen for the current path and auth state, then renders it in the shell. */
export function AppRouter() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const { status } = useAuth();
  const { platform } = usePlatform();
  const decision = decideRoute({ path: location, auth: status, platform });

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
