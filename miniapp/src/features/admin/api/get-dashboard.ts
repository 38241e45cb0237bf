import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardRange, DashboardResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { adminDashboardEndpoint } from '@/lib/endpoints/admin-dashboard';

export const dashboardQueryKey = ['admin', 'dashboard'] as const;

/** GET /api/admin/dashboard: figures per UTC day over the last 7, 30 or 90 days. */
export function getDashboard(days: DashboardRange, signal?: AbortSignal): Promise<DashboardResponse> {
  return call(adminDashboardEndpoint, { query: { days: `${days}` }, signal });
}

export const dashboardQueryOptions = (days: DashboardRange) =>
  queryOptions({
    queryKey: [...dashboardQueryKey, days],
    queryFn: ({ signal }) => getDashboard(days, signal),
    // The previous range stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useDashboard(days: DashboardRange) {
  return useQuery(dashboardQueryOptions(days));
}
