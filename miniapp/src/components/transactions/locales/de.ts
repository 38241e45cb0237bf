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
  lines: {
    mining_reward: {
      detail: 'Zyklus: {{duration}}',
      generic: 'Mining-Zyklus abgeschlossen',
    },
    task_reward: {
      detail: 'Aufgabe: {{title}}',
      generic: 'Aufgabe erledigt',
    },
    referral_bonus: {
      detail: 'Mit der Einladung von {{username}} beigetreten',
      generic: 'Mit der Einladung eines Freundes beigetreten',
    },
    referral_reward: {
      detail: '{{username}} hat mit dem Mining begonnen',
      generic: 'Ein Freund hat mit dem Mining begonnen',
    },
    referral_bonus_reversal: {
      detail: 'Empfehlung durch {{username}} entfernt',
      generic: 'Empfehlung entfernt',
    },
    referral_reward_reversal: {
      detail: '{{username}} aus deinen Empfehlungen entfernt',
      generic: 'Empfehlung entfernt',
    },
    referral_reward_review: {
      detail: 'Prämie für {{username}} nach einer Prüfung zurückgenommen',
      generic: 'Empfehlungsprämie nach einer Prüfung zurückgenommen',
    },
    feedback_reward: {
      detail: 'Für dein Feedback „{{title}}“',
      generic: 'Für dein Feedback',
    },
    daily_login: {
      detail: 'Anmeldung am {{date}}',
      generic: 'Bonus für tägliche Anmeldung',
    },
    admin_adjustment: {
      detail: 'Grund: {{reason}}',
      generic: 'Guthaben vom Team korrigiert',
    },
    reversal: 'Eine frühere Buchung wurde storniert',
  },
  reversal: '{{label}} (storniert)',
  meta: {
    taskTitle: 'Aufgabe: {{value}}',
    feedbackTitle: 'Feedback: {{value}}',
    duration: '{{value}}',
    sebPoints: '+{{value}} SEB',
    streak_one: 'Serie: {{count}} Tag',
    streak_other: 'Serie: {{count}} Tage',
  },
  amountLabel: '{{amount}} {{currency}}',
};

export default transactionsDe;
