import { z } from 'zod';
import { LANGUAGES } from './constants.js';
import { messageFields as keyedMessageFields, optionalMessageFields } from './message-schema.js';
import { translationsSchema, TRANSLATION_LANGUAGES, type TextTranslations } from './operator-texts.js';
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
  noticeNotFound: 'Notice not found',
  noticeDismissed: 'Notice dismissed',
  noticeWithdrawn: 'In-app notice withdrawn: no one sees it any more',
  noNotice: 'This announcement has no in-app notice to withdraw',
  noticeAlreadyWithdrawn: 'This notice was already withdrawn',
} as const;

/** An announcement's in-app notice is shown for this many days after it was sent, until dismissed. */
export const NOTICE_MAX_AGE_DAYS = 30;
/** The most notices one open of the app shows (the newest). */
export const NOTICES_SHOWN_MAX = 3;

const messageFields = {
  text: safeText({ error: ANNOUNCEMENT_MESSAGES.textRequired }),
  format: z.enum(ANNOUNCEMENT_FORMATS, { error: ANNOUNCEMENT_MESSAGES.invalidFormat }).default('plain'),
  withButton: z.boolean().default(false),
};

/** Checks what Telegram checks of one text: valid HTML (for `html`), 1..4096 visible characters. */
function checkText(text: string, format: AnnouncementFormat, path: string[], ctx: z.RefinementCtx): void {
  if (text.trim().length === 0) {
    ctx.addIssue({ code: 'custom', path, message: ANNOUNCEMENT_MESSAGES.textRequired });
    return;
  }
  // A raw text far over the limit is refused before parsing.
  if (text.length > ANNOUNCEMENT_TEXT_MAX * 8) {
    ctx.addIssue({ code: 'custom', path, message: ANNOUNCEMENT_MESSAGES.textTooLong });
    return;
  }
  const measured = measureMessage(text, format);
  if (!measured.ok) {
    ctx.addIssue({ code: 'custom', path, message: `${TELEGRAM_HTML_ERRORS[measured.code]}: ${measured.detail}` });
    return;
  }
  if (measured.visibleLength > ANNOUNCEMENT_TEXT_MAX) {
    ctx.addIssue({ code: 'custom', path, message: ANNOUNCEMENT_MESSAGES.textTooLong });
  }
}

/** The English text and each translation, as Telegram would check them. */
function checkMessage(
  value: { text: string; format: AnnouncementFormat; translations?: TextTranslations },
  ctx: z.RefinementCtx,
): void {
  checkText(value.text, value.format, ['text'], ctx);
  for (const [language, text] of Object.entries(value.translations ?? {})) {
    checkText(text, value.format, ['translations', language], ctx);
  }
}

/**
 * POST /api/admin/announcements: the message (`text` in English, optional `translations`) and
 * who gets it (language null: everyone).
 */
export const createAnnouncementRequestSchema = z
  .object({
    ...messageFields,
    translations: translationsSchema(safeText({ error: ANNOUNCEMENT_MESSAGES.textRequired })).default({}),
    language: z.enum(LANGUAGES, { error: ANNOUNCEMENT_MESSAGES.invalidLanguage }).nullable().default(null),
  })
  .superRefine(checkMessage);
export type CreateAnnouncementRequest = z.infer<typeof createAnnouncementRequestSchema>;
/** What a client sends (translations, format, button and language optional). */
export type CreateAnnouncementRequestBody = z.input<typeof createAnnouncementRequestSchema>;

/** POST /api/admin/users/{id}/message: one message to one user, sent at once. */
export const directMessageRequestSchema = z.object(messageFields).superRefine(checkMessage);
export type DirectMessageRequest = z.infer<typeof directMessageRequestSchema>;

/** GET /api/admin/announcements/audience?language=xx */
export const announcementAudienceQuerySchema = z.object({
  language: z.enum(LANGUAGES, { error: ANNOUNCEMENT_MESSAGES.invalidLanguage }).optional(),
});

export const announcementAudienceResponseSchema = z.object({
  success: z.literal(true),
  /** Telegram: users with Telegram linked, notifications on, not blocked, not suspended (in that language). */
  recipients: z.number(),
  /** In-app notice: every user not suspended (in that language), web-only ones included. */
  inApp: z.number(),
  /** Of those, the ones the bot does not reach (the in-app notice is all they get). */
  inAppOnly: z.number(),
  /** Email (mail on): marketing mail on, a verified or registered address, not suspended (in that language). */
  email: z.number(),
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
  translations: z.partialRecord(z.enum(TRANSLATION_LANGUAGES), z.string()),
  format: z.enum(ANNOUNCEMENT_FORMATS),
  with_button: z.boolean(),
  language: z.enum(LANGUAGES).nullable(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  created_by: z.object({ id: z.string(), username: z.string().nullable() }),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  recipients: z.number(),
  /** Users the in-app notice was addressed to when it started (null: sent before in-app notices). */
  in_app_recipients: z.number().nullable(),
  counts: deliveryCountsSchema,
  /** Still to send: pending + sending. */
  remaining: z.number(),
  /** When an operator withdrew the in-app notice (null: users still see it, or it has none). */
  withdrawn_at: z.string().nullable(),
  /**
   * While it runs and Telegram sending is paused: until when, and why (`rate_limit`: Telegram
   * asked to wait, 429 retry_after; `outage`: the Bot API could not be reached). Null otherwise.
   */
  paused: z.object({ until: z.string(), reason: z.enum(['rate_limit', 'outage']) }).nullable(),
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

/** One in-app notice: an announcement in the reader's language. */
export const noticeSchema = z.object({
  id: z.string(),
  text: z.string(),
  format: z.enum(ANNOUNCEMENT_FORMATS),
  created_at: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** GET /api/notices: the caller's notices not yet dismissed, newest first. */
export const noticesResponseSchema = z.object({
  success: z.literal(true),
  notices: z.array(noticeSchema),
});
export type NoticesResponse = z.infer<typeof noticesResponseSchema>;

/** POST /api/notices/{id}/dismiss */
export const dismissNoticeResponseSchema = z.object({
  success: z.literal(true),
  ...keyedMessageFields,
});
export type DismissNoticeResponse = z.infer<typeof dismissNoticeResponseSchema>;
