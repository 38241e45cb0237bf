import { listedFirstSequencer } from '../test-sequencer.ts';

/**
 * The longest browser test files, longest first (seconds of one file in a `.ci/run`, 3 Dec 2026):
 * started first, they overlap the many short files instead of running alone at the end. Without
 * this, a fresh clone (no results cache) starts the largest files first, and the walk, not the
 * largest, ran last for minutes on one worker.
 */
const SLOWEST = [
  'e2e/i18n-walk.test.ts', // ~290 s idle
  'e2e/admin-announce-restart.test.ts', // 1,000 recipients and a restart
  'e2e/admin-navigation.test.ts',
  'e2e/identity.test.ts',
  'e2e/admin-users.test.ts',
  'e2e/admin.test.ts',
  'e2e/telegram-palettes.test.ts',
  'e2e/admin-integrity.test.ts',
];

export const SlowestFirstSequencer = listedFirstSequencer(SLOWEST);
