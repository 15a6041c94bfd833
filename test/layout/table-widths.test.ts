import { describe, expect, it } from 'vitest';
import { autoColumnWidths, fixedColumnWidths } from '../../src/layout/modes/table-widths.js';

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

describe('automatic table layout', () => {
  it('gives every column its maximum when the maxima fit', () => {
    const w = autoColumnWidths(
      2,
      [
        { col: 0, colspan: 1, min: 20, max: 50 },
        { col: 1, colspan: 1, min: 30, max: 80 },
      ],
      500,
      undefined,
    );
    expect(w).toEqual([50, 80]);
  });

  it('gives every column its minimum when even the minima do not fit', () => {
    const w = autoColumnWidths(
      2,
      [
        { col: 0, colspan: 1, min: 200, max: 500 },
        { col: 1, colspan: 1, min: 300, max: 800 },
      ],
      100,
      undefined,
    );
    expect(w).toEqual([200, 300]);
  });

  it('interpolates between min and max in proportion to the room to grow', () => {
    const w = autoColumnWidths(
      2,
      [
        { col: 0, colspan: 1, min: 10, max: 110 },
        { col: 1, colspan: 1, min: 10, max: 310 },
      ],
      220,
      undefined,
    );
    expect(sum(w)).toBeCloseTo(220);
    expect(w[0]).toBeCloseTo(10 + 100 * 0.5);
    expect(w[1]).toBeCloseTo(10 + 300 * 0.5);
  });

  it('spreads a spanning cell over the columns it covers', () => {
    const w = autoColumnWidths(
      2,
      [
        { col: 0, colspan: 1, min: 10, max: 10 },
        { col: 1, colspan: 1, min: 10, max: 10 },
        { col: 0, colspan: 2, min: 100, max: 100 },
      ],
      1000,
      undefined,
    );
    expect(sum(w)).toBeCloseTo(100);
  });

  it('stretches columns to a specified table width, honouring percentages', () => {
    const w = autoColumnWidths(
      3,
      [
        { col: 0, colspan: 1, min: 10, max: 20, percent: 50 },
        { col: 1, colspan: 1, min: 10, max: 20 },
        { col: 2, colspan: 1, min: 10, max: 60 },
      ],
      400,
      400,
    );
    expect(w[0]).toBeCloseTo(200);
    expect(sum(w)).toBeCloseTo(400);
    expect(w[2]).toBeGreaterThan(w[1]);
  });
});

describe('fixed table layout', () => {
  it('uses the first row and shares what is left', () => {
    const w = fixedColumnWidths(3, [{ col: 0, colspan: 1, min: 0, max: 0, fixed: 100 }], 400);
    expect(w).toEqual([100, 150, 150]);
  });
});
