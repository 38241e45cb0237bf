import { describe, expect, it } from 'vitest';
import { amountDisplay, baseTypeOf, knownTypeOf, metadataParts } from './transaction-format';

describe('transaction amounts', () => {
  it.each(['mining_reward', 'task_reward', 'referral_bonus', 'referral_reward', 'feedback_reward', 'daily_login'])(
    'shows the earning type %s with + in the positive colour',
    (type) => {
      expect(amountDisplay(type, 50)).toEqual({ sign: '+', tone: 'positive', text: '+50' });
    },
  );

  it.each(['withdrawal', 'purchase'])('shows the spending type %s with - in the negative colour', (type) => {
    expect(amountDisplay(type, -12.5)).toEqual({ sign: '-', tone: 'negative', text: '-12.5' });
    // An unsigned amount on a spending type is still spending.
    expect(amountDisplay(type, 12.5)).toEqual({ sign: '-', tone: 'negative', text: '-12.5' });
  });

  it('shows a reversal with the sign of its own amount', () => {
    expect(amountDisplay('referral_bonus_reversal', -100)).toEqual({ sign: '-', tone: 'negative', text: '-100' });
    expect(amountDisplay('purchase_reversal', 30)).toEqual({ sign: '+', tone: 'positive', text: '+30' });
  });

  it('keeps up to 4 decimals and groups thousands', () => {
    expect(amountDisplay('mining_reward', 1234.56789).text).toBe('+1,234.5679');
    expect(amountDisplay('withdrawal', -0.0001).text).toBe('-0.0001');
  });

  it('falls back to the amount sign for a type it does not know', () => {
    expect(amountDisplay('airdrop', 5).sign).toBe('+');
    expect(amountDisplay('fee', -5).sign).toBe('-');
  });

  it('finds the spec type behind a reversal', () => {
    expect(baseTypeOf('referral_reward_reversal')).toBe('referral_reward');
    expect(knownTypeOf('referral_reward_reversal')).toBe('referral_reward');
    expect(knownTypeOf('airdrop')).toBeNull();
  });
});

describe('transaction metadata', () => {
  it('lists the known fields that are present, titles first', () => {
    expect(metadataParts({ streak: 3, duration: 240, sebPoints: 13, other: 'x' })).toEqual([
      { kind: 'duration', value: 240 },
      { kind: 'sebPoints', value: 13 },
      { kind: 'streak', value: 3 },
    ]);
    expect(metadataParts({ taskTitle: ' Follow us ', streak: 0 })).toEqual([{ kind: 'taskTitle', value: 'Follow us' }]);
    expect(metadataParts(undefined)).toEqual([]);
  });

  it('leaves out the SEB points on the SEB entry itself, where they are the amount', () => {
    expect(metadataParts({ sebPoints: 13, streak: 3 }, 'SEB')).toEqual([{ kind: 'streak', value: 3 }]);
    expect(metadataParts({ sebPoints: 13 }, 'ZP')).toEqual([{ kind: 'sebPoints', value: 13 }]);
  });
});
