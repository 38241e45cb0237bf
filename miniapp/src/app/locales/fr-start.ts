import miningFr from '@/features/mining/locales/fr';
import transactionsFr from '@/components/transactions/locales/fr';
import type { StartTranslation } from './en';

/**
 * French for the first screen and the mining screen, as ./en-shell and ./en-mining are for English:
 * loaded with the start-up language. The rest (./fr-features) loads after the first screen
 * (i18n/index.ts); the other routes wait for it.
 */
const frStart: StartTranslation = {
  common: {
    appName: 'Ziver',
    loading: 'Chargement...',
    retry: 'Réessayer',
    dismiss: 'Fermer',
  },
  loading: {
    securingSession: 'Sécurisation de votre session...',
    verifyingSession: 'Vérification de votre session...',
    detectingPlatform: 'Détection de votre plateforme...',
    initializing: 'Initialisation de Ziver...',
  },
  nav: {
    label: 'Navigation principale',
    mining: 'Minage',
    marketplace: 'Marché',
    wallet: 'Portefeuille',
    leaderboard: 'Classement',
    collapse: 'Masquer la navigation',
    expand: 'Afficher la navigation',
  },
  header: {
    home: 'Accueil Ziver',
    openProfileMenu: 'Ouvrir le menu du profil',
    logout: 'Déconnexion',
    adminConsole: "Console d'administration",
    signIn: 'Se connecter',
    themeToggle: 'Thème : {{theme}}. Changer de thème',
    themes: { light: 'Clair', dark: 'Sombre', auto: 'Auto' },
  },
  // The few feature texts the shell shows: the same as in the features' own files (app/locales/locales.test.ts checks).
  tasks: { navLabel: 'Tâches' },
  referrals: { navLabel: 'Parrainage' },
  profile: { menuLabel: 'Profil' },
  history: { menuLabel: 'Historique' },
  feedback: { menuLabel: 'Avis' },
  settings: { hub: { title: 'Paramètres' } },
  messages: { failedUpdateSettings: 'Impossible de mettre à jour les paramètres' },
  errors: {
    crashed: "Une erreur s'est produite",
    crashedHint: 'Rechargez la page pour continuer.',
    reload: 'Recharger',
    databaseUnavailable: "Ziver n'arrive pas à joindre sa base de données pour le moment. Réessayez dans une minute.",
  },
  mining: miningFr,
  transactions: transactionsFr,
};

export default frStart;
