import type { ProfileSetupTranslation } from './en';

const profileSetupZh: ProfileSetupTranslation = {
  title: '完善个人资料',
  body: '确认你的账户信息，然后开始第一个挖矿周期。',
  welcomeTitle: '欢迎来到 Ziver！',
  welcomeBody: '完善个人资料即可开始挖矿。',
  accountHeader: '你的账户',
  username: '用户名',
  email: '邮箱',
  telegram: 'Telegram',
  nextHeader: '下一步',
  steps: {
    mine: '开始第一个挖矿周期',
    mineHint: '点击开始挖矿，周期结束后回来领取 ZP。',
    secure: '保护你的账户',
    secureHint: '在设置中开启两步验证。',
    invite: '邀请好友',
    inviteHint: '分享你的邀请链接，赚取额外 ZP。',
  },
  startMining: '开始挖矿',
  secureAccount: '保护我的账户',
};

export default profileSetupZh;
