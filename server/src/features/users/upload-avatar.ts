import { eq } from 'drizzle-orm';
import { AppError } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { users, type UserRow } from '../../platform/db/schema.js';
import { fileUrl, type FileStorage } from '../../platform/storage/file-storage.js';
import type { DecodeQueue } from '../../platform/uploads/decode-queue.js';
import { cleanAvatarImage } from '../../platform/uploads/images.js';

/**
 * Sets the user's avatar from an uploaded file: checked by its bytes, normalised to a small
 * metadata-free square WebP, stored, and linked as `avatar_url`. The image takes a turn of the
 * decode queue (a full queue refuses it before any work).
 */
export async function uploadAvatar(
  deps: { db: Db; storage: FileStorage; imageDecodes: DecodeQueue },
  options: { userId: string; bytes: Buffer | undefined },
): Promise<UserRow> {
  const { bytes } = options;
  if (!bytes) throw new AppError('VALIDATION_FAILED', 'avatar.missing');
  const result = await deps.imageDecodes.run(() => cleanAvatarImage(bytes), options.userId);
  if (!result.ok) {
    throw result.reason === 'too-many-pixels'
      ? new AppError('PAYLOAD_TOO_LARGE', 'avatar.imageTooManyPixels')
      : new AppError('UNSUPPORTED_MEDIA_TYPE', 'avatar.notImage');
  }
  const file = await deps.storage.put({ kind: 'avatar', ...result.image });
  const [user] = await deps.db
    .update(users)
    .set({ avatarUrl: fileUrl(file.key) })
    .where(eq(users.id, options.userId))
    .returning();
  if (!user) throw new Error(`uploadAvatar: no user ${options.userId}`);
  return user;
}
