import { api } from '@/lib/api-client';

/** POST /api/auth/logout: revokes the session on the server. */
export async function logout(): Promise<void> {
  await api.post('/auth/logout');
}
