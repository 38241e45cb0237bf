import type { AdminTranslation } from './en';

const adminZh: AdminTranslation = {
  title: '管理控制台',
  back: '返回',
  notAllowed: '此页面仅供管理员使用。',
  tabs: { feedback: '反馈', audit: '审计日志' },
  filters: { type: '类型', priority: '优先级', status: '状态', any: '全部' },
  inbox: {
    empty: '没有符合筛选条件的反馈。',
    loadFailed: '无法加载反馈，请重试。',
    from: '来自 {{username}} · {{date}}',
    attachment: '“{{title}}”的第 {{index}} 张图片',
    statusLabel: '状态',
    replyLabel: '回复用户',
    replyPlaceholder: '用户会在其反馈记录中看到此回复',
    save: '保存',
    saved: '已保存',
    rewardTitle: '奖励',
    zpLabel: 'ZP',
    sebLabel: 'SEB',
    reward: '发放奖励',
    rewarded: '已奖励：{{amounts}}',
    rewardHint: '每条反馈仅发放一次奖励，记为一笔账目。',
    failed: '操作失败：{{message}}',
  },
  audit: {
    empty: '暂无管理操作。',
    loadFailed: '无法加载审计日志，请重试。',
    by: '操作人 {{username}} · {{date}}',
    before: '之前',
    after: '之后',
    newer: '较新',
    older: '较早',
    page: '第 {{page}} 页，共 {{pages}} 页',
    actions: { 'feedback.update': '反馈状态已更改', 'feedback.reward': '反馈已奖励' },
  },
};

export default adminZh;
