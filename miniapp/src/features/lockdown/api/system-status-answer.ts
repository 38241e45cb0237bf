import type { SystemStatus } from '@ziver/shared';
import {
  boolean,
  either,
  literal,
  nonEmptyString,
  number,
  object,
  optional,
  recordOf,
  string,
  type Reader,
} from '@/lib/answer-shape';

/**
 * GET /api/system/status (systemStatusSchema), checked without zod: it is asked at start, so zod
 * would download and run before the first screen is up. system-status-answer.test.ts ties it to
 * the schema.
 */
export const readSystemStatus: Reader<SystemStatus> = object({
  success: literal(true),
  lockdownMode: boolean,
  message: optional(string),
  messageKey: optional(nonEmptyString),
  params: optional(recordOf(either(string, number))),
  supportEmail: string,
  estimate: string,
});
