/** Texts of the maintenance (lockdown) page (English, the source). */
const lockdownEn = {
  title: 'Under maintenance',
  body: 'Ziver is getting some upgrades. Your balance and progress are safe.',
  estimate: 'Estimated time: 30-60 minutes',
  contactSupport: 'Contact support',
  contactOperator: 'Contact the operator of this app for help.',
  copyEmail: 'Copy support email',
  tryAgain: 'Try again',
  backSoon: 'We will take you back automatically as soon as we are done.',
  stillDown: 'Still under maintenance. Please check again in a few minutes.',
  copyFailed: 'Could not copy. Our email is {{email}}',
  banner: {
    signUpClosed: 'Sign-up opens again when maintenance ends. Administrators can still sign in.',
    adminTitle: 'Lockdown is on',
    adminBody: 'Everyone but administrators sees the maintenance page: no sign-ups, no mining, no rewards.',
    adminLink: 'Lockdown switch',
  },
};

type DeepString<T> = T extends string ? string : { [K in keyof T]: DeepString<T[K]> };
export type LockdownTranslation = DeepString<typeof lockdownEn>;

export default lockdownEn;
