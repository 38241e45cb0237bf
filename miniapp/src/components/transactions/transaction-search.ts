import type { TFunction } from 'i18next';
import { CURRENCIES, REVERSAL_SUFFIX, TRANSACTION_TYPES } from '@ziver/shared/core';
import { renderLine, transactionLinePlan, transactionTitle, type TransactionEntry } from './transaction-text';

/**
 * Stands for a value (a username, a title, a date) in a row's text: never typed, and the text is
 * cut at it, so a search only matches the words of the text itself. The server matches values.
 */
const VALUE = '\uE000';

/**
 * Metadata holding every field a detail line reads, so each type's plan takes its detail text.
 * transaction-search.test.ts checks that every type with a detail gets it from these.
 */
export const EVERY_DETAIL: Record<string, unknown> = {
  duration: 1,
  taskTitle: VALUE,
  referrerUsername: VALUE,
  friendUsername: VALUE,
  feedbackTitle: VALUE,
  day: '2000-01-01',
  reason: VALUE,
};

/** Every entry type the ledger may hold: the spec's types and their reversals. */
const ENTRY_TYPES = [...TRANSACTION_TYPES, ...TRANSACTION_TYPES.map((type) => `${type}${REVERSAL_SUFFIX}`)];

/**
 * The texts a row of this type may show, in the reader's language, with each value cut out:
 * its titles (per currency) and its detail line with and without its value.
 */
export function rowTextsOf(type: string, t: TFunction, language: string): string[] {
  const texts = new Set<string>();
  for (const currency of CURRENCIES) {
    for (const metadata of [EVERY_DETAIL, {}]) {
      const entry: TransactionEntry = { type, currency, description: '', metadata };
      texts.add(transactionTitle(entry, t));
      const plan = transactionLinePlan(entry, language);
      const blank =
        plan && 'key' in plan && plan.values
          ? { key: plan.key, values: Object.fromEntries(Object.keys(plan.values).map((key) => [key, VALUE])) }
          : plan;
      const line = renderLine(blank, t);
      if (line) texts.add(line);
    }
  }
  return [...texts].flatMap((text) => text.split(VALUE)).filter((part) => part.trim() !== '');
}

/**
 * The entry types whose row text in the reader's language contains the search, as the history
 * page sends them beside it (`searchTypes`): the server holds the stored fields and values, the
 * app the texts it renders rows with. Case-insensitive, like the server's match.
 */
export function typesReading(search: string, t: TFunction, language: string): string[] {
  const needle = search.trim().toLocaleLowerCase(language);
  if (!needle) return [];
  return ENTRY_TYPES.filter((type) =>
    rowTextsOf(type, t, language).some((text) => text.toLocaleLowerCase(language).includes(needle)),
  );
}
