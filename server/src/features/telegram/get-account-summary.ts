import { eq } from 'drizzle-orm';
import { tierFor, type TierName } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import { findOpenCycle } from '../mining/get-mining-status.js';

export type AccountSummary = {
  username: string;
  zpBalance: number;
  sebScore: number;
  tier: TierName;
  streakDays: number;
  mining: { state: 'idle' } | { state: 'running'; secondsLeft: number } | { state: 'ready' };
};

/** The bot's /balance: the account linked to a Telegram user, or null when none is. */
export async function getAccountSummary(db: Db, options: { telegramId: bigint }): Promise<AccountSummary | null> {
  const [user] = await db.select().from(users).where(eq(users.telegramId, options.telegramId)).limit(1);
  if (!user) return null;
  const cycle = await findOpenCycle(db, user.id);
  const secondsLeft = cycle ? Math.ceil((cycle.endsAt.getTime() - cycle.now.getTime()) / 1000) : 0;
  const sebScore = Number(user.socialCapitalScore);
  return {
    username: user.username,
    zpBalance: Number(user.zpBalance),
    sebScore,
    tier: tierFor(sebScore),
    streakDays: user.dailyStreakCount,
    mining: !cycle ? { state: 'idle' } : secondsLeft > 0 ? { state: 'running', secondsLeft } : { state: 'ready' },
  };
}
