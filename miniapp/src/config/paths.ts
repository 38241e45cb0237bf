/** Every route path of the mini app, in one place. Later features add theirs here. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  lockdown: '/lockdown',
  mining: '/mining',
  tasks: '/tasks',
  referrals: '/referrals',
  marketplace: '/job-marketplace',
  wallet: '/wallet',
  history: '/history',
  profile: '/profile',
  profileSetup: '/profile/setup',
  settings: '/settings',
  settingsAppearance: '/settings/appearance',
  settingsSecurity: '/settings/security',
  settingsNotifications: '/settings/notifications',
  settingsAccount: '/settings/account',
  feedback: '/feedback',
  admin: '/admin',
  privacy: '/privacy',
  terms: '/terms',
} as const;

/**
 * The operators' console's sections (issue 29), each at its own address under paths.admin;
 * paths.admin itself opens the dashboard. A user's page is adminUserPath(id).
 */
export const adminPaths = {
  dashboard: `${paths.admin}/dashboard`,
  users: `${paths.admin}/users`,
  feedback: `${paths.admin}/feedback`,
  tasks: `${paths.admin}/tasks`,
  announcements: `${paths.admin}/announcements`,
  system: `${paths.admin}/system`,
  audit: `${paths.admin}/audit`,
} as const;

export const adminUserPath = (id: string) => `${adminPaths.users}/${encodeURIComponent(id)}`;
