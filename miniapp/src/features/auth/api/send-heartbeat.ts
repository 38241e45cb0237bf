import { call } from '@/lib/call';
import { heartbeatEndpoint } from '@/lib/endpoints/heartbeat';

/** POST /api/user/heartbeat (no body): marks the user as seen. */
export async function sendHeartbeat(): Promise<void> {
  await call(heartbeatEndpoint);
}
