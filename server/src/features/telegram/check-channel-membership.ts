import { GrammyError } from 'grammy';
import type { ChatMember } from 'grammy/types';
import { channelCheckMessage, type CHANNEL_CHECK_MESSAGES } from '@ziver/shared';
import type { Logger } from '../../platform/logger.js';
import type { ChannelMembershipChecker } from '../tasks/evaluate-task.js';

export type ChannelCheckFailure = keyof typeof CHANNEL_CHECK_MESSAGES;

/** getChatMember failed; `message` says why in words a user can act on. */
export class ChannelCheckError extends Error {
  override name = 'ChannelCheckError';
  constructor(
    readonly reason: ChannelCheckFailure,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

export type ChannelMembershipOptions = {
  getChatMember(chatId: string, userId: number): Promise<ChatMember>;
  botUsername(): string | undefined;
  logger: Pick<Logger, 'warn'>;
  /** How long a "member" answer is reused. Default 60 s. */
  memberTtlMs?: number;
  /**
   * How long a "not a member" answer is reused. Default 10 s: shorter, so a user who has just
   * joined is not told to join again for a minute (the task list itself asks first).
   */
  nonMemberTtlMs?: number;
  now?: () => number;
};

const MAX_CACHED = 10_000;
const OPERATOR_WARNING_EVERY_MS = 10 * 60_000;

/** Whether a ChatMember counts as being in the channel. */
export function isChannelMember(member: ChatMember): boolean {
  switch (member.status) {
    case 'creator':
    case 'administrator':
    case 'member':
      return true;
    case 'restricted':
      return member.is_member;
    default:
      return false; // left, kicked
  }
}

/**
 * The channel-task checker the tasks feature takes: getChatMember(channel, telegramId), answers
 * cached per (user, channel), concurrent asks for the same pair sharing one Bot API call.
 * Failures throw a ChannelCheckError that says what is wrong; the ones only an operator can fix
 * (bot not an admin, channel not found) are also logged, at most every 10 minutes per channel.
 */
export function createChannelMembershipChecker(options: ChannelMembershipOptions): ChannelMembershipChecker {
  const memberTtlMs = options.memberTtlMs ?? 60_000;
  const nonMemberTtlMs = options.nonMemberTtlMs ?? 10_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { isMember: boolean; expiresAt: number }>();
  const inFlight = new Map<string, Promise<boolean>>();
  const warnedAt = new Map<string, number>();

  const remember = (key: string, isMember: boolean) => {
    cache.delete(key);
    cache.set(key, { isMember, expiresAt: now() + (isMember ? memberTtlMs : nonMemberTtlMs) });
    for (const oldest of cache.keys()) {
      if (cache.size <= MAX_CACHED) break;
      cache.delete(oldest);
    }
  };

  const ask = async (channel: string, telegramId: bigint): Promise<boolean> => {
    try {
      return isChannelMember(await options.getChatMember(channel, Number(telegramId)));
    } catch (error) {
      const reason = classifyFailure(error);
      if (reason === 'botNotAdmin' || reason === 'channelNotFound') {
        const last = warnedAt.get(channel) ?? -Infinity;
        if (now() - last >= OPERATOR_WARNING_EVERY_MS) {
          warnedAt.set(channel, now());
          options.logger.warn(
            { err: error, channel },
            reason === 'botNotAdmin'
              ? `channel tasks cannot be checked: make the bot an administrator of ${channel}`
              : `channel tasks cannot be checked: Telegram does not know the channel ${channel}`,
          );
        }
      }
      throw new ChannelCheckError(
        reason,
        channelCheckMessage(reason, { channel, botUsername: options.botUsername() }),
        error,
      );
    }
  };

  return async ({ telegramId, channel, fresh = false }) => {
    const key = `${telegramId}|${channel.toLowerCase()}`;
    const cached = cache.get(key);
    // A fresh re-check still reuses a "member" answer (joining is what it looks for).
    if (cached && cached.expiresAt > now() && (cached.isMember || !fresh)) return cached.isMember;
    const pending = inFlight.get(key);
    if (pending) return pending;
    const asking = ask(channel, telegramId)
      .then((isMember) => {
        remember(key, isMember);
        return isMember;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, asking);
    return asking;
  };
}

/** Telegram's getChatMember errors, by their descriptions. */
function classifyFailure(error: unknown): ChannelCheckFailure {
  if (!(error instanceof GrammyError)) return 'unavailable';
  const description = error.description.toLowerCase();
  if (
    /member list is inaccessible|chat_admin_required|not enough rights|bot is not a member|bot was kicked/.test(
      description,
    )
  ) {
    return 'botNotAdmin';
  }
  if (/chat not found/.test(description)) return 'channelNotFound';
  if (/user not found|participant_id_invalid|user_id_invalid/.test(description)) return 'userUnknown';
  return error.error_code === 403 ? 'botNotAdmin' : 'unavailable';
}
