/**
 * What the paginator's column sets rely on, unit by unit: where column j sits, what of the
 * content lies below the start of a set, the balanced height search and the column rules.
 * The column sets as a whole are laid out in test/layout/multicol.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem } from '../../src/document/index.js';
import { pathBounds } from '../../src/document/index.js';
import {
  balancedHeight,
  columnOffset,
  contentBelow,
  contentOf,
  ruleItems,
} from '../../src/layout/paginate/columns.js';
import type {
  BoxFragment,
  ColumnSpec,
  Fragment,
  LeafFragment,
} from '../../src/layout/paginate/fragments.js';

const leaf = (top: number, bottom: number): LeafFragment => ({
  kind: 'leaf',
  top,
  bottom,
  items: [],
});
const box = (children: Fragment[], extra: Partial<BoxFragment> = {}): BoxFragment => ({
  kind: 'box',
  top: Math.min(...children.map((c) => c.top)),
  bottom: Math.max(...children.map((c) => c.bottom)),
  children,
  ...extra,
});
const spec = (extra: Partial<ColumnSpec> = {}): ColumnSpec => ({
  count: 3,
  x: 0,
  width: 100,
  gap: 20,
  rtl: false,
  fill: 'balance',
  content: [],
  ...extra,
});

describe('column places', () => {
  it('puts column j at j widths and gaps from the first, from the right in rtl content', () => {
    expect([0, 1, 2].map((j) => columnOffset(spec(), j))).toEqual([0, 120, 240]);
    expect([0, 1, 2].map((j) => columnOffset(spec({ rtl: true }), j))).toEqual([240, 120, 0]);
  });
});

describe('the content of a set', () => {
  it('is the run content from the run top to its lowest fragment, or nothing', () => {
    const run = box([leaf(10, 20)]);
    expect(contentOf(run, spec())).toBeUndefined();
    const c = contentOf(run, spec({ content: [leaf(12, 30), leaf(30, 25)] }));
    expect([c?.kind, c?.top, c?.bottom, c?.children.length]).toEqual(['box', 10, 30, 2]);
    expect(contentOf(box([leaf(40, 50)]), spec({ content: [leaf(0, 5)] }))?.bottom).toBe(40);
  });

  it('below a y keeps what starts there, and cuts the boxes that straddle it', () => {
    const inner = box([leaf(0, 10), leaf(10, 20), leaf(20, 30)]);
    const content = box([leaf(-10, 0), inner, leaf(30, 40)]);
    const cut = contentBelow(content, 10);
    const tops = (f: Fragment | undefined): unknown =>
      f === undefined ? undefined : f.kind === 'leaf' ? f.top : f.children.map(tops);
    expect(tops(cut)).toEqual([[10, 20], 30]);
    // A fragment starting within the tolerance above y counts as starting at y.
    expect(tops(contentBelow(content, 10.005))).toEqual([[10, 20], 30]);
    expect(contentBelow(content, 40)).toBeUndefined();
    expect(contentBelow(box([leaf(0, 10)]), 10)).toBeUndefined();
    expect(contentBelow(content, -10)).toBe(content);
    // A line that straddles y cannot be cut: it belongs to the part above.
    expect(contentBelow(box([leaf(0, 10)]), 5)).toBeUndefined();
    expect(tops(contentBelow(box([leaf(0, 10), leaf(10, 20)]), 5))).toEqual([10]);
    // A box that straddles y with everything in it above y leaves nothing.
    expect(contentBelow(box([box([leaf(0, 4)], { bottom: 10 })]), 5)).toBeUndefined();
  });

  it('cannot cut nested columns or a repeated header that straddle y', () => {
    const nested = box([leaf(0, 10), leaf(10, 20)], { columns: spec() });
    expect(contentBelow(box([nested]), 5)).toBeUndefined();
    expect(contentBelow(box([nested, leaf(20, 30)]), 5)).toBeUndefined();
    const table = box([leaf(0, 10), leaf(10, 20)], { repeat: leaf(0, 2) });
    expect(contentBelow(box([table]), 5)).toBeUndefined();
    // Below them they are whole, and above them nothing is cut.
    expect(contentBelow(box([leaf(-5, 0), nested]), 0)?.children).toEqual([nested]);
    expect(contentBelow(box([nested, leaf(20, 30)]), 20)?.children.length).toBe(1);
  });
});

describe('the balanced height', () => {
  const above = (t: number) => {
    const asked: number[] = [];
    return { fits: (h: number) => (asked.push(h), h >= t), asked };
  };
  it('is the least height the content fits, to a quarter point', () => {
    for (const share of [0, 10, 37.3, 60]) {
      const { fits } = above(37.3);
      const h = balancedHeight(100, fits, share);
      expect(h).toBeGreaterThanOrEqual(37.3);
      expect(h).toBeLessThanOrEqual(37.3 + 0.25);
    }
  });
  it('is the whole height when the content does not fit it, or when it is tiny', () => {
    expect(balancedHeight(100, above(200).fits)).toBe(100);
    const tiny = above(0);
    expect(balancedHeight(0.25, tiny.fits)).toBe(0.25);
    expect(tiny.asked).toEqual([]);
  });
  it('widens from the share in doubling steps, so a tall content needs few probes', () => {
    const { fits, asked } = above(5_000);
    const h = balancedHeight(100_000, fits, 4_990);
    expect(h).toBeGreaterThanOrEqual(5_000);
    expect(h).toBeLessThanOrEqual(5_000.25);
    expect(asked.slice(0, 3)).toEqual([100_000, 4_990, 4_998]);
    expect(asked.length).toBeLessThan(12);
  });
  it('never probes above the cap, nor a height twice', () => {
    for (const [cap, t, share] of [
      [100, 95, 60],
      [100, 99.9, 60],
      [84, 80, 60],
      [100, 30, 20],
    ]) {
      const { fits, asked } = above(t);
      const h = balancedHeight(cap, fits, share);
      expect(h).toBeGreaterThanOrEqual(t);
      expect(Math.max(...asked)).toBe(cap);
      expect(new Set(asked).size).toBe(asked.length);
    }
  });
  it('does not start from a share it cannot use', () => {
    for (const share of [0.2, 0.25, 100, 150]) {
      const { fits, asked } = above(30);
      balancedHeight(100, fits, share);
      expect(asked[1]).toBe(50);
    }
  });
});

describe('column rules', () => {
  const rule = { width: 2, style: 'solid', color: { r: 1, g: 0, b: 0, a: 1 } };
  const bounds = (items: DisplayItem[]): number[][] =>
    items.map((it) => {
      if (it.kind !== 'path') throw new Error(`a ${it.kind}, not a path`);
      return pathBounds(it.ops) ?? [];
    });
  it('stands in the middle of each gap between filled columns, as tall as the set', () => {
    expect(bounds(ruleItems(spec({ rule }), 10, 50, 40, [true, true, true]))).toEqual([
      [119, 50, 121, 90],
      [239, 50, 241, 90],
    ]);
    // From the right: columns 0 and 1 stand at 240 and 120.
    expect(bounds(ruleItems(spec({ rule, rtl: true }), 10, 50, 40, [true, true]))).toEqual([
      [239, 50, 241, 90],
    ]);
  });
  it('is left out beside an empty column, and when it or the set has no size', () => {
    expect(bounds(ruleItems(spec({ rule }), 0, 0, 40, [true, false, true]))).toEqual([]);
    expect(bounds(ruleItems(spec({ rule }), 0, 0, 40, [false, true, true]))).toEqual([
      [229, 0, 231, 40],
    ]);
    expect(ruleItems(spec(), 0, 0, 40, [true, true])).toEqual([]);
    expect(ruleItems(spec({ rule: { ...rule, width: 0 } }), 0, 0, 40, [true, true])).toEqual([]);
    expect(ruleItems(spec({ rule }), 0, 0, 0, [true, true])).toEqual([]);
  });
});
