/** Texts of the tasks page (English, the source). docs/spec.md §8 messages are verbatim. */
const tasksEn = {
  navLabel: 'Tasks',
  title: 'Tasks',
  subtitle: 'Complete tasks to earn ZP and grow your SEB score.',
  refresh: 'Refresh tasks',
  stats: {
    label: 'Your task summary',
    done: 'Done',
    todo: 'Todo',
    zp: 'ZP',
    streak: 'Streak',
  },
  card: {
    reward: '+{{amount}} ZP',
    rewardSeb: '+{{amount}} SEB',
    completed: 'Completed',
    completedOn: 'Completed {{date}}',
    complete: 'Complete',
    open: 'Open link',
    joinChannel: 'Join channel',
    checkingChannel: 'Checking your membership…',
    progress: '{{percent}}',
    progressLabel: '{{completed}} of {{total}} requirements met',
    requirements: 'Requirements',
    external: 'External link',
    states: { completed: 'Completed', link: 'Link task', in_progress: 'In progress', ready: 'Ready' },
  },
  rules: {
    met: 'Met',
    unmet: 'Not met yet',
    remaining: '{{amount}} more needed',
    mining_streak: { label: 'Mining streak', value: '{{actual}}/{{expected}} days' },
    referral_count: { label: 'Active referrals', value: '{{actual}}/{{expected}}' },
    zp_balance: { label: 'ZP balance', value: '{{actual}}/{{expected}} ZP' },
    tasks_completed: { label: 'Tasks completed', value: '{{actual}}/{{expected}}' },
    social_capital_score: { label: 'SEB score', value: '{{actual}}/{{expected}} SEB' },
    mining_session_duration: { label: 'Time mined', value: '{{actual}}/{{expected}} minutes' },
  },
  reward: {
    title: 'Task completed!',
    body: '{{title}}: +{{zp}} ZP, +{{seb}} SEB',
  },
  link: {
    confirmTitle: 'Open this task?',
    confirmBody:
      '“{{title}}” opens {{host}} in a new window. Do what it asks, then come back here to claim your reward.',
    confirmYes: 'Open link',
    cancel: 'Cancel',
    openedTitle: 'Waiting for you to finish',
    openedBody: 'Complete “{{title}}” in the window that opened. We will ask you about it when you close it.',
    openedDone: 'I am back',
    blockedTitle: 'Your browser blocked the popup',
    blockedBody: 'Open the link in this tab instead? When you come back to Ziver we will ask whether you completed it.',
    blockedSameTab: 'Open here',
    copyLink: 'Copy link',
    askTitle: 'Did you complete it?',
    askBody: 'Did you complete “{{title}}”? Only confirm if you really did: rewards are for completed tasks.',
    askYes: 'Yes, I completed it',
    askNo: 'Not yet',
  },
  help: {
    title: 'How tasks work',
    basicsTitle: 'How do tasks work?',
    basicsBody:
      'Each task pays ZP and SEB once. Rule tasks unlock when your stats reach their requirements: the card shows your progress, and Complete turns on at 100%. Link tasks ask you to visit a page, then to confirm that you did what it asked.',
    rulesTitle: 'What do the requirements mean?',
    rules: {
      mining_streak: 'Mining streak: days in a row on which you claimed a mining reward.',
      referral_count: 'Active referrals: friends who joined with your link and are still on your list.',
      zp_balance: 'ZP balance: the ZP you hold right now.',
      tasks_completed: 'Tasks completed: how many tasks you have completed so far.',
      social_capital_score: 'SEB score: your social capital score, which grows with your mining streak.',
      mining_session_duration: 'Time mined: the total minutes of the mining cycles you claimed.',
    },
    refreshTitle: 'My progress looks out of date',
    refreshBody:
      'Use the refresh button at the top. Progress is checked again on the server whenever you complete a task.',
  },
  empty: {
    title: 'No tasks yet',
    body: 'New tasks will appear here. Keep mining in the meantime.',
  },
  errors: {
    load: 'Failed to load tasks. Please try again later.',
    complete: 'Failed to complete task.',
    copyLink: 'Failed to copy link',
    openLink: 'Error opening task link. Please try again.',
  },
};

type DeepString<T> = T extends string ? string : { [K in keyof T]: DeepString<T[K]> };
export type TasksTranslation = DeepString<typeof tasksEn>;

export default tasksEn;
