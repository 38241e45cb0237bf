import type { TransactionsTranslation } from './en';

const transactionsFr: TransactionsTranslation = {
  types: {
    mining_reward: 'Récompense de minage',
    task_reward: 'Récompense de tâche',
    referral_bonus: 'Bonus de parrainage',
    referral_reward: 'Récompense de parrainage',
    feedback_reward: 'Récompense d’avis',
    daily_login: 'Connexion quotidienne',
    admin_adjustment: 'Ajustement administratif',
    withdrawal: 'Retrait',
    purchase: 'Achat',
    other: 'Transaction',
  },
  reversal: '{{label}} (annulé)',
  meta: {
    taskTitle: 'Tâche : {{value}}',
    feedbackTitle: 'Avis : {{value}}',
    duration: '{{value}} min',
    sebPoints: '+{{value}} SEB',
    streak_one: 'Série : {{count}} jour',
    streak_other: 'Série : {{count}} jours',
  },
  amountLabel: '{{amount}} {{currency}}',
};

export default transactionsFr;
