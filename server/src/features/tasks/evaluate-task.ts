import {
  TASK_MESSAGES,
  channelMembershipResult,
  evaluateTaskRules,
  type RuleResult,
  type TaskProgress,
  type UserTaskStats,
} from '@ziver/shared';
import type { TaskRow } from '../../platform/db/schema.js';

/**
 * Answers whether a Telegram user is a member of a channel (getChatMember). Injected by the
 * Telegram work; without one, channel tasks cannot be completed. It is called on every list
 * and completion of a channel task not yet completed, so it should cache briefly.
 */
export type ChannelMembershipChecker = (input: {
  userId: string;
  telegramId: bigint;
  channel: string;
  /**
   * An explicit re-check (POST /tasks/:id/validate, the app's check after "Join channel"): a
   * cached "not a member" answer is not reused, so a user who has just joined is seen at once.
   */
  fresh?: boolean;
}) => Promise<boolean>;

export type TaskEvaluationContext = {
  stats: UserTaskStats;
  user: { id: string; telegramId: bigint | null };
  checkChannelMembership?: ChannelMembershipChecker | undefined;
};

/** The channel-membership check of a channel task, as a progress entry. */
export async function checkChannelTask(
  task: TaskRow,
  context: Pick<TaskEvaluationContext, 'user' | 'checkChannelMembership'>,
): Promise<RuleResult> {
  const { checkChannelMembership, user } = context;
  if (!checkChannelMembership || !task.channel) return channelMembershipResult(false, TASK_MESSAGES.channelUnavailable);
  if (user.telegramId === null) return channelMembershipResult(false, TASK_MESSAGES.channelNeedsTelegram);
  try {
    const isMember = await checkChannelMembership({
      userId: user.id,
      telegramId: user.telegramId,
      channel: task.channel,
    });
    return channelMembershipResult(isMember, isMember ? TASK_MESSAGES.channelMember : TASK_MESSAGES.channelNotMember);
  } catch (error) {
    // The checker explains operator-side failures (bot not an admin, user never started the bot).
    const message =
      error instanceof Error && error.name === 'ChannelCheckError' ? error.message : TASK_MESSAGES.channelCheckFailed;
    return channelMembershipResult(false, message);
  }
}

/**
 * A task's progress for a user: its rules against the stats, plus channel membership for a
 * channel task. A completed task is not re-checked against the channel (it was at completion).
 */
export async function evaluateTask(
  task: TaskRow,
  context: TaskEvaluationContext,
  options: { isCompleted?: boolean; channelCheck?: RuleResult } = {},
): Promise<TaskProgress> {
  const extra: RuleResult[] = [];
  if (task.kind === 'channel') {
    extra.push(
      options.isCompleted
        ? channelMembershipResult(true, TASK_MESSAGES.channelMember)
        : (options.channelCheck ?? (await checkChannelTask(task, context))),
    );
  }
  return evaluateTaskRules(task.rules ?? [], context.stats, extra);
}
