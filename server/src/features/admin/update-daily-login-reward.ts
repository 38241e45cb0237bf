import type { DailyLoginReward } from '@ziver/shared';
import { roundAmount } from '@ziver/shared';
import type { Database } from '../../platform/db/client.js';
import { getDailyLoginReward, setDailyLoginReward } from '../users/daily-login-reward.js';
import { recordAdminAction } from '../../platform/audit-log.js';

/** Sets the daily-login reward (from the next claim on), with an audit entry. */
export async function updateDailyLoginReward(
  db: Database,
  options: { adminId: string; reward: DailyLoginReward },
): Promise<DailyLoginReward> {
  const after = { zp: roundAmount(options.reward.zp), seb: roundAmount(options.reward.seb) };
  await db.transaction(async (tx) => {
    const before = await getDailyLoginReward(tx);
    await setDailyLoginReward(tx, after);
    await recordAdminAction(tx, {
      adminId: options.adminId,
      action: 'system.daily_login',
      targetType: 'setting',
      targetId: 'daily_login',
      before,
      after,
    });
  });
  return after;
}
