import { AppError, formatAmount, localizeTaskText, keyedMessage } from '@ziver/shared';
import type { AuthContext } from '../../platform/auth.js';
import type { ApiHandlers } from '../../platform/contract-routes.js';
import type { AppDeps } from '../../platform/deps.js';
import type { TaskRow } from '../../platform/db/schema.js';
import { presentUser } from '../users/present-user.js';
import { completeTask } from './complete-task.js';
import { createTask } from './create-task.js';
import type { ChannelMembershipChecker } from './evaluate-task.js';
import { describeTasksForUser, findActiveTask, findActiveTasks, getTaskSummary } from './list-user-tasks.js';
import { findAdminTask, listAdminTasks } from './list-admin-tasks.js';
import { presentAdminTask, presentTask } from './present-task.js';
import { withIdempotencyKey } from '../../platform/idempotency.js';
import { reactivateTask, retireTask } from './retire-task.js';
import { updateTask } from './update-task.js';

export type TasksRoutesOptions = {
  /** Telegram channel membership (getChatMember); channel tasks cannot be completed without it. */
  checkChannelMembership?: ChannelMembershipChecker | undefined;
};

/** The task catalogue with the signed-in user's progress, completion, and admin editing. */
export function taskRoutes(deps: AppDeps, options: TasksRoutesOptions = {}) {
  const { db } = deps.database;
  const { checkChannelMembership } = options;

  const taskUser = ({ user }: AuthContext) => ({ id: user.id, telegramId: user.telegramId });

  const oneTaskState = async (auth: AuthContext, taskId: string, { fresh }: { fresh: boolean }) => {
    const task = await findActiveTask(db, taskId);
    if (!task) throw new AppError('NOT_FOUND', 'tasks.notFound');
    const checker: ChannelMembershipChecker | undefined =
      checkChannelMembership && fresh ? (input) => checkChannelMembership({ ...input, fresh }) : checkChannelMembership;
    const { states } = await describeTasksForUser(db, {
      user: taskUser(auth),
      tasks: [task],
      checkChannelMembership: checker,
    });
    // A task the user is not offered (a channel task while the bot is off) is not theirs to see.
    const [state] = states;
    if (!state) throw new AppError('NOT_FOUND', 'tasks.notFound');
    return state;
  };

  const progressAnswer = async (auth: AuthContext, taskId: string, fresh: boolean) => {
    const state = await oneTaskState(auth, taskId, { fresh });
    return {
      success: true as const,
      taskId: state.task.id,
      is_completed: state.completedAt !== null,
      canComplete: state.completedAt === null && state.progress.canComplete,
      progress: state.progress,
    };
  };

  /** An admin's answer: the task in every language with its completion count. */
  type TaskAnswerKey = 'tasks.created' | 'tasks.updated' | 'tasks.retired' | 'tasks.reactivated';
  const adminAnswer = async (key: TaskAnswerKey, task: TaskRow) => {
    const row = await findAdminTask(db, task.id);
    return { success: true as const, ...keyedMessage(key), task: presentAdminTask(row ?? { task, completions: 0 }) };
  };

  return {
    tasks: {
      handle: async ({ auth }) => {
        const { states } = await describeTasksForUser(db, {
          user: taskUser(auth),
          tasks: await findActiveTasks(db),
          checkChannelMembership,
        });
        // docs/spec.md §3/§7: the array of Task objects itself, in the reader's language.
        return states.map((s) => presentTask(s.task, s, auth.user.language));
      },
    },

    taskStats: {
      handle: async ({ auth }) => {
        const summary = await getTaskSummary(db, auth.userId, {
          canCheckChannels: checkChannelMembership !== undefined,
        });
        return { success: true, ...summary };
      },
    },

    validationStatus: {
      handle: async ({ auth }) => {
        const { states } = await describeTasksForUser(db, {
          user: taskUser(auth),
          tasks: await findActiveTasks(db),
          checkChannelMembership,
        });
        const validationStatus = Object.fromEntries(
          states.map((s) => [
            s.task.id,
            {
              canComplete: s.completedAt === null && s.progress.canComplete,
              is_completed: s.completedAt !== null,
              percentage: s.progress.percentage,
            },
          ]),
        );
        return { success: true, validationStatus };
      },
    },

    taskProgress: { handle: ({ auth, params }) => progressAnswer(auth, params.id, false) },

    // Checks the requirements without completing anything; a channel's membership is asked afresh
    // (the app calls it when the user comes back from joining).
    validateTask: { handle: ({ auth, params }) => progressAnswer(auth, params.id, true) },

    // No body is needed (`confirmed` is accepted and ignored) but for a home_screen task's report
    // (`homeScreenEvent`); a malformed one is a 400 before the task is looked up.
    completeTask: {
      handle: ({ auth, params, body, req }) =>
        withIdempotencyKey(db, { req, userId: auth.userId }, async (inTx) => {
          const { task, user, reward } = await completeTask(inTx, {
            user: taskUser(auth),
            taskId: params.id,
            homeScreenEvent: body?.homeScreenEvent,
            checkChannelMembership,
            invalidations: deps.invalidations,
          });
          const earned = [
            reward.zp > 0 ? `+${formatAmount(reward.zp)} ZP` : null,
            reward.seb > 0 ? `+${formatAmount(reward.seb)} SEB` : null,
          ]
            .filter(Boolean)
            .join(', ');
          return {
            success: true,
            ...(earned
              ? keyedMessage('tasks.completedWithReward', { reward: earned })
              : keyedMessage('tasks.completed')),
            reward: { ...reward, taskTitle: localizeTaskText(task, auth.user.language).title },
            user: presentUser(user),
          };
        }),
    },

    adminTasks: {
      handle: async () => ({ success: true, tasks: (await listAdminTasks(db)).map(presentAdminTask) }),
    },

    adminCreateTask: {
      handle: async ({ auth, body }) => {
        const task = await createTask(db, { adminId: auth.userId, input: body });
        return adminAnswer('tasks.created', task);
      },
    },

    adminUpdateTask: {
      handle: async ({ auth, params, body }) => {
        const task = await updateTask(db, { adminId: auth.userId, taskId: params.id, patch: body });
        return adminAnswer('tasks.updated', task);
      },
    },

    adminRetireTask: {
      handle: async ({ auth, params }) => {
        const task = await retireTask(db, { adminId: auth.userId, taskId: params.id });
        return adminAnswer('tasks.retired', task);
      },
    },

    adminReactivateTask: {
      handle: async ({ auth, params }) => {
        const task = await reactivateTask(db, { adminId: auth.userId, taskId: params.id });
        return adminAnswer('tasks.reactivated', task);
      },
    },
  } satisfies Partial<ApiHandlers>;
}
