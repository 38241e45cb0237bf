import { describe, expect, it } from 'vitest';
import { niceCeiling } from './dashboard-chart';

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
