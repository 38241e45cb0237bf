import { CURRENCIES, type Currency } from '@ziver/shared/core';
import type { StatsGranularity, TransactionStatsResponse } from '@ziver/shared';
import { dateTimeFormat } from '@/lib/format';

type SeriesPoint = TransactionStatsResponse['series'][number];

/** One bar group of the earnings chart: a time bucket and what each currency earned in it. */
export type ChartBucket = { date: string; earned: Record<Currency, number> };

const zeroByCurrency = (): Record<Currency, number> =>
  Object.fromEntries(CURRENCIES.map((c) => [c, 0])) as Record<Currency, number>;

/**
 * Turns the stats series (one point per bucket and currency) into one entry per bucket, oldest
 * first, with each currency's earnings (zero when the server sent no point for it).
 */
export function toChartBuckets(series: readonly SeriesPoint[]): ChartBucket[] {
  const byDate = new Map<string, ChartBucket>();
  for (const point of series) {
    const bucket = byDate.get(point.date) ?? { date: point.date, earned: zeroByCurrency() };
    bucket.earned[point.currency] += Math.max(0, point.earned);
    byDate.set(point.date, bucket);
  }
  return [...byDate.values()].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
}

/** The sum each currency earned over all buckets. */
export function totalsOf(buckets: readonly ChartBucket[]): Record<Currency, number> {
  const totals = zeroByCurrency();
  for (const bucket of buckets) for (const c of CURRENCIES) totals[c] += bucket.earned[c];
  return totals;
}

/** The largest bar among the shown currencies. */
export function maxOf(buckets: readonly ChartBucket[], currencies: readonly Currency[]): number {
  let max = 0;
  for (const bucket of buckets) for (const c of currencies) max = Math.max(max, bucket.earned[c]);
  return max;
}

/** A round axis top at or above `value`: 1, 2, 2.5, 5 or 10 times a power of ten (1 for nothing). */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= value - 1e-9) ?? 10;
  return step * power;
}

/** Indexes of the x-axis labels: at most `maxLabels`, evenly spread, always the last one. */
export function labelIndexes(count: number, maxLabels: number): number[] {
  if (count <= 0) return [];
  if (count <= maxLabels) return Array.from({ length: count }, (_, i) => i);
  const every = Math.ceil((count - 1) / (maxLabels - 1));
  const indexes: number[] = [];
  for (let i = count - 1; i >= 0; i -= every) indexes.unshift(i);
  return indexes;
}

/** A bucket's date for the axis (short) or the tooltip (long), in UTC like the buckets. */
export function formatBucket(
  date: string,
  granularity: StatsGranularity,
  locale: string,
  style: 'axis' | 'tooltip',
): string {
  const at = new Date(date);
  if (Number.isNaN(at.getTime())) return '';
  const options: Intl.DateTimeFormatOptions =
    granularity === 'month'
      ? style === 'axis'
        ? { month: 'short', timeZone: 'UTC' }
        : { month: 'long', year: 'numeric', timeZone: 'UTC' }
      : granularity === 'hour'
        ? { hour: 'numeric', timeZone: 'UTC', ...(style === 'tooltip' ? { day: 'numeric', month: 'short' } : {}) }
        : style === 'axis'
          ? { day: 'numeric', month: 'short', timeZone: 'UTC' }
          : { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' };
  return dateTimeFormat(locale, options).format(at);
}
