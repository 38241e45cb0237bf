import identityZh from '@/features/auth/locales/zh';
import profileSetupZh from '@/features/users/locales/setup/zh';
import profileZh from '@/features/users/locales/zh';
import settingsZh from '@/features/settings/locales/zh';
import historyZh from '@/features/transactions/locales/zh';
import lockdownZh from '@/features/system/locales/zh';
import noticesZh from '@/features/notices/locales/zh';
import tasksZh from '@/features/tasks/locales/zh';
import referralsZh from '@/features/referrals/locales/zh';
import feedbackZh from '@/features/feedback/locales/zh';
import legalZh from '@/features/legal/locales/zh';
import walletZh from '@/features/wallet/locales/zh';
import type { FeaturesTranslation } from './en';

/** Chinese for the pages but the mining screen (see ./zh-start), as ./en-features is for English. */
const zhFeatures: FeaturesTranslation = {
  auth: {
    showPassword: '显示密码',
    hidePassword: '隐藏密码',
    login: {
      title: '欢迎回来',
      subtitle: '登录以继续挖取 ZP。',
      invalidCredentials: '邮箱、用户名或密码错误',
      emailLabel: '邮箱或用户名',
      emailPlaceholder: 'you@example.com',
      passwordLabel: '密码',
      passwordPlaceholder: '您的密码',
      submit: '登录',
      noAccount: '还没有账户？',
      registerLink: '立即注册',
      sessionExpired: '您的会话已过期，请重新登录。',
      forgotLink: '忘记密码？',
    },
    forgot: {
      title: '重置密码',
      subtitle: '输入您账户的邮箱，我们会向其发送设置新密码的链接。',
      emailLabel: '邮箱',
      submit: '发送重置链接',
      sentTitle: '请查收邮件',
      backToLogin: '返回登录',
      telegramHint: '已关联 Telegram？向机器人发送 /reset，即可在聊天中收到链接。',
      telegramOpen: '打开 @{{bot}}',
    },
    reset: {
      title: '设置新密码',
      subtitle: '请选择新密码。所有已登录您账户的设备都将退出登录。',
      codeLabel: '身份验证器代码或备用码',
      submit: '保存新密码',
      doneTitle: '密码已更改',
      requestNew: '重新申请链接',
      missingToken: '此页面需要您邮件中的链接。请重新申请。',
    },
    verify: {
      title: '验证你的邮箱',
      checking: '正在检查你的链接…',
      doneTitle: '邮箱已验证',
      openAccount: '打开账户设置',
      signIn: '登录',
      failedTitle: '验证失败',
      resendHint: '你可以在“设置 → 账户”中重新发送链接。',
      missingToken: '此页面需要你验证邮件中的链接。',
    },
    register: {
      title: '创建您的账户',
      subtitle: '加入 Ziver，今天就开始挖取 ZP。',
      usernameLabel: '用户名',
      usernamePlaceholder: '您的用户名',
      emailLabel: '邮箱',
      emailPlaceholder: 'you@example.com',
      passwordLabel: '密码',
      passwordPlaceholder: '至少 6 个字符',
      confirmPasswordLabel: '确认密码',
      confirmPasswordPlaceholder: '再次输入密码',
      submit: '创建账户',
      haveAccount: '已有账户？',
      loginLink: '登录',
      referralCode: '推荐码：{{code}}',
    },
  },
  landing: {
    heroBadge: '符合伊斯兰教法的 Web3',
    heroTitle: '以清真的方式赚取、成长与连接',
    heroSubtitle: 'Ziver 是一个符合伊斯兰教法的 Web3 社交平台，面向创作者、爱好者以及所有寻求清真加密货币的用户。',
    getEarlyAccess: '获取抢先体验',
    signIn: '登录',
    whatIsTitle: '什么是 Ziver？',
    whatIsBody:
      '一个让您的时间和社区都有价值的社交平台。每个周期挖取 ZP，提升您的社会资本分数（SEB），完成任务并邀请好友：没有利息、赌博或投机。',
    problemsTitle: 'Ziver 解决的问题',
    problems: {
      interest: { title: '处处是利息', body: '大多数加密收益方式依赖利息（里巴）或借贷，许多人无法接受。' },
      gambling: { title: '变相赌博', body: '空投和加密游戏常常沦为赌博和投机。' },
      value: { title: '你的时间，他们的利润', body: '社交平台靠你的时间和人脉成长，却很少与你分享价值。' },
    },
    benefitsTitle: '为什么选择 Ziver',
    benefits: {
      mining: { title: '每隔几小时挖矿', body: '一键开始周期，结束后领取您的 ZP。' },
      social: { title: '提升社会资本', body: '您的 SEB 分数随连续天数增长，并解锁更高等级。' },
      halal: { title: '为清真而设计', body: '没有利息，没有赌博：奖励来自参与，而非投机。' },
    },
    faqTitle: '常见问题',
    faq: {
      q1: '什么是 ZP？',
      a1: 'ZP 是 Ziver 积分。您可以通过挖矿、完成任务和邀请好友获得。',
      q2: 'Ziver 符合伊斯兰教法吗？',
      a2: 'Ziver 按清真原则设计：没有利息、没有赌博，也没有投机交易。',
      q3: '挖矿如何进行？',
      a3: '点击开始挖矿，等待周期结束，然后领取奖励。每天领取可以延长连续天数。',
      q4: '需要付费吗？',
      a4: '不需要。加入和挖矿都是免费的，网页和 Telegram 内均可使用。',
    },
    footerDisclaimer: 'ZP 和 SEB 是应用内积分，不具有现金价值。本网站的任何内容都不构成财务或宗教建议。',
    footerRights: '© {{year}} Ziver',
  },
  comingSoon: {
    title: '即将推出',
    launch: '2025 年第四季度上线',
    description: '{{feature}} 即将到来。我们正在精心打造，并将于 2025 年第四季度上线。',
    launchSoon: '即将推出',
    descriptionNeutral: '{{feature}} 即将到来。我们正在精心打造。',
    adminBypass: '管理员绕过',
    adminBypassHint: '显示该功能的当前状态（仅限 ADMIN 和 TESTER）。',
    previewEmpty: '暂无可预览内容：此功能尚未构建任何内容。',
    features: { marketplace: '市场', wallet: '钱包' },
  },
  lockdown: lockdownZh,
  notices: noticesZh,
  history: historyZh,
  identity: identityZh,
  settings: settingsZh,
  profileSetup: profileSetupZh,
  profile: profileZh,
  tasks: tasksZh,
  referrals: referralsZh,
  feedback: feedbackZh,
  legal: legalZh,
  wallet: walletZh,
};

export default zhFeatures;
