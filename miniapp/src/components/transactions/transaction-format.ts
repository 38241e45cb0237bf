import {
  ADJUSTMENT_TYPES,
  EARNING_TYPES,
  REVERSAL_SUFFIX,
  SPENDING_TYPES,
  type TransactionType,
} from '@ziver/shared/core';
import { formatAmount } from '@/lib/format';

export type AmountTone = 'positive' | 'negative';

/** How one ledger amount is shown: its sign, its colour, and the text with up to 4 decimals. */
export type AmountDisplay = { sign: '+' | '-'; tone: AmountTone; text: string };

const EARNING = new Set<string>(EARNING_TYPES);
const SPENDING = new Set<string>(SPENDING_TYPES);
const ADJUSTMENT = new Set<string>(ADJUSTMENT_TYPES);

export function isReversal(type: string): boolean {
  return type.endsWith(REVERSAL_SUFFIX);
}

/** `referral_bonus_reversal` -> `referral_bonus`. */
export function baseTypeOf(type: string): string {
  return isReversal(type) ? type.slice(0, -REVERSAL_SUFFIX.length) : type;
}

/** The spec's type, when the entry (or the entry a reversal undoes) has one we know. */
export function knownTypeOf(type: string): TransactionType | null {
  const base = baseTypeOf(type);
  return EARNING.has(base) || SPENDING.has(base) || ADJUSTMENT.has(base) ? (base as TransactionType) : null;
}

/**
 * The sign follows the type (docs/spec.md §3): earning types with +, spending types with -. A reversal
 * undoes an earlier entry, so it takes the sign of its own (signed) amount, as does a type this
 * client does not know yet.
 */
export function amountDisplay(type: string, amount: number, language = 'en'): AmountDisplay {
  const magnitude = formatAmount(Math.abs(amount), language);
  let sign: '+' | '-';
  if (isReversal(type)) sign = amount < 0 ? '-' : '+';
  else if (EARNING.has(type)) sign = '+';
  else if (SPENDING.has(type)) sign = '-';
  else sign = amount < 0 ? '-' : '+';
  return { sign, tone: sign === '+' ? 'positive' : 'negative', text: `${sign}${magnitude}` };
}

/** The metadata the list shows under a transaction, in a fixed order, only what is present. */
export type MetadataPart =
  { kind: 'taskTitle' | 'feedbackTitle'; value: string } | { kind: 'duration' | 'sebPoints' | 'streak'; value: number };

export function metadataParts(metadata: Record<string, unknown> | null | undefined, currency?: string): MetadataPart[] {
  if (!metadata) return [];
  const parts: MetadataPart[] = [];
  for (const kind of ['taskTitle', 'feedbackTitle'] as const) {
    const value = metadata[kind];
    if (typeof value === 'string' && value.trim()) parts.push({ kind, value: value.trim() });
  }
  for (const kind of ['duration', 'sebPoints', 'streak'] as const) {
    const value = metadata[kind];
    // On a SEB entry the SEB points are the amount itself.
    if (kind === 'sebPoints' && currency === 'SEB') continue;
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) parts.push({ kind, value });
  }
  return parts;
}
