import { describe, expect, it, vi } from 'vitest';
import type { PendingReferralRequest, PendingReferralResponse } from '@ziver/shared';
import { ApiError } from '@/lib/api-client';
import { keepTelegramReferral, type TelegramLaunch } from './pending-referral';

const launch = (overrides: Partial<TelegramLaunch> = {}): TelegramLaunch => ({
  initData: 'query_id=1&user=%7B%22id%22%3A42%7D&auth_date=1&hash=abc',
  startParam: null,
  launchSearch: '',
  ...overrides,
});
const saved: PendingReferralResponse = {
  success: true,
  saved: true,
  message: 'Referral saved: it is applied when you sign up',
  messageKey: 'referrals.pendingSaved',
  params: {},
  referrer: { username: 'alice', referral_code: 'ALICE123' },
};

describe('the register screen keeps a referral code inside Telegram (POST /auth/pending-referral)', () => {
  it('sends the signed initData with the page’s ?ref code first', async () => {
    const save = vi.fn(async () => saved);
    const outcome = await keepTelegramReferral({
      searchReferralCode: 'PAGE1234',
      readLaunch: async () => launch({ startParam: 'ref_START123', launchSearch: '?ref=LAUNCH12' }),
      save,
    });
    expect(save).toHaveBeenCalledExactlyOnceWith({ initData: launch().initData, referralCode: 'PAGE1234' });
    expect(outcome).toEqual({ kind: 'kept', response: saved });
  });

  it('falls back to the launch URL’s ?ref, then to the start_param (ref_ prefix dropped)', async () => {
    const save = vi.fn(async (_input: PendingReferralRequest) => saved);
    await keepTelegramReferral({
      searchReferralCode: null,
      readLaunch: async () => launch({ startParam: 'ref_START123', launchSearch: '?ref=LAUNCH12' }),
      save,
    });
    await keepTelegramReferral({
      searchReferralCode: null,
      readLaunch: async () => launch({ startParam: 'ref_START123' }),
      save,
    });
    expect(save.mock.calls.map(([input]) => input.referralCode)).toEqual(['LAUNCH12', 'START123']);
  });

  it('sends nothing outside Telegram or without a valid code', async () => {
    const save = vi.fn(async () => saved);
    expect(await keepTelegramReferral({ searchReferralCode: 'PAGE1234', readLaunch: async () => null, save })).toEqual({
      kind: 'not-telegram',
    });
    expect(
      await keepTelegramReferral({
        searchReferralCode: null,
        readLaunch: async () => launch({ startParam: 'not a code!' }),
        save,
      }),
    ).toEqual({ kind: 'no-code' });
    expect(save).not.toHaveBeenCalled();
  });

  it('returns a refused code (404) as a failure instead of throwing, so the form still works', async () => {
    const refusal = new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Invalid referral code' });
    const outcome = await keepTelegramReferral({
      searchReferralCode: 'PAGE1234',
      readLaunch: async () => launch(),
      save: async () => {
        throw refusal;
      },
    });
    expect(outcome).toEqual({ kind: 'failed', error: refusal });
  });
});
