import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { AppError } from '@ziver/shared';
import { isUuid } from '../../platform/auth.js';
import type { Db } from '../../platform/db/client.js';
import { feedback, feedbackAttachments, storedFiles, type FeedbackRow } from '../../platform/db/schema.js';

export type AttachmentView = {
  id: string;
  fileKey: string;
  contentType: string;
  byteSize: number;
  width: number;
  height: number;
};
export type FeedbackWithAttachments = FeedbackRow & { attachments: AttachmentView[] };

export async function withAttachments(db: Db, rows: FeedbackRow[]): Promise<FeedbackWithAttachments[]> {
  if (rows.length === 0) return [];
  const attachments = await db
    .select({
      feedbackId: feedbackAttachments.feedbackId,
      id: feedbackAttachments.id,
      fileKey: feedbackAttachments.fileKey,
      contentType: storedFiles.contentType,
      byteSize: storedFiles.byteSize,
      width: storedFiles.width,
      height: storedFiles.height,
    })
    .from(feedbackAttachments)
    .innerJoin(storedFiles, eq(storedFiles.key, feedbackAttachments.fileKey))
    .where(
      inArray(
        feedbackAttachments.feedbackId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(feedbackAttachments.position));
  return rows.map((row) => ({
    ...row,
    attachments: attachments.filter((a) => a.feedbackId === row.id).map(({ feedbackId: _, ...a }) => a),
  }));
}

/** The user's feedback, newest first, with attachments. */
export async function listUserFeedback(
  db: Db,
  options: { userId: string; limit?: number },
): Promise<FeedbackWithAttachments[]> {
  const rows = await db
    .select()
    .from(feedback)
    .where(eq(feedback.userId, options.userId))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(options.limit ?? 100);
  return withAttachments(db, rows);
}

/** One of the user's feedback; another user's (or an unknown id) is not found. */
export async function getUserFeedback(
  db: Db,
  options: { userId: string; feedbackId: string },
): Promise<FeedbackWithAttachments> {
  const notFound = new AppError('NOT_FOUND', 'feedback.notFound');
  if (!isUuid(options.feedbackId)) throw notFound;
  const rows = await db
    .select()
    .from(feedback)
    .where(and(eq(feedback.id, options.feedbackId), eq(feedback.userId, options.userId)))
    .limit(1);
  if (rows.length === 0) throw notFound;
  const [one] = await withAttachments(db, rows);
  return one!;
}
