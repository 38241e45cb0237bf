import type { TasksTranslation } from './en';

const tasksEs: TasksTranslation = {
  navLabel: 'Tareas',
  title: 'Tareas',
  subtitle: 'Completa tareas para ganar ZP y aumentar tu puntuación SEB.',
  refresh: 'Actualizar tareas',
  stats: {
    label: 'Resumen de tus tareas',
    done: 'Hechas',
    todo: 'Pendientes',
    zp: 'ZP',
    streak: 'Racha',
  },
  card: {
    reward: '+{{amount}} ZP',
    rewardSeb: '+{{amount}} SEB',
    completed: 'Completada',
    completedOn: 'Completada el {{date}}',
    complete: 'Completar',
    open: 'Abrir enlace',
    joinChannel: 'Unirse al canal',
    checkingChannel: 'Comprobando tu suscripción…',
    progress: '{{percent}}',
    progressLabel: '{{completed}} de {{total}} requisitos cumplidos',
    requirements: 'Requisitos',
    external: 'Enlace externo',
    states: { completed: 'Completada', link: 'Tarea de enlace', in_progress: 'En curso', ready: 'Lista' },
  },
  rules: {
    met: 'Cumplido',
    unmet: 'Aún no cumplido',
    remaining: 'Faltan {{amount}}',
    mining_streak: { label: 'Racha de minería', value: '{{actual}}/{{expected}} días' },
    referral_count: { label: 'Referidos activos', value: '{{actual}}/{{expected}}' },
    zp_balance: { label: 'Saldo ZP', value: '{{actual}}/{{expected}} ZP' },
    tasks_completed: { label: 'Tareas completadas', value: '{{actual}}/{{expected}}' },
    social_capital_score: { label: 'Puntuación SEB', value: '{{actual}}/{{expected}} SEB' },
    mining_session_duration: { label: 'Tiempo minado', value: '{{actual}}/{{expected}} minutos' },
  },
  reward: {
    title: '¡Tarea completada!',
    body: '{{title}}: +{{zp}} ZP, +{{seb}} SEB',
  },
  link: {
    confirmTitle: '¿Abrir esta tarea?',
    confirmBody:
      '«{{title}}» abre {{host}} en una ventana nueva. Haz lo que te pide y vuelve aquí para reclamar tu recompensa.',
    confirmYes: 'Abrir enlace',
    cancel: 'Cancelar',
    openedTitle: 'Esperando a que termines',
    openedBody: 'Completa «{{title}}» en la ventana que se abrió. Te preguntaremos al cerrarla.',
    openedDone: 'Ya he vuelto',
    blockedTitle: 'Tu navegador bloqueó la ventana emergente',
    blockedBody: '¿Abrir el enlace en esta pestaña? Cuando vuelvas a Ziver te preguntaremos si la completaste.',
    blockedSameTab: 'Abrir aquí',
    copyLink: 'Copiar enlace',
    askTitle: '¿La completaste?',
    askBody:
      '¿Completaste «{{title}}»? Confírmalo solo si de verdad lo hiciste: las recompensas son para tareas completadas.',
    askYes: 'Sí, la completé',
    askNo: 'Todavía no',
  },
  help: {
    title: 'Cómo funcionan las tareas',
    basicsTitle: '¿Cómo funcionan las tareas?',
    basicsBody:
      'Cada tarea paga ZP y SEB una sola vez. Las tareas con reglas se desbloquean cuando tus estadísticas alcanzan sus requisitos: la tarjeta muestra tu progreso y Completar se activa al 100 %. Las tareas de enlace te piden visitar una página y luego confirmar que hiciste lo que pedía.',
    rulesTitle: '¿Qué significan los requisitos?',
    rules: {
      mining_streak: 'Racha de minería: días seguidos en los que reclamaste una recompensa de minería.',
      referral_count: 'Referidos activos: amigos que se unieron con tu enlace y siguen en tu lista.',
      zp_balance: 'Saldo ZP: los ZP que tienes ahora mismo.',
      tasks_completed: 'Tareas completadas: cuántas tareas has completado hasta ahora.',
      social_capital_score: 'Puntuación SEB: tu puntuación de capital social, que crece con tu racha de minería.',
      mining_session_duration: 'Tiempo minado: el total de minutos de los ciclos de minería que reclamaste.',
    },
    refreshTitle: 'Mi progreso parece desactualizado',
    refreshBody:
      'Usa el botón de actualizar de arriba. El progreso se vuelve a comprobar en el servidor cada vez que completas una tarea.',
  },
  empty: {
    title: 'Aún no hay tareas',
    body: 'Las nuevas tareas aparecerán aquí. Mientras tanto, sigue minando.',
  },
  errors: {
    load: 'No se pudieron cargar las tareas. Inténtalo de nuevo más tarde.',
    complete: 'No se pudo completar la tarea.',
    copyLink: 'No se pudo copiar el enlace',
    openLink: 'Error al abrir el enlace de la tarea. Inténtalo de nuevo.',
  },
};

export default tasksEs;
