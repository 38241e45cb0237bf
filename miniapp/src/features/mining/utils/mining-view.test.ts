import { describe, expect, it } from 'vitest';
import { buildMiningStatus, buildRunningStatus } from '@/testing/factories';
import { cycleHoursOf, deriveMiningView, shouldPollStatus, statusAfterClaim } from './mining-view';

const START = '2025-01-05T10:00:00.000Z';
const startMs = Date.parse(START);
const HOUR = 3_600_000;

describe('mining view', () => {
  it('is ready with no running cycle', () => {
    const view = deriveMiningView(buildMiningStatus(), Date.now());
    expect(view).toMatchObject({ phase: 'ready', progress: 0 });
    expect(view.cycleSeconds).toBe(4 * 3600);
  });

  it('is claimable when the server says so', () => {
    const status = buildRunningStatus(START, 4, startMs + 5 * HOUR, startMs + 5 * HOUR);
    expect(status.canClaim).toBe(true);
    expect(deriveMiningView(status, startMs + 5 * HOUR)).toMatchObject({
      phase: 'claimable',
      progress: 1,
      timeRemaining: 0,
    });
  });

  it('counts down locally between server answers', () => {
    const receivedAt = startMs + HOUR;
    const status = buildRunningStatus(START, 4, receivedAt, receivedAt);
    const atReceipt = deriveMiningView(status, receivedAt);
    expect(atReceipt.phase).toBe('in_progress');
    expect(atReceipt.progress).toBeCloseTo(0.25);
    expect(atReceipt.timeRemaining).toBeCloseTo(3 * 3600);

    const tenSecondsLater = deriveMiningView(status, receivedAt + 10_000);
    expect(tenSecondsLater.timeRemaining).toBeCloseTo(3 * 3600 - 10);
    expect(tenSecondsLater.progress).toBeGreaterThan(atReceipt.progress);
  });

  it('becomes claimable when the cycle has elapsed, without a fresh server status', () => {
    const receivedAt = startMs + 4 * HOUR - 3_000;
    const status = buildRunningStatus(START, 4, receivedAt, receivedAt);
    expect(deriveMiningView(status, receivedAt + 2_000).phase).toBe('in_progress');
    expect(deriveMiningView(status, receivedAt + 3_000)).toMatchObject({
      phase: 'claimable',
      progress: 1,
      timeRemaining: 0,
    });
  });

  it('follows the server clock when the device clock is off', () => {
    // The server is at 1 h into the cycle while the device clock says 10 minutes earlier.
    const serverNow = startMs + HOUR;
    const deviceClock = serverNow - 10 * 60_000;
    const status = buildRunningStatus(START, 4, serverNow, deviceClock);
    const view = deriveMiningView(status, deviceClock + 1_000);
    expect(view.timeRemaining).toBeCloseTo(3 * 3600 - 1);
  });

  it('is in progress from the first instant of a cycle', () => {
    const status = buildRunningStatus(START, 4, startMs, startMs);
    expect(deriveMiningView(status, startMs).phase).toBe('in_progress');
  });

  it('takes the cycle length from the running cycle, not a changed setting', () => {
    const status = {
      ...buildRunningStatus(START, 2, startMs, startMs),
      appSettings: { MINING_CYCLE_HOURS: 4, MINING_REWARD: 50 },
    };
    expect(cycleHoursOf(status)).toBeCloseTo(2);
    expect(cycleHoursOf(buildMiningStatus())).toBe(4);
  });

  it('polls only while a cycle runs and is not yet claimable', () => {
    expect(shouldPollStatus(undefined)).toBe(false);
    expect(shouldPollStatus(buildMiningStatus())).toBe(false);
    expect(shouldPollStatus(buildRunningStatus(START, 4, startMs + HOUR, startMs + HOUR))).toBe(true);
    expect(shouldPollStatus(buildRunningStatus(START, 4, startMs + 5 * HOUR, startMs + 5 * HOUR))).toBe(false);
  });

  it('goes back to ready with the new balances after a claim', () => {
    const claimable = buildRunningStatus(START, 4, startMs + 5 * HOUR, startMs + 5 * HOUR);
    const after = statusAfterClaim(
      claimable,
      { zp_balance: 60, social_capital_score: 31, daily_streak_count: 3 },
      startMs + 5 * HOUR,
    );
    expect(deriveMiningView(after, startMs + 5 * HOUR).phase).toBe('ready');
    expect(after.userData).toEqual({
      zp_balance: 60,
      social_capital_score: 31,
      daily_streak_count: 3,
      mining_session_start_time: null,
    });
  });
});
