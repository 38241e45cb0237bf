/** Texts of the shared transaction row (used by the history page and the mining hub). */
const transactionsEn = {
  types: {
    mining_reward: 'Mining reward',
    task_reward: 'Task reward',
    referral_bonus: 'Referral bonus',
    referral_reward: 'Referral reward',
    feedback_reward: 'Feedback reward',
    daily_login: 'Daily login',
    admin_adjustment: 'Admin adjustment',
    withdrawal: 'Withdrawal',
    purchase: 'Purchase',
    other: 'Transaction',
  },
  reversal: '{{label}} (reversed)',
  meta: {
    taskTitle: 'Task: {{value}}',
    feedbackTitle: 'Feedback: {{value}}',
    duration: '{{value}} min',
    sebPoints: '+{{value}} SEB',
    streak_one: 'Streak: {{count}} day',
    streak_other: 'Streak: {{count}} days',
  },
  amountLabel: '{{amount}} {{currency}}',
};

type DeepString<T> = T extends string ? string : { [K in keyof T]: DeepString<T[K]> };
export type TransactionsTranslation = DeepString<typeof transactionsEn>;

export default transactionsEn;
