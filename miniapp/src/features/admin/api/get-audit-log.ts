import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditLogResponseSchema, type AuditLogResponse } from '@ziver/shared';
import { api } from '@/lib/api-client';

export const auditLogQueryKey = ['admin', 'audit-log'] as const;
export const AUDIT_PAGE_SIZE = 20;

/** GET /api/admin/audit-log: one page, newest first. */
export function getAuditLog(page: number, signal?: AbortSignal): Promise<AuditLogResponse> {
  return api.get(`/admin/audit-log?page=${page}&limit=${AUDIT_PAGE_SIZE}`, {
    signal,
    parse: (data) => auditLogResponseSchema.parse(data),
  });
}

export const auditLogQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...auditLogQueryKey, page],
    queryFn: ({ signal }) => getAuditLog(page, signal),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(page: number) {
  return useQuery(auditLogQueryOptions(page));
}
