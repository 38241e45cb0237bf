import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LOADED_MACHINE } from '../vitest.config.ts';
import { SlowestFirstSequencer } from './sequencer.ts';
import { E2E_WORKERS } from './workers.ts';

/** Browser tests (`npm run test:e2e`): the built app in Debian's Chromium. Run `npm run build` first. */
export default defineConfig({
  // The walk (i18n-walk.test.ts) reads the mini app's locales, which import by '@/'.
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('../miniapp/src/', import.meta.url)) }] },
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // Files run E2E_WORKERS at a time (e2e/workers.ts), each worker on its own server.
    maxWorkers: E2E_WORKERS,
    sequence: { sequencer: SlowestFirstSequencer },
    // Tests marked concurrent (the Telegram palettes) run two at a time within their file.
    maxConcurrency: 2,
    // A loaded machine's time for tests and for expect.poll (30 s, not its 1 s default).
    ...LOADED_MACHINE,
    // A file's own built server (useTelegramServer, useAdminConsole) may take minutes to start on a
    // loaded machine (scripts/lib/built-server.mjs gives it 3).
    hookTimeout: 240_000,
    // A skipped browser test is a failed browser test: nothing here may be conditional.
    allowOnly: false,
    passWithNoTests: false,
  },
});
