import { FEEDBACK_MESSAGES, withDefaultDelimiters } from '@ziver/shared/core';

/** `{name}` placeholders of the shared messages as i18next's `{{name}}`. */

const messages = Object.fromEntries(
  Object.entries(FEEDBACK_MESSAGES).map(([key, text]) => [key, withDefaultDelimiters(text)]),
) as { [K in keyof typeof FEEDBACK_MESSAGES]: string };

/** Texts of /feedback (English, the source). Spec messages come from shared. */
const feedbackEn = {
  title: 'Feedback',
  menuLabel: 'Feedback',
  back: 'Back',
  intro: 'Tell us what works, what breaks and what you would like to see next.',
  form: {
    typeLabel: 'Type',
    types: { suggestion: 'Suggestion', bug: 'Bug Report', complaint: 'Complaint', feature: 'Feature Request' },
    priorityLabel: 'Priority',
    priorities: { low: 'Low', medium: 'Medium', high: 'High' },
    titleLabel: 'Title',
    titlePlaceholder: 'A short summary',
    detailsLabel: 'Details',
    detailsPlaceholder: 'What happened, what did you expect, or what would you like?',
    counter: `{{count}}/{{max}}`,
    attachmentsLabel: 'Images (optional)',
    attachmentsHint: 'Up to 5 images: JPEG, PNG, GIF or WebP, 5 MB each.',
    addImages: 'Add images',
    remove: 'Remove {{file}}',
    submit: 'Submit Feedback',
    sending: 'Sending... {{percent}}',
    progressLabel: 'Upload progress',
  },
  reward: {
    title: 'Helpful feedback is rewarded',
    text: 'Helpful feedback may be rewarded with ZP and SEB points. Our team reviews all feedback.',
  },
  history: {
    header: 'Your feedback',
    empty: "You haven't sent any feedback yet.",
    statuses: { new: 'New', reviewing: 'In review', resolved: 'Resolved', rejected: 'Rejected' },
    sentOn: 'Sent {{date}}',
    reply: 'Reply from the team',
    reward: 'Reward',
    attachment: 'Attachment {{index}} of {{title}}',
  },
  messages,
};

type DeepString<T> = T extends string ? string : { [K in keyof T]: DeepString<T[K]> };
export type FeedbackTranslation = DeepString<typeof feedbackEn>;

export default feedbackEn;
