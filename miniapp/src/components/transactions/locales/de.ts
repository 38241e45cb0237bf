import type { TransactionsTranslation } from './en';

const transactionsDe: TransactionsTranslation = {
  types: {
    mining_reward: 'Mining-Belohnung',
    task_reward: 'Aufgabenbelohnung',
    referral_bonus: 'Empfehlungsbonus',
    referral_reward: 'Empfehlungsprämie',
    feedback_reward: 'Feedback-Belohnung',
    daily_login: 'Tägliche Anmeldung',
    admin_adjustment: 'Admin-Korrektur',
    withdrawal: 'Auszahlung',
    purchase: 'Kauf',
    other: 'Transaktion',
  },
  reversal: '{{label}} (storniert)',
  meta: {
    taskTitle: 'Aufgabe: {{value}}',
    feedbackTitle: 'Feedback: {{value}}',
    duration: '{{value}} Min.',
    sebPoints: '+{{value}} SEB',
    streak_one: 'Serie: {{count}} Tag',
    streak_other: 'Serie: {{count}} Tage',
  },
  amountLabel: '{{amount}} {{currency}}',
};

export default transactionsDe;
