import { adminPaths, paths } from '@/config/paths';

/** The console's sections, in the order the navigation lists them. */
export const ADMIN_SECTIONS = ['dashboard', 'feedback', 'users', 'tasks', 'announcements', 'system', 'audit'] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export type AdminPlace = { section: AdminSection; userId?: string };

/**
 * Which section (and which user's page) a path under /admin shows; null for /admin itself and
 * anything unknown, which the console sends to the dashboard.
 */
export function parseAdminPath(path: string): AdminPlace | null {
  const normalized = path.replace(/\/+$/, '');
  const section = ADMIN_SECTIONS.find((id) => adminPaths[id] === normalized);
  if (section) return { section };
  const userPrefix = `${adminPaths.users}/`;
  if (normalized.startsWith(userPrefix)) {
    const rest = normalized.slice(userPrefix.length);
    if (rest !== '' && !rest.includes('/')) {
      try {
        return { section: 'users', userId: decodeURIComponent(rest) };
      } catch {
        return null; // a malformed escape: not a user id
      }
    }
  }
  return null;
}

/** Where /admin and unknown console paths go. */
export const ADMIN_HOME = adminPaths.dashboard;
/** Where someone who may not use the console is sent. */
export const ADMIN_REFUSED = paths.home;
