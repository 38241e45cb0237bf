import { z } from 'zod';

/**
 * The stable key of an answer's text in the message list (shared/src/i18n): clients show
 * the text in the user's language from it, and the English `message` only for a key they do
 * not know. The server checks it names an entry of the list (platform/contract-check.ts).
 */
export const messageKeySchema = z
  .string()
  .min(1)
  .meta({ description: 'Key of the message list (GET /api/openapi.json → components.schemas.MessageKey)' });

/** The values the text interpolates, by placeholder name: `{ seconds: 42 }`, `{ username: 'bob' }`. */
export const messageParamsSchema = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .meta({ description: 'The values of the text’s {placeholders}; {} when it has none' });

/** `message` (English), `messageKey` and `params`: spread into every answer schema with a text. */
export const messageFields = { message: z.string(), messageKey: messageKeySchema, params: messageParamsSchema };

/** The same, for answers that carry a text only sometimes. */
export const optionalMessageFields = {
  message: z.string().optional(),
  messageKey: messageKeySchema.optional(),
  params: messageParamsSchema.optional(),
};
