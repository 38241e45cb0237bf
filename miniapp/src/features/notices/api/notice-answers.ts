import type { DismissNoticeResponse, NoticesResponse } from '@ziver/shared';
import { arrayOf, literal, messageFields, object, oneOf, string, type Reader } from '@/lib/answer-shape';

/**
 * GET /api/notices (noticesResponseSchema) and POST /api/notices/{id}/dismiss
 * (dismissNoticeResponseSchema), checked without zod: the notices render in the shell, so zod
 * would join the first screen. notice-answers.test.ts ties them to the schemas.
 */
export const readNotices: Reader<NoticesResponse> = object({
  success: literal(true),
  notices: arrayOf(object({ id: string, text: string, format: oneOf(['html', 'plain'] as const), created_at: string })),
});

export const readDismissNotice: Reader<DismissNoticeResponse> = object({ success: literal(true), ...messageFields });
