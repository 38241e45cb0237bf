// Feedback and upload constants and texts, zod-free (exported by '@ziver/shared/core' too).
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_TITLE_MAX } from './constants.js';
import { MESSAGES } from './messages.js';

export const FEEDBACK_TYPES = ['suggestion', 'bug', 'complaint', 'feature'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const FEEDBACK_PRIORITIES = ['low', 'medium', 'high'] as const;
export type FeedbackPriority = (typeof FEEDBACK_PRIORITIES)[number];
export const FEEDBACK_STATUSES = ['new', 'reviewing', 'resolved', 'rejected'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** At most this many image attachments per feedback. */
export const FEEDBACK_MAX_ATTACHMENTS = 5;
/** Images larger than this many pixels (width × height, all frames) are refused before decoding. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Avatars are stored as a square WebP of this side. */
export const AVATAR_SIDE_PX = 256;

/**
 * Feedback and upload messages. The spec's texts (§5, §8, verbatim) first; `{file}`, `{reason}`
 * and `{status}` are filled in by `interpolate`. Then the ones the spec leaves open.
 */
export const FEEDBACK_MESSAGES = {
  submitted: "Thank you for your feedback! We'll review it and get back to you soon.",
  submitFailed: 'Failed to submit feedback. Please try again.',
  submissionFailed: 'Submission failed: {reason}. Please try again.',
  fetchHistoryFailed: 'Failed to fetch feedback history: {status}',
  fetchFailed: 'Failed to fetch feedback: {status}',
  emptyBody: 'Server returned {status} with empty body',
  titleRequired: MESSAGES.feedbackTitleRequired,
  detailsRequired: MESSAGES.feedbackDetailsRequired,
  invalidFileType: 'Invalid file type: {file}. Only images are allowed.',
  fileTooLarge: 'File too large: {file}. Maximum size is 5MB.',

  titleTooLong: `Title must be at most ${FEEDBACK_TITLE_MAX} characters`,
  detailsTooLong: `Details must be at most ${FEEDBACK_MESSAGE_MAX} characters`,
  invalidType: 'Choose a feedback type: suggestion, bug, complaint or feature',
  invalidPriority: 'Choose a priority: low, medium or high',
  tooManyFiles: `You can attach at most ${FEEDBACK_MAX_ATTACHMENTS} images`,
  imageTooManyPixels: 'Image too large to process: {file}. Use a smaller image.',
  notFound: 'Feedback not found',
} as const;

/** Avatar messages: the spec's (§5, §8) first, then the ones it leaves open. */
export const AVATAR_MESSAGES = {
  tooLarge: MESSAGES.avatarTooLarge,
  notImage: MESSAGES.avatarNotImage,
  uploadFailed: 'Failed to upload avatar',
  uploadFailedFallback: 'Failed to upload avatar. Please try again.',
  uploaded: 'Avatar updated successfully',
  missing: 'Choose an image to upload as field avatar',
  imageTooManyPixels: 'Image too large to process. Use a smaller image.',
} as const;

/** Upload messages shared by every multipart endpoint. */
export const UPLOAD_MESSAGES = {
  malformed: 'The upload could not be read. Please send it again as multipart/form-data.',
  unexpectedField: 'Unexpected file field: {field}',
  tooManyFields: 'Too many form fields',
  fieldTooLong: 'A form field is too long',
  busy: 'Ziver is busy processing other images. Nothing was saved: please try again in a few seconds.',
  ownImagesBusy: 'Your other images are still being processed. Nothing was saved: please try again when they are done.',
} as const;
