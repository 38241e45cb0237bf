import { AppError, type CreateFeedbackRequest } from '@ziver/shared';
import type { Database } from '../../platform/db/client.js';
import { feedback, feedbackAttachments, type FeedbackRow } from '../../platform/db/schema.js';
import type { FileStorage, StoredFileInfo } from '../../platform/storage/file-storage.js';
import type { DecodeQueue } from '../../platform/uploads/decode-queue.js';
import { cleanAttachmentImage, type CleanImage } from '../../platform/uploads/images.js';
import type { UploadedFile } from '../../platform/uploads/multipart.js';

/** A file name as shown back in a message: no control characters, at most 100 characters. */
export function displayFileName(name: string): string {
  const clean = [...name]
    .filter((ch) => ch >= ' ' && ch !== '\u007f')
    .join('')
    .trim();
  return clean.length > 100 ? `${clean.slice(0, 97)}...` : clean || 'file';
}

/**
 * Saves a user's feedback with its image attachments. Every file is checked by its bytes and
 * re-encoded without metadata before anything is stored; one bad file refuses the whole
 * submission, naming the file. The images take one turn of the decode queue (a full queue
 * refuses the submission before any work, so nothing is stored).
 */
export async function createFeedback(
  deps: { db: Database; storage: FileStorage; imageDecodes: DecodeQueue },
  options: { userId: string; input: CreateFeedbackRequest; files: UploadedFile[] },
): Promise<FeedbackRow> {
  const cleaned =
    options.files.length > 0 ? await deps.imageDecodes.run(() => cleanAll(options.files), options.userId) : [];

  // Files first: a failed insert below leaves only unreferenced, content-addressed files.
  const stored: { fileName: string; info: StoredFileInfo }[] = [];
  for (const { fileName, image } of cleaned) {
    stored.push({ fileName, info: await deps.storage.put({ kind: 'attachment', ...image }) });
  }

  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(feedback)
      .values({ userId: options.userId, ...options.input })
      .returning();
    if (stored.length > 0) {
      await tx.insert(feedbackAttachments).values(
        stored.map(({ fileName, info }, position) => ({
          feedbackId: row!.id,
          fileKey: info.key,
          fileName,
          position,
        })),
      );
    }
    return row!;
  });
}

// One after another: the queue bounds decodes by submissions, so one holds a single slot.
async function cleanAll(files: UploadedFile[]): Promise<{ fileName: string; image: CleanImage }[]> {
  const cleaned: { fileName: string; image: CleanImage }[] = [];
  for (const file of files) {
    const name = displayFileName(file.fileName);
    const result = await cleanAttachmentImage(file.bytes);
    if (!result.ok) {
      throw result.reason === 'too-many-pixels'
        ? new AppError('PAYLOAD_TOO_LARGE', 'feedback.imageTooManyPixels', { file: name })
        : new AppError('UNSUPPORTED_MEDIA_TYPE', 'feedback.invalidFileType', { file: name });
    }
    cleaned.push({ fileName: name, image: result.image });
  }
  return cleaned;
}
