import { z } from 'zod';
import { messageFields } from './message-schema.js';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  AVATAR_MAX_BYTES,
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_TITLE_MAX,
} from './constants.js';
import {
  FEEDBACK_MAX_ATTACHMENTS,
  FEEDBACK_MESSAGES,
  FEEDBACK_PRIORITIES,
  FEEDBACK_STATUSES,
  FEEDBACK_TYPES,
} from './feedback-core.js';
import { publicUserSchema } from './schemas.js';
import { safeText } from './text.js';

export * from './feedback-core.js';

/** The text fields of POST /api/feedback (multipart; the files come as `attachments`). */
export const createFeedbackRequestSchema = z.object({
  title: safeText({ error: FEEDBACK_MESSAGES.titleRequired })
    .trim()
    .min(1, FEEDBACK_MESSAGES.titleRequired)
    .max(FEEDBACK_TITLE_MAX, FEEDBACK_MESSAGES.titleTooLong),
  message: safeText({ error: FEEDBACK_MESSAGES.detailsRequired })
    .trim()
    .min(1, FEEDBACK_MESSAGES.detailsRequired)
    .max(FEEDBACK_MESSAGE_MAX, FEEDBACK_MESSAGES.detailsTooLong),
  type: z.enum(FEEDBACK_TYPES, { error: FEEDBACK_MESSAGES.invalidType }),
  priority: z.enum(FEEDBACK_PRIORITIES, { error: FEEDBACK_MESSAGES.invalidPriority }),
});
export type CreateFeedbackRequest = z.infer<typeof createFeedbackRequestSchema>;

/**
 * The whole multipart form of POST /api/feedback, for the contract and its OpenAPI document:
 * the text fields plus `attachments` repeated (an array of file parts). The server reads the
 * files itself (checked by their bytes) and validates the text fields with the schema above.
 */
export const createFeedbackFormSchema = createFeedbackRequestSchema.extend({
  attachments: z
    .array(
      z
        .file()
        .max(ATTACHMENT_MAX_BYTES)
        .mime([...ATTACHMENT_TYPES]),
    )
    .max(FEEDBACK_MAX_ATTACHMENTS)
    .optional(),
});

export const createFeedbackResponseSchema = z.object({
  success: z.literal(true),
  ...messageFields,
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

/** The multipart form of POST /api/user/avatar: one image in the field `avatar`. */
export const uploadAvatarFormSchema = z.object({
  avatar: z
    .file()
    .max(AVATAR_MAX_BYTES)
    .mime([...ATTACHMENT_TYPES]),
});

/** POST /api/user/avatar (multipart field `avatar`). */
export const uploadAvatarResponseSchema = z.object({
  success: z.literal(true),
  ...messageFields,
  user: publicUserSchema,
});
export type UploadAvatarResponse = z.infer<typeof uploadAvatarResponseSchema>;
