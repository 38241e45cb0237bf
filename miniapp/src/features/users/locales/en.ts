import { BIO_MAX } from '@ziver/shared/core';

/** Texts of /profile (English, the source). Spec messages come from shared. */
const profileEn = {
  title: 'Profile',
  menuLabel: 'Profile',
  back: 'Back',
  memberSince: 'Member since {{date}}',
  tabs: {
    label: 'Profile sections',
    overview: 'Overview',
    details: 'Profile Details',
    social: 'Social Accounts',
  },
  actions: {
    edit: 'Edit Profile',
    save: 'Save',
    cancel: 'Cancel',
  },
  overview: {
    header: 'Overview',
    username: 'Username',
    memberSince: 'Member since',
    zp: 'ZP balance',
    seb: 'SEB score',
    tier: 'Tier',
    tierProgressLabel: 'Progress to the next SEB tier',
    tierNext: '{{percent}} to {{next}}',
    tierTop: 'Top tier reached',
    streak: 'Daily streak',
    referralCode: 'Referral code',
  },
  details: {
    header: 'Profile Details',
    bio: 'Bio',
    bioPlaceholder: 'Tell others a little about yourself',
    bioEmpty: 'No bio yet.',
    counter: `{{count}}/${BIO_MAX}`,
  },
  social: {
    header: 'Social Accounts',
    telegram: 'Telegram username',
    twitter: 'Twitter username',
    linkedin: 'LinkedIn profile URL',
    notConnected: 'Not connected',
    viewLinkedin: 'View LinkedIn Profile',
    editPrompt: 'Click Edit Profile to update your social accounts.',
    useDetected: 'Use detected',
    detectedHint: 'Telegram says you are @{{username}}.',
    detectedBadge: 'Auto-detected from Telegram',
    telegramPlaceholder: 'your_username',
    twitterPlaceholder: 'your_handle',
    linkedinPlaceholder: 'https://www.linkedin.com/in/you',
  },
  avatar: {
    change: 'Change photo',
    upload: 'Upload',
    cancel: 'Cancel',
    uploading: 'Uploading... {{percent}}',
  },
};

type DeepString<T> = T extends string ? string : { [K in keyof T]: DeepString<T[K]> };
export type ProfileTranslation = DeepString<typeof profileEn>;

export default profileEn;
