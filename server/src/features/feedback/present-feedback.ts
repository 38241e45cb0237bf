import type { Feedback } from '@ziver/shared';
import { fileUrl } from '../../platform/storage/file-storage.js';
import type { FeedbackWithAttachments } from './get-user-feedback.js';

/** The fields a feedback's author sees. Attachment URLs are capability URLs: only sent to the owner. */
export function presentFeedback(row: FeedbackWithAttachments): Feedback {
  return {
    id: row.id,
    type: row.type,
    priority: row.priority,
    title: row.title,
    message: row.message,
    status: row.status,
    admin_reply: row.adminReply,
    reward_zp: row.rewardZp === null ? null : Number(row.rewardZp),
    reward_seb: row.rewardSeb === null ? null : Number(row.rewardSeb),
    rewarded_at: row.rewardedAt?.toISOString() ?? null,
    attachments: row.attachments.map((a) => ({
      id: a.id,
      url: fileUrl(a.fileKey),
      content_type: a.contentType,
      byte_size: a.byteSize,
      width: a.width,
      height: a.height,
    })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
