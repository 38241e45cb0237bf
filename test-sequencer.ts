import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, most of it waiting (Bot API stand-ins with retry delays and
 * leases, real mining cycles, child processes, on-disk databases), longest first: started
 * first, their waits overlap the CPU-bound files instead of closing the run. Vitest's own order
 * runs the projects one after another (bot, miniapp, server, shared) and, without a results
 * cache (a fresh clone, CI), the largest files first. Times from `npm test` runs, Nov 2026.
 */
const SLOW_FIRST = [
  'server/src/features/telegram/notification-delivery.test.ts',
  'server/src/features/referrals/referrals.test.ts',
  'server/src/bad-input.test.ts',
  'server/src/features/telegram/announcement-sender.test.ts',
  'server/src/features/mining/mining.test.ts',
  'bot/src/api-safety.test.ts',
  'server/src/features/telegram/mining-notifier.test.ts',
  'server/src/features/ledger/ledger-invariant.test.ts',
  'server/src/platform/db/client.test.ts',
  'server/src/cli/make-admin.test.ts',
  'server/src/telegram-webhook.test.ts',
  'server/src/start-telegram.test.ts',
];

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = SLOW_FIRST.findIndex((suffix) => file.moduleId.replaceAll('\\', '/').endsWith(suffix));
      return at === -1 ? SLOW_FIRST.length : at;
    };
    return ordered
      .map((file, index) => ({ file, index, rank: rank(file) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ file }) => file);
  }
}
