import { describe, expect, it } from 'vitest';
import { REFERRAL_MESSAGES } from './feature-messages.js';
import { applyReferralRequestSchema, isReferralMining, normaliseReferralCode } from './referrals.js';

describe('isReferralMining', () => {
  const now = new Date('2025-01-05T12:00:00Z');
  it('is mining while the session started within 4 hours', () => {
    expect(isReferralMining('2025-01-05T08:00:01Z', now)).toBe(true);
    expect(isReferralMining(new Date('2025-01-05T11:59:00Z'), now)).toBe(true);
  });
  it('is not mining at or beyond 4 hours, without a session, or for a future start', () => {
    expect(isReferralMining('2025-01-05T08:00:00Z', now)).toBe(false);
    expect(isReferralMining(null, now)).toBe(false);
    expect(isReferralMining('2025-01-05T13:00:00Z', now)).toBe(false);
    expect(isReferralMining('not a date', now)).toBe(false);
  });
});

describe('apply referral request', () => {
  it('keeps only the code: a userId in the body is dropped', () => {
    expect(applyReferralRequestSchema.parse({ referralCode: ' ABCD2345 ', userId: 'someone-else' })).toEqual({
      referralCode: 'ABCD2345',
    });
  });
  it('asks for a code when it is missing or blank, and refuses odd characters', () => {
    expect(applyReferralRequestSchema.safeParse({}).error?.issues[0]?.message).toBe(REFERRAL_MESSAGES.codeRequired);
    expect(applyReferralRequestSchema.safeParse({ referralCode: '  ' }).error?.issues[0]?.message).toBe(
      REFERRAL_MESSAGES.codeRequired,
    );
    expect(applyReferralRequestSchema.safeParse({ referralCode: 'a/b' }).error?.issues[0]?.message).toBe(
      REFERRAL_MESSAGES.invalidCode,
    );
  });
  it('normalises codes to upper case', () => {
    expect(normaliseReferralCode(' abcd2345 ')).toBe('ABCD2345');
  });
});
