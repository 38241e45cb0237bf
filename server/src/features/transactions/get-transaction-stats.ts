import { and, eq, gte, lte, sql } from 'drizzle-orm';
import {
  CURRENCIES,
  STATS_GRANULARITY,
  isSpendingType,
  roundAmount,
  type Currency,
  type StatsGranularity,
  type StatsPeriod,
  type TransactionStatsResponse,
} from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { transactions, users } from '../../platform/db/schema.js';

type Stats = Omit<TransactionStatsResponse, 'success'>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function floorTo(granularity: StatsGranularity, ms: number): Date {
  const d = new Date(ms);
  if (granularity === 'hour') return new Date(Math.floor(ms / HOUR) * HOUR);
  if (granularity === 'day') return new Date(Math.floor(ms / DAY) * DAY);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
}

function nextBucket(granularity: StatsGranularity, start: Date): Date {
  if (granularity === 'hour') return new Date(start.getTime() + HOUR);
  if (granularity === 'day') return new Date(start.getTime() + DAY);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

/**
 * The window of a period, ending now (the database's clock) and starting on a bucket boundary:
 * day = the last 24 hours by hour, week = the last 7 UTC days, month = the last 30 UTC days,
 * year = the last 12 calendar months, all = from the month of the user's first entry.
 */
function windowOf(
  period: StatsPeriod,
  nowMs: number,
  firstEntryMs: number | null,
): { from: Date; granularity: StatsGranularity } {
  const granularity = STATS_GRANULARITY[period];
  const now = floorTo(granularity, nowMs);
  switch (period) {
    case 'day':
      return { granularity, from: new Date(now.getTime() - 23 * HOUR) };
    case 'week':
      return { granularity, from: new Date(now.getTime() - 6 * DAY) };
    case 'month':
      return { granularity, from: new Date(now.getTime() - 29 * DAY) };
    case 'year':
      return { granularity, from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)) };
    case 'all':
      return { granularity, from: floorTo(granularity, Math.min(firstEntryMs ?? nowMs, nowMs)) };
  }
}

/** Earned/spent totals, per-type sums and a zero-filled time series of the user's ledger. */
export async function getTransactionStats(db: Db, options: { userId: string; period: StatsPeriod }): Promise<Stats> {
  const { userId, period } = options;
  const [clock] = await db
    .select({
      nowMs: sql<number>`(extract(epoch from now()) * 1000)::float8`.mapWith(Number),
      firstEntryMs: sql<number | null>`(
        select (extract(epoch from min(${transactions.createdAt})) * 1000)::float8
        from ${transactions} where ${transactions.userId} = ${userId}
      )`,
    })
    .from(users)
    .where(eq(users.id, userId));
  const nowMs = clock?.nowMs ?? Date.now();
  const firstEntryMs = clock?.firstEntryMs == null ? null : Number(clock.firstEntryMs);
  const { from, granularity } = windowOf(period, nowMs, firstEntryMs);
  const to = new Date(nowMs);

  // The granularity comes from a closed list, so it is inlined: a bound parameter would make the
  // SELECT and GROUP BY expressions differ in PostgreSQL's eyes.
  const bucket = sql<string>`to_char(date_trunc('${sql.raw(granularity)}', ${transactions.createdAt} at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:MI:SS') || '.000Z'`;
  const groups = await db
    .select({
      bucket,
      currency: transactions.currency,
      type: transactions.type,
      amount: sql<number>`sum(${transactions.amount})`.mapWith(Number),
      count: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), gte(transactions.createdAt, from), lte(transactions.createdAt, to)))
    .groupBy(bucket, transactions.currency, transactions.type);

  const totals = new Map<Currency, { earned: number; spent: number; count: number }>(
    CURRENCIES.map((c) => [c, { earned: 0, spent: 0, count: 0 }]),
  );
  const byType = new Map<string, { type: string; currency: Currency; amount: number; count: number }>();
  const points = new Map<string, { earned: number; spent: number; count: number }>();
  for (const g of groups) {
    const isSpending = isSpendingType(g.type);
    const earned = isSpending ? 0 : g.amount;
    const spent = isSpending ? -g.amount : 0;
    const total = totals.get(g.currency)!;
    total.earned += earned;
    total.spent += spent;
    total.count += g.count;

    const typeKey = `${g.currency}:${g.type}`;
    const typeSum = byType.get(typeKey) ?? { type: g.type, currency: g.currency, amount: 0, count: 0 };
    typeSum.amount += g.amount;
    typeSum.count += g.count;
    byType.set(typeKey, typeSum);

    const pointKey = `${g.bucket}|${g.currency}`;
    const point = points.get(pointKey) ?? { earned: 0, spent: 0, count: 0 };
    point.earned += earned;
    point.spent += spent;
    point.count += g.count;
    points.set(pointKey, point);
  }

  const series: Stats['series'] = [];
  for (let start = from; start.getTime() <= to.getTime(); start = nextBucket(granularity, start)) {
    const date = start.toISOString();
    for (const currency of CURRENCIES) {
      const p = points.get(`${date}|${currency}`) ?? { earned: 0, spent: 0, count: 0 };
      series.push({
        date,
        currency,
        earned: roundAmount(p.earned),
        spent: roundAmount(p.spent),
        net: roundAmount(p.earned - p.spent),
        count: p.count,
      });
    }
  }

  return {
    period,
    granularity,
    from: from.toISOString(),
    to: to.toISOString(),
    totals: CURRENCIES.map((currency) => {
      const t = totals.get(currency)!;
      return {
        currency,
        earned: roundAmount(t.earned),
        spent: roundAmount(t.spent),
        net: roundAmount(t.earned - t.spent),
        count: t.count,
      };
    }),
    byType: [...byType.values()]
      .map((t) => ({ ...t, amount: roundAmount(t.amount) }))
      .sort(
        (a, b) =>
          CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency) ||
          b.amount - a.amount ||
          a.type.localeCompare(b.type),
      ),
    series,
  };
}
