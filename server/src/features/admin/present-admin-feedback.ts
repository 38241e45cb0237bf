import type { AdminFeedback } from '@ziver/shared';
import { presentFeedback } from '../feedback/present-feedback.js';
import type { AdminFeedbackRow } from './list-admin-feedback.js';

/** The author's view of a feedback plus who sent it (id and username only). */
export function presentAdminFeedback(row: AdminFeedbackRow): AdminFeedback {
  return { ...presentFeedback(row), user: { id: row.author.id, username: row.author.username } };
}
