import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminUserDetailResponseSchema,
  adminUsersResponseSchema,
  type AdjustBalanceRequest,
  type AdminUserDetailResponse,
  type AdminUserSummary,
  type Role,
} from '@ziver/shared';
import { api } from '@/lib/api-client';
import { auditLogQueryKey } from './get-audit-log';

export const adminUsersQueryKey = ['admin', 'users'] as const;

/** GET /api/admin/users?q=: search (only when there is something to search for). */
export function useUserSearch(q: string) {
  return useQuery({
    queryKey: [...adminUsersQueryKey, 'search', q],
    queryFn: ({ signal }): Promise<AdminUserSummary[]> =>
      api.get(`/admin/users?q=${encodeURIComponent(q)}`, {
        signal,
        parse: (data) => adminUsersResponseSchema.parse(data).users,
      }),
    enabled: q.trim() !== '',
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
