import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The fault suite (`npm run test:faults`): the BUILT server as a child process under a steady
 * mixed load while its database is stopped, cut, paused, or the process is killed; the bank
 * invariant in SQL after each. Needs `npm run build` (tsc -b is enough) and, for the
 * PostgreSQL part, Debian's PostgreSQL binaries (a throwaway cluster is created).
 */
export default defineConfig({
  resolve: {
    alias: { '@ziver/shared': fileURLToPath(new URL('../shared/src/index.ts', import.meta.url)) },
  },
  test: {
    name: 'faults',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['faults/**/*.test.ts'],
    // One scenario at a time: they time real outages on a two-core machine.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    allowOnly: false,
  },
});
