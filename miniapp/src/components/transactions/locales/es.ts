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
  reversal: '{{label}} (revertido)',
  meta: {
    taskTitle: 'Tarea: {{value}}',
    feedbackTitle: 'Comentario: {{value}}',
    duration: '{{value}} min',
    sebPoints: '+{{value}} SEB',
    streak_one: 'Racha: {{count}} día',
    streak_other: 'Racha: {{count}} días',
  },
  amountLabel: '{{amount}} {{currency}}',
};

export default transactionsEs;
