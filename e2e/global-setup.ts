import type { TestProject } from 'vitest/node';
import { MINIAPP_INDEX, assertBuilt, startBuiltServer } from '../scripts/lib/built-server.mjs';

/** Mining cycle used by the browser tests: 0.0015 h = 5.4 s. */
export const E2E_MINING_CYCLE_HOURS = '0.0015';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    miningCycleSeconds: number;
  }
}

/** Starts the built server once for all browser tests, on a throwaway PGlite, and stops it after. */
export default async function setup(project: TestProject) {
  assertBuilt();
  const server = await startBuiltServer({
    label: 'e2e-server',
    env: { RATE_LIMITS: 'off', LOG_LEVEL: 'warn', MINING_CYCLE_HOURS: E2E_MINING_CYCLE_HOURS },
  });
  console.log(`[e2e] built server on ${server.url} (mini app: ${MINIAPP_INDEX})`);
  project.provide('baseUrl', server.url);
  project.provide('miningCycleSeconds', Number(E2E_MINING_CYCLE_HOURS) * 3600);
  return async () => {
    await server.stop();
  };
}
