import type { TaskProgressResponse } from '@ziver/shared';
import { call } from '@/lib/call';

/**
 * POST /api/tasks/:id/validate: checks a task's requirements again without completing it (a
 * channel's membership is asked afresh, not taken from the server's short cache).
 */
export function validateTask(taskId: string): Promise<TaskProgressResponse> {
  return call('validateTask', { params: { id: taskId } });
}
