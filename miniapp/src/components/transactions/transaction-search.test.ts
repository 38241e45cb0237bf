import { afterAll, describe, expect, it } from 'vitest';
import { TRANSACTION_TYPES } from '@ziver/shared/core';
import { applyLanguage, i18n } from '@/i18n';
import { EVERY_DETAIL, typesReading } from './transaction-search';
import { transactionText } from './transaction-text';

const reading = (search: string) => typesReading(search, i18n.t, i18n.language);

afterAll(() => applyLanguage('en'));

describe('the entry types whose row text contains a search', () => {
  it('finds the referral sign-up bonus by its line in English', async () => {
    await applyLanguage('en');
    expect(reading('invite')).toEqual(['referral_bonus']);
    expect(reading("  Friend's INVITE ")).toEqual(['referral_bonus']);
    // Titles count too, reversals' own wrapper included.
    expect(reading('reversed').sort()).toEqual(TRANSACTION_TYPES.map((type) => `${type}_reversal`).sort());
    expect(reading('started mining')).toEqual(['referral_reward']);
  });

  it("reads the reader's language, not English", async () => {
    await applyLanguage('de');
    expect(reading('Einladung')).toEqual(['referral_bonus']);
    expect(reading('invite')).toEqual([]);
    await applyLanguage('fr');
    expect(reading('invitation')).toEqual(['referral_bonus']);
  });

  it('never matches across or inside a value: usernames and titles are matched by the server', async () => {
    await applyLanguage('en');
    // "Joined with {{username}}'s invite": the text around the name, never joined over it.
    expect(reading('with invite')).toEqual([]);
    expect(reading('\uE000')).toEqual([]);
    expect(reading('   ')).toEqual([]);
  });

  it("renders every type's detail line from the placeholder metadata (the detail texts are searched)", async () => {
    await applyLanguage('en');
    for (const type of TRANSACTION_TYPES) {
      const entry = { type, currency: 'ZP', description: '' };
      const generic = transactionText({ ...entry, metadata: {} }, i18n.t, 'en').line;
      const detail = transactionText({ ...entry, metadata: EVERY_DETAIL }, i18n.t, 'en').line;
      // Withdrawals and purchases have no line at all.
      if (generic !== null) expect(detail, type).not.toBe(generic);
    }
  });
});
