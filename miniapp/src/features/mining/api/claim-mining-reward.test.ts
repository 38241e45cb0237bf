import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyedMessage } from '@ziver/shared';
import { contractAnswer, errorAnswer } from '@/testing/contract-answer';
import { buildUser } from '@/testing/factories';
import { createClaimIntent } from './claim-mining-reward';

afterEach(() => vi.unstubAllGlobals());

const claimed = () =>
  contractAnswer('miningClaim', {
    success: true,
    ...keyedMessage('server.rewardClaimed'),
    reward: { zp: 50, seb: 11, streak: 1, durationMinutes: 240 },
    user: buildUser({ zp_balance: 50 }),
    userData: { zp_balance: 50, social_capital_score: 11, daily_streak_count: 1, mining_session_start_time: null },
  });

/** The Idempotency-Key of each claim the page sent, in order. */
function serverAnswering(...answers: Array<() => Response | Promise<Response>>) {
  const keys: Array<string | undefined> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      keys.push((init?.headers as Record<string, string>)['Idempotency-Key']);
      const next = answers.shift();
      if (!next) throw new Error('no answer left');
      return next();
    }),
  );
  return keys;
}

describe('claim intent', () => {
  it('sends the retries of one press after a 503 or a lost answer with the same key, and the next press a new one', async () => {
    const keys = serverAnswering(
      () => errorAnswer('DATABASE_UNAVAILABLE', 'server.databaseUnavailable'),
      () => Promise.reject(new TypeError('fetch failed')),
      claimed,
      claimed,
    );
    let n = 0;
    const claim = createClaimIntent(() => `key-${++n}`);
    await expect(claim()).rejects.toMatchObject({ status: 503 });
    await expect(claim()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    await expect(claim()).resolves.toMatchObject({ success: true });
    await expect(claim()).resolves.toMatchObject({ success: true });
    expect(keys).toEqual(['key-1', 'key-1', 'key-1', 'key-2']);
  });

  it('ends the intent on a refusal: the next press has a new key', async () => {
    const keys = serverAnswering(() => errorAnswer('MINING_NOT_FINISHED', 'server.miningNotFinished'), claimed);
    let n = 0;
    const claim = createClaimIntent(() => `key-${++n}`);
    await expect(claim()).rejects.toMatchObject({ code: 'MINING_NOT_FINISHED' });
    await claim();
    expect(keys).toEqual(['key-1', 'key-2']);
  });
});
