import { adminPaths, paths } from '@/config/paths';

/** The console's sections, in the order the navigation lists them. */
export const ADMIN_SECTIONS = [
  'dashboard',
  'feedback',
  'users',
  'integrity',
  'tasks',
  'announcements',
  'system',
  'audit',
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export type AdminPlace = { section: AdminSection; userId?: string; ringId?: string };

/**
 * Which section (and which user's page) a path under /admin shows; null for /admin itself and
 * anything unknown, which the console sends to the dashboard.
 */
export function parseAdminPath(path: string): AdminPlace | null {
  const normalized = path.replace(/\/+$/, '');
  const section = ADMIN_SECTIONS.find((id) => adminPaths[id] === normalized);
  if (section) return { section };
  const userId = idUnder(normalized, adminPaths.users);
  if (userId) return { section: 'users', userId };
  const ringId = idUnder(normalized, adminPaths.integrity);
  if (ringId) return { section: 'integrity', ringId };
  return null;
}

/** The one segment after `prefix/` (a user's or a ring's id), decoded; null otherwise. */
function idUnder(path: string, prefix: string): string | null {
  if (!path.startsWith(`${prefix}/`)) return null;
  const rest = path.slice(prefix.length + 1);
  if (rest === '' || rest.includes('/')) return null;
  try {
    return decodeURIComponent(rest);
  } catch {
    return null; // a malformed escape: not an id
  }
}

/** Where /admin and unknown console paths go. */
export const ADMIN_HOME = adminPaths.dashboard;
/** Where someone who may not use the console is sent. */
export const ADMIN_REFUSED = paths.home;
