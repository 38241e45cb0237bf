import type { MiningTranslation } from './en';

const miningEs: MiningTranslation = {
  title: 'Minería',
  zpBalance: 'Saldo ZP',
  sebScore: 'Puntuación SEB',
  streak: 'Racha',
  streakUnit_one: 'día',
  streakUnit_other: 'días',
  tiers: { BEGINNER: 'Principiante', ADVANCED: 'Avanzado', ELITE: 'Élite', SUPREME: 'Supremo' },
  localTime: 'Hora local',
  phase: { ready: 'Listo para minar', in_progress: 'Minería en curso', claimable: '¡Recompensa lista!' },
  timeLeft: 'restante',
  start: 'Empezar a minar',
  mining: 'Minando...',
  claim: 'Reclamar recompensa',
  cycleInfo: 'Cada ciclo dura {{duration}} y paga {{reward}} ZP.',
  progressLabel: 'Progreso de minería',
  rewardTitle: '¡Recompensa reclamada!',
  rewardZp: '+{{amount}} ZP',
  rewardSeb: '+{{amount}} SEB',
  rewardStreak_one: 'Racha: {{count}} día',
  rewardStreak_other: 'Racha: {{count}} días',
  tierNext: '{{percent}} para {{next}}',
  tierTop: 'Nivel máximo alcanzado',
  tierProgressLabel: 'Progreso hacia el siguiente nivel SEB',
  fullscreen: {
    enter: 'Pantalla completa',
    exit: 'Salir de pantalla completa',
    failed: 'Telegram no pudo abrir la pantalla completa aquí.',
  },
  homeScreen: {
    title: 'Ten Ziver a un toque',
    text: 'Llevas {{count}} días seguidos minando. ¿Añadir Ziver a tu pantalla de inicio?',
    add: 'Añadir a inicio',
    later: 'Ahora no',
  },
  recent: {
    title: 'Actividad reciente',
    viewAll: 'Ver todo',
    empty: 'Aún no hay actividad. Empieza a minar para ganar tu primera recompensa.',
    error: 'No se pudieron obtener las transacciones recientes: {{status}}',
    networkStatus: 'error de red',
  },
};

export default miningEs;
