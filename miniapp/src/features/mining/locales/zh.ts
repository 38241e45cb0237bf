import type { MiningTranslation } from './en';

const miningZh: MiningTranslation = {
  title: '挖矿',
  zpBalance: 'ZP 余额',
  sebScore: 'SEB 分数',
  streak: '连续天数',
  streakUnit_one: '天',
  streakUnit_other: '天',
  tiers: { BEGINNER: '新手', ADVANCED: '进阶', ELITE: '精英', SUPREME: '至尊' },
  localTime: '本地时间',
  phase: { ready: '可以开始挖矿', in_progress: '挖矿进行中', claimable: '奖励已就绪！' },
  timeLeft: '剩余',
  start: '开始挖矿',
  mining: '挖矿中...',
  claim: '领取奖励',
  cycleInfo: '每个周期持续 {{duration}}，奖励 {{reward}} ZP。',
  progressLabel: '挖矿进度',
  rewardTitle: '奖励已领取！',
  rewardZp: '+{{amount}} ZP',
  rewardSeb: '+{{amount}} SEB',
  rewardStreak_one: '连续：{{count}} 天',
  rewardStreak_other: '连续：{{count}} 天',
  tierNext: '距 {{next}} 还差 {{percent}}',
  tierTop: '已达最高等级',
  tierProgressLabel: '距下一 SEB 等级的进度',
  fullscreen: { enter: '全屏', exit: '退出全屏', failed: 'Telegram 无法在此打开全屏。' },
  homeScreen: {
    title: '一键打开 Ziver',
    text: '你已连续挖矿 {{count}} 天。将 Ziver 添加到主屏幕？',
    add: '添加到主屏幕',
    later: '以后再说',
  },
  recent: {
    title: '最近动态',
    viewAll: '查看全部',
    empty: '暂无动态。开始挖矿，赚取您的第一笔奖励。',
    error: '获取最近交易失败：{{status}}',
    networkStatus: '网络错误',
  },
};

export default miningZh;
