import { z } from 'zod';
import { LANGUAGES } from './constants.js';
import { messageFields as keyedMessageFields, optionalMessageFields } from './message-schema.js';
import { safeText } from './text.js';
import { measureMessage, TELEGRAM_HTML_ERRORS } from './telegram-html.js';

/** Announcements through the bot and messages to one user (issue 14): limits, texts, schemas. */
export const ANNOUNCEMENT_TEXT_MAX = 4096;
export const ANNOUNCEMENT_FORMATS = ['html', 'plain'] as const;
export type AnnouncementFormat = (typeof ANNOUNCEMENT_FORMATS)[number];
/** How many past announcements the history lists. */
export const ANNOUNCEMENT_HISTORY_MAX = 50;

export const ANNOUNCEMENT_STATUSES = ['running', 'done', 'cancelled'] as const;
export const DELIVERY_STATUSES = [
  'pending',
  'sending',
  'sent',
  'blocked',
  'failed',
  'skipped',
  'unconfirmed',
  'cancelled',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const ANNOUNCEMENT_MESSAGES = {
  textRequired: 'Write the message',
  textTooLong: `The message must be at most ${ANNOUNCEMENT_TEXT_MAX} characters as Telegram shows it`,
  invalidFormat: 'Choose HTML or plain text',
  invalidLanguage: 'Choose one of en, es, fr, de, zh, or everyone',
  noRecipients: 'No one would receive this announcement',
  started: 'Announcement started',
  cancelled: 'Announcement cancelled: the remaining messages will not be sent',
  notRunning: 'This announcement is no longer running',
  notFound: 'Announcement not found',
  botOff: 'The Telegram bot is off on this server: nothing can be sent',
  messageSent: 'Message sent',
  userBlocked: 'The user blocked the bot: the message was not delivered',
  noTelegram: 'This user has no Telegram account linked',
  sendFailed: 'Telegram did not accept the message',
  sendUnknown: 'Telegram did not answer in time: the message may or may not have arrived',
} as const;

const messageFields = {
  text: safeText({ error: ANNOUNCEMENT_MESSAGES.textRequired }),
  format: z.enum(ANNOUNCEMENT_FORMATS, { error: ANNOUNCEMENT_MESSAGES.invalidFormat }).default('plain'),
  withButton: z.boolean().default(false),
};

/** Checks what Telegram checks: valid HTML (for `html`), 1..4096 visible characters. */
function checkMessage(value: { text: string; format: AnnouncementFormat }, ctx: z.RefinementCtx): void {
  if (value.text.trim().length === 0) {
    ctx.addIssue({ code: 'custom', path: ['text'], message: ANNOUNCEMENT_MESSAGES.textRequired });
    return;
  }
  // A raw text far over the limit is refused before parsing.
  if (value.text.length > ANNOUNCEMENT_TEXT_MAX * 8) {
    ctx.addIssue({ code: 'custom', path: ['text'], message: ANNOUNCEMENT_MESSAGES.textTooLong });
    return;
  }
  const measured = measureMessage(value.text, value.format);
  if (!measured.ok) {
    ctx.addIssue({
      code: 'custom',
      path: ['text'],
      message: `${TELEGRAM_HTML_ERRORS[measured.code]}: ${measured.detail}`,
    });
    return;
  }
  if (measured.visibleLength > ANNOUNCEMENT_TEXT_MAX) {
    ctx.addIssue({ code: 'custom', path: ['text'], message: ANNOUNCEMENT_MESSAGES.textTooLong });
  }
}

/** POST /api/admin/announcements: the message and who gets it (language null: everyone). */
export const createAnnouncementRequestSchema = z
  .object({
    ...messageFields,
    language: z.enum(LANGUAGES, { error: ANNOUNCEMENT_MESSAGES.invalidLanguage }).nullable().default(null),
  })
  .superRefine(checkMessage);
export type CreateAnnouncementRequest = z.infer<typeof createAnnouncementRequestSchema>;

/** POST /api/admin/users/{id}/message: one message to one user, sent at once. */
export const directMessageRequestSchema = z.object(messageFields).superRefine(checkMessage);
export type DirectMessageRequest = z.infer<typeof directMessageRequestSchema>;

/** GET /api/admin/announcements/audience?language=xx */
export const announcementAudienceQuerySchema = z.object({
  language: z.enum(LANGUAGES, { error: ANNOUNCEMENT_MESSAGES.invalidLanguage }).optional(),
});

export const announcementAudienceResponseSchema = z.object({
  success: z.literal(true),
  /** Users with Telegram linked, notifications on, not blocked, not suspended (in that language). */
  recipients: z.number(),
  /** How the "open app" button opens the mini app: web_app (https), url (http), or null (no URL configured). */
  button: z.enum(['web_app', 'url']).nullable(),
  isBotOn: z.boolean(),
});
export type AnnouncementAudienceResponse = z.infer<typeof announcementAudienceResponseSchema>;

export const deliveryCountsSchema = z.object(
  Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, z.number()])) as Record<DeliveryStatus, z.ZodNumber>,
);
export type DeliveryCounts = z.infer<typeof deliveryCountsSchema>;

export const announcementSchema = z.object({
  id: z.string(),
  text: z.string(),
  format: z.enum(ANNOUNCEMENT_FORMATS),
  with_button: z.boolean(),
  language: z.enum(LANGUAGES).nullable(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  created_by: z.object({ id: z.string(), username: z.string().nullable() }),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  recipients: z.number(),
  counts: deliveryCountsSchema,
  /** Still to send: pending + sending. */
  remaining: z.number(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementResponseSchema = z.object({
  success: z.literal(true),
  ...optionalMessageFields,
  announcement: announcementSchema,
});
export type AnnouncementResponse = z.infer<typeof announcementResponseSchema>;

export const announcementsResponseSchema = z.object({
  success: z.literal(true),
  announcements: z.array(announcementSchema),
});
export type AnnouncementsResponse = z.infer<typeof announcementsResponseSchema>;

export const DIRECT_MESSAGE_RESULTS = ['sent', 'blocked', 'no_telegram', 'failed', 'unknown'] as const;
export type DirectMessageResult = (typeof DIRECT_MESSAGE_RESULTS)[number];

export const directMessageResponseSchema = z.object({
  success: z.literal(true),
  result: z.enum(DIRECT_MESSAGE_RESULTS),
  ...keyedMessageFields,
});
export type DirectMessageResponse = z.infer<typeof directMessageResponseSchema>;
