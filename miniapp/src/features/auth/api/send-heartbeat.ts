import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/user/heartbeat (no body): marks the user as seen. */
export async function sendHeartbeat(): Promise<void> {
  await api.post('/user/heartbeat');
}

export function useSendHeartbeat(options: Omit<UseMutationOptions<void, Error, void>, 'mutationFn'> = {}) {
  return useMutation({ mutationFn: sendHeartbeat, ...options });
}
