import { Router, type Request } from 'express';
import {
  adminFeedbackQuerySchema,
  auditLogQuerySchema,
  adjustBalanceRequestSchema,
  adminUserSearchQuerySchema,
  adminUserFilterSchema,
  ADMIN_USERS_EXPORT_MAX,
  usersExportFileName,
  AppError,
  type AdminUsersResponse,
  dashboardQuerySchema,
  type DashboardResponse,
  changeRoleRequestSchema,
  suspendUserRequestSchema,
  type AdminUserDetailResponse,
  dailyLoginRewardSchema,
  type AdminSystemResponse,
  type DailyLoginRewardResponse,
  rewardFeedbackRequestSchema,
  updateFeedbackStatusRequestSchema,
  type AdminAction,
  type AdminFeedbackListResponse,
  type AdminFeedbackResponse,
  type AuditLogResponse,
  keyedMessage,
  type KeyedMessage,
} from '@ziver/shared';
import { authOf, requireAdmin, requireAuth } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { parseWith } from '../../platform/http.js';
import { readLockdown } from '../../platform/lockdown.js';
import { getDailyLoginReward } from '../users/daily-login-reward.js';
import { getDashboard } from './get-dashboard.js';
import { updateDailyLoginReward } from './update-daily-login-reward.js';
import { getAdminUser, presentAdminUser } from './admin-users.js';
import { countUsers, listUsers } from './list-users.js';
import { usersToCsv } from './users-csv.js';
import { adjustUserBalance, changeUserRole, setUserSuspension } from './manage-user.js';
import { listAdminFeedback } from './list-admin-feedback.js';
import { listAuditLog } from './list-audit-log.js';
import { presentAdminFeedback } from './present-admin-feedback.js';
import { rewardFeedback } from './reward-feedback.js';
import { updateFeedbackStatus } from './update-feedback-status.js';

type IdRequest = Request<{ id: string }>;

