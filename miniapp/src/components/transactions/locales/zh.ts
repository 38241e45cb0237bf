import type { TransactionsTranslation } from './en';

const transactionsZh: TransactionsTranslation = {
  types: {
    mining_reward: '挖矿奖励',
    task_reward: '任务奖励',
    referral_bonus: '邀请奖励金',
    referral_reward: '推荐奖励',
    feedback_reward: '反馈奖励',
    daily_login: '每日登录',
    admin_adjustment: '管理员调整',
    withdrawal: '提现',
    purchase: '购买',
    other: '交易',
  },
  reversal: '{{label}}（已撤销）',
  meta: {
    taskTitle: '任务：{{value}}',
    feedbackTitle: '反馈：{{value}}',
    duration: '{{value}} 分钟',
    sebPoints: '+{{value}} SEB',
    streak_one: '连续：{{count}} 天',
    streak_other: '连续：{{count}} 天',
  },
  amountLabel: '{{amount}} {{currency}}',
};

export default transactionsZh;
