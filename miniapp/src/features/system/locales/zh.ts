import type { LockdownTranslation } from './en';

const lockdownZh: LockdownTranslation = {
  title: '维护中',
  body: 'Ziver 正在升级。您的余额和进度都是安全的。',
  estimate: '预计时间：30-60 分钟',
  contactSupport: '联系客服',
  contactOperator: '如需帮助，请联系本应用的运营方。',
  copyEmail: '复制客服邮箱',
  tryAgain: '重试',
  backSoon: '维护结束后，我们会自动带您返回。',
  stillDown: '仍在维护中，请几分钟后再试。',
  copyFailed: '复制失败。我们的邮箱是 {{email}}',
  banner: {
    signUpClosed: '维护结束后将重新开放注册。管理员仍可登录。',
    adminTitle: '锁定已开启',
    adminBody: '除管理员外，所有人都会看到维护页面：无法注册、挖矿或领取奖励。',
    adminLink: '锁定开关',
  },
};

export default lockdownZh;
