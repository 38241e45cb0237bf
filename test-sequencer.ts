import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that mostly wait (Bot API stand-ins with retry_after and leases, real mining cycles,
 * restarts): long on the clock, little CPU. Wall and CPU seconds from ZIVER_TEST_CPU_REPORT
 * (server/src/testing/setup.ts) on an idle 2-core machine, Nov 2026.
 */
const WAITING = [
  'server/src/features/telegram/notification-delivery.test.ts', // 44 s, 10 s CPU
  'bot/src/api-safety.test.ts', // 14 s, ~1 s CPU
  'server/src/features/telegram/announcement-sender.test.ts', // 13 s, 6 s CPU
  'server/src/features/mining/mining.test.ts', // 6.5 s (tests side by side), 0.7 s CPU
  'server/src/features/telegram/mining-notifier.test.ts', // 10 s, 2 s CPU
  'server/src/telegram-webhook.test.ts', // 10 s, 1 s CPU
  'server/src/features/system/lockdown.test.ts', // 5 s, 0.6 s CPU
  'server/src/features/users/heartbeat.test.ts', // 4 s, 0.4 s CPU
  'server/src/start-telegram.test.ts', // 4 s, 0.9 s CPU
  // Only against a PostgreSQL server (DATABASE_URL): child processes killed and restarted, three
  // instances behind a proxy. Left to Vitest's order they ran last, a 20 s tail.
  'server/src/features/telegram/announcement-kill.test.ts', // 13.5 s
  'server/src/scale-out.test.ts', // 7.4 s
];

/** Files that keep a core busy from start to end (CPU seconds ≈ wall seconds). */
const BUSY = [
  'server/src/bad-input.test.ts', // 13 s CPU
  'server/src/features/referrals/referrals.test.ts', // 11.5 s
  'server/src/platform/db/client.test.ts', // 9.6 s (one initdb)
  'server/src/cli/make-admin.test.ts', // 8.5 s (a database opened per CLI run)
  'server/src/features/transactions/ledger-invariant.test.ts', // 6.6 s
  'server/src/features/auth/auth.test.ts', // 3.2 s
];

/**
 * Long files first, a waiting one beside each busy one: started in this order, the waits overlap
 * CPU work instead of each other. Ordered slow-first alone, the waiting files ran together and
 * left both cores ~80% idle for 20 s of a 113 s run (vmstat). Vitest's own order runs the
 * projects one after another (bot, miniapp, server, shared) and, without a results cache (a fresh
 * clone, CI), the largest files first.
 */
const FIRST = Array.from({ length: Math.max(WAITING.length, BUSY.length) }, (_, i) => [WAITING[i], BUSY[i]])
  .flat()
  .filter((file): file is string => file !== undefined);

/**
 * A sequencer that starts the files named in `first` (path suffixes) in that order, then the rest
 * in Vitest's own order. The unit suite's list is FIRST above; the browser tests' is in
 * e2e/sequencer.ts.
 */
export function listedFirstSequencer(first: readonly string[]): typeof BaseSequencer {
  return class ListedFirstSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const ordered = await super.sort(files);
      const rank = (file: TestSpecification) => {
        const at = first.findIndex((suffix) => file.moduleId.replaceAll('\\', '/').endsWith(suffix));
        return at === -1 ? first.length : at;
      };
      return ordered
        .map((file, index) => ({ file, index, rank: rank(file) }))
        .sort((a, b) => a.rank - b.rank || a.index - b.index)
        .map(({ file }) => file);
    }
  };
}

export const SlowFirstSequencer = listedFirstSequencer(FIRST);
