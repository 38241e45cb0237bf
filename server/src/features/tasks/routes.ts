import { Router, type Request, type Response } from 'express';
import {
  AppError,
  completeTaskRequestSchema,
  createTaskRequestSchema,
  formatAmount,
  localizeTaskText,
  updateTaskRequestSchema,
  keyedMessage,
} from '@ziver/shared';
import { authOf, requireAdmin, requireAuth } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { parseWith } from '../../platform/http.js';
import type { TaskRow } from '../../platform/db/schema.js';
import { presentUser } from '../users/present-user.js';
import { completeTask } from './complete-task.js';
import { createTask } from './create-task.js';
import type { ChannelMembershipChecker } from './evaluate-task.js';
import { describeTasksForUser, findActiveTask, findActiveTasks, getTaskSummary } from './list-user-tasks.js';
import { findAdminTask, listAdminTasks } from './list-admin-tasks.js';
import { presentAdminTask, presentTask } from './present-task.js';
import { reactivateTask, retireTask } from './retire-task.js';
import { updateTask } from './update-task.js';

export type TasksRouterOptions = {
  /** Telegram channel membership (getChatMember); channel tasks cannot be completed without it. */
  checkChannelMembership?: ChannelMembershipChecker | undefined;
};

type IdRequest = Request<{ id: string }>;

/** /api/tasks: the catalogue with the signed-in user's progress, completion, and admin editing. */
export function createTasksRouter(deps: AppDeps, options: TasksRouterOptions = {}): Router {
  const { db } = deps.database;
  const { checkChannelMembership } = options;
  const router = Router();
  router.use(requireAuth({ db, config: deps.config, auth: deps.auth }));

  const taskUser = (req: Request) => {
    const { user } = authOf(req);
    return { id: user.id, telegramId: user.telegramId };
  };

  const oneTaskState = async (req: IdRequest, { fresh }: { fresh: boolean }) => {
    const task = await findActiveTask(db, req.params.id);
    if (!task) throw new AppError('NOT_FOUND', 'tasks.notFound');
    const checker: ChannelMembershipChecker | undefined =
      checkChannelMembership && fresh ? (input) => checkChannelMembership({ ...input, fresh }) : checkChannelMembership;
    const { states } = await describeTasksForUser(db, {
      user: taskUser(req),
      tasks: [task],
      checkChannelMembership: checker,
    });
    // A task the user is not offered (a channel task while the bot is off) is not theirs to see.
    const [state] = states;
    if (!state) throw new AppError('NOT_FOUND', 'tasks.notFound');
    return state;
  };

  router.get('/', async (req, res) => {
    const { states } = await describeTasksForUser(db, {
      user: taskUser(req),
      tasks: await findActiveTasks(db),
      checkChannelMembership,
    });
    // docs/spec.md §3/§7: the array of Task objects itself, in the reader's language.
    const { language } = authOf(req).user;
    res.json(states.map((s) => presentTask(s.task, s, language)));
  });

  router.get('/user-stats', async (req, res) => {
    const summary = await getTaskSummary(db, authOf(req).userId, {
      canCheckChannels: checkChannelMembership !== undefined,
    });
    res.json({ success: true, ...summary });
  });

  router.get('/validation-status', async (req, res) => {
    const { states } = await describeTasksForUser(db, {
      user: taskUser(req),
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
    res.json({ success: true, validationStatus });
  });

  router.get('/admin', requireAdmin, async (_req, res) => {
    res.json({ success: true, tasks: (await listAdminTasks(db)).map(presentAdminTask) });
  });

  /** An admin's answer: the task in every language with its completion count. */
  type TaskAnswerKey = 'tasks.created' | 'tasks.updated' | 'tasks.retired' | 'tasks.reactivated';
  const adminAnswer = async (res: Response, key: TaskAnswerKey, task: TaskRow, status = 200) => {
    const row = await findAdminTask(db, task.id);
    res
      .status(status)
      .json({ success: true, ...keyedMessage(key), task: presentAdminTask(row ?? { task, completions: 0 }) });
  };

  const progressResponse = (fresh: boolean) => async (req: IdRequest, res: Response) => {
    const state = await oneTaskState(req, { fresh });
    res.json({
      success: true,
      taskId: state.task.id,
      is_completed: state.completedAt !== null,
      canComplete: state.completedAt === null && state.progress.canComplete,
      progress: state.progress,
    });
  };
  router.get('/:id/progress', progressResponse(false));
  // Checks the requirements without completing anything; a channel's membership is asked afresh
  // (the app calls it when the user comes back from joining).
  router.post('/:id/validate', progressResponse(true));

  router.post('/:id/complete', async (req: IdRequest, res) => {
    parseWith(completeTaskRequestSchema, req.body);
    const { task, user, reward } = await completeTask(db, {
      user: taskUser(req),
      taskId: req.params.id,
      checkChannelMembership,
      invalidations: deps.invalidations,
    });
    const earned = [
      reward.zp > 0 ? `+${formatAmount(reward.zp)} ZP` : null,
      reward.seb > 0 ? `+${formatAmount(reward.seb)} SEB` : null,
    ]
      .filter(Boolean)
      .join(', ');
    res.json({
      success: true,
      ...(earned ? keyedMessage('tasks.completedWithReward', { reward: earned }) : keyedMessage('tasks.completed')),
      reward: { ...reward, taskTitle: localizeTaskText(task, authOf(req).user.language).title },
      user: presentUser(user),
    });
  });

  router.post('/', requireAdmin, async (req, res) => {
    const input = parseWith(createTaskRequestSchema, req.body);
    const task = await createTask(db, { adminId: authOf(req).userId, input });
    await adminAnswer(res, 'tasks.created', task, 201);
  });

  router.put('/:id', requireAdmin, async (req: IdRequest, res) => {
    const patch = parseWith(updateTaskRequestSchema, req.body);
    const task = await updateTask(db, { adminId: authOf(req).userId, taskId: req.params.id, patch });
    await adminAnswer(res, 'tasks.updated', task);
  });

  router.delete('/:id', requireAdmin, async (req: IdRequest, res) => {
    const task = await retireTask(db, { adminId: authOf(req).userId, taskId: req.params.id });
    await adminAnswer(res, 'tasks.retired', task);
  });

  router.post('/:id/reactivate', requireAdmin, async (req: IdRequest, res) => {
    const task = await reactivateTask(db, { adminId: authOf(req).userId, taskId: req.params.id });
    await adminAnswer(res, 'tasks.reactivated', task);
  });

  return router;
}
