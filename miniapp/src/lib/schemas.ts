import type * as FirstScreenSchemas from './first-screen-schemas';

/** The shared zod schemas of the first screen's responses (lib/first-screen-schemas.ts). */
export type SharedSchemas = typeof FirstScreenSchemas;

let loading: Promise<SharedSchemas> | undefined;

/**
 * Loads the shared zod schemas on first use. First-screen calls made after start-up (daily login,
 * appearance, Telegram username) call this when they start, so zod downloads beside the request
 * instead of sitting in the first chunk; `npm run build` fails if zod lands there again. The
 * session check, the system status and the mining screen read their answers without zod
 * (lib/answer-shape.ts). A failed load is retried on the next call.
 */
export function loadSchemas(): Promise<SharedSchemas> {
  if (!loading) {
    loading = import('./first-screen-schemas');
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading;
}
