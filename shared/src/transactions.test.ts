import { describe, expect, it } from 'vitest';
import {
  isSpendingType,
  parseDateBound,
  recentTransactionsQuerySchema,
  transactionListQuerySchema,
  transactionStatsQuerySchema,
} from './transactions.js';
import { lockdownRequestSchema } from './system.js';
import { miningSettingsUpdateSchema, userActivityRequestSchema } from './economy.js';

describe('transaction list query', () => {
  it('applies the defaults and drops "all" and blank values', () => {
    expect(transactionListQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(transactionListQuerySchema.parse({ type: 'all', currency: 'all', search: '  ', startDate: '' })).toEqual({
      page: 1,
      limit: 20,
    });
  });
  it('reads numbers from query strings and keeps valid filters', () => {
    expect(
      transactionListQuerySchema.parse({
        page: '3',
        limit: '50',
        type: 'task_reward',
        currency: 'SEB',
        search: ' Telegram ',
        startDate: '2025-01-01',
      }),
    ).toEqual({
      page: 3,
      limit: 50,
      type: 'task_reward',
      currency: 'SEB',
      search: 'Telegram',
      startDate: '2025-01-01',
    });
    expect(transactionListQuerySchema.parse({ page: 2, limit: 10 })).toMatchObject({ page: 2, limit: 10 });
    expect(transactionListQuerySchema.parse({ type: 'referral_bonus_reversal' }).type).toBe('referral_bonus_reversal');
  });
  it('refuses bad values with messages naming the parameter', () => {
    const message = (input: unknown) => transactionListQuerySchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ page: '0' })).toBe('page must be a whole number from 1 to 100000');
    expect(message({ limit: '500' })).toBe('limit must be a whole number from 1 to 100');
    expect(message({ currency: 'BTC' })).toBe("currency must be 'all' or one of: ZP, SEB");
    expect(message({ endDate: '2025-02-29' })).toContain('endDate must be a date like 2025-01-31');
    expect(message({ startDate: '2025-01-02', endDate: '2025-01-01' })).toBe('endDate must not be before startDate');
    expect(message({ startDate: '2025-01-01', endDate: '2025-01-01' })).toBeUndefined();
  });
  it('reads searchTypes as a list of entry types beside a search, and refuses unknown ones', () => {
    expect(
      transactionListQuerySchema.parse({ search: 'invite', searchTypes: 'referral_bonus, referral_bonus_reversal' }),
    ).toMatchObject({ search: 'invite', searchTypes: ['referral_bonus', 'referral_bonus_reversal'] });
    expect(transactionListQuerySchema.parse({ search: 'x', searchTypes: '' })).toEqual({
      page: 1,
      limit: 20,
      search: 'x',
    });
    const message = (input: unknown) => transactionListQuerySchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ search: 'x', searchTypes: 'referral_bonus,airdrop' })).toContain(
      'searchTypes must be a comma-separated list of: mining_reward',
    );
    expect(message({ search: 'x', searchTypes: 'referral_bonus,' })).toContain('searchTypes must be');
    expect(message({ searchTypes: 'referral_bonus' })).toBe('searchTypes needs search');
  });
  it('limits recent lists to 50 and stats periods to the closed list', () => {
    expect(recentTransactionsQuerySchema.parse({})).toEqual({ limit: 10 });
    expect(recentTransactionsQuerySchema.safeParse({ limit: '51' }).success).toBe(false);
    expect(transactionStatsQuerySchema.parse({})).toEqual({ period: 'month' });
    expect(transactionStatsQuerySchema.safeParse({ period: 'decade' }).success).toBe(false);
  });
});

describe('date bounds', () => {
  it('makes a date-only end include its whole UTC day', () => {
    expect(parseDateBound('2025-01-31', 'start')).toEqual({ at: new Date('2025-01-31T00:00:00Z'), isExclusive: false });
    expect(parseDateBound('2025-01-31', 'end')).toEqual({ at: new Date('2025-02-01T00:00:00Z'), isExclusive: true });
  });
  it('reads ISO date-times as instants, UTC when no offset is given', () => {
    expect(parseDateBound('2025-01-31T12:30:00+02:00', 'end')?.at.toISOString()).toBe('2025-01-31T10:30:00.000Z');
    expect(parseDateBound('2025-01-31T12:30', 'start')?.at.toISOString()).toBe('2025-01-31T12:30:00.000Z');
  });
  it('rejects dates that do not exist or are out of range', () => {
    for (const bad of ['2025-02-30', '2025-13-01', '1969-12-31', 'yesterday', '2025-1-1', '2025-01-01T25:00Z']) {
      expect(parseDateBound(bad, 'start'), bad).toBeNull();
    }
  });
});

describe('economy and system requests', () => {
  it('classifies spending types and their reversals', () => {
    expect(['purchase', 'withdrawal', 'purchase_reversal'].every(isSpendingType)).toBe(true);
    expect(['mining_reward', 'referral_bonus_reversal', 'daily_login'].some(isSpendingType)).toBe(false);
  });
  it('validates mining settings, activity and lockdown bodies', () => {
    expect(miningSettingsUpdateSchema.parse({ MINING_CYCLE_HOURS: 0.25 })).toEqual({ MINING_CYCLE_HOURS: 0.25 });
    expect(miningSettingsUpdateSchema.safeParse({ MINING_REWARD: 0 }).success).toBe(false);
    expect(miningSettingsUpdateSchema.safeParse({ foo: 1 }).error?.issues[0]?.message).toBe('Unknown setting: foo');
    expect(userActivityRequestSchema.safeParse({ activityType: 'DAILY_LOGIN' }).success).toBe(true);
    expect(userActivityRequestSchema.safeParse({ activityType: 'OTHER' }).success).toBe(false);
    expect(lockdownRequestSchema.parse({ enabled: true, message: ' Back soon ' })).toEqual({
      enabled: true,
      message: 'Back soon',
      translations: {},
    });
    expect(lockdownRequestSchema.parse({ enabled: false })).toEqual({
      enabled: false,
      message: null,
      translations: {},
    });
    expect(
      lockdownRequestSchema.parse({ enabled: true, message: 'Back soon', translations: { fr: ' Bientôt ', de: '' } }),
    ).toEqual({ enabled: true, message: 'Back soon', translations: { fr: 'Bientôt' } });
    expect(lockdownRequestSchema.safeParse({ enabled: true, translations: { fr: 'Bientôt' } }).success).toBe(false);
  });
});
