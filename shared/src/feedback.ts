import { z } from 'zod';
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_TITLE_MAX } from './constants.js';
import { MESSAGES } from './messages.js';
import { publicUserSchema } from './schemas.js';

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
 * and `{status}` are filled in by `fillMessage`. Then the ones the spec leaves open.
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
} as const;

/** Replaces `{name}` placeholders of a message. */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The text fields of POST /api/feedback (multipart; the files come as `attachments`). */
export const createFeedbackRequestSchema = z.object({
  title: z
    .string({ error: FEEDBACK_MESSAGES.titleRequired })
    .trim()
    .min(1, FEEDBACK_MESSAGES.titleRequired)
    .max(FEEDBACK_TITLE_MAX, FEEDBACK_MESSAGES.titleTooLong),
  message: z
    .string({ error: FEEDBACK_MESSAGES.detailsRequired })
    .trim()
    .min(1, FEEDBACK_MESSAGES.detailsRequired)
    .max(FEEDBACK_MESSAGE_MAX, FEEDBACK_MESSAGES.detailsTooLong),
  type: z.enum(FEEDBACK_TYPES, { error: FEEDBACK_MESSAGES.invalidType }),
  priority: z.enum(FEEDBACK_PRIORITIES, { error: FEEDBACK_MESSAGES.invalidPriority }),
});
export type CreateFeedbackRequest = z.infer<typeof createFeedbackRequestSchema>;

export const createFeedbackResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  feedback: z.object({ id: z.string() }).optional(),
});
export type CreateFeedbackResponse = z.infer<typeof createFeedbackResponseSchema>;

export const feedbackAttachmentSchema = z.object({
  id: z.string(),
  url: z.string(),
  content_type: z.string(),
  byte_size: z.number(),
  width: z.number(),
  height: z.number(),
});
export type FeedbackAttachment = z.infer<typeof feedbackAttachmentSchema>;

/** One feedback as its author sees it: what they sent, the admin's status and any reward. */
export const feedbackSchema = z.object({
  id: z.string(),
  type: z.enum(FEEDBACK_TYPES),
  priority: z.enum(FEEDBACK_PRIORITIES),
  title: z.string(),
  message: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  admin_reply: z.string().nullable(),
  reward_zp: z.number().nullable(),
  reward_seb: z.number().nullable(),
  rewarded_at: z.string().nullable(),
  attachments: z.array(feedbackAttachmentSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** GET /api/feedback/user: the user's feedback, newest first. */
export const feedbackHistoryResponseSchema = z.object({
  success: z.literal(true),
  feedback: z.array(feedbackSchema),
});
export type FeedbackHistoryResponse = z.infer<typeof feedbackHistoryResponseSchema>;

/** GET /api/feedback/{id}. */
export const feedbackDetailResponseSchema = z.object({
  success: z.literal(true),
  feedback: feedbackSchema,
});
export type FeedbackDetailResponse = z.infer<typeof feedbackDetailResponseSchema>;

/** POST /api/user/avatar (multipart field `avatar`). */
export const uploadAvatarResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: publicUserSchema,
});
export type UploadAvatarResponse = z.infer<typeof uploadAvatarResponseSchema>;
