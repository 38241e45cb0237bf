import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { SlowFirstSequencer } from './test-sequencer.ts';

const alias = {
  '@ziver/shared': fileURLToPath(new URL('./shared/src/index.ts', import.meta.url)),
  '@ziver/bot/testing': fileURLToPath(new URL('./bot/src/testing/index.ts', import.meta.url)),
  '@ziver/bot': fileURLToPath(new URL('./bot/src/index.ts', import.meta.url)),
};

/**
 * Time for a machine under load (load average 13-19 on 2 cores): a test waits on events, and the
 * bound on that wait only stops a hung test. `expect.poll` and `vi.waitFor` default to 1 s, a
 * test to 5 s: CPU work and events that take milliseconds idle took 20+ s there. Every project
 * takes these (the mini app's config too); a file asks for less nowhere, for more where it needs it.
 */
export const LOADED_MACHINE = {
  testTimeout: 60_000,
  hookTimeout: 60_000,
  expect: { poll: { timeout: 30_000 } },
} as const;

/** `npm test`: every unit and integration test; no services, no network. Browser tests live in e2e/. */
export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker less than the cores: a single worker on a 2-core machine.
    // Many files mostly wait (Bot API stand-ins, leases, mining cycles, child processes), so one
    // worker more than the cores keeps them busy: on 2 cores, 3 workers ran the suite in 125 s
    // against 145 s with 2 (docs/performance.md). VITEST_MAX_WORKERS overrides.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism()) + 1,
    sequence: { sequencer: SlowFirstSequencer },
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache): a later run
    // skips Vite's transforms of the ~600 modules the suite loads (~9 s of CPU in the main process).
    experimental: { fsModuleCache: true },
    projects: [
      // Pure functions and bots on their own stand-ins: files share a worker's modules (a fresh
      // process per file cost ~0.8 s each, ten of them in a row at the end of the run).
      {
        resolve: { alias },
        test: { ...LOADED_MACHINE, name: 'shared', root: './shared', include: ['src/**/*.test.ts'], isolate: false },
      },
      {
        resolve: { alias },
        test: { ...LOADED_MACHINE, name: 'bot', root: './bot', include: ['src/**/*.test.ts'], isolate: false },
      },
      // The repository's own scripts (the markdown link check of `npm run lint`).
      { test: { ...LOADED_MACHINE, name: 'scripts', root: './scripts', include: ['**/*.test.mjs'], isolate: false } },
      {
        resolve: { alias },
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts'],
          setupFiles: ['./src/testing/setup.ts'],
          // argon2id at 1 MiB / one pass instead of 19 MiB / two (features/auth/passwords.ts):
          // thousands of registrations and logins, ~30 ms of CPU each at the production cost.
          env: { ZIVER_TEST_PASSWORD_HASH: 'light' },
          globalSetup: ['./src/testing/global-setup.ts'],
          // Files share a worker's module graph (each still gets its own database and server):
          // importing Express, Drizzle and the features once per worker instead of once per
          // file. No file can see another's state: server and bot code keep none in modules
          // (docs/decisions.md §26, module-state.test.ts), and every app builds its own.
          isolate: false,
          // Two files at a time share the cores (maxWorkers above): CPU-bound tests (password
          // hashing for 25 users in ledger-invariant) take 20+ s on a loaded 2-core machine.
          ...LOADED_MACHINE,
        },
      },
      './miniapp/vitest.config.ts',
    ],
  },
});
