import { describe, expect, it } from 'vitest';
import { chartTicks, niceCeiling } from './dashboard-chart';

describe('niceCeiling (the top gridline of a dashboard chart)', () => {
  it.each([
    [0, 1],
    [-3, 1],
    [0.3, 0.5],
    [1, 1],
    [1.01, 2],
    [2.25, 5],
    [7, 10],
    [10, 10],
    [101_239.5, 200_000],
    [430, 500],
  ])('%s -> %s', (value, top) => {
    expect(niceCeiling(value)).toBeCloseTo(top, 10);
  });
});

describe('chartTicks (the gridlines of a dashboard chart)', () => {
  it.each([
    [0, [0, 1]],
    [1, [0, 1]],
    [2, [0, 1, 2]],
    [3, [0, 2, 4]],
    [5, [0, 3, 6]],
    [7, [0, 5, 10]],
    [11, [0, 10, 20]],
    [430, [0, 250, 500]],
  ])('a count whose highest day is %s has whole ticks %j', (max, ticks) => {
    expect(chartTicks(max, true)).toEqual(ticks);
  });

  it('never shows a fraction on a count axis', () => {
    for (let max = 0; max <= 2_000; max++)
      for (const tick of chartTicks(max, true)) expect(Number.isInteger(tick)).toBe(true);
  });

  it('keeps halves for amounts (ZP and SEB are not counts)', () => {
    expect(chartTicks(1)).toEqual([0, 0.5, 1]);
    expect(chartTicks(2.25)).toEqual([0, 2.5, 5]);
  });
});
