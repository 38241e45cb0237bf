// The features' user-facing texts, kept free of zod so the mini app's first screen can import
// them (through '@ziver/shared/messages') without loading the schemas.
import {
  BIO_MAX,
  CHANGED_PASSWORD_MIN,
  LANGUAGES,
  MAX_REFERRALS,
  REFERRAL_APPLY_WINDOW_DAYS,
  THEMES,
} from './constants.js';

/** Identity messages the spec leaves open (the spec's own quoted ones are in MESSAGES). */
export const IDENTITY_MESSAGES = {
  googleNotConfigured: 'Google sign-in is not available on this server',
  googleTokenInvalid: 'Google sign-in could not be verified. Please try again.',
  googleUnavailable: 'Could not reach Google to verify the sign-in. Please try again in a moment.',
  googleEmailLinkedElsewhere: 'This email is already linked to another Google account',
  telegramNotConfigured: 'Telegram sign-in is not available on this server',
  telegramDataMissing: 'Telegram sign-in data is missing',
  telegramDataInvalid: 'Telegram sign-in data is invalid. Please reopen the app from Telegram.',
  telegramDataExpired: 'Telegram sign-in data has expired. Please reopen the app from Telegram.',
  loginTokenInvalid: 'This sign-in link is invalid, expired or already used',
  loginTokenIssued: 'Sign-in link created. It works once within 10 minutes.',
  twoFactorRequired: 'Enter the 6-digit code from your authenticator app',
  twoFactorChallengeInvalid: 'Your sign-in attempt has expired. Please sign in again.',
  twoFactorCodeInvalid: 'Invalid verification code',
  twoFactorCodeReused: 'This code has already been used. Wait for the next code.',
  backupCodeInvalid: 'Invalid or already used backup code',
  backupCodeFormat: 'Please enter a valid backup code (XXXX-XXXX-XXXX)',
  twoFactorAlreadyEnabled: 'Two-factor authentication is already enabled',
  twoFactorNotEnabled: 'Two-factor authentication is not enabled',
  twoFactorSetupRequired: 'Start two-factor setup first',
  twoFactorSetupReady: 'Scan the QR code with your authenticator app, then enter a code to finish',
  welcomeNewUser: 'Welcome to Ziver! Complete your profile to start mining.',
  welcomeBack: 'Welcome back, {username}!',
  accountSuspended: 'Your account has been suspended. Please contact support.',
  passwordResetRequested:
    'If an account can be reset with this email, a link is on its way. It works once within 30 minutes.',
  passwordResetTokenInvalid: 'This password reset link is not valid. Request a new one.',
  passwordResetTokenExpired: 'This password reset link has expired. Request a new one.',
  passwordResetTokenUsed: 'This password reset link was already used. Request a new one.',
  passwordResetCodeRequired:
    'This account uses two-factor authentication: enter a code from your authenticator app or a backup code',
  passwordResetDone: 'Your password was changed. Sign in with your new password.',
  emailVerified: 'Your email address is verified.',
  emailVerificationTokenInvalid: 'This verification link is not valid. Send a new one from your account settings.',
  emailVerificationTokenExpired: 'This verification link has expired. Send a new one from your account settings.',
  emailVerificationTokenUsed: 'This verification link was already used.',
  emailVerificationAddressChanged:
    'The email address of this account has changed since this link was sent. Verify the new address instead.',
  emailVerificationSent: 'Verification mail sent to {email}. The link works once within 24 hours.',
  emailAlreadyVerified: 'Your email address is already verified.',
  emailNotSet: 'This account has no email address yet.',
  mailNotConfigured: 'This server does not send mail.',
} as const;

/** TON wallet linking (issue 31): one text per ton_proof check, so a refusal says what failed. */
export const WALLET_MESSAGES = {
  notConfigured: 'Wallet linking is not available on this server',
  linked: 'Wallet linked',
  unlinked: 'Wallet unlinked',
  notLinked: 'No wallet is linked to this account',
  alreadyLinked: 'Another wallet is already linked to this account. Unlink it first.',
  addressTaken: 'This wallet is already linked to another account',
  payloadUnknown: 'This wallet request was not issued to you. Please connect again.',
  payloadUsed: 'This wallet request was already used. Please connect again.',
  payloadExpired: 'This wallet request has expired. Please connect again.',
  wrongNetwork: 'This wallet is on the wrong TON network',
  domainMismatch: 'The wallet signed for another website',
  timestampStale: 'The wallet signature is too old or from the future. Please connect again.',
  stateInitInvalid: 'The wallet sent an unreadable contract state',
  addressMismatch: "The wallet's contract does not match its address",
  unknownWallet: 'This wallet type is not supported. Use a v3R2, v4R2 or v5R1 wallet.',
  publicKeyMismatch: "The wallet's public key does not match its contract",
  signatureInvalid: 'The wallet signature is not valid',
  addressInvalid: 'Send the wallet address in raw form (workchain:hex)',
  notBasechain: 'Only basechain wallets (workchain 0) can be linked, not masterchain ones',
  networkInvalid: 'The network must be -239 (mainnet) or -3 (testnet)',
  publicKeyInvalid: 'The public key must be 32 bytes of hex',
  proofInvalid: 'Send the ton_proof exactly as TON Connect returned it',
  signatureFormat: 'The signature must be 64 bytes of base64',
  stateInitFormat: 'The state init must be base64',
} as const;

