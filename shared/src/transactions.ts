import { z } from 'zod';
import {
  CURRENCIES,
  RECENT_TRANSACTIONS_DEFAULT_LIMIT,
  REVERSAL_SUFFIX,
  SPENDING_TYPES,
  TRANSACTION_TYPES,
  TRANSACTIONS_PAGE_SIZE,
  type TransactionType,
} from './constants.js';
import { safeText } from './text.js';

/** Limits of the transactions API (docs/spec.md §7, §9). */
export const TRANSACTIONS_MAX_LIMIT = 100;
export const RECENT_TRANSACTIONS_MAX_LIMIT = 50;
export const TRANSACTION_SEARCH_MAX = 100;
/** The furthest page a list request may ask for (a guard against absurd OFFSETs). */
export const TRANSACTIONS_MAX_PAGE = 100_000;

export const STATS_PERIODS = ['day', 'week', 'month', 'year', 'all'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
/** Width of one point of the stats series: hours for a day, days for a week or month, months beyond. */
export const STATS_GRANULARITY = { day: 'hour', week: 'day', month: 'day', year: 'month', all: 'month' } as const;
export type StatsGranularity = (typeof STATS_GRANULARITY)[StatsPeriod];

export type LedgerEntryType = TransactionType | `${TransactionType}_reversal`;
/** Every `type` a ledger entry may carry: the spec's types and their reversals. */
export const LEDGER_ENTRY_TYPES: readonly LedgerEntryType[] = [
  ...TRANSACTION_TYPES,
  ...TRANSACTION_TYPES.map((t) => `${t}${REVERSAL_SUFFIX}` as const),
];

/**
 * Whether an entry type counts as spending (withdrawal, purchase and their reversals) or earning
 * (everything else). Totals are signed sums per side, so `earned - spent` is the balance.
 */
export function isSpendingType(type: string): boolean {
  const base = type.endsWith(REVERSAL_SUFFIX) ? type.slice(0, -REVERSAL_SUFFIX.length) : type;
  return (SPENDING_TYPES as readonly string[]).includes(base);
}

export const SPENDING_LEDGER_TYPES: readonly LedgerEntryType[] = LEDGER_ENTRY_TYPES.filter(isSpendingType);

// ---------- query parameters (strings from a URL, or numbers from a client building one) ----------

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

function intParam(name: string, options: { min: number; max: number; fallback: number }) {
  const range = `${name} must be a whole number from ${options.min} to ${options.max}`;
  return z.preprocess(
    (v) => {
      const value = blankToUndefined(v);
      return typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
    },
    z.number({ error: range }).int(range).min(options.min, range).max(options.max, range).default(options.fallback),
  );
}

function enumOrAllParam<T extends string>(name: string, values: readonly T[]) {
  const message = `${name} must be 'all' or one of: ${values.join(', ')}`;
  return z.preprocess(
    blankToUndefined,
    safeText({ error: message })
      .refine((v) => v === 'all' || (values as readonly string[]).includes(v), message)
      .transform((v) => (v === 'all' ? undefined : (v as T)))
      .optional(),
  );
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A date parameter as a bound: `YYYY-MM-DD` is a whole UTC day (a start at its first instant, an
 * end just after its last, so an end date includes that day); an ISO date-time is that instant
 * (UTC when it has no offset). Returns null when the text is not a real date from 1970 to 9999.
 */
export function parseDateBound(value: string, edge: 'start' | 'end'): { at: Date; isExclusive: boolean } | null {
  const text = value.trim();
  const dateOnly = DATE_ONLY.exec(text);
  const dateTime = dateOnly ? null : DATE_TIME.exec(text);
  const parts = dateOnly ?? dateTime;
  if (!parts) return null;
  const [, y, m, d] = parts;
  const year = Number(y);
  if (year < 1970 || year > 9999) return null;
  const day = new Date(Date.UTC(year, Number(m) - 1, Number(d)));
  // Reject days that do not exist (2025-02-30 would otherwise roll over into March).
  if (day.getUTCMonth() !== Number(m) - 1 || day.getUTCDate() !== Number(d)) return null;
  if (dateOnly) {
    return edge === 'start'
      ? { at: day, isExclusive: false }
      : { at: new Date(day.getTime() + 86_400_000), isExclusive: true };
  }
  const at = new Date(dateTime![8] ? text : `${text}Z`);
  if (Number.isNaN(at.getTime())) return null;
  return { at, isExclusive: false };
}

function dateParam(name: 'startDate' | 'endDate') {
  const message = `${name} must be a date like 2025-01-31 or an ISO date-time like 2025-01-31T12:00:00Z`;
  return z.preprocess(
    blankToUndefined,
    safeText({ error: message })
      .refine((v) => parseDateBound(v, name === 'startDate' ? 'start' : 'end') !== null, message)
      .optional(),
  );
}

const searchParam = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : blankToUndefined(v)),
  safeText({ error: 'search must be text' })
    .trim()
    .max(TRANSACTION_SEARCH_MAX, `search must be at most ${TRANSACTION_SEARCH_MAX} characters`)
    .optional(),
);

const SEARCH_TYPES_MESSAGE = `searchTypes must be a comma-separated list of: ${LEDGER_ENTRY_TYPES.join(', ')}`;

