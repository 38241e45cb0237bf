import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_USERS_PAGE_SIZE,
  usersExportFileName,
  type AdminUsersResponse,
  type AdjustBalanceRequest,
  type AdminUserDetailResponse,
  type Role,
} from '@ziver/shared';
import { call } from '@/lib/call';
import { adminAdjustBalanceEndpoint } from '@/lib/endpoints/admin-adjust-balance';
import { adminChangeRoleEndpoint } from '@/lib/endpoints/admin-change-role';
import { adminReactivateUserEndpoint } from '@/lib/endpoints/admin-reactivate-user';
import { adminSuspendUserEndpoint } from '@/lib/endpoints/admin-suspend-user';
import { adminUserEndpoint } from '@/lib/endpoints/admin-user';
import { adminUsersEndpoint } from '@/lib/endpoints/admin-users';
import { adminUsersExportEndpoint } from '@/lib/endpoints/admin-users-export';
import { saveFile } from '@/lib/save-file';
import { userListSearch, type UserListQuery } from '../utils/user-list-query';
import { auditLogQueryKey } from './get-audit-log';

export const adminUsersQueryKey = ['admin', 'users'] as const;

/** GET /api/admin/users: one page of the filtered, sorted list (newest sign-ups first by default). */
export function useUserList(query: UserListQuery) {
  return useQuery({
    queryKey: [...adminUsersQueryKey, 'list', query],
    queryFn: ({ signal }): Promise<AdminUsersResponse> =>
      call(adminUsersEndpoint, { query: userListSearch(query, ADMIN_USERS_PAGE_SIZE), signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/admin/users/export: the list under the same filters and order, every page, as a CSV
 * file saved by the browser. Fetched with the session (a plain link would not send the bearer token).
 */
export function useUsersExport() {
  return useMutation({
    mutationFn: async (query: Omit<UserListQuery, 'page'>) => {
      const file = await call(adminUsersExportEndpoint, { query: userListSearch(query) });
      saveFile(file, usersExportFileName(new Date()));
    },
  });
}

/** GET /api/admin/users/{id}: the user's page. */
export function useAdminUser(id: string) {
  return useQuery({
    queryKey: [...adminUsersQueryKey, 'detail', id],
    queryFn: ({ signal }): Promise<AdminUserDetailResponse> => call(adminUserEndpoint, { params: { id }, signal }),
  });
}

export type UserAction =
  | { kind: 'role'; role: Role }
  | { kind: 'suspend'; reason: string }
  | { kind: 'reactivate' }
  | { kind: 'adjust'; adjustment: AdjustBalanceRequest };

function callAction(id: string, action: UserAction): Promise<AdminUserDetailResponse> {
  const params = { id };
  if (action.kind === 'role') return call(adminChangeRoleEndpoint, { params, body: { role: action.role } });
  if (action.kind === 'adjust') return call(adminAdjustBalanceEndpoint, { params, body: action.adjustment });
  if (action.kind === 'suspend') return call(adminSuspendUserEndpoint, { params, body: { reason: action.reason } });
  return call(adminReactivateUserEndpoint, { params });
}

/** Role, suspend/reactivate and adjustments; each refreshes the user, the search and the audit log. */
export function useUserAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: UserAction) => callAction(id, action),
    onSuccess: (page) => queryClient.setQueryData([...adminUsersQueryKey, 'detail', id], page),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
    },
  });
}