/** Profile messages: the spec's texts (§8, verbatim) first, then the validation ones it leaves open. */
export const PROFILE_MESSAGES = {
  updated: 'Profile updated successfully',
  updateFailed: 'Failed to update profile',
  updateFailedFallback: 'Failed to update profile. Please try again.',

  bioTooLong: `Bio must be at most ${BIO_MAX} characters`,
  telegramUsernameInvalid: 'Telegram username must be 5-32 letters, digits or underscores',
  twitterUsernameInvalid: 'Twitter username must be 1-15 letters, digits or underscores',
  linkedinUrlInvalid: 'LinkedIn profile URL must start with https://linkedin.com/ or https://www.linkedin.com/',
  fieldType: 'Profile fields must be text',
  noFields: 'Send at least one of bio, telegram_username, twitter_username, linkedin_url',
  telegramUsernameRequired: 'telegram_username is required',
} as const;

/** Settings messages: the spec's success texts (§8, verbatim) first, then ones it leaves open. */
export const SETTINGS_MESSAGES = {
  themeUpdated: 'Theme updated successfully',
  languageChanged: 'Language changed to {language}',
  passwordChanged: 'Password changed successfully',
  twoFactorEnabled: 'Two-factor authentication enabled successfully',
  twoFactorDisabled: 'Two-factor authentication disabled successfully',
  notificationsUpdated: 'Notification preferences updated',
  emailUpdated: 'Email updated successfully',

  passwordSet: 'Password set successfully',
  passwordTooShort: `Password must be at least ${CHANGED_PASSWORD_MIN} characters`,
  newPasswordRequired: 'Please enter a new password',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  newPasswordSameAsCurrent: 'New password must be different from the current password',
  passwordNotSet: 'Set a password in Security settings first',
  emailTaken: 'An account with this email already exists',
  invalidTheme: `Theme must be one of: ${THEMES.join(', ')}`,
  invalidLanguage: `Language must be one of: ${LANGUAGES.join(', ')}`,
  notificationsEmpty: 'Send at least one of email, push, marketing, security',
  notificationValue: 'Notification settings must be true or false',
  enableRequired: 'enable must be true or false',
  displayUpdated: 'Display settings updated',
  displayEmpty: 'Send at least one of reducedMotion, highContrast, largeText',
  displayValue: 'Display settings must be true or false',
  pushSubscribed: 'Push notifications are on for this device',
  pushUnsubscribed: 'Push notifications are off for this device',
  pushUnavailable: 'Browser push is not available on this server',
  pushEndpointInvalid: 'The push subscription endpoint must be an https URL',
  pushKeysInvalid: 'The push subscription keys are not valid (p256dh: 65 bytes, auth: 16 bytes, base64url)',
} as const;

export const TASK_MESSAGES = {
  notFound: 'Task not found',
  alreadyCompleted: 'Task already completed',
  /** Prefix of every refusal for unmet rules; the client reloads the list when it sees it. */
  requirementsNotMet: 'Task requirements not met',
  confirmLink: 'Please confirm that you completed the task',
  channelUnavailable: 'Channel membership cannot be checked yet. Please try again later.',
  channelNeedsTelegram: 'Connect your Telegram account to complete this task',
  channelCheckFailed: 'Could not check your channel membership. Start the bot and try again.',
  channelNotMember: 'Join the channel, then try again',
  channelMember: 'Channel joined',
  /** A home_screen task completed without the report of Telegram's event. */
  homeScreenNotReported:
    'Add Ziver to your home screen from the app in Telegram: the task completes when Telegram confirms it',
  /** A home-screen report for a task of another kind. */
  notHomeScreenTask: 'This task is not completed by adding Ziver to the home screen',
  unknownRule: 'Unknown requirement',
  completed: 'Task completed!',
  retired: 'Task retired',
  reactivated: 'Task reactivated',
  created: 'Task created',
  updated: 'Task updated',
  slugTaken: 'A task with this slug already exists',
  /** `completed` with what was earned, e.g. '+100 ZP, +20 SEB'. */
  completedWithReward: 'Task completed! {reward}',
  /** `requirementsNotMet` with the unmet rules' texts. */
  requirementsNotMetList: 'Task requirements not met: {reasons}',
} as const;

/** Referral messages the client shows or matches; the spec's own ('Invalid referral code') first. */
export const REFERRAL_MESSAGES = {
  invalidCode: 'Invalid referral code',
  ownCode: 'You cannot use your own referral code',
  alreadyReferred: 'You already have a referrer',
  circular: 'You cannot use the code of someone you invited',
  referrerFull: `This referrer has reached the maximum of ${MAX_REFERRALS} referrals`,
  applyWindowClosed: `A referral code can only be applied within ${REFERRAL_APPLY_WINDOW_DAYS} days of joining`,
  applied: 'Referral code applied',
  referralNotFound: 'Referral not found',
  removed: 'Referral removed',
  noSuggestion: 'No community match is available right now',
  pendingNotFound: 'No pending referral with this code',
  pendingRemoved: 'Pending referral removed',
  noPendingReferral: 'No pending referral to remove',
  pendingSaved: 'Referral saved: it is applied when you sign up',
  pendingAlreadyRegistered: 'This Telegram account already has a Ziver account',
  codeRequired: 'Please enter a referral code',
} as const;
