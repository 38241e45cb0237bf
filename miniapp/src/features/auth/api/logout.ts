import { call } from '@/lib/call';
import { logoutEndpoint } from '@/lib/endpoints/logout';

/** POST /api/auth/logout: revokes the session on the server, after ending this device's browser push. */
export async function logout(): Promise<void> {
  // Loaded on sign-out only: the first screen does not carry it.
  const { endPushForSignOut } = await import('@/lib/browser-push');
  await endPushForSignOut();
  await call(logoutEndpoint);
}