/**
 * The entry types whose row text, as the client renders it in the reader's language, contains
 * `search` (e.g. "invite" names referral_bonus in English). The client owns those texts; it sends
 * the types so the server can match them beside its stored fields. Comma-separated, from the
 * closed list of entry types; an unknown one is refused.
 */
const searchTypesParam = z
  .preprocess(
    blankToUndefined,
    safeText({ error: SEARCH_TYPES_MESSAGE })
      .transform((v) => v.split(',').map((type) => type.trim()))
      .refine((list) => list.every((type) => (LEDGER_ENTRY_TYPES as readonly string[]).includes(type)), {
        message: SEARCH_TYPES_MESSAGE,
        abort: true,
      })
      .transform((list) => [...new Set(list)] as LedgerEntryType[])
      .optional(),
  )
  .meta({
    description: `Only with search: comma-separated entry types whose row text in the reader's language contains it (${LEDGER_ENTRY_TYPES.join(', ')})`,
  });

/** GET /api/transactions query: page, limit, type, currency, startDate, endDate, search, searchTypes. */
export const transactionListQuerySchema = z
  .object({
    page: intParam('page', { min: 1, max: TRANSACTIONS_MAX_PAGE, fallback: 1 }),
    limit: intParam('limit', { min: 1, max: TRANSACTIONS_MAX_LIMIT, fallback: TRANSACTIONS_PAGE_SIZE }),
    type: enumOrAllParam('type', LEDGER_ENTRY_TYPES),
    currency: enumOrAllParam('currency', CURRENCIES),
    startDate: dateParam('startDate'),
    endDate: dateParam('endDate'),
    search: searchParam,
    searchTypes: searchTypesParam,
  })
  .superRefine((q, ctx) => {
    // The types widen a search; alone they would silently mean nothing.
    if (q.searchTypes && !q.search) {
      ctx.addIssue({ code: 'custom', path: ['searchTypes'], message: 'searchTypes needs search' });
    }
    if (!q.startDate || !q.endDate) return;
    const start = parseDateBound(q.startDate, 'start');
    const end = parseDateBound(q.endDate, 'end');
    const isEmpty = end && start && (end.isExclusive ? start.at >= end.at : start.at > end.at);
    if (isEmpty) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endDate must not be before startDate' });
    }
  });
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

export const recentTransactionsQuerySchema = z.object({
  limit: intParam('limit', { min: 1, max: RECENT_TRANSACTIONS_MAX_LIMIT, fallback: RECENT_TRANSACTIONS_DEFAULT_LIMIT }),
});

export const transactionStatsQuerySchema = z.object({
  period: z.preprocess(
    blankToUndefined,
    z.enum(STATS_PERIODS, { error: `period must be one of: ${STATS_PERIODS.join(', ')}` }).default('month'),
  ),
});

// ---------- responses ----------

export const transactionSchema = z.object({
  id: z.string(),
  type: z.string(),
  currency: z.enum(CURRENCIES),
  /** Signed: credits positive (shown with +), debits negative (shown with -). */
  amount: z.number(),
  description: z.string(),
  created_at: z.string(),
  metadata: z.record(z.string(), z.unknown()),
});
export type TransactionView = z.infer<typeof transactionSchema>;

export const paginationSchema = z.object({
  currentPage: z.number(),
  totalPages: z.number(),
  totalCount: z.number(),
  limit: z.number(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const transactionListResponseSchema = z.object({
  success: z.literal(true),
  transactions: z.array(transactionSchema),
  pagination: paginationSchema,
});
export type TransactionListResponse = z.infer<typeof transactionListResponseSchema>;

export const recentTransactionsResponseSchema = z.object({
  success: z.literal(true),
  transactions: z.array(transactionSchema),
});

export const transactionResponseSchema = z.object({
  success: z.literal(true),
  transaction: transactionSchema,
});

export const balanceSummaryItemSchema = z.object({
  currency: z.enum(CURRENCIES),
  current_balance: z.number(),
  total_earned: z.number(),
  total_spent: z.number(),
});
export type BalanceSummaryItem = z.infer<typeof balanceSummaryItemSchema>;

export const balanceSummaryResponseSchema = z.object({
  success: z.literal(true),
  summary: z.array(balanceSummaryItemSchema),
});

export const transactionStatsResponseSchema = z.object({
  success: z.literal(true),
  period: z.enum(STATS_PERIODS),
  granularity: z.enum(['hour', 'day', 'month']),
  /** ISO instants; the window is [from, to]. */
  from: z.string(),
  to: z.string(),
  totals: z.array(
    z.object({
      currency: z.enum(CURRENCIES),
      earned: z.number(),
      spent: z.number(),
      net: z.number(),
      count: z.number(),
    }),
  ),
  byType: z.array(z.object({ type: z.string(), currency: z.enum(CURRENCIES), amount: z.number(), count: z.number() })),
  /** One point per bucket and currency, zeros included, oldest first; `date` is the bucket's UTC start (ISO). */
  series: z.array(
    z.object({
      date: z.string(),
      currency: z.enum(CURRENCIES),
      earned: z.number(),
      spent: z.number(),
      net: z.number(),
      count: z.number(),
    }),
  ),
});
export type TransactionStatsResponse = z.infer<typeof transactionStatsResponseSchema>;
