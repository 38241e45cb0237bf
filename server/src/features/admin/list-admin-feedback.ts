import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { AppError, type AdminFeedbackQuery } from '@ziver/shared';
import { isUuid } from '../../platform/auth.js';
import type { Db } from '../../platform/db/client.js';
import { feedback, users } from '../../platform/db/schema.js';
import { withAttachments, type FeedbackWithAttachments } from '../feedback/get-user-feedback.js';

export type AdminFeedbackRow = FeedbackWithAttachments & { author: { id: string; username: string } };

const INBOX_LIMIT = 200;

async function withAuthors(db: Db, rows: FeedbackWithAttachments[]): Promise<AdminFeedbackRow[]> {
  if (rows.length === 0) return [];
  const authors = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((r) => r.userId))]));
  const byId = new Map(authors.map((a) => [a.id, a]));
  return rows.map((row) => ({ ...row, author: byId.get(row.userId) ?? { id: row.userId, username: '' } }));
}

/** The inbox: every user's feedback, newest first, filtered by type, priority and status. */
export async function listAdminFeedback(db: Db, filters: AdminFeedbackQuery): Promise<AdminFeedbackRow[]> {
  const conditions: SQL[] = [];
  if (filters.type) conditions.push(eq(feedback.type, filters.type));
  if (filters.priority) conditions.push(eq(feedback.priority, filters.priority));
  if (filters.status) conditions.push(eq(feedback.status, filters.status));
  const rows = await db
    .select()
    .from(feedback)
    .where(and(...conditions))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(INBOX_LIMIT);
  return withAuthors(db, await withAttachments(db, rows));
}

/** One feedback with its attachments and author; unknown or malformed ids are not found. */
export async function findAdminFeedback(db: Db, feedbackId: string): Promise<AdminFeedbackRow> {
  const notFound = new AppError('NOT_FOUND', 'feedback.notFound');
  if (!isUuid(feedbackId)) throw notFound;
  const rows = await db.select().from(feedback).where(eq(feedback.id, feedbackId)).limit(1);
  if (rows.length === 0) throw notFound;
  const [one] = await withAuthors(db, await withAttachments(db, rows));
  return one!;
}
