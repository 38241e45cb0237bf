import { taskProgressResponseSchema, type TaskProgressResponse } from '@ziver/shared';
import { api } from '@/lib/api-client';

/**
 * POST /api/tasks/:id/validate: checks a task's requirements again without completing it (a
 * channel's membership is asked afresh, not taken from the server's short cache).
 */
export function validateTask(taskId: string): Promise<TaskProgressResponse> {
  return api.post(`/tasks/${encodeURIComponent(taskId)}/validate`, undefined, {
    parse: (data) => taskProgressResponseSchema.parse(data),
  });
}
