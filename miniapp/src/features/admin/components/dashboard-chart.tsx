import { useEffect, useId, useRef, useState } from 'react';
import { Caption, Text } from '@telegram-apps/telegram-ui';
import { useAdminTranslation } from '../i18n';

export type ChartSeries = { key: string; label: string; color: string; values: number[] };

const HEIGHT = 168;
const MARGIN = { top: 10, right: 8, bottom: 22, left: 44 };

/** The smallest 1 / 2 / 5 × 10ⁿ at or above `value`: the top gridline and its half are round numbers. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((s) => s * power >= value) ?? 10;
  return step * power;
}

/**
 * The gridlines of a chart whose highest figure is `max`: 0, half and top. Counts (`isWhole`)
 * get whole ticks only (no "0.5 referrals"): a small top is 1, 2, 4, 6 or 10, and 1 has no half.
 */
export function chartTicks(max: number, isWhole = false): number[] {
  if (!isWhole) {
    const top = niceCeiling(max);
    return [0, top / 2, top];
  }
  const top = max <= 10 ? ([1, 2, 4, 6, 10].find((t) => t >= max) ?? 10) : niceCeiling(max);
  return top === 1 ? [0, 1] : [0, top / 2, top];
}

/**
 * How the lines of a line chart are told apart beyond colour: the first is wide and solid and is
 * drawn first, the next narrower and dashed on top of it, so where two series share a value both
 * stay visible (the dashes let the wide line show through). The legend shows the same strokes.
 */
const LINE_STYLES = [
  { width: 3.5, dash: undefined, marker: 3.5 },
  { width: 2, dash: '6 4', marker: 2 },
  { width: 1.5, dash: '2 3', marker: 1.5 },
] as const;
const lineStyle = (index: number) => LINE_STYLES[Math.min(index, LINE_STYLES.length - 1)]!;

