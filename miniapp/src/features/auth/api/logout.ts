import { call } from '@/lib/call';

/** POST /api/auth/logout: revokes the session on the server. */
export async function logout(): Promise<void> {
  await call('logout');
}
