import type { SystemStatus } from '@ziver/shared';
import { boolean, literal, object, optionalMessageFields, string, type Reader } from '@/lib/answer-shape';

/**
 * GET /api/system/status (systemStatusSchema), checked without zod: it is asked at start, so zod
 * would download and run before the first screen is up. system-status-answer.test.ts ties it to
 * the schema.
 */
export const readSystemStatus: Reader<SystemStatus> = object({
  success: literal(true),
  lockdownMode: boolean,
  ...optionalMessageFields,
  supportEmail: string,
  estimate: string,
});
