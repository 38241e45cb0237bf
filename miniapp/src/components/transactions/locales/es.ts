import type { TransactionsTranslation } from './en';

const transactionsEs: TransactionsTranslation = {
  types: {
    mining_reward: 'Recompensa de minería',
    task_reward: 'Recompensa de tarea',
    referral_bonus: 'Bono de referido',
    referral_reward: 'Recompensa por referido',
    feedback_reward: 'Recompensa por comentario',
    daily_login: 'Inicio de sesión diario',
    admin_adjustment: 'Ajuste administrativo',
    withdrawal: 'Retiro',
    purchase: 'Compra',
    other: 'Transacción',
  },
  lines: {
    mining_reward: {
      detail: 'Ciclo: {{duration}}',
      generic: 'Ciclo de minería completado',
    },
    task_reward: {
      detail: 'Tarea: {{title}}',
      generic: 'Tarea completada',
    },
    referral_bonus: {
      detail: 'Te uniste con la invitación de {{username}}',
      generic: 'Te uniste con la invitación de un amigo',
    },
    referral_reward: {
      detail: '{{username}} empezó a minar',
      generic: 'Un amigo empezó a minar',
    },
    referral_bonus_reversal: {
      detail: 'Referido de {{username}} eliminado',
      generic: 'Referido eliminado',
    },
    referral_reward_reversal: {
      detail: '{{username}} eliminado de tus referidos',
      generic: 'Referido eliminado',
    },
    referral_reward_review: {
      detail: 'Recompensa por {{username}} retirada tras una revisión',
      generic: 'Recompensa por referido retirada tras una revisión',
    },
    feedback_reward: {
      detail: 'Por tu comentario «{{title}}»',
      generic: 'Por tu comentario',
    },
    daily_login: {
      detail: 'Inicio de sesión del {{date}}',
      generic: 'Bono de inicio de sesión diario',
    },
    admin_adjustment: {
      detail: 'Motivo: {{reason}}',
      generic: 'Saldo corregido por el equipo',
    },
    reversal: 'Se revirtió un movimiento anterior',
  },
  reversal: '{{label}} (revertido)',
  meta: {
    taskTitle: 'Tarea: {{value}}',
    feedbackTitle: 'Comentario: {{value}}',
    duration: '{{value}}',
    sebPoints: '+{{value}} SEB',
    streak_one: 'Racha: {{count}} día',
    streak_other: 'Racha: {{count}} días',
  },
  amountLabel: '{{amount}} {{currency}}',
};

export default transactionsEs;
