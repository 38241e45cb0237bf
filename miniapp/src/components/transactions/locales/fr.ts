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
  lines: {
    mining_reward: {
      detail: 'Cycle : {{duration}}',
      generic: 'Cycle de minage terminé',
    },
    task_reward: {
      detail: 'Tâche : {{title}}',
      generic: 'Tâche terminée',
    },
    referral_bonus: {
      detail: 'Inscrit avec l’invitation de {{username}}',
      generic: 'Inscrit avec l’invitation d’un ami',
    },
    referral_reward: {
      detail: '{{username}} a commencé à miner',
      generic: 'Un ami a commencé à miner',
    },
    referral_bonus_reversal: {
      detail: 'Parrainage de {{username}} retiré',
      generic: 'Parrainage retiré',
    },
    referral_reward_reversal: {
      detail: '{{username}} retiré de vos filleuls',
      generic: 'Parrainage retiré',
    },
    referral_reward_review: {
      detail: 'Récompense pour {{username}} reprise après un examen',
      generic: 'Récompense de parrainage reprise après un examen',
    },
    feedback_reward: {
      detail: 'Pour votre avis « {{title}} »',
      generic: 'Pour votre avis',
    },
    daily_login: {
      detail: 'Connexion du {{date}}',
      generic: 'Bonus de connexion quotidienne',
    },
    admin_adjustment: {
      detail: 'Motif : {{reason}}',
      generic: 'Solde corrigé par l’équipe',
    },
    reversal: 'Une opération précédente a été annulée',
  },
  reversal: '{{label}} (annulé)',
  meta: {
    taskTitle: 'Tâche : {{value}}',
    feedbackTitle: 'Avis : {{value}}',
    duration: '{{value}}',
    sebPoints: '+{{value}} SEB',
    streak_one: 'Série : {{count}} jour',
    streak_other: 'Série : {{count}} jours',
  },
  amountLabel: '{{amount}} {{currency}}',
};

export default transactionsFr;
