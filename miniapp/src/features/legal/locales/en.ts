/** Texts of /privacy and /terms (English, the source). {{email}} is the support address. */
const legalEn = {
  back: 'Back',
  updated: 'Last updated: 25 November 2026',
  contents: 'Contents',
  privacy: {
    title: 'Privacy Policy',
    intro:
      'This policy explains what Ziver collects when you use the app on the web or inside Telegram, why, and the choices you have. We collect only what we need to run your account and the points programme.',
    sections: {
      collect: {
        title: 'What we collect',
        body: 'Account details: username, email address and a hash of your password (never the password itself). If you sign in with Telegram or Google: your Telegram ID and username, or your Google account ID and email. Profile details you choose to add: bio, Telegram and Twitter usernames, LinkedIn address and avatar. Activity in the app: mining cycles, tasks, referrals, points and transactions. Feedback you send, with any images. Technical data: IP address and device information in our server logs, used for security.',
      },
      use: {
        title: 'How we use it',
        body: 'To run your account and sign you in; to credit ZP and SEB points, streaks and referral rewards; to detect cheating, abuse and attacks; to answer and act on your feedback; and to send the notifications you have switched on. We do not use your data for advertising and we do not sell it.',
      },
      images: {
        title: 'Images you upload',
        body: 'Every image is checked and re-encoded on our servers, which removes hidden metadata such as camera details and GPS location. Your avatar can be seen by anyone who has its link. Feedback images are shown only to you and to the Ziver team.',
      },
      sharing: {
        title: 'Who we share it with',
        body: 'Only with service providers that host and operate Ziver for us, under contract and only for that purpose, and with authorities when the law requires it. Other users see only your public profile: username, avatar and what you add to it.',
      },
      storage: {
        title: 'Storage and security',
        body: 'Passwords are stored as one-way hashes and two-factor secrets are encrypted. Connections are encrypted in transit. We keep your data while your account is open and delete it, or make it anonymous, when you ask us to close your account, except records we must keep by law.',
      },
      rights: {
        title: 'Your rights',
        body: 'You can see and correct most of your data in Profile and Settings. You can ask for a copy of your data, its deletion, or that we stop a given use, by writing to {{email}}. We answer within 30 days.',
      },
      children: {
        title: 'Children',
        body: 'Ziver is not meant for anyone under 16. If you believe a child has given us data, contact us and we will delete it.',
      },
      changes: {
        title: 'Changes to this policy',
        body: 'When we change this policy we update the date above, and for important changes we tell you in the app before they apply.',
      },
      contact: { title: 'Contact', body: 'Questions about privacy: {{email}}.' },
    },
  },
  terms: {
    title: 'Terms of Service',
    intro:
      'These terms are the agreement between you and Ziver for using the app on the web, inside Telegram or on mobile. By creating an account or using Ziver you accept them.',
    sections: {
      account: {
        title: 'Your account',
        body: 'You must be at least 16. One account per person. Keep your password and two-factor codes to yourself: you are responsible for what happens in your account. Give accurate information and keep your email address current.',
      },
      points: {
        title: 'ZP and SEB points',
        body: 'ZP and SEB points are in-app rewards for mining, tasks, referrals and helpful feedback. They are not money, a cryptocurrency, a security or a claim on Ziver, and they cannot be sold or exchanged unless we announce a way to do so under separate terms. We may correct balances credited by mistake or through abuse.',
      },
      fairUse: {
        title: 'Fair use',
        body: 'Do not use bots, scripts, multiple accounts or fake referrals, do not exploit bugs, and do not try to break into, overload or reverse-engineer the service. Report bugs through Feedback instead: helpful reports may be rewarded. We may cancel rewards obtained unfairly.',
      },
      content: {
        title: 'What you send us',
        body: 'Your profile, feedback and images remain yours. You allow us to store and use them to run and improve Ziver. Do not upload anything unlawful, hateful, or that you have no right to share.',
      },
      availability: {
        title: 'Availability and changes',
        body: 'We work to keep Ziver running but it is provided as is: it may be paused for maintenance, and features, rewards and limits may change. We tell you in the app about changes that affect you.',
      },
      termination: {
        title: 'Closing an account',
        body: 'You can stop using Ziver at any time and ask us to close your account. We may suspend or close accounts that break these terms; unearned or unfairly earned points are then lost.',
      },
      liability: {
        title: 'Liability',
        body: 'To the extent the law allows, Ziver is not liable for indirect losses, lost points or interruptions of the service. Nothing in these terms limits rights you have under consumer law.',
      },
      contact: { title: 'Contact', body: 'Questions about these terms: {{email}}.' },
    },
  },
};

type DeepString<T> = T extends string ? string : { [K in keyof T]: DeepString<T[K]> };
export type LegalTranslation = DeepString<typeof legalEn>;

export default legalEn;
