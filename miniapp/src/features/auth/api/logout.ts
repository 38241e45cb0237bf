import { call } from '@/lib/call';
import { logoutEndpoint } from '@/lib/endpoints/logout';

/** POST /api/auth/logout: revokes the session on the server. */
export async function logout(): Promise<void> {
  await call(logoutEndpoint);
}
