import type { TaskProgressResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { validateTaskEndpoint } from '@/lib/endpoints/validate-task';

/**
 * POST /api/tasks/:id/validate: checks a task's requirements again without completing it (a
 * channel's membership is asked afresh, not taken from the server's short cache).
 */
export function validateTask(taskId: string): Promise<TaskProgressResponse> {
  return call(validateTaskEndpoint, { params: { id: taskId } });
}