/** /api/admin: the operators' console. Every route needs a session with the ADMIN role. */
export function createAdminRouter(deps: AppDeps): Router {
  const { db } = deps.database;
  const { invalidations } = deps;
  const router = Router();
  router.use(requireAuth({ db, config: deps.config, auth: deps.auth }), requireAdmin);

  router.get('/dashboard', async (req, res) => {
    const { days } = parseWith(dashboardQuerySchema, req.query);
    const body: DashboardResponse = { success: true, ...(await getDashboard(db, { days })) };
    res.json(body);
  });

  router.get('/feedback', async (req, res) => {
    const filters = parseWith(adminFeedbackQuerySchema, req.query);
    const rows = await listAdminFeedback(db, filters);
    const body: AdminFeedbackListResponse = { success: true, feedback: rows.map(presentAdminFeedback) };
    res.json(body);
  });

  router.put('/feedback/:id', async (req: IdRequest, res) => {
    const input = parseWith(updateFeedbackStatusRequestSchema, req.body);
    const row = await updateFeedbackStatus(db, { adminId: authOf(req).userId, feedbackId: req.params.id, input });
    const body: AdminFeedbackResponse = {
      success: true,
      ...keyedMessage('admin.feedbackUpdated'),
      feedback: presentAdminFeedback(row),
    };
    res.json(body);
  });

  router.post('/feedback/:id/reward', async (req: IdRequest, res) => {
    const reward = parseWith(rewardFeedbackRequestSchema, req.body);
    const row = await rewardFeedback(db, {
      adminId: authOf(req).userId,
      feedbackId: req.params.id,
      reward,
      invalidations: deps.invalidations,
    });
    const body: AdminFeedbackResponse = {
      success: true,
      ...keyedMessage('admin.feedbackRewarded'),
      feedback: presentAdminFeedback(row),
    };
    res.json(body);
  });

  router.get('/system', async (_req, res) => {
    const [lockdown, mining, dailyLogin] = await Promise.all([
      readLockdown(db),
      deps.miningSettings.get(),
      getDailyLoginReward(db),
    ]);
    const body: AdminSystemResponse = {
      success: true,
      lockdown: {
        enabled: lockdown.isEnabled,
        message: lockdown.message,
        translations: lockdown.translations,
        updatedAt: lockdown.updatedAt?.toISOString() ?? null,
      },
      mining,
      dailyLogin,
    };
    res.json(body);
  });

  router.put('/system/daily-login', async (req, res) => {
    const reward = parseWith(dailyLoginRewardSchema, req.body);
    const dailyLogin = await updateDailyLoginReward(db, { adminId: authOf(req).userId, reward });
    const body: DailyLoginRewardResponse = { success: true, ...keyedMessage('admin.dailyLoginUpdated'), dailyLogin };
    res.json(body);
  });

  const userPage = async (userId: string, message?: KeyedMessage) => {
    const body: AdminUserDetailResponse = {
      success: true,
      ...message,
      ...(await getAdminUser(db, userId)),
    };
    return body;
  };

  router.get('/users', async (req, res) => {
    const { page, pageSize, ...filter } = parseWith(adminUserSearchQuerySchema, req.query);
    const [rows, total] = await Promise.all([
      listUsers(db, { filter, offset: (page - 1) * pageSize, limit: pageSize }),
      countUsers(db, filter),
    ]);
    const body: AdminUsersResponse = { success: true, users: rows.map(presentAdminUser), total, page, pageSize };
    res.json(body);
  });

  // Capped rather than streamed (decisions §24): one query, one consistent snapshot, a bounded size.
  router.get('/users/export', async (req, res) => {
    const filter = parseWith(adminUserFilterSchema, req.query);
    const rows = await listUsers(db, { filter, offset: 0, limit: ADMIN_USERS_EXPORT_MAX + 1 });
    if (rows.length > ADMIN_USERS_EXPORT_MAX) throw new AppError('BAD_REQUEST', 'admin.exportTooLarge');
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${usersExportFileName(new Date())}"`);
    res.send(usersToCsv(rows.map(presentAdminUser)));
  });

  router.get('/users/:id', async (req: IdRequest, res) => {
    res.json(await userPage(req.params.id));
  });

  router.put('/users/:id/role', async (req: IdRequest, res) => {
    const { role } = parseWith(changeRoleRequestSchema, req.body);
    await changeUserRole(db, { adminId: authOf(req).userId, userId: req.params.id, role, invalidations });
    res.json(await userPage(req.params.id, keyedMessage('admin.roleChanged')));
  });

  router.post('/users/:id/suspend', async (req: IdRequest, res) => {
    // No body at all is the same mistake as an empty one: "give a reason".
    const { reason } = parseWith(suspendUserRequestSchema, req.body ?? {});
    await setUserSuspension(db, {
      adminId: authOf(req).userId,
      userId: req.params.id,
      isSuspended: true,
      reason,
      invalidations,
    });
    res.json(await userPage(req.params.id, keyedMessage('admin.suspended')));
  });

  router.post('/users/:id/reactivate', async (req: IdRequest, res) => {
    await setUserSuspension(db, {
      adminId: authOf(req).userId,
      userId: req.params.id,
      isSuspended: false,
      invalidations,
    });
    res.json(await userPage(req.params.id, keyedMessage('admin.reactivated')));
  });

  router.post('/users/:id/adjustments', async (req: IdRequest, res) => {
    const adjustment = parseWith(adjustBalanceRequestSchema, req.body);
    await adjustUserBalance(db, { adminId: authOf(req).userId, userId: req.params.id, adjustment, invalidations });
    res.json(await userPage(req.params.id, keyedMessage('admin.adjusted')));
  });

  router.get('/audit-log', async (req, res) => {
    const query = parseWith(auditLogQuerySchema, req.query);
    const { entries, total } = await listAuditLog(db, query);
    const body: AuditLogResponse = {
      success: true,
      entries: entries.map((e) => ({
        id: e.id,
        admin: { id: e.adminId, username: e.adminUsername },
        action: e.action as AdminAction,
        target_type: e.targetType,
        target_id: e.targetId,
        target_user: e.targetUser,
        before: e.before,
        after: e.after,
        created_at: e.createdAt.toISOString(),
      })),
      total,
      page: query.page,
      limit: query.limit,
    };
    res.json(body);
  });

  return router;
}
