import { ATTACHMENT_MAX_BYTES, FEEDBACK_MAX_ATTACHMENTS, FEEDBACK_MESSAGES, interpolate } from '@ziver/shared';
import { readImageType } from '@/lib/sniff-image';

/**
 * The spec's message for a file that cannot be attached (§5), or null. The server checks the
 * bytes again and re-encodes; this only spares the user a useless upload.
 */
export async function attachmentProblem(file: File): Promise<string | null> {
  if (!(await readImageType(file))) return interpolate(FEEDBACK_MESSAGES.invalidFileType, { file: file.name });
  if (file.size > ATTACHMENT_MAX_BYTES) return interpolate(FEEDBACK_MESSAGES.fileTooLarge, { file: file.name });
  return null;
}

/** Adds picked files to the current ones: refused files are named, extras past the limit dropped. */
export async function addAttachments(
  current: readonly File[],
  picked: readonly File[],
): Promise<{ files: File[]; problems: string[] }> {
  const files = [...current];
  const problems: string[] = [];
  for (const file of picked) {
    const problem = await attachmentProblem(file);
    if (problem) {
      problems.push(problem);
      continue;
    }
    if (files.length >= FEEDBACK_MAX_ATTACHMENTS) {
      problems.push(FEEDBACK_MESSAGES.tooManyFiles);
      break;
    }
    files.push(file);
  }
  return { files, problems };
}
