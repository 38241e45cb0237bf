/** Texts of /profile/setup, the first-sign-in welcome (English, the source). */
const profileSetupEn = {
  title: 'Complete your profile',
  body: 'Check your account details, then start your first mining cycle.',
  welcomeTitle: 'Welcome to Ziver!',
  welcomeBody: 'Complete your profile to start mining.',
  accountHeader: 'Your account',
  username: 'Username',
  email: 'Email',
  telegram: 'Telegram',
  nextHeader: 'Next steps',
  steps: {
    mine: 'Start your first mining cycle',
    mineHint: 'Tap Start Mining, then come back when the cycle ends to claim your ZP.',
    secure: 'Secure your account',
    secureHint: 'Turn on two-factor authentication in Settings.',
    invite: 'Invite friends',
    inviteHint: 'Share your referral link to earn bonus ZP.',
  },
  startMining: 'Start Mining',
  secureAccount: 'Secure my account',
};

type DeepString<T> = T extends string ? string : { [K in keyof T]: DeepString<T[K]> };
export type ProfileSetupTranslation = DeepString<typeof profileSetupEn>;

export default profileSetupEn;
