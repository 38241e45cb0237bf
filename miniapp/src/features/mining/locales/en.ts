/** Texts of the mining hub (English, the source). */
const miningEn = {
  title: 'Mining',
  zpBalance: 'ZP balance',
  sebScore: 'SEB score',
  streak: 'Streak',
  streakUnit_one: 'day',
  streakUnit_other: 'days',
  tiers: { BEGINNER: 'Beginner', ADVANCED: 'Advanced', ELITE: 'Elite', SUPREME: 'Supreme' },
  localTime: 'Local time',
  phase: { ready: 'Ready to mine', in_progress: 'Mining in progress', claimable: 'Reward ready!' },
  timeLeft: 'left',
  start: 'Start Mining',
  mining: 'Mining...',
  claim: 'Claim Reward',
  cycleInfo: 'Each cycle lasts {{duration}} and pays {{reward}} ZP.',
  progressLabel: 'Mining progress',
  rewardTitle: 'Reward claimed!',
  rewardZp: '+{{amount}} ZP',
  rewardSeb: '+{{amount}} SEB',
  rewardStreak_one: 'Streak: {{count}} day',
  rewardStreak_other: 'Streak: {{count}} days',
  tierNext: '{{percent}} to {{next}}',
  tierTop: 'Top tier reached',
  tierProgressLabel: 'Progress to the next SEB tier',
  fullscreen: { enter: 'Full screen', exit: 'Leave full screen', failed: 'Telegram could not open full screen here.' },
  homeScreen: {
    title: 'Keep Ziver one tap away',
    text: 'You have mined {{count}} days in a row. Add Ziver to your home screen?',
    add: 'Add to home screen',
    later: 'Not now',
  },
  recent: {
    title: 'Recent activity',
    viewAll: 'View all',
    empty: 'No activity yet. Start mining to earn your first reward.',
    error: 'Failed to fetch recent transactions: {{status}}',
    networkStatus: 'network error',
  },
};

type DeepString<T> = T extends string ? string : { [K in keyof T]: DeepString<T[K]> };
export type MiningTranslation = DeepString<typeof miningEn>;

export default miningEn;
