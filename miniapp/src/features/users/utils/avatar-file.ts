import { AVATAR_MAX_BYTES, AVATAR_MESSAGES } from '@ziver/shared';
import { serverTextOf, type ServerText } from '@/i18n/server-message';
import { readImageType } from '@/lib/sniff-image';

/** The spec's message for a file that cannot be an avatar (§5), or null: an image, under 1 MB. */
export async function avatarProblem(file: File): Promise<string | null> {
  if (!(await readImageType(file))) return AVATAR_MESSAGES.notImage;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_MESSAGES.tooLarge;
  return null;
}

/** What a failed upload shows (docs/spec.md §8): the server's message, else the fallback. */
export function avatarErrorMessage(error: unknown): ServerText | string {
  return serverTextOf(error) ?? AVATAR_MESSAGES.uploadFailedFallback;
}
