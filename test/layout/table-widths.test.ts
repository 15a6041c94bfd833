import { describe, expect, it } from 'vitest';
import { autoColumnWidths, fixedColumnWidths } from '../../src/layout/modes/table-widths.js';
import { layoutSnippet } from './geometry.js';

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

describe('specified column widths in automatic layout', () => {
  // Word's export: four cells whose widths plus padding add up to more than the text column.
  const word = [
    { col: 0, colspan: 1, min: 60, max: 150, fixed: 159 },
    { col: 1, colspan: 1, min: 30, max: 50, fixed: 105 },
    { col: 2, colspan: 1, min: 30, max: 50, fixed: 105 },
    { col: 3, colspan: 1, min: 30, max: 50, fixed: 141 },
  ];

  it('keeps every specified width when they fit', () => {
    expect(autoColumnWidths(4, word, 600, undefined)).toEqual([159, 105, 105, 141]);
  });

  it('shrinks specified widths towards the content minimum instead of overflowing', () => {
    const w = autoColumnWidths(4, word, 468, undefined);
    expect(sum(w)).toBeCloseTo(468);
    // Each gives up in proportion to what it has above its minimum.
    expect((159 - w[0]) / (159 - 60)).toBeCloseTo((105 - w[1]) / (105 - 30));
    expect(autoColumnWidths(4, word, 0, undefined)).toEqual([60, 30, 30, 30]);
  });

  it('takes the room from auto columns before sized ones', () => {
    const cells = [
      { col: 0, colspan: 1, min: 20, max: 300 },
      { col: 1, colspan: 1, min: 20, max: 40, fixed: 200 },
    ];
    expect(autoColumnWidths(2, cells, 300, undefined)).toEqual([100, 200]);
    const tight = autoColumnWidths(2, cells, 150, undefined);
    expect(tight[0]).toBe(20);
    expect(tight[1]).toBeCloseTo(130);
  });
});

describe('fixed table layout', () => {
  it('uses the first row and shares what is left', () => {
    const w = fixedColumnWidths(3, [{ col: 0, colspan: 1, min: 0, max: 0, fixed: 100 }], 400);
    expect(w).toEqual([100, 150, 150]);
  });
});

describe('tables with specified cell widths on the page', () => {
  it('fits cells whose widths plus padding exceed the line into it, as browsers do', async () => {
    const cell = (id: string) =>
      `<td id=${id} width=200 style="width: 150px; padding: 0 10px">x</td>`;
    const r = await layoutSnippet(
      `<table id=t border=1 cellspacing=0 cellpadding=0 style="border-collapse: collapse"><tr>${cell('a')}${cell('b')}${cell('c')}</tr></table>`,
      '@page { size: 400px 300px; margin: 0 } body { margin: 0 }',
    );
    const [t] = r.box('t');
    expect(t.x).toBe(0);
    expect(t.width).toBeCloseTo(400, 0);
    const [a] = r.box('a');
    const [c] = r.box('c');
    expect(Math.abs(a.width - c.width)).toBeLessThan(2);
    expect(c.x + c.width).toBeLessThanOrEqual(400.5);
  });
});

describe('tables inside centring elements', () => {
  it('centres a table in <center> or a div with align=center, unless the author says otherwise', async () => {
    const t = (id: string, style = '') =>
      `<table id=${id} cellspacing=0 style="width: 100px${style}"><tr><td>x</td></tr></table>`;
    const r = await layoutSnippet(
      `<center>${t('a')}</center><div align=center>${t('b')}</div>` +
        `<center>${t('d', '; margin-left: 0')}</center>`,
      '@page { size: 400px 300px; margin: 0 } body { margin: 0 }',
    );
    expect(r.box('a')[0].x).toBe(150);
    expect(r.box('b')[0].x).toBe(150);
    expect(r.box('d')[0].x).toBe(0);
  });
});
