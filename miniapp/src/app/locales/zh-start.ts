import miningZh from '@/features/mining/locales/zh';
import transactionsZh from '@/components/transactions/locales/zh';
import type { StartTranslation } from './en';

/**
 * Chinese for the first screen and the mining screen, as ./en-shell and ./en-mining are for English:
 * loaded with the start-up language. The rest (./zh-features) loads after the first screen
 * (i18n/index.ts); the other routes wait for it.
 */
const zhStart: StartTranslation = {
  common: {
    appName: 'Ziver',
    loading: '加载中...',
    retry: '重试',
    dismiss: '关闭',
  },
  loading: {
    securingSession: '正在保护您的会话...',
    verifyingSession: '正在验证您的会话...',
    detectingPlatform: '正在检测您的平台...',
    initializing: '正在初始化 Ziver...',
  },
  nav: {
    label: '主导航',
    mining: '挖矿',
    marketplace: '市场',
    wallet: '钱包',
    leaderboard: '排行榜',
    collapse: '隐藏导航',
    expand: '显示导航',
  },
  header: {
    home: 'Ziver 首页',
    openProfileMenu: '打开个人菜单',
    logout: '退出登录',
    adminConsole: '管理控制台',
    signIn: '登录',
    themeToggle: '主题：{{theme}}。切换主题',
    themes: { light: '浅色', dark: '深色', auto: '自动' },
  },
  // The few feature texts the shell shows: the same as in the features' own files (app/locales/locales.test.ts checks).
  tasks: { navLabel: '任务' },
  referrals: { navLabel: '邀请' },
  profile: { menuLabel: '个人资料' },
  history: { menuLabel: '交易记录' },
  feedback: { menuLabel: '反馈' },
  settings: { hub: { title: '设置' } },
  messages: { failedUpdateSettings: '更新设置失败' },
  errors: {
    crashed: '出现了问题',
    crashedHint: '请刷新页面以继续。',
    reload: '刷新',
    databaseUnavailable: 'Ziver 暂时无法连接到数据库，请一分钟后再试。',
  },
  mining: miningZh,
  transactions: transactionsZh,
};

export default zhStart;
