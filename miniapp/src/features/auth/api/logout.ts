import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/logout: revokes the session on the server. */
export async function logout(): Promise<void> {
  await api.post('/auth/logout');
}

export function useLogoutRequest(options: Omit<UseMutationOptions<void, Error, void>, 'mutationFn'> = {}) {
  return useMutation({ mutationFn: logout, ...options });
}
