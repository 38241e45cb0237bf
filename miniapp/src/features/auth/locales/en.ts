import { IDENTITY_MESSAGES, withDefaultDelimiters } from '@ziver/shared/core';

const { welcomeBack } = IDENTITY_MESSAGES;

/** Texts of Google, Telegram, token and two-factor sign-in, and the referral banner (English, the source). */
const identityEn = {
  or: 'or',
  signingIn: 'Signing you in...',
  welcomeBack: withDefaultDelimiters(welcomeBack),
  twoFactor: {
    title: 'Two-factor authentication',
    subtitle: 'Enter the 6-digit code from your authenticator app.',
    backupSubtitle: 'Enter one of your backup codes. Each code works once.',
    codeLabel: 'Verification code',
    backupLabel: 'Backup code',
    verify: 'Verify',
    useBackupCode: 'Use a backup code instead',
    useAuthenticator: 'Use an authenticator code instead',
    backToLogin: 'Back to Login',
  },
  google: {
    initFailedWithReason: 'Google sign-in failed: {{reason}}',
    signingIn: 'Signing in with Google...',
    retry: 'Try again',
  },
  telegram: {
    signingIn: 'Signing in with Telegram...',
    failedTitle: 'Telegram sign-in did not work',
    reopenHint: 'Close the app and open it again from Telegram to get a fresh sign-in.',
    reload: 'Try again',
  },
  support: {
    writeTo: 'Need help? Write to',
    operator: 'Need help? Contact the operator of this app.',
  },
  suspended: {
    title: 'Account suspended',
    body: 'Your account has been suspended, so you were signed out. Signing in works again once it is reactivated.',
  },
  referral: {
    checking: 'Checking referral code {{code}}...',
    invalid: 'Invalid referral code',
    checkFailed: 'Error checking referral code',
    validTitle: 'Invited by {{username}}',
    validBody: 'Code {{code}}: you get {{bonus}} ZP when you join.',
  },
};

type DeepString<T> = T extends string ? string : { [K in keyof T]: DeepString<T[K]> };
export type IdentityTranslation = DeepString<typeof identityEn>;

export default identityEn;
