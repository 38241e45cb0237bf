import { Composer } from 'grammy';
import type { BotContext } from '../context.js';

/** The reachability feature: a new Composer for each bot (createBot), so no two bots share handlers. */
export function reachabilityFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  // Telegram tells the bot when a user blocks it (my_chat_member: "kicked") or unblocks / restarts
  // it ("member"). Notifications skip blocked users, so both are recorded.
  composer.on('my_chat_member', async (ctx) => {
    const { reachability } = ctx.services;
    const update = ctx.myChatMember;
    if (!reachability || update.chat.type !== 'private') return;
    await reachability.update({ telegramId: update.from.id, isReachable: update.new_chat_member.status !== 'kicked' });
  });

  // Anyone writing to the bot can be messaged again (e.g. after a 403 marked them blocked). This
  // must never cost the user their answer, so a failure is only logged.
  composer.chatType('private').on('message', async (ctx, next) => {
    const { reachability } = ctx.services;
    if (reachability) {
      try {
        await reachability.update({ telegramId: ctx.from.id, isReachable: true });
      } catch (error) {
        ctx.logger.warn(
          { err: error, updateId: ctx.update.update_id },
          'could not record that the user can be messaged',
        );
      }
    }
    await next();
  });
  return composer;
}
