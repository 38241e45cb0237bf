import { useId, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type Currency } from '@ziver/shared/core';
import { formatAmount, numberFormat } from '@/lib/format';
import type { StatsGranularity } from '@ziver/shared';
import { useElementWidth } from '../hooks/use-element-width';
import { formatBucket, labelIndexes, maxOf, niceCeiling, type ChartBucket } from '../utils/chart-data';

const HEIGHT = 180;
const MARGIN = { top: 12, right: 4, bottom: 24, left: 40 };

/**
 * Grouped bars, one group per time bucket and one bar per shown currency. Hover, tap or the
 * arrow keys pick a bucket; its values show in a tooltip (also announced). A hidden table
 * carries the same numbers for screen readers.
 */
export function BarChart({
  buckets,
  currencies,
  granularity,
  summary,
}: {
  buckets: readonly ChartBucket[];
  currencies: readonly Currency[];
  granularity: StatsGranularity;
  /** One sentence describing the whole chart, for assistive technology. */
  summary: string;
}) {
  const { t, i18n } = useTranslation();
  const { ref, width } = useElementWidth<HTMLDivElement>(340);
  const [active, setActive] = useState<number | null>(null);
  const hintId = useId();

  const plotWidth = Math.max(10, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const top = niceCeiling(maxOf(buckets, currencies));
  const groupWidth = buckets.length > 0 ? plotWidth / buckets.length : plotWidth;
  const barWidth = Math.max(2, Math.min(18, (groupWidth * 0.74) / Math.max(1, currencies.length)));
  const yOf = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const compact = numberFormat(i18n.language, { notation: 'compact', maximumFractionDigits: 1 });
  const maxLabels = Math.max(2, Math.floor(plotWidth / 56));
  const labelled = new Set(labelIndexes(buckets.length, maxLabels));
  const groupCenter = (index: number) => MARGIN.left + groupWidth * (index + 0.5);

  const indexAt = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - box.left - MARGIN.left;
    if (buckets.length === 0) return null;
    return Math.min(buckets.length - 1, Math.max(0, Math.floor(x / groupWidth)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (buckets.length === 0) return;
    const last = buckets.length - 1;
    const moves: Record<string, () => number | null> = {
      ArrowLeft: () => (active === null ? last : Math.max(0, active - 1)),
      ArrowRight: () => (active === null ? last : Math.min(last, active + 1)),
      Home: () => 0,
      End: () => last,
      Escape: () => null,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setActive(move());
  };

  const activeBucket = active === null ? null : buckets[active];
  // The tooltip sits beside the picked bars, on the side with more room, so it never hides them.
  const activeCenter = active === null ? 0 : groupCenter(active);
  const tooltipStyle =
    activeCenter > width / 2
      ? { right: width - activeCenter + groupWidth / 2 + 4, top: MARGIN.top }
      : { left: activeCenter + groupWidth / 2 + 4, top: MARGIN.top };
  const labelAnchor = (x: number) => (x + 24 > width ? 'end' : x - 24 < MARGIN.left - 8 ? 'start' : 'middle');
  const labelX = (x: number) => (x + 24 > width ? width - 1 : x - 24 < MARGIN.left - 8 ? MARGIN.left - 8 : x);

  return (
    <div className="zv-chart" ref={ref}>
      <div
        className="zv-chart__canvas"
        tabIndex={0}
        role="group"
        aria-label={summary}
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
        onBlur={() => setActive(null)}
      >
        <svg
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          aria-hidden="true"
          focusable="false"
          onPointerMove={(event) => setActive(indexAt(event))}
          onPointerDown={(event) => setActive(indexAt(event))}
          onPointerLeave={(event) => {
            if (event.pointerType === 'mouse') setActive(null);
          }}
        >
          {[0, 0.5, 1].map((fraction) => {
            const y = yOf(top * fraction);
            return (
              <g key={fraction} className="zv-chart__grid">
                <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y} y2={y} />
                <text x={MARGIN.left - 6} y={y} dy="0.32em" textAnchor="end">
                  {compact.format(top * fraction)}
                </text>
              </g>
            );
          })}
          {activeBucket && active !== null && (
            <rect
              className="zv-chart__highlight"
              x={MARGIN.left + groupWidth * active}
              y={MARGIN.top}
              width={groupWidth}
              height={plotHeight}
              rx={4}
            />
          )}
          {buckets.map((bucket, index) => {
            const start = groupCenter(index) - (barWidth * currencies.length) / 2;
            return (
              <g key={bucket.date}>
                {currencies.map((currency, position) => {
                  const value = bucket.earned[currency];
                  if (value <= 0) return null;
                  const y = yOf(value);
                  const height = Math.max(1.5, MARGIN.top + plotHeight - y);
                  return (
                    <rect
                      key={currency}
                      className={`zv-chart__bar zv-chart__bar--${currency.toLowerCase()}`}
                      x={start + barWidth * position + 0.5}
                      y={MARGIN.top + plotHeight - height}
                      width={Math.max(1, barWidth - 1)}
                      height={height}
                      rx={Math.min(3, barWidth / 3)}
                    />
                  );
                })}
                {labelled.has(index) && (
                  <text
                    className="zv-chart__label"
                    x={labelX(groupCenter(index))}
                    y={HEIGHT - 6}
                    textAnchor={labelAnchor(groupCenter(index))}
                  >
                    {formatBucket(bucket.date, granularity, i18n.language, 'axis')}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
        <div className="zv-chart__tooltip-region" aria-live="polite">
          {activeBucket && (
            <div className="zv-chart__tooltip" style={tooltipStyle} data-testid="history-chart-tooltip">
              <strong>{formatBucket(activeBucket.date, granularity, i18n.language, 'tooltip')}</strong>
              {currencies.map((currency) => (
                <span key={currency} className="zv-chart__tooltip-row">
                  <span className={`zv-chart__swatch zv-chart__swatch--${currency.toLowerCase()}`} aria-hidden="true" />
                  {t('history.chart.earned', {
                    amount: formatAmount(activeBucket.earned[currency], i18n.language),
                    currency,
                  })}
                </span>
              ))}
            </div>
          )}
        </div>
      </div>
      <p id={hintId} className="zv-visually-hidden">
        {t('history.chart.hint')}
      </p>
      <table className="zv-visually-hidden">
        <caption>{t('history.chart.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('history.chart.date')}</th>
            {currencies.map((currency) => (
              <th key={currency} scope="col">
                {currency}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {buckets.map((bucket) => (
            <tr key={bucket.date}>
              <th scope="row">{formatBucket(bucket.date, granularity, i18n.language, 'tooltip')}</th>
              {currencies.map((currency) => (
                <td key={currency}>{formatAmount(bucket.earned[currency], i18n.language)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
