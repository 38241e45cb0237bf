import { ROUTES, ROUTE_LIST, type RouteId } from './routes';

/**
 * Every route's path by its id (config/routes.ts), and `home` ('/': the landing page signed
 * out, the mining screen signed in).
 */
export const paths = {
  ...(Object.fromEntries(ROUTE_LIST.map(([id, route]) => [id, route.path])) as {
    [K in RouteId]: (typeof ROUTES)[K]['path'];
  }),
  home: ROUTES.landing.path,
};

/**
 * The operators' console's sections (issue 29), each at its own address under paths.admin;
 * paths.admin itself opens the dashboard. A user's page is adminUserPath(id), a ring's adminRingPath(id).
 */
export const adminPaths = {
  dashboard: `${paths.admin}/dashboard`,
  users: `${paths.admin}/users`,
  feedback: `${paths.admin}/feedback`,
  tasks: `${paths.admin}/tasks`,
  announcements: `${paths.admin}/announcements`,
  system: `${paths.admin}/system`,
  audit: `${paths.admin}/audit`,
  integrity: `${paths.admin}/integrity`,
} as const;

export const adminUserPath = (id: string) => `${adminPaths.users}/${encodeURIComponent(id)}`;
export const adminRingPath = (id: string) => `${adminPaths.integrity}/${encodeURIComponent(id)}`;
