import type { Chat, MessageEntity, Update, User } from 'grammy/types';

type MessageChat = Chat.PrivateChat | Chat.GroupChat | Chat.SupergroupChat;

let nextUpdateId = 1_000;
let nextMessageId = 1;

/** A Telegram user as it appears in `message.from`. */
export function buildTelegramUser(overrides: Partial<User> = {}): User {
  return { id: 7_000_001, is_bot: false, first_name: 'Amina', username: 'amina', language_code: 'en', ...overrides };
}

export type MessageUpdateOptions = {
  from?: Partial<User>;
  /** Defaults to the private chat with `from`. */
  chat?: MessageChat;
  updateId?: number;
};

/**
 * A `message` update as Telegram sends it. A leading `/command` (with optional `@bot` suffix)
 * gets its bot_command entity, which grammY needs to recognise the command.
 */
export function buildMessageUpdate(text: string, options: MessageUpdateOptions = {}): Update {
  const from = buildTelegramUser(options.from);
  const chat: MessageChat = options.chat ?? {
    id: from.id,
    type: 'private',
    first_name: from.first_name,
    ...(from.last_name ? { last_name: from.last_name } : {}),
    ...(from.username ? { username: from.username } : {}),
  };
  const command = /^\/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?/.exec(text)?.[0];
  const entities: MessageEntity[] = command ? [{ type: 'bot_command', offset: 0, length: command.length }] : [];
  const message = {
    message_id: nextMessageId++,
    from,
    chat,
    date: Math.floor(Date.now() / 1000),
    text,
    ...(entities.length > 0 ? { entities } : {}),
  } as NonNullable<Update['message']>;
  return { update_id: options.updateId ?? nextUpdateId++, message };
}

/** `/start` or `/start <payload>`, as sent by a t.me/<bot>?start=<payload> link. */
export function buildStartUpdate(options: MessageUpdateOptions & { payload?: string } = {}): Update {
  return buildMessageUpdate(options.payload ? `/start ${options.payload}` : '/start', options);
}

/** A group chat, for checking what the bot does outside private chats. */
export function buildGroupChat(overrides: Partial<Chat.SupergroupChat> = {}): Chat.SupergroupChat {
  return { id: -1_001_234_567_890, type: 'supergroup', title: 'Ziver fans', ...overrides };
}

/**
 * A `my_chat_member` update as Telegram sends it in a private chat when the user blocks the bot
 * (`kicked`) or unblocks / restarts it (`member`).
 */
export function buildMyChatMemberUpdate(
  status: 'kicked' | 'member',
  options: { from?: Partial<User>; updateId?: number } = {},
): Update {
  const from = buildTelegramUser(options.from);
  const bot: User = { id: 123456, is_bot: true, first_name: 'Ziver', username: 'ziver_test_bot' };
  const member = (s: 'kicked' | 'member') =>
    s === 'kicked' ? { status: 'kicked' as const, user: bot, until_date: 0 } : { status: 'member' as const, user: bot };
  return {
    update_id: options.updateId ?? nextUpdateId++,
    my_chat_member: {
      chat: {
        id: from.id,
        type: 'private',
        first_name: from.first_name,
        ...(from.username ? { username: from.username } : {}),
      },
      from,
      date: Math.floor(Date.now() / 1000),
      old_chat_member: member(status === 'kicked' ? 'member' : 'kicked'),
      new_chat_member: member(status),
    },
  };
}

/**
 * A `callback_query` update as Telegram sends it when a user taps an inline button with
 * callback_data, on a message the bot sent (`data` may be anything: an old or foreign button).
 */
export function buildCallbackQueryUpdate(
  data: string,
  options: { from?: Partial<User>; updateId?: number; queryId?: string } = {},
): Update {
  const from = buildTelegramUser(options.from);
  const updateId = options.updateId ?? nextUpdateId++;
  return {
    update_id: updateId,
    callback_query: {
      id: options.queryId ?? String(4_000_000_000_000 + updateId),
      from,
      chat_instance: '-8123456789012345678',
      data,
      message: {
        message_id: nextMessageId++,
        from: { id: 123456, is_bot: true, first_name: 'Ziver', username: 'ziver_test_bot' },
        chat: { id: from.id, type: 'private', first_name: from.first_name },
        date: Math.floor(Date.now() / 1000) - 86_400,
        text: 'An old message with a button',
      },
    },
  };
}
