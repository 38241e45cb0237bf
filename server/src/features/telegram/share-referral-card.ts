import { GrammyError } from 'grammy';
import type { InlineQueryResult, PreparedInlineMessage } from 'grammy/types';
import {
  AppError,
  LANGUAGES,
  type Language,
  type ReferralCardResponse,
  type ReferralStoryResponse,
} from '@ziver/shared';
import { referralCardResult, referralCardTexts, referralStartLink } from '@ziver/bot';
import type { Db } from '../../platform/db/client.js';
import type { UserRow } from '../../platform/db/schema.js';
import { fileUrl, type FileStorage } from '../../platform/storage/file-storage.js';
import type { DecodeQueue } from '../../platform/uploads/decode-queue.js';
import { getReferralImage } from './referral-card-image.js';

/** Bot API 8.0 savePreparedInlineMessage, one attempt (the bot's Api without retries). */
export type SavePreparedInlineMessage = (
  userId: number,
  result: InlineQueryResult,
  other: {
    allow_user_chats?: boolean;
    allow_bot_chats?: boolean;
    allow_group_chats?: boolean;
    allow_channel_chats?: boolean;
  },
  signal?: AbortSignal,
) => Promise<PreparedInlineMessage>;

/** How long the server waits for Telegram's answer before telling the user to try again. */
const PREPARE_TIMEOUT_MS = 15_000;

export type ReferralCardDeps = {
  db: Db;
  storage: FileStorage;
  imageDecodes: DecodeQueue;
  /** PUBLIC_URL, else MINIAPP_URL: where Telegram fetches the card's photo (https). */
  publicBaseUrl: string | undefined;
  botUsername: () => string | undefined;
  miniAppShortName: string | undefined;
  savePreparedInlineMessage: SavePreparedInlineMessage | undefined;
};

type Sharing = { language: Language; inviterName: string; code: string; link: string };

/** The inviter's card in their language, with the start link its button and QR carry. */
function sharingOf(deps: ReferralCardDeps, user: UserRow): Sharing {
  const bot = deps.botUsername();
  if (!bot) throw new AppError('TELEGRAM_NOT_CONFIGURED', 'telegram.cardBotOff');
  const language = (LANGUAGES as readonly string[]).includes(user.language) ? (user.language as Language) : 'en';
  const code = user.referralCode;
  return {
    language,
    inviterName: user.username,
    code,
    link: referralStartLink({ botUsername: bot, miniAppShortName: deps.miniAppShortName, code }),
  };
}

/**
 * Prepares the inviter's card with the bot (savePreparedInlineMessage for their Telegram id):
 * our photo with their name and line, and a button that opens the mini app with their code.
 * Telegram's refusals become answers the user can act on, never a 500.
 */
export async function prepareReferralCard(deps: ReferralCardDeps, user: UserRow): Promise<ReferralCardResponse> {
  if (user.telegramId === null) throw new AppError('CONFLICT', 'telegram.cardNeedsTelegram');
  const save = deps.savePreparedInlineMessage;
  const base = httpsBase(deps.publicBaseUrl);
  if (!save || !base) throw new AppError('TELEGRAM_NOT_CONFIGURED', 'telegram.cardBotOff');
  const sharing = sharingOf(deps, user);
  const texts = referralCardTexts(sharing);
  const image = await getReferralImage(deps, {
    userId: user.id,
    language: sharing.language,
    image: { variant: 'card', inviterName: sharing.inviterName, code: sharing.code, link: sharing.link, texts },
  });
  const result = referralCardResult({
    id: `ref-${sharing.code}`.slice(0, 64),
    photoUrl: `${base}${fileUrl(image.key)}`,
    width: image.width,
    height: image.height,
    texts,
    startLink: sharing.link,
  });
  let prepared: PreparedInlineMessage;
  try {
    prepared = await save(
      Number(user.telegramId),
      result,
      { allow_user_chats: true, allow_group_chats: true, allow_channel_chats: true },
      AbortSignal.timeout(PREPARE_TIMEOUT_MS),
    );
  } catch (error) {
    throw refusalOf(error);
  }
  return {
    success: true,
    preparedMessageId: prepared.id,
    expiresAt: new Date(prepared.expiration_date * 1000).toISOString(),
  };
}

/** The story: its 1080×1920 image (cached per user and language), caption and widget link. */
export async function getReferralStory(deps: ReferralCardDeps, user: UserRow): Promise<ReferralStoryResponse> {
  const sharing = sharingOf(deps, user);
  const texts = referralCardTexts(sharing);
  const image = await getReferralImage(deps, {
    userId: user.id,
    language: sharing.language,
    image: { variant: 'story', inviterName: sharing.inviterName, code: sharing.code, link: sharing.link, texts },
  });
  // Telegram's client downloads the story image itself: absolute at the public URL when there is
  // one; else the path, which the mini app makes absolute with its own origin.
  const base = deps.publicBaseUrl?.replace(/\/+$/, '') ?? '';
  return {
    success: true,
    mediaUrl: `${base}${fileUrl(image.key)}`,
    text: texts.story,
    widgetLink: { url: sharing.link, name: texts.widget.slice(0, 48) },
  };
}

/** Telegram fetches the photo itself, over https only. */
function httpsBase(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).protocol === 'https:' ? url.replace(/\/+$/, '') : undefined;
  } catch {
    return undefined;
  }
}

/** Seconds to wait before asking again: Telegram's retry_after (429), 5 s for an outage. */
export function retryAfterOf(error: AppError): number | undefined {
  if (error.code === 'RATE_LIMITED') return Number(error.params.seconds);
  return error.messageKey === 'telegram.cardUnavailable' ? 5 : undefined;
}

/**
 * Telegram's answer, for the user: the user never started the bot or blocked it (400 user not
 * found / can't initiate, 403) → 409 start the bot; 429 → 429 wait retry_after; anything else
 * (other 400s, 5xx, network, timeout) → 503 try again in a moment. None is a 500.
 */
function refusalOf(error: unknown): AppError {
  if (!(error instanceof GrammyError)) return new AppError('UNAVAILABLE', 'telegram.cardUnavailable');
  if (error.error_code === 429) {
    const seconds = Math.max(1, Math.ceil(error.parameters.retry_after ?? 5));
    return new AppError('RATE_LIMITED', 'telegram.cardRateLimited', { seconds: String(seconds) });
  }
  if (
    error.error_code === 403 ||
    (error.error_code === 400 &&
      /user not found|user_id_invalid|peer_id_invalid|chat not found|can't initiate/i.test(error.description))
  ) {
    return new AppError('CONFLICT', 'telegram.cardStartBot');
  }
  return new AppError('UNAVAILABLE', 'telegram.cardUnavailable');
}
