import { z } from 'zod';
import { messageFields } from './message-schema.js';
import { TELEGRAM_CODE_LENGTH, TELEGRAM_CODE_TTL_MINUTES } from './constants.js';
import { MESSAGES } from './messages.js';
import { publicUserSchema } from './schemas.js';
import { interpolate } from './i18n/interpolate.js';
import { safeText } from './text.js';

// ---------- connection codes (docs/spec.md §4 "Telegram connection", §5, §7 Telegram) ----------

/** A connection code as the bot issues it: exactly 6 digits. */
export const TELEGRAM_CODE_PATTERN = new RegExp(`^\\d{${TELEGRAM_CODE_LENGTH}}$`);

/** Wrong connection codes a signed-in user may submit per window before being rate limited. */
export const TELEGRAM_VERIFY_ATTEMPTS_PER_WINDOW = 10;
export const TELEGRAM_VERIFY_WINDOW_MINUTES = 15;

/** Telegram connection messages; the spec's own ('Please enter the connection code') comes from MESSAGES. */
export const TELEGRAM_MESSAGES = {
  enterConnectionCode: MESSAGES.enterConnectionCode,
  codeFormat: `The connection code is ${TELEGRAM_CODE_LENGTH} digits`,
  codeInvalid: 'Invalid connection code. Send /connect to the Ziver bot to get a new one.',
  codeExpired: `This connection code has expired (codes are valid for ${TELEGRAM_CODE_TTL_MINUTES} minutes). Send /connect to the Ziver bot to get a new one.`,
  codeNoLongerValid: 'This connection code is no longer valid. Send /connect to the Ziver bot to get a new one.',
  linkedElsewhere:
    'This Telegram account is already connected to another Ziver account. Disconnect it there first, then try again.',
  otherTelegramLinked:
    'Your Ziver account is already connected to another Telegram account. Disconnect it first, then try again.',
  connected: 'Telegram connected',
  disconnected: 'Telegram disconnected',
  notConnected: 'No Telegram account is connected',
  disconnectNeedsSignInMethod:
    'Telegram is how you sign in to this account. Set a password (Settings → Security) before disconnecting Telegram.',
  cardNeedsTelegram: 'Connect your Telegram account first (Referrals → Telegram) to share your card in Telegram.',
  cardBotOff: 'Sharing cards in Telegram is not available right now. Copy your link instead.',
  cardStartBot: 'Open the Ziver bot in Telegram and press Start, then try sharing your card again.',
  cardRateLimited: 'Telegram asked us to slow down. Please try again in {seconds} seconds.',
  cardUnavailable: 'Could not reach Telegram to prepare your card. Please try again in a moment.',
} as const;

/**
 * Why a channel task's membership check failed, for the user. getChatMember only works when the
 * bot is an administrator of the channel, and only for users Telegram lets the bot see
 * (docs/architecture.md §8): each failure says which it is.
 */
export const CHANNEL_CHECK_MESSAGES = {
  botNotAdmin:
    'Channel membership cannot be checked right now: the Ziver bot must be an administrator of {channel}. Please try again later.',
  channelNotFound: 'The channel {channel} could not be found on Telegram. Please try again later.',
  userUnknown: 'Open the Ziver bot{bot} in Telegram and press Start, then try again.',
  unavailable: 'Could not reach Telegram to check your channel membership. Please try again in a moment.',
} as const;

/** A channel-check message with its {channel} and {bot} filled in. */
export function channelCheckMessage(
  key: keyof typeof CHANNEL_CHECK_MESSAGES,
  params: { channel: string; botUsername?: string | undefined },
): string {
  return interpolate(CHANNEL_CHECK_MESSAGES[key], {
    channel: params.channel,
    bot: params.botUsername ? ` (@${params.botUsername})` : '',
  });
}

/** POST /telegram/verify-connection: digits only, 6 long; empty gives the spec's message. */
export const verifyConnectionRequestSchema = z.object({
  connectionCode: z.preprocess(
    (value) => (typeof value === 'number' && Number.isInteger(value) ? String(value) : value),
    safeText({ error: TELEGRAM_MESSAGES.enterConnectionCode })
      .trim()
      .min(1, TELEGRAM_MESSAGES.enterConnectionCode)
      .regex(TELEGRAM_CODE_PATTERN, TELEGRAM_MESSAGES.codeFormat),
  ),
});
export type VerifyConnectionRequest = z.infer<typeof verifyConnectionRequestSchema>;

/** GET /telegram/connection-status */
export const telegramConnectionStatusSchema = z.object({
  success: z.literal(true),
  hasTelegram: z.boolean(),
  telegram_username: z.string().nullable(),
  /** The bot to send /connect to (without @), or null when no bot is configured. */
  botUsername: z.string().nullable(),
  /** The mini app's short name (t.me/<bot>/<short name>), or null when none is configured. */
  miniAppShortName: z.string().nullable(),
});
export type TelegramConnectionStatus = z.infer<typeof telegramConnectionStatusSchema>;

/** POST /telegram/verify-connection on success. */
export const verifyConnectionResponseSchema = z.object({
  success: z.literal(true),
  ...messageFields,
  user: publicUserSchema,
});
export type VerifyConnectionResponse = z.infer<typeof verifyConnectionResponseSchema>;

/** POST /telegram/disconnect on success. */
export const disconnectTelegramResponseSchema = z.object({
  success: z.literal(true),
  ...messageFields,
  user: publicUserSchema,
});
export type DisconnectTelegramResponse = z.infer<typeof disconnectTelegramResponseSchema>;

/** POST /telegram/referral-card: the prepared inline message (savePreparedInlineMessage) to hand to shareMessage. */
export const referralCardResponseSchema = z.object({
  success: z.literal(true),
  /** PreparedInlineMessage.id: what web_app_send_prepared_message takes. */
  preparedMessageId: z.string(),
  /** When Telegram forgets the prepared message (its expiration_date). */
  expiresAt: z.string(),
});
export type ReferralCardResponse = z.infer<typeof referralCardResponseSchema>;

/** GET /telegram/referral-story: what shareToStory takes (the image is ours, 1080×1920). */
export const referralStoryResponseSchema = z.object({
  success: z.literal(true),
  mediaUrl: z.string(),
  text: z.string(),
  widgetLink: z.object({ url: z.string(), name: z.string() }),
});
export type ReferralStoryResponse = z.infer<typeof referralStoryResponseSchema>;
