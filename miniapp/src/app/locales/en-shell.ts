/**
 * English for the first screen: the app shell (loading views, navigation, header, errors). The features' English (./en-features) loads beside it as a separate chunk,
 * so the first screen stays within its bundle budget; routes render once both are in
 * (i18n/index.ts). Together they are `en` (./en), the source locale.
 */
const enShell = {
  common: {
    appName: 'Ziver',
    loading: 'Loading...',
    retry: 'Try again',
    dismiss: 'Dismiss',
  },
  loading: {
    securingSession: 'Securing your session...',
    verifyingSession: 'Verifying your session...',
    detectingPlatform: 'Detecting your platform...',
    initializing: 'Initializing Ziver...',
  },
  nav: {
    label: 'Main navigation',
    mining: 'Mining',
    marketplace: 'Marketplace',
    wallet: 'Wallet',
    leaderboard: 'Leaderboard',
    collapse: 'Hide navigation',
    expand: 'Show navigation',
  },
  header: {
    home: 'Ziver home',
    openProfileMenu: 'Open profile menu',
    logout: 'Logout',
    adminConsole: 'Admin console',
    signIn: 'Sign In',
    themeToggle: 'Theme: {{theme}}. Switch theme',
    themes: { light: 'Light', dark: 'Dark', auto: 'Auto' },
  },
  // The few feature strings the shell shows (bottom navigation, profile menu, the theme toggle's
  // refusal); the same texts as in the features' own English files (app/locales/locales.test.ts
  // checks). The signed-in first screen shows the shell before those files load.
  tasks: { navLabel: 'Tasks' },
  referrals: { navLabel: 'Referrals' },
  profile: { menuLabel: 'Profile' },
  history: { menuLabel: 'History' },
  feedback: { menuLabel: 'Feedback' },
  settings: { hub: { title: 'Settings' } },
  messages: { failedUpdateSettings: 'Failed to update settings' },
  errors: {
    crashed: 'Something went wrong',
    crashedHint: 'Reload the page to continue.',
    reload: 'Reload',
    databaseUnavailable: 'Ziver cannot reach its database right now. Please try again in a minute.',
  },
};

export default enShell;
