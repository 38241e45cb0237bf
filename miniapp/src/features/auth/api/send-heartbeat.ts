import { api } from '@/lib/api-client';

/** POST /api/user/heartbeat (no body): marks the user as seen. */
export async function sendHeartbeat(): Promise<void> {
  await api.post('/user/heartbeat');
}
