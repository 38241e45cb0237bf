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
  lines: {
    mining_reward: {
      detail: '周期：{{duration}}',
      generic: '挖矿周期已完成',
    },
    task_reward: {
      detail: '任务：{{title}}',
      generic: '任务已完成',
    },
    referral_bonus: {
      detail: '通过 {{username}} 的邀请加入',
      generic: '通过好友的邀请加入',
    },
    referral_reward: {
      detail: '{{username}} 开始挖矿了',
      generic: '一位好友开始挖矿了',
    },
    referral_bonus_reversal: {
      detail: '{{username}} 的推荐已移除',
      generic: '推荐已移除',
    },
    referral_reward_reversal: {
      detail: '{{username}} 已从你的推荐中移除',
      generic: '推荐已移除',
    },
    referral_reward_review: {
      detail: '{{username}} 的奖励已在审核后收回',
      generic: '邀请奖励已在审核后收回',
    },
    feedback_reward: {
      detail: '感谢你的反馈“{{title}}”',
      generic: '感谢你的反馈',
    },
    daily_login: {
      detail: '{{date}} 登录',
      generic: '每日登录奖励',
    },
    admin_adjustment: {
      detail: '原因：{{reason}}',
      generic: '余额已由团队更正',
    },
    reversal: '一笔先前的记录已被撤销',
  },
  reversal: '{{label}}（已撤销）',
  meta: {
    taskTitle: '任务：{{value}}',
    feedbackTitle: '反馈：{{value}}',
    duration: '{{value}}',
    sebPoints: '+{{value}} SEB',
    streak_one: '连续：{{count}} 天',
    streak_other: '连续：{{count}} 天',
  },
  amountLabel: '{{amount}} {{currency}}',
};

export default transactionsZh;
