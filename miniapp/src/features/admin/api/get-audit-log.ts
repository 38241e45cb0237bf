import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAction, AuditLogResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { adminAuditLogEndpoint } from '@/lib/endpoints/admin-audit-log';

export const auditLogQueryKey = ['admin', 'audit-log'] as const;
export const AUDIT_PAGE_SIZE = 20;

/** The console's audit filters; an empty text means "any". Dates are UTC days, YYYY-MM-DD. */
export type AuditFilters = { actor: string; action: AdminAction | ''; target: string; from: string; to: string };
export const NO_AUDIT_FILTERS: AuditFilters = { actor: '', action: '', target: '', from: '', to: '' };

/** GET /api/admin/audit-log: one page, newest first, narrowed by the filters that are set. */
export function getAuditLog(page: number, filters: AuditFilters, signal?: AbortSignal): Promise<AuditLogResponse> {
  const { actor, action, target, from, to } = filters;
  const query = { actor: actor.trim(), action, target: target.trim(), from: from.trim(), to: to.trim() };
  return call(adminAuditLogEndpoint, { query: { page, limit: AUDIT_PAGE_SIZE, ...query }, signal });
}

export const auditLogQueryOptions = (page: number, filters: AuditFilters = NO_AUDIT_FILTERS) =>
  queryOptions({
    queryKey: [...auditLogQueryKey, page, filters],
    queryFn: ({ signal }) => getAuditLog(page, filters, signal),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(page: number, filters: AuditFilters) {
  return useQuery(auditLogQueryOptions(page, filters));
}
