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
  lines: {
    mining_reward: {
      detail: 'Cycle: {{duration}}',
      generic: 'Mining cycle completed',
    },
    task_reward: {
      detail: 'Task: {{title}}',
      generic: 'Task completed',
    },
    referral_bonus: {
      detail: "Joined with {{username}}'s invite",
      generic: "Joined with a friend's invite",
    },
    referral_reward: {
      detail: '{{username}} started mining',
      generic: 'A friend started mining',
    },
    referral_bonus_reversal: {
      detail: 'Referral by {{username}} removed',
      generic: 'Referral removed',
    },
    referral_reward_reversal: {
      detail: '{{username}} removed from your referrals',
      generic: 'Referral removed',
    },
    referral_reward_review: {
      detail: 'Reward for {{username}} taken back after a review',
      generic: 'Referral reward taken back after a review',
    },
    feedback_reward: {
      detail: 'For your feedback “{{title}}”',
      generic: 'For your feedback',
    },
    daily_login: {
      detail: 'Login on {{date}}',
      generic: 'Daily login bonus',
    },
    admin_adjustment: {
      detail: 'Reason: {{reason}}',
      generic: 'Balance corrected by the team',
    },
    reversal: 'An earlier entry was reversed',
  },
  reversal: '{{label}} (reversed)',
  meta: {
    taskTitle: 'Task: {{value}}',
    feedbackTitle: 'Feedback: {{value}}',
    duration: '{{value}}',
    sebPoints: '+{{value}} SEB',
    streak_one: 'Streak: {{count}} day',
    streak_other: 'Streak: {{count}} days',
  },
  amountLabel: '{{amount}} {{currency}}',
};

type DeepString<T> = T extends string ? string : { [K in keyof T]: DeepString<T[K]> };
export type TransactionsTranslation = DeepString<typeof transactionsEn>;

export default transactionsEn;
