import { call } from '@/lib/call';

/** POST /api/user/heartbeat (no body): marks the user as seen. */
export async function sendHeartbeat(): Promise<void> {
  await call('heartbeat');
}
