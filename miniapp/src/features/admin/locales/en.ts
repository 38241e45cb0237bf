/** Texts of the operators' console (/admin), English (the source). Loaded with the console only. */
const adminEn = {
  title: 'Admin console',
  back: 'Back',
  notAllowed: 'This page is only for administrators.',
  tabs: { feedback: 'Feedback', audit: 'Audit log' },
  filters: { type: 'Type', priority: 'Priority', status: 'Status', any: 'Any' },
  inbox: {
    empty: 'No feedback matches these filters.',
    loadFailed: 'Could not load the feedback. Please try again.',
    from: 'From {{username}} · {{date}}',
    attachment: 'Image {{index}} of “{{title}}”',
    statusLabel: 'Status',
    replyLabel: 'Reply to the user',
    replyPlaceholder: 'The user sees this in their feedback history',
    save: 'Save',
    saved: 'Saved',
    rewardTitle: 'Reward',
    zpLabel: 'ZP',
    sebLabel: 'SEB',
    reward: 'Send reward',
    rewarded: 'Rewarded: {{amounts}}',
    rewardHint: 'A reward is paid once per feedback, as a ledger entry.',
    failed: 'That did not work: {{message}}',
  },
  audit: {
    empty: 'No admin actions yet.',
    loadFailed: 'Could not load the audit log. Please try again.',
    by: 'By {{username}} · {{date}}',
    before: 'Before',
    after: 'After',
    newer: 'Newer',
    older: 'Older',
    page: 'Page {{page}} of {{pages}}',
    actions: { 'feedback.update': 'Feedback status changed', 'feedback.reward': 'Feedback rewarded' },
  },
};

export type AdminTranslation = typeof adminEn;
export default adminEn;
