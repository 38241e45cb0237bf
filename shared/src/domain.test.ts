import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatCountdown,
  localMiningProgress,
  miningPhase,
  passwordStrength,
  roundAmount,
  tierFor,
  tierProgress,
} from './domain.js';

describe('tiers', () => {
  it('places scores at the tier boundaries of the spec', () => {
    expect(tierFor(0)).toBe('BEGINNER');
    expect(tierFor(999.9999)).toBe('BEGINNER');
    expect(tierFor(1000)).toBe('ADVANCED');
    expect(tierFor(14_999)).toBe('ADVANCED');
    expect(tierFor(15_000)).toBe('ELITE');
    expect(tierFor(5_799_999)).toBe('ELITE');
    expect(tierFor(5_800_000)).toBe('SUPREME');
  });

  it('reports progress toward the next tier', () => {
    expect(tierProgress(500)).toEqual({ tier: 'BEGINNER', next: 'ADVANCED', progress: 0.5 });
    expect(tierProgress(6_000_000)).toEqual({ tier: 'SUPREME', next: null, progress: 1 });
  });
});

describe('amounts', () => {
  it('rounds to four decimals', () => {
    expect(roundAmount(0.1 + 0.2)).toBe(0.3);
    expect(roundAmount(1.23456)).toBe(1.2346);
  });
  it('formats with grouping and at most four decimals', () => {
    expect(formatAmount(1234.56789)).toBe('1,234.5679');
    expect(formatAmount(50)).toBe('50');
  });
});

describe('mining clock', () => {
  it('formats hours/minutes above an hour and minutes/seconds below', () => {
    expect(formatCountdown(4 * 3600)).toBe('4h 00m');
    expect(formatCountdown(3 * 3600 + 5 * 60 + 59)).toBe('3h 05m');
    expect(formatCountdown(249)).toBe('4m 09s');
    expect(formatCountdown(-3)).toBe('0m 00s');
  });
  it('derives the phase from a status as the spec says on load', () => {
    expect(miningPhase({ canClaim: true, progress: 1 })).toBe('claimable');
    expect(miningPhase({ canClaim: false, progress: 0.2 })).toBe('in_progress');
    expect(miningPhase({ canClaim: false, progress: 0 })).toBe('ready');
  });
  it('computes progress locally from the session start', () => {
    const start = '2025-01-05T00:00:00.000Z';
    const t0 = Date.parse(start);
    expect(localMiningProgress(start, 4, t0 + 3_600_000)).toEqual({
      progress: 0.25,
      timeRemaining: 10_800,
      canClaim: false,
    });
    expect(localMiningProgress(start, 4, t0 + 4 * 3_600_000).canClaim).toBe(true);
    expect(localMiningProgress(null, 4, t0)).toEqual({ progress: 0, timeRemaining: 0, canClaim: false });
  });
});

describe('password strength', () => {
  it('scores the five rules of the meter', () => {
    expect(passwordStrength('')).toMatchObject({ score: 0, label: 'Weak' });
    expect(passwordStrength('abc')).toMatchObject({ score: 1, label: 'Weak' });
    expect(passwordStrength('abcdefgh')).toMatchObject({ score: 2, label: 'Fair' });
    expect(passwordStrength('Abcdefgh')).toMatchObject({ score: 3, label: 'Good' });
    expect(passwordStrength('Abcdefg1')).toMatchObject({ score: 4, label: 'Strong' });
    expect(passwordStrength('Abcdef1!')).toMatchObject({ score: 5, label: 'Very Strong' });
  });

  it('names the points still missing', () => {
    expect(passwordStrength('').missing).toEqual(['length', 'lower', 'upper', 'digit', 'special']);
    expect(passwordStrength('Moonflower-77-walk').missing).toEqual(['special']);
    expect(passwordStrength('Abcdef1!').missing).toEqual([]);
  });
});
