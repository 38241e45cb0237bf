import {
  keyedMessage,
  type KeyedMessage,
  type ServerMessageKey,
  AppError,
  LANGUAGES,
  type DirectMessageRequest,
  type DirectMessageResult,
  type Language,
} from '@ziver/shared';
import type { Database } from '../../platform/db/client.js';
import { recordAdminAction } from '../../platform/audit-log.js';
import type { AnnouncementSendInput } from '../telegram/announcement-sender.js';
import type { SendOutcome } from '../telegram/send-bot-message.js';
import { setTelegramReachability } from '../telegram/set-telegram-reachability.js';
import { findUserOrThrow } from './admin-users.js';

/** Sends one bot message now (one raw attempt, never retried: a retry could duplicate it). */
export type SendAdminMessage = (input: AnnouncementSendInput) => Promise<SendOutcome>;

const RESULT_MESSAGES = {
  sent: 'announcements.messageSent',
  blocked: 'announcements.userBlocked',
  no_telegram: 'announcements.noTelegram',
  failed: 'announcements.sendFailed',
  unknown: 'announcements.sendUnknown',
} as const satisfies Record<DirectMessageResult, ServerMessageKey>;

/**
 * An admin's message to one user through the bot, sent at once (not queued), with the result:
 * sent, blocked (403: telegram_blocked_at is set), no Telegram linked, failed or unknown. It is
 * sent even when the user turned notifications off or blocked the bot before (a direct message
 * from support; Telegram says whether it arrived). Audited with the text and the result.
 */
export async function messageUser(
  db: Database,
  options: { adminId: string; userId: string; request: DirectMessageRequest; send: SendAdminMessage | undefined },
): Promise<{ result: DirectMessageResult } & KeyedMessage> {
  const user = await findUserOrThrow(db, options.userId);
  let result: DirectMessageResult;
  let detail: string | undefined;
  if (user.telegramId === null) {
    result = 'no_telegram';
  } else {
    if (!options.send) throw new AppError('UNAVAILABLE', 'announcements.botOff');
    const language = (LANGUAGES as readonly string[]).includes(user.language) ? (user.language as Language) : 'en';
    const outcome = await options.send({
      chatId: Number(user.telegramId),
      language,
      text: options.request.text,
      format: options.request.format,
      withButton: options.request.withButton,
    });
    ({ result, detail } = classify(outcome));
    if (result === 'blocked') await setTelegramReachability(db, { telegramId: user.telegramId, isReachable: false });
    if (result === 'sent') await setTelegramReachability(db, { telegramId: user.telegramId, isReachable: true });
  }
  await db.transaction((tx) =>
    recordAdminAction(tx, {
      adminId: options.adminId,
      action: 'user.message',
      targetType: 'user',
      targetId: user.id,
      before: null,
      after: {
        result,
        format: options.request.format,
        withButton: options.request.withButton,
        text: options.request.text,
        ...(detail ? { detail } : {}),
      },
    }),
  );
  return { result, ...keyedMessage(RESULT_MESSAGES[result]) };
}

function classify(outcome: SendOutcome): { result: DirectMessageResult; detail?: string } {
  switch (outcome.kind) {
    case 'sent':
      return { result: 'sent' };
    case 'unknown':
      return { result: 'unknown', detail: outcome.reason };
    case 'not-delivered':
      return { result: 'failed', detail: outcome.reason };
    case 'refused': {
      const description = outcome.description.toLowerCase();
      const isBlocked =
        outcome.errorCode === 403 ||
        (outcome.errorCode === 400 && /chat not found|user not found|peer_id_invalid/.test(description));
      return { result: isBlocked ? 'blocked' : 'failed', detail: `${outcome.errorCode} ${outcome.description}` };
    }
  }
}
