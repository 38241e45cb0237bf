import { NAV_ITEMS } from '@/config/navigation';
import { paths } from '@/config/paths';

/** '/mining/' and '/mining' are the same page. */
function normalize(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Pages with no "back": the bottom navigation's tabs (whatever tabs it has), the landing page
 * at '/', and the pages a signed-out or locked-out user starts on.
 */
export function rootPaths(): ReadonlySet<string> {
  return new Set<string>([
    paths.home,
    paths.login,
    paths.lockdown,
    ...NAV_ITEMS.flatMap((item) => [item.path, ...(item.alsoActiveOn ?? [])]),
  ]);
}

/** Parents that are not the home page. */
const PARENTS: Readonly<Record<string, string>> = {
  [paths.settingsAppearance]: paths.settings,
  [paths.settingsSecurity]: paths.settings,
  [paths.settingsNotifications]: paths.settings,
  [paths.settingsAccount]: paths.settings,
  [paths.register]: paths.login,
};

/**
 * Where "back" leads from a page, or null on a root page. Nested pages go to their parent
 * (/settings/security → /settings); any other page that is not a bottom-nav tab (history,
 * profile setup, settings…) goes home.
 */
export function backTargetFor(path: string): string | null {
  const current = normalize(path);
  if (rootPaths().has(current)) return null;
  return PARENTS[current] ?? paths.home;
}

/**
 * Whether Telegram's BackButton shows: while a modal is open or a page registered its own back
 * action, and on every page that is not a root.
 */
export function shouldShowBackButton({
  path,
  hasRegisteredAction,
  hasOpenDialog,
}: {
  path: string;
  hasRegisteredAction: boolean;
  hasOpenDialog: boolean;
}): boolean {
  return hasRegisteredAction || hasOpenDialog || backTargetFor(path) !== null;
}
