import { SERVER_MESSAGES } from '@ziver/shared/core';
import identityEn from '@/features/auth/locales/en';
import profileSetupEn from '@/features/users/locales/setup/en';
import profileEn from '@/features/users/locales/en';
import settingsEn from '@/features/settings/locales/en';
import historyEn from '@/features/transactions/locales/en';
import lockdownEn from '@/features/system/locales/en';
import noticesEn from '@/features/notices/locales/en';
import tasksEn from '@/features/tasks/locales/en';
import referralsEn from '@/features/referrals/locales/en';
import feedbackEn from '@/features/feedback/locales/en';
import legalEn from '@/features/legal/locales/en';
import walletEn from '@/features/wallet/locales/en';

/**
 * The pages' English (sign-in, landing, features) but the mining screen's (./en-mining): loaded
 * with any other route, and after the mining screen has rendered (see ./en-shell).
 */
const enFeatures = {
  // The spec's texts (§5, §8): only screens show them, and routes wait for this chunk (i18n/index.ts).
  auth: {
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    login: {
      title: 'Welcome back',
      subtitle: 'Sign in to keep mining ZP.',
      invalidCredentials: 'Invalid email, username or password',
      emailLabel: 'Email or username',
      emailPlaceholder: 'you@example.com',
      passwordLabel: 'Password',
      passwordPlaceholder: 'Your password',
      submit: 'Sign In',
      noAccount: "Don't have an account?",
      registerLink: 'Create one',
      sessionExpired: SERVER_MESSAGES.sessionExpired,
      forgotLink: 'Forgot password?',
    },
    forgot: {
      title: 'Reset your password',
      subtitle: 'Enter the email of your account and we will send it a link to set a new password.',
      emailLabel: 'Email',
      submit: 'Send reset link',
      sentTitle: 'Check your email',
      backToLogin: 'Back to Sign In',
      telegramHint: 'Connected to Telegram? Send /reset to the bot to get the link in your chat.',
      telegramOpen: 'Open @{{bot}}',
    },
    reset: {
      title: 'Set a new password',
      subtitle: 'Choose a new password. Every device signed in to your account is signed out.',
      codeLabel: 'Authenticator or backup code',
      submit: 'Set new password',
      doneTitle: 'Password changed',
      requestNew: 'Request a new link',
      missingToken: 'This page needs the link from your email. Request a new one.',
    },
    verify: {
      title: 'Verify your email',
      checking: 'Checking your link…',
      doneTitle: 'Email verified',
      openAccount: 'Open account settings',
      signIn: 'Sign In',
      failedTitle: 'Verification failed',
      resendHint: 'You can send a new link from Settings → Account.',
      missingToken: 'This page needs the link from your verification mail.',
    },
    register: {
      title: 'Create your account',
      subtitle: 'Join Ziver and start mining ZP today.',
      usernameLabel: 'Username',
      usernamePlaceholder: 'Your username',
      emailLabel: 'Email',
      emailPlaceholder: 'you@example.com',
      passwordLabel: 'Password',
      passwordPlaceholder: 'At least 6 characters',
      confirmPasswordLabel: 'Confirm password',
      confirmPasswordPlaceholder: 'Repeat your password',
      submit: 'Create Account',
      haveAccount: 'Already have an account?',
      loginLink: 'Sign in',
      referralCode: 'Referral code: {{code}}',
    },
  },
  landing: {
    heroBadge: 'Sharia-compliant Web3',
    heroTitle: 'Earn, grow and connect the halal way',
    heroSubtitle:
      'Ziver is a Sharia-compliant Web3 social platform for creators, enthusiasts and everyone seeking halal crypto.',
    getEarlyAccess: 'Get Early Access',
    signIn: 'Sign In',
    whatIsTitle: 'What is Ziver?',
    whatIsBody:
      'A social platform where your time and your community count. Mine ZP every cycle, build your social capital score (SEB), complete tasks and invite friends: without interest, gambling or speculation.',
    problemsTitle: 'The problems Ziver solves',
    problems: {
      interest: {
        title: 'Interest everywhere',
        body: 'Most ways to earn with crypto rely on interest (riba) or lending, which many people cannot accept.',
      },
      gambling: {
        title: 'Gambling in disguise',
        body: 'Airdrops and crypto games often turn into gambling and speculation.',
      },
      value: {
        title: 'Your time, their profit',
        body: 'Social platforms grow on your time and your network but rarely share the value with you.',
      },
    },
    benefitsTitle: 'Why Ziver',
    benefits: {
      mining: { title: 'Mine every few hours', body: 'Start a cycle with one tap and claim your ZP when it ends.' },
      social: {
        title: 'Grow your social capital',
        body: 'Your SEB score rises with your streak and unlocks higher tiers.',
      },
      halal: {
        title: 'Built to be halal',
        body: 'No riba, no gambling: rewards come from participation, not speculation.',
      },
    },
    faqTitle: 'Frequently asked questions',
    faq: {
      q1: 'What is ZP?',
      a1: 'ZP are Ziver points. You earn them by mining, completing tasks and inviting friends.',
      q2: 'Is Ziver Sharia-compliant?',
      a2: 'Ziver is designed around halal principles: no interest, no gambling and no speculative trading.',
      q3: 'How does mining work?',
      a3: 'Tap Start Mining, wait for the cycle to finish, then claim your reward. Claiming daily grows your streak.',
      q4: 'Does it cost anything?',
      a4: 'No. Joining and mining are free, on the web and inside Telegram.',
    },
    footerDisclaimer:
      'ZP and SEB are in-app points with no cash value. Nothing on this site is financial or religious advice.',
    footerRights: '© {{year}} Ziver',
  },
  comingSoon: {
    title: 'Coming Soon',
    launch: 'Launching Q4 2025',
    description: '{{feature}} is on its way. We are building it with care and will launch it in Q4 2025.',
    launchSoon: 'Coming soon',
    descriptionNeutral: '{{feature}} is on its way. We are building it with care.',
    adminBypass: 'Admin bypass',
    adminBypassHint: 'Show the feature as it stands today (ADMIN and TESTER only).',
    previewEmpty: 'Nothing to preview yet: no content has been built for this feature so far.',
    features: { marketplace: 'Marketplace', wallet: 'Wallet' },
  },
  lockdown: lockdownEn,
  notices: noticesEn,
  history: historyEn,
  identity: identityEn,
  settings: settingsEn,
  profileSetup: profileSetupEn,
  profile: profileEn,
  tasks: tasksEn,
  referrals: referralsEn,
  feedback: feedbackEn,
  legal: legalEn,
  wallet: walletEn,
};

export default enFeatures;
