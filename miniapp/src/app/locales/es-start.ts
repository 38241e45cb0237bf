import miningEs from '@/features/mining/locales/es';
import transactionsEs from '@/components/transactions/locales/es';
import type { StartTranslation } from './en';

/**
 * Spanish for the first screen and the mining screen, as ./en-shell and ./en-mining are for English:
 * loaded with the start-up language. The rest (./es-features) loads after the first screen
 * (i18n/index.ts); the other routes wait for it.
 */
const esStart: StartTranslation = {
  common: {
    appName: 'Ziver',
    loading: 'Cargando...',
    retry: 'Reintentar',
    dismiss: 'Cerrar',
  },
  loading: {
    securingSession: 'Protegiendo tu sesión...',
    verifyingSession: 'Verificando tu sesión...',
    detectingPlatform: 'Detectando tu plataforma...',
    initializing: 'Iniciando Ziver...',
  },
  nav: {
    label: 'Navegación principal',
    mining: 'Minería',
    marketplace: 'Mercado',
    wallet: 'Billetera',
    leaderboard: 'Clasificación',
    collapse: 'Ocultar navegación',
    expand: 'Mostrar navegación',
  },
  header: {
    home: 'Inicio de Ziver',
    openProfileMenu: 'Abrir menú de perfil',
    logout: 'Cerrar sesión',
    adminConsole: 'Consola de administración',
    signIn: 'Iniciar sesión',
    themeToggle: 'Tema: {{theme}}. Cambiar tema',
    themes: { light: 'Claro', dark: 'Oscuro', auto: 'Automático' },
  },
  // The few feature texts the shell shows: the same as in the features' own files (app/locales/locales.test.ts checks).
  tasks: { navLabel: 'Tareas' },
  referrals: { navLabel: 'Referidos' },
  profile: { menuLabel: 'Perfil' },
  history: { menuLabel: 'Historial' },
  feedback: { menuLabel: 'Comentarios' },
  settings: { hub: { title: 'Ajustes' } },
  messages: { failedUpdateSettings: 'No se pudo actualizar la configuración' },
  errors: {
    crashed: 'Algo salió mal',
    crashedHint: 'Recarga la página para continuar.',
    reload: 'Recargar',
    databaseUnavailable: 'Ziver no puede acceder a su base de datos en este momento. Inténtalo de nuevo en un minuto.',
  },
  mining: miningEs,
  transactions: transactionsEs,
};

export default esStart;
