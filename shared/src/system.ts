import { z } from 'zod';
import { messageFields, optionalMessageFields } from './message-schema.js';
import { safeText } from './text.js';

/** Shown on the maintenance page (spec §2, §9). */
export const MAINTENANCE_ESTIMATE = '30-60 minutes';
export const LOCKDOWN_MESSAGE_MAX = 500;

/** GET /api/system/status (public). `message` is present only while lockdown is on. */
export const systemStatusSchema = z.object({
  success: z.literal(true),
  lockdownMode: z.boolean(),
  ...optionalMessageFields,
  supportEmail: z.string(),
  estimate: z.string(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/** PUT /api/system/lockdown (ADMIN). An empty message falls back to the default maintenance text. */
export const lockdownRequestSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  message: safeText({ error: 'message must be text' })
    .trim()
    .max(LOCKDOWN_MESSAGE_MAX, `message must be at most ${LOCKDOWN_MESSAGE_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type LockdownRequest = z.infer<typeof lockdownRequestSchema>;

export const lockdownResponseSchema = z.object({
  success: z.literal(true),
  ...messageFields,
  lockdown: z.object({
    enabled: z.boolean(),
    /** The custom maintenance message, or null for the default one. */
    message: z.string().nullable(),
    updatedAt: z.string(),
  }),
});
export type LockdownResponse = z.infer<typeof lockdownResponseSchema>;

export const SYSTEM_MESSAGES = {
  lockdownEnabled: 'Lockdown enabled',
  lockdownDisabled: 'Lockdown disabled',
} as const;
