// The response schemas first-screen code checks, loaded by lib/schemas.ts. Named one by one: a
// dynamic import of the whole '@ziver/shared' keeps every export of it (the API contract, every
// language's server texts, …) in the chunk that start-up downloads.
export {
  appearanceSettingsResponseSchema,
  telegramAutoSaveResponseSchema,
  userActivityResponseSchema,
} from '@ziver/shared';
