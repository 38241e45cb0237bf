import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_USERS_PAGE_SIZE,
  usersExportFileName,
  type AdminUsersResponse,
  adminUserDetailResponseSchema,
  adminUsersResponseSchema,
  type AdjustBalanceRequest,
  type AdminUserDetailResponse,
  type Role,
} from '@ziver/shared';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { userListSearch, type UserListQuery } from '../utils/user-list-query';
import { auditLogQueryKey } from './get-audit-log';

export const adminUsersQueryKey = ['admin', 'users'] as const;

/** GET /api/admin/users: one page of the filtered, sorted list (newest sign-ups first by default). */
export function useUserList(query: UserListQuery) {
  return useQuery({
    queryKey: [...adminUsersQueryKey, 'list', query],
    queryFn: ({ signal }): Promise<AdminUsersResponse> =>
      api.get(`/admin/users?${userListSearch(query, ADMIN_USERS_PAGE_SIZE)}`, {
        signal,
        parse: (data) => adminUsersResponseSchema.parse(data),
      }),
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
      const file = await api.get<Blob>(`/admin/users/export?${userListSearch(query)}`, { isFile: true });
      saveFile(file, usersExportFileName(new Date()));
    },
  });
}

/** GET /api/admin/users/{id}: the user's page. */
export function useAdminUser(id: string) {
  return useQuery({
    queryKey: [...adminUsersQueryKey, 'detail', id],
    queryFn: ({ signal }): Promise<AdminUserDetailResponse> =>
      api.get(`/admin/users/${encodeURIComponent(id)}`, {
        signal,
        parse: (data) => adminUserDetailResponseSchema.parse(data),
      }),
  });
}

export type UserAction =
  | { kind: 'role'; role: Role }
  | { kind: 'suspend'; reason: string }
  | { kind: 'reactivate' }
  | { kind: 'adjust'; adjustment: AdjustBalanceRequest };

function callAction(id: string, action: UserAction): Promise<AdminUserDetailResponse> {
  const base = `/admin/users/${encodeURIComponent(id)}`;
  const parse = (data: unknown) => adminUserDetailResponseSchema.parse(data);
  if (action.kind === 'role') return api.put(`${base}/role`, { role: action.role }, { parse });
  if (action.kind === 'adjust') return api.post(`${base}/adjustments`, action.adjustment, { parse });
  if (action.kind === 'suspend') return api.post(`${base}/suspend`, { reason: action.reason }, { parse });
  return api.post(`${base}/reactivate`, undefined, { parse });
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
