import { localMiningProgress, miningPhase, type MiningPhase } from '@ziver/shared/core';
import type { MiningStatus } from '@ziver/shared';

/** A mining status with the client time it arrived, to line the local clock up with the server's. */
export type MiningStatusSnapshot = MiningStatus & { receivedAt: number };

/** What the mining screen shows at one instant. */
export type MiningView = {
  phase: MiningPhase;
  /** 0..1 through the running cycle. */
  progress: number;
  /** Seconds until the reward can be claimed. */
  timeRemaining: number;
  /** The cycle length in seconds. */
  cycleSeconds: number;
};

const HOUR_MS = 3_600_000;

/** The running cycle's length: from its own start and end when known, else the app setting. */
export function cycleHoursOf(status: MiningStatus): number {
  const start = status.userData.mining_session_start_time;
  if (start && status.cycleEndsAt) {
    const hours = (Date.parse(status.cycleEndsAt) - Date.parse(start)) / HOUR_MS;
    if (Number.isFinite(hours) && hours > 0) return hours;
  }
  return status.appSettings.MINING_CYCLE_HOURS;
}

/**
 * The view at `now` (client clock). Between server answers the progress is computed locally
 * from the session start each tick (docs/spec.md §4), shifted by the server-client clock difference
 * measured when the status arrived, so the countdown reaches zero when the server agrees.
 */
export function deriveMiningView(status: MiningStatusSnapshot, now: number): MiningView {
  const cycleHours = cycleHoursOf(status);
  const cycleSeconds = cycleHours * 3_600;
  const start = status.userData.mining_session_start_time;
  if (status.canClaim) return { phase: 'claimable', progress: 1, timeRemaining: 0, cycleSeconds };
  if (!start) {
    // The server's timeRemaining is in milliseconds; the view counts seconds.
    const timeRemaining = status.timeRemaining / 1000;
    return { phase: miningPhase(status), progress: status.progress, timeRemaining, cycleSeconds };
  }
  const serverNowAtReceipt = Date.parse(start) + status.progress * cycleHours * HOUR_MS;
  const clockOffset = Number.isFinite(serverNowAtReceipt) ? serverNowAtReceipt - status.receivedAt : 0;
  const local = localMiningProgress(start, cycleHours, now + clockOffset);
  // A cycle that has a start time is running even in its first instant (progress 0).
  const phase = local.canClaim ? 'claimable' : 'in_progress';
  return { phase, progress: local.progress, timeRemaining: local.timeRemaining, cycleSeconds };
}

/** Poll the server while a cycle runs and the server has not yet said it can be claimed. */
export function shouldPollStatus(status: MiningStatus | undefined): boolean {
  return Boolean(status && status.isMining && !status.canClaim);
}

/** The status right after a successful claim, before the server is asked again. */
export function statusAfterClaim(
  status: MiningStatusSnapshot,
  user: { zp_balance: number; social_capital_score: number; daily_streak_count: number },
  now: number,
): MiningStatusSnapshot {
  return {
    ...status,
    isMining: false,
    canClaim: false,
    progress: 0,
    timeRemaining: 0,
    cycleEndsAt: null,
    userData: {
      zp_balance: user.zp_balance,
      social_capital_score: user.social_capital_score,
      daily_streak_count: user.daily_streak_count,
      mining_session_start_time: null,
    },
    receivedAt: now,
  };
}
