import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { FullScreenLoader, InlineLoader } from '@/components/loading-view';
import { useAuth } from '@/features/auth/components/auth-provider';
import { afterNextPaint } from '@/lib/after-paint';
import type { Platform } from '@/lib/platform/detect-platform';
import { usePlatform } from '@/lib/platform/platform-provider';
import { ROUTE_LIST, screenModule, shellOf } from '@/config/routes';
import { featureTextsReady, miningEnglishReady, startupLanguageReady } from '@/i18n';
import { AppShell } from './layout/app-shell';
import { decideRoute, hasAppNavigation, type RouteId } from './routing/decide-route';

/**
 * A route's chunk: its screen, and optionally what must be in the query cache before its first
 * frame (the mining screen takes the answers the early start in index.html already asked for).
 */
type RouteModule = { default: ComponentType; prepare?: (queryClient: QueryClient) => Promise<unknown> };

/**
 * Every route module of app/routes/, loaded lazily (one chunk each), by file name
 * (config/routes.ts's screenModule).
 */
const SCREEN_MODULES = import.meta.glob<RouteModule>(['./routes/*.tsx', '!./routes/*.test.tsx']);

/** The loader of a route's module; a route whose module is missing fails at start-up. */
function loaderOf(route: RouteId): () => Promise<RouteModule> {
  const load = SCREEN_MODULES[`./routes/${screenModule(route)}`];
  if (!load) throw new Error(`route ${route}: no module app/routes/${screenModule(route)}`);
  return load;
}

type RouteScreen = {
  /** Renders the route once it is ready, a loader until then. */
  Screen: ComponentType;
  /** Starts (or joins) loading the route; resolves with its component. */
  ready: (queryClient: QueryClient) => Promise<ComponentType>;
};

/**
 * A route renders once its chunk, its texts (`texts`: the mining screen needs only its own
 * English; the others every feature's English and the rest of the reader's language) and the
 * start-up language (i18n/index.ts) are all in: no raw keys, and no English before the reader's
 * language. Once a route is up, the rest of the texts load for the next one.
 *
 * Loading is state, not Suspense: React 18 holds a Suspense boundary's content back until
 * 500 ms after its fallback appeared (FALLBACK_THROTTLE_MS), so a route whose chunk arrived
 * 150 ms after the loader showed (the mining screen at start-up, its chunks preloaded by the
 * early start) waited another ~350 ms. A route already loaded renders at once, with no loader.
 * A failed load reaches the error boundary and is tried again on the next visit.
 */
function routeScreen(load: () => Promise<RouteModule>, texts: () => Promise<void>): RouteScreen {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const ready = (queryClient: QueryClient) => {
    pending ??= Promise.all([load(), texts(), startupLanguageReady()]).then(async ([module]) => {
      await module.prepare?.(queryClient);
      loaded = module.default;
      return loaded;
    });
    pending.catch(() => {
      pending = undefined;
    });
    return pending;
  };
  function Screen() {
    const queryClient = useQueryClient();
    const [state, setState] = useState<{ Component?: ComponentType | undefined; error?: unknown }>(() => ({
      Component: loaded,
    }));
    useEffect(() => {
      if (state.Component) {
        // The other screens' texts load once this one is on screen: importing them (a module
        // preload per file) ran between the mining screen's commit and its paint.
        afterNextPaint(() => void featureTextsReady());
        return;
      }
      let live = true;
      ready(queryClient).then(
        // A transition: React renders the screen in slices of ~5 ms instead of one long task
        // (on a slow phone the mining screen's first render was one 250 ms task, most of TBT).
        (Component) => live && startTransition(() => setState({ Component })),
        (error: unknown) => live && setState({ error }),
      );
      return () => {
        live = false;
      };
    }, [state.Component, queryClient]);
    if (state.error !== undefined) throw state.error;
    return state.Component ? <state.Component /> : <InlineLoader />;
  }
  return { Screen, ready };
}

const SCREENS = Object.fromEntries(
  ROUTE_LIST.map(([route]) => [
    route,
    routeScreen(loaderOf(route), route === 'mining' ? miningEnglishReady : featureTextsReady),
  ]),
) as Record<RouteId, RouteScreen>;

/**
 * While the stored session is checked (about 800 ms, docs/spec.md §4), fetches the chunk of the page the
 * user will most likely see, so the screen renders as soon as the check answers instead of
 * starting that download then. A failed preload is tried again by the route. (The check and the system
 * status are read without zod; the later start-up calls load their schemas when they start.)
 */
function preloadDuringSessionCheck(path: string, platform: Platform | null, queryClient: QueryClient): void {
  const likely = decideRoute({ path, auth: 'signed_in', platform });
  if (likely.kind !== 'render') return;
  SCREENS[likely.route].ready(queryClient).catch(() => undefined);
}

/** Decides the screen for the current path and auth state, then renders it in the shell. */
export function AppRouter() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const { status, user } = useAuth();
  const { platform } = usePlatform();
  const queryClient = useQueryClient();
  const isCheckingSession = status === 'loading';
  // While a stored session is checked (~800 ms, docs/spec.md §4), its signed-in page is shown at once
  // rather than a loading view: the check still decides. A session it refuses is dropped, and
  // the app goes to /login exactly as before (so does any 401 meanwhile, via the API client).
  // Paths that would redirect wait for the check.
  const preview =
    isCheckingSession && user !== null ? decideRoute({ path: location, auth: 'signed_in', platform }) : null;
  const decision = preview?.kind === 'render' ? preview : decideRoute({ path: location, auth: status, platform });
  useEffect(() => {
    if (isCheckingSession) preloadDuringSessionCheck(location, platform, queryClient);
  }, [isCheckingSession, location, platform, queryClient]);

  if (decision.kind === 'wait') {
    return (
      <FullScreenLoader
        message={decision.reason === 'session' ? t('loading.securingSession') : t('loading.detectingPlatform')}
      />
    );
  }
  if (decision.kind === 'redirect') return <Redirect key={decision.to} to={decision.to} replace />;

  const { Screen } = SCREENS[decision.route];
  return (
    <AppShell hasNavigation={hasAppNavigation(decision.route)} showSignIn={shellOf(decision.route) === 'sign-in'}>
      <Screen />
    </AppShell>
  );
}
