import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { lockdownSignal } from '@/lib/lockdown-signal';
import { systemStatusQueryKey, useSystemStatus } from '../api/get-system-status';
import { decideLockdownRedirect, type LockdownInput } from '../utils/lockdown-redirect';

/**
 * Keeps the app in step with maintenance mode (docs/spec.md §4): checks the system status on start and
 * every 30 s, and moves the user to /lockdown (replace) or back to '/' as it changes. An API
 * answer with code 'LOCKDOWN' goes to /lockdown at once, without waiting for the next check.
 * Renders nothing. The app passes in who is signed in (features do not import each other).
 */
export function LockdownWatcher({ auth, role }: Pick<LockdownInput, 'auth' | 'role'>) {
  const queryClient = useQueryClient();
  const [location, setLocation] = useLocation();
  const statusQuery = useSystemStatus();
  // When an API call was refused for lockdown: trusted until a status newer than it arrives.
  const [refusedAt, setRefusedAt] = useState<number | null>(null);

  useEffect(
    () =>
      lockdownSignal.subscribe(() => {
        setRefusedAt(Date.now());
        void queryClient.invalidateQueries({ queryKey: systemStatusQueryKey });
      }),
    [queryClient],
  );

  // Status check failures are only logged (docs/spec.md §7); the last known state stays in force.
  const { error, errorUpdatedAt } = statusQuery;
  useEffect(() => {
    if (error) console.warn('System status check failed', error);
  }, [error, errorUpdatedAt]);

  const isRefusalNewer = refusedAt !== null && statusQuery.dataUpdatedAt <= refusedAt;
  const lockdownMode = isRefusalNewer ? true : (statusQuery.data?.lockdownMode ?? null);

  // Leaving maintenance: what failed during it (503s) is worth asking again.
  const previousMode = useRef(lockdownMode);
  useEffect(() => {
    if (previousMode.current === true && lockdownMode === false) {
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== systemStatusQueryKey[0] });
    }
    previousMode.current = lockdownMode;
  }, [lockdownMode, queryClient]);

  const target = decideLockdownRedirect({ path: location, lockdownMode, auth, role });
  useEffect(() => {
    if (target !== null) setLocation(target, { replace: true });
  }, [target, setLocation]);

  return null;
}
