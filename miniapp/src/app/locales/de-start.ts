import miningDe from '@/features/mining/locales/de';
import transactionsDe from '@/components/transactions/locales/de';
import type { StartTranslation } from './en';

/**
 * German for the first screen and the mining screen, as ./en-shell and ./en-mining are for English:
 * loaded with the start-up language. The rest (./de-features) loads after the first screen
 * (i18n/index.ts); the other routes wait for it.
 */
const deStart: StartTranslation = {
  common: {
    appName: 'Ziver',
    loading: 'Wird geladen...',
    retry: 'Erneut versuchen',
    dismiss: 'Schließen',
  },
  loading: {
    securingSession: 'Deine Sitzung wird gesichert...',
    verifyingSession: 'Deine Sitzung wird überprüft...',
    detectingPlatform: 'Deine Plattform wird erkannt...',
    initializing: 'Ziver wird gestartet...',
  },
  nav: {
    label: 'Hauptnavigation',
    mining: 'Mining',
    marketplace: 'Marktplatz',
    wallet: 'Wallet',
    leaderboard: 'Bestenliste',
    collapse: 'Navigation ausblenden',
    expand: 'Navigation einblenden',
  },
  header: {
    home: 'Ziver Startseite',
    openProfileMenu: 'Profilmenü öffnen',
    logout: 'Abmelden',
    adminConsole: 'Admin-Konsole',
    signIn: 'Anmelden',
    themeToggle: 'Design: {{theme}}. Design wechseln',
    themes: { light: 'Hell', dark: 'Dunkel', auto: 'Automatisch' },
  },
  // The few feature texts the shell shows: the same as in the features' own files (app/locales/locales.test.ts checks).
  tasks: { navLabel: 'Aufgaben' },
  referrals: { navLabel: 'Einladen' },
  profile: { menuLabel: 'Profil' },
  history: { menuLabel: 'Verlauf' },
  feedback: { menuLabel: 'Feedback' },
  settings: { hub: { title: 'Einstellungen' } },
  messages: { failedUpdateSettings: 'Einstellungen konnten nicht aktualisiert werden' },
  errors: {
    crashed: 'Etwas ist schiefgelaufen',
    crashedHint: 'Lade die Seite neu, um fortzufahren.',
    reload: 'Neu laden',
    databaseUnavailable: 'Ziver erreicht seine Datenbank gerade nicht. Bitte versuche es in einer Minute erneut.',
  },
  mining: miningDe,
  transactions: transactionsDe,
};

export default deStart;
