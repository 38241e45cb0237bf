import {
  ADMIN_USERS_EXPORT_MAX,
  usersExportFileName,
  AppError,
  type AdminUsersResponse,
  type DashboardResponse,
  type AdminUserDetailResponse,
  type AdminSystemResponse,
  type DailyLoginRewardResponse,
  type AdminAction,
  type AdminFeedbackListResponse,
  type AdminFeedbackResponse,
  type AuditLogResponse,
  keyedMessage,
  type KeyedMessage,
} from '@ziver/shared';
import { SENT, type ApiHandlers } from '../../platform/contract-routes.js';
import type { AppDeps } from '../../platform/deps.js';
import { describeMailTransport, describePushKeys } from '../../platform/config.js';
import { outboxFigures } from '../../platform/outbox/figures.js';
import { recordAdminAction } from '../../platform/audit-log.js';
import { readLockdown } from '../../platform/lockdown.js';
import { getDailyLoginReward } from '../users/daily-login-reward.js';
import { readLaunchText } from '../system/launch-text.js';
import { countPushDevices } from '../settings/push-subscriptions.js';
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

/** /api/admin: the operators' console. Every call needs a session with the ADMIN role (the entries' access). */
export function adminRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const { invalidations } = deps;

  const userPage = async (userId: string, message?: KeyedMessage) => {
    const body: AdminUserDetailResponse = {
      success: true,
      ...message,
      ...(await getAdminUser(db, userId)),
    };
    return body;
  };

  return {
    adminDashboard: {
      handle: async ({ query }) => {
        const body: DashboardResponse = { success: true, ...(await getDashboard(db, { days: query.days })) };
        return body;
      },
    },

    adminFeedback: {
      handle: async ({ query: filters }) => {
        const rows = await listAdminFeedback(db, filters);
        const body: AdminFeedbackListResponse = { success: true, feedback: rows.map(presentAdminFeedback) };
        return body;
      },
    },

    adminUpdateFeedback: {
      handle: async ({ auth, params, body: input }) => {
        const row = await updateFeedbackStatus(db, { adminId: auth.userId, feedbackId: params.id, input });
        const body: AdminFeedbackResponse = {
          success: true,
          ...keyedMessage('admin.feedbackUpdated'),
          feedback: presentAdminFeedback(row),
        };
        return body;
      },
    },

    adminRewardFeedback: {
      handle: async ({ auth, params, body: reward }) => {
        const row = await rewardFeedback(db, {
          adminId: auth.userId,
          feedbackId: params.id,
          reward,
          invalidations,
        });
        const body: AdminFeedbackResponse = {
          success: true,
          ...keyedMessage('admin.feedbackRewarded'),
          feedback: presentAdminFeedback(row),
        };
        return body;
      },
    },

    adminSystem: {
      handle: async () => {
        const [lockdown, mining, dailyLogin, outbox, launchText, pushDevices] = await Promise.all([
          readLockdown(db),
          deps.miningSettings.get(),
          getDailyLoginReward(db),
          outboxFigures(db),
          readLaunchText(db),
          countPushDevices(db),
        ]);
        const { mail, push } = deps.config;
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
          mail: { enabled: mail.isEnabled, transport: describeMailTransport(mail), from: mail.from },
          push: {
            enabled: push.isEnabled,
            keys: describePushKeys(push),
            publicKey: push.vapid.publicKey,
            devices: pushDevices,
          },
          outbox,
          launchText,
        };
        return body;
      },
    },

    adminDailyLogin: {
      handle: async ({ auth, body: reward }) => {
        const dailyLogin = await updateDailyLoginReward(db, { adminId: auth.userId, reward });
        const body: DailyLoginRewardResponse = {
          success: true,
          ...keyedMessage('admin.dailyLoginUpdated'),
          dailyLogin,
        };
        return body;
      },
    },

    adminUsers: {
      handle: async ({ query }) => {
        const { page, pageSize, ...filter } = query;
        const [rows, total] = await Promise.all([
          listUsers(db, { filter, offset: (page - 1) * pageSize, limit: pageSize }),
          countUsers(db, filter),
        ]);
        const body: AdminUsersResponse = { success: true, users: rows.map(presentAdminUser), total, page, pageSize };
        return body;
      },
    },

    // Capped rather than streamed (decisions §24): one query, one consistent snapshot, a bounded size.
    // Every export is audited (everyone's emails leave the system), in the read's transaction.
    adminUsersExport: {
      handle: async ({ auth, query: filter, res }): Promise<typeof SENT> => {
        const rows = await db.transaction(async (tx) => {
          const found = await listUsers(tx, { filter, offset: 0, limit: ADMIN_USERS_EXPORT_MAX + 1 });
          if (found.length > ADMIN_USERS_EXPORT_MAX) throw new AppError('BAD_REQUEST', 'admin.exportTooLarge');
          await recordAdminAction(tx, {
            adminId: auth.userId,
            action: 'users.export',
            targetType: 'export',
            targetId: null,
            before: null,
            after: { rows: found.length, filter },
          });
          return found;
        });
        res.setHeader('Content-Type', 'text/csv; charset=utf-8');
        res.setHeader('Content-Disposition', `attachment; filename="${usersExportFileName(new Date())}"`);
        res.send(usersToCsv(rows.map(presentAdminUser)));
        return SENT;
      },
    },

    adminUser: { handle: ({ params }) => userPage(params.id) },

    adminChangeRole: {
      handle: async ({ auth, params, body }) => {
        await changeUserRole(db, { adminId: auth.userId, userId: params.id, role: body.role, invalidations });
        return userPage(params.id, keyedMessage('admin.roleChanged'));
      },
    },

    // No body at all is the same mistake as an empty one: "give a reason" (parseWith reads it as {}).
    adminSuspendUser: {
      handle: async ({ auth, params, body }) => {
        await setUserSuspension(db, {
          adminId: auth.userId,
          userId: params.id,
          isSuspended: true,
          reason: body.reason,
          invalidations,
        });
        return userPage(params.id, keyedMessage('admin.suspended'));
      },
    },

    adminReactivateUser: {
      handle: async ({ auth, params }) => {
        await setUserSuspension(db, { adminId: auth.userId, userId: params.id, isSuspended: false, invalidations });
        return userPage(params.id, keyedMessage('admin.reactivated'));
      },
    },

    adminAdjustBalance: {
      handle: async ({ auth, params, body: adjustment }) => {
        await adjustUserBalance(db, { adminId: auth.userId, userId: params.id, adjustment, invalidations });
        return userPage(params.id, keyedMessage('admin.adjusted'));
      },
    },

    adminAuditLog: {
      handle: async ({ query }) => {
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
        return body;
      },
    },
  } satisfies Partial<ApiHandlers>;
}