/** The SVG's width follows its box (390 px phone to desktop), so text is never stretched. */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(600);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(200, Math.floor(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * One chart of the dashboard: lines, or bars stacked by series, per UTC day. Light by design (a
 * few dozen SVG elements, no library), coloured by theme variables, and readable without sight:
 * the SVG is an image with a title and a summary, and the same figures are a table below it.
 */
export function DashboardChart({
  title,
  kind,
  days,
  series,
  tableSeries = series,
  formatNumber,
  formatDay,
  testId,
  isWhole = false,
}: {
  title: string;
  kind: 'line' | 'bar';
  days: string[];
  series: ChartSeries[];
  /** The table's columns, when they differ from what is drawn (e.g. negative ledger types). */
  tableSeries?: ChartSeries[];
  formatNumber: (value: number, compact?: boolean) => string;
  formatDay: (day: string) => string;
  testId: string;
  /** The figures are counts: the axis shows whole numbers only. */
  isWhole?: boolean;
}) {
  const { t } = useAdminTranslation();
  const id = useId();
  const [boxRef, width] = useWidth<HTMLDivElement>();
  const innerWidth = width - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const n = days.length;

  const heights = days.map((_, i) =>
    kind === 'bar'
      ? series.reduce((sum, s) => sum + Math.max(0, s.values[i] ?? 0), 0)
      : Math.max(0, ...series.map((s) => s.values[i] ?? 0)),
  );
  const ticks = chartTicks(Math.max(0, ...heights), isWhole);
  const top = ticks.at(-1)!;
  const y = (value: number) => MARGIN.top + innerHeight - (Math.max(0, value) / top) * innerHeight;
  const band = innerWidth / Math.max(1, n);
  const x = (i: number) => MARGIN.left + band * i + band / 2;
  const barWidth = Math.max(1, band * 0.7);

  const summary = tableSeries
    .map((s) => {
      let at = 0;
      s.values.forEach((v, i) => {
        if (v > (s.values[at] ?? 0)) at = i;
      });
      return t('dashboard.seriesSummary', {
        series: s.label,
        total: formatNumber(s.values.reduce((a, b) => a + b, 0)),
        max: formatNumber(s.values[at] ?? 0),
        maxDay: formatDay(days[at] ?? ''),
      });
    })
    .join(' ');
  const description = `${t('dashboard.range', { from: formatDay(days[0] ?? ''), to: formatDay(days.at(-1) ?? '') })} ${summary}`;
  const xTicks = n > 2 ? [0, Math.floor((n - 1) / 2), n - 1] : [...days.keys()];

  return (
    <figure className="zv-admin-card zv-dash-chart" data-testid={testId}>
      <figcaption>
        <Text weight="2" id={`${id}-title`}>
          {title}
        </Text>
      </figcaption>
      {series.length > 1 && (
        <ul className="zv-dash-legend">
          {series.map((s, index) => (
            <li key={s.key} data-series={s.key}>
              {kind === 'line' ? (
                <svg className="zv-dash-swatch-line" width="22" height="10" aria-hidden="true">
                  <line
                    x1="1"
                    x2="21"
                    y1="5"
                    y2="5"
                    style={{ stroke: s.color }}
                    strokeWidth={lineStyle(index).width}
                    strokeDasharray={lineStyle(index).dash}
                  />
                </svg>
              ) : (
                <span className="zv-dash-swatch" style={{ background: s.color }} aria-hidden="true" />
              )}
              <Caption level="1">{s.label}</Caption>
            </li>
          ))}
        </ul>
      )}
      <div ref={boxRef} className="zv-dash-chart__box">
        <svg
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          aria-labelledby={`${id}-svg-title ${id}-desc`}
        >
          <title id={`${id}-svg-title`}>{title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          {ticks.map((tick) => (
            <g key={tick} className="zv-dash-axis">
              <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} />
              <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
                {formatNumber(tick, true)}
              </text>
            </g>
          ))}
          {xTicks.map((i) => (
            <text
              key={i}
              className="zv-dash-axis"
              x={x(i)}
              y={HEIGHT - 6}
              textAnchor={i === 0 && n > 1 ? 'start' : i === n - 1 && n > 1 ? 'end' : 'middle'}
            >
              {formatDay(days[i] ?? '')}
            </text>
          ))}
          {kind === 'bar'
            ? days.map((day, i) => {
                let base = 0;
                return (
                  <g key={day}>
                    {series.map((s) => {
                      const value = Math.max(0, s.values[i] ?? 0);
                      if (value === 0) return null;
                      const rect = (
                        <rect
                          key={s.key}
                          x={x(i) - barWidth / 2}
                          y={y(base + value)}
                          width={barWidth}
                          height={Math.max(1, y(base) - y(base + value))}
                          style={{ fill: s.color }}
                        >
                          <title>{`${formatDay(day)} · ${s.label}: ${formatNumber(s.values[i] ?? 0)}`}</title>
                        </rect>
                      );
                      base += value;
                      return rect;
                    })}
                  </g>
                );
              })
            : series.map((s, index) => (
                <g key={s.key} data-series={s.key}>
                  <polyline
                    points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
                    fill="none"
                    style={{ stroke: s.color }}
                    strokeWidth={lineStyle(index).width}
                    strokeDasharray={lineStyle(index).dash}
                    strokeLinejoin="round"
                  />
                  {n <= 31 &&
                    s.values.map((v, i) => (
                      <circle key={days[i]} cx={x(i)} cy={y(v)} r={lineStyle(index).marker} style={{ fill: s.color }}>
                        <title>{`${formatDay(days[i] ?? '')} · ${s.label}: ${formatNumber(v)}`}</title>
                      </circle>
                    ))}
                </g>
              ))}
        </svg>
      </div>
      <details className="zv-dash-table">
        <summary>
          <Caption level="1">{t('dashboard.showTable')}</Caption>
        </summary>
        {/* Scrolls when long (90 days): focusable, so the keyboard can scroll it too. */}
        <div className="zv-dash-table__scroll" role="region" aria-label={title} tabIndex={0}>
          <table data-testid={`${testId}-table`}>
            <caption className="zv-dash-sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.day')}</th>
                {tableSeries.map((s) => (
                  <th scope="col" key={s.key}>
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, i) => (
                <tr key={day} data-day={day}>
                  <th scope="row">{formatDay(day)}</th>
                  {tableSeries.map((s) => (
                    <td key={s.key} data-series={s.key}>
                      {formatNumber(s.values[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
