import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/client.js';
import type { Logger } from '../../platform/logger.js';
import { ALL_TIME_START, weekOf } from './get-leaderboard.js';

const BOARDS = ['seb', 'zp', 'referrals'] as const;

/**
 * Rewrites the rank marks of every current board (this UTC week and all time): every `every`-th
 * position in board order with its rank, from one ordered pass over board_scores_rank_idx, in one
 * transaction (readers see the old marks or the new, never a mix). Marks of past weeks go.
 * One instance at a time (an advisory lock); false when another held it.
 */
export async function refreshRankMarks(db: Db, options: { every: number; now?: Date }): Promise<boolean> {
  const week = weekOf(options.now ?? new Date()).start;
  const allTime = new Date(ALL_TIME_START);
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('ziver.rank_marks')) as locked`),
    );
    if (!lock?.locked) return false;
    await tx.execute(sql`delete from board_rank_marks`);
    for (const board of BOARDS) {
      for (const periodStart of [week, allTime]) {
        await tx.execute(sql`
          insert into board_rank_marks (board, period_start, rank, rank_key, reached_at, user_id, computed_at)
          select ${board}, ${periodStart}, n, rank_key, reached_at, user_id, now()
          from (
            select s.rank_key, s.reached_at, s.user_id,
                   row_number() over (order by s.rank_key, s.reached_at, s.user_id) as n
            from board_scores s
            where s.board = ${board} and s.period_start = ${periodStart} and s.visible and s.rank_key < 0
          ) ordered
          where n % ${options.every} = 0`);
      }
    }
    return true;
  });
}

export type RankMarksJob = { close(): Promise<void> };

/** The rank marks, refreshed every `intervalMs` (built in the composition root, server.ts). */
export function createRankMarksJob(options: {
  db: Db;
  logger: Logger;
  every: number;
  intervalMs: number;
}): RankMarksJob {
  const { db, logger } = options;
  let running: Promise<unknown> = Promise.resolve();
  const run = () =>
    (running = running
      .then(() => refreshRankMarks(db, { every: options.every }))
      .catch((error: unknown) =>
        logger.warn({ err: error }, 'rank marks refresh failed; retried at the next interval'),
      ));
  const timer = setInterval(() => void run(), options.intervalMs);
  timer.unref();
  void run();
  return {
    close: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
