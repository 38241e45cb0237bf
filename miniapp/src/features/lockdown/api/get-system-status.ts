import { queryOptions, useQuery } from '@tanstack/react-query';
import { LOCKDOWN_POLL_MS } from '@ziver/shared/core';
import type { SystemStatus } from '@ziver/shared';
import { api } from '@/lib/api-client';
import { readSystemStatus } from './system-status-answer';

export const systemStatusQueryKey = ['system', 'status'] as const;

/** GET /api/system/status (public): lockdownMode, and while it is on the maintenance message. */
export function getSystemStatus({ signal }: { signal?: AbortSignal } = {}): Promise<SystemStatus> {
  return api.get('/system/status', { signal, parse: (data) => readSystemStatus(data) });
}

/** Checked on start and every 30 s while the app is open (spec §4), in the background too. */
export function systemStatusQueryOptions() {
  return queryOptions({
    queryKey: systemStatusQueryKey,
    queryFn: ({ signal }) => getSystemStatus({ signal }),
    refetchInterval: LOCKDOWN_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: false,
  });
}

export function useSystemStatus() {
  return useQuery(systemStatusQueryOptions());
}
