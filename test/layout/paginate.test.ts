import { describe, expect, it } from 'vitest';
import type { DisplayItem } from '../../src/document/index.js';
import type { BoxFragment, Fragment, LeafFragment } from '../../src/layout/paginate/fragments.js';
import { paginate } from '../../src/layout/paginate/paginator.js';

/** A line-like leaf that draws one rectangle tagged with `slot`, so we can see where it went. */
function leaf(
  top: number,
  h: number,
  slot: number,
  extra: Partial<LeafFragment> = {},
): LeafFragment {
  const item: DisplayItem = {
    kind: 'path',
    ops: [{ op: 'rect', x: 0, y: top, width: 10, height: h }],
    fill: { r: 0, g: 0, b: 0, a: 1 },
    tag: { kind: 'content', slot },
  };
  return { kind: 'leaf', top, bottom: top + h, items: [item], ...extra };
}

function box(children: Fragment[], extra: Partial<BoxFragment> = {}): BoxFragment {
  const top = Math.min(...children.map((c) => c.top));
  const bottom = Math.max(...children.map((c) => c.bottom));
  return { kind: 'box', top, bottom, children, ...extra };
}

function slotsPerPage(pages: ReturnType<typeof paginate>): number[][] {
  const collect = (items: readonly DisplayItem[], out: number[]): void => {
    for (const it of items) {
      if (it.kind === 'group') collect(it.items, out);
      else if (it.kind !== 'link' && it.tag.kind === 'content') out.push(it.tag.slot);
    }
  };
  return pages.map((p) => {
    const out: number[] = [];
    collect(p.items, out);
    return out;
  });
}

function yOf(pages: ReturnType<typeof paginate>, page: number, slot: number): number {
  const it = pages[page].items.find(
    (i) => i.kind === 'path' && i.tag.kind === 'content' && i.tag.slot === slot,
  );
  if (!it || it.kind !== 'path') throw new Error('not found');
  const op = it.ops[0];
  if (op.op !== 'rect') throw new Error('not a rect');
  return op.y;
}

const body = { top: 50, height: 100 };

describe('paginate', () => {
  it('packs leaves into pages and maps flow y to the body area', () => {
    const kids = Array.from({ length: 25 }, (_, i) => leaf(i * 10, 10, i + 1));
    const pages = paginate(box(kids), () => body);
    expect(pages).toHaveLength(3);
    expect(slotsPerPage(pages).map((s) => s.length)).toEqual([10, 10, 5]);
    expect(yOf(pages, 0, 1)).toBe(50);
    expect(yOf(pages, 1, 11)).toBe(50);
    expect(yOf(pages, 2, 25)).toBe(90);
  });

  it('forces a page break before a box with break-before: page', () => {
    const a = box([leaf(0, 10, 1)]);
    const b = box([leaf(10, 10, 2)], { breakBefore: 'page' });
    const pages = paginate(box([a, b]), () => body);
    expect(slotsPerPage(pages)).toEqual([[1], [2]]);
    expect(yOf(pages, 1, 2)).toBe(50);
  });

  it('inserts a blank page so that break-before: right lands on a right page', () => {
    const a = box([leaf(0, 10, 1)]);
    const b = box([leaf(10, 10, 2)], { breakBefore: 'right' });
    const c = box([leaf(20, 10, 3)], { breakBefore: 'left' });
    const pages = paginate(box([a, b, c]), () => body);
    expect(slotsPerPage(pages)).toEqual([[1], [], [2], [3]]);
  });

  it('moves a break-inside: avoid box that does not fit to the next page', () => {
    const a = box([leaf(0, 60, 1)]);
    const b = box([leaf(60, 30, 2), leaf(90, 30, 3)], { breakInside: 'avoid' });
    const pages = paginate(box([a, b]), () => body);
    expect(slotsPerPage(pages)).toEqual([[1], [2, 3]]);
  });

  it('keeps a heading with the first line after it', () => {
    const para = box(Array.from({ length: 9 }, (_, i) => leaf(i * 10, 10, i + 1)));
    const heading = box([leaf(90, 10, 100)], { keepWithNext: true });
    const next = box([leaf(100, 10, 200)]);
    const pages = paginate(box([para, heading, next]), () => body);
    expect(slotsPerPage(pages)[1]).toEqual([100, 200]);
  });

  it('honours widows: at least two lines move to the next page', () => {
    const first = box(Array.from({ length: 5 }, (_, i) => leaf(i * 10, 10, i + 1)));
    const lines = Array.from({ length: 6 }, (_, i) => leaf(50 + i * 10, 10, 10 + i));
    const para = box(lines, { lines: { orphans: 2, widows: 2 } });
    const pages = paginate(box([first, para]), () => body);
    // 5 of the 6 lines would fit; widows pulls one more over.
    expect(slotsPerPage(pages)).toEqual([
      [1, 2, 3, 4, 5, 10, 11, 12, 13],
      [14, 15],
    ]);
  });

  it('honours orphans: a paragraph that would leave one line behind moves whole', () => {
    const first = box(Array.from({ length: 9 }, (_, i) => leaf(i * 10, 10, i + 1)));
    const para = box([leaf(90, 10, 20), leaf(100, 10, 21), leaf(110, 10, 22)], {
      lines: { orphans: 2, widows: 2 },
    });
    const pages = paginate(box([first, para]), () => body);
    expect(slotsPerPage(pages)[1]).toEqual([20, 21, 22]);
  });

  it('repeats a table header as an artifact on continuation pages', () => {
    const head = leaf(0, 20, 1, { keepWithNext: true });
    const rows = Array.from({ length: 12 }, (_, i) => leaf(20 + i * 10, 10, 10 + i));
    const table = box([head, ...rows], { repeat: head });
    const pages = paginate(table, () => body);
    expect(pages).toHaveLength(2);
    // Page 2 starts with the header copy, then the rows that did not fit.
    const p2 = pages[1].items;
    const first = p2[0];
    expect(
      first.kind === 'path' && first.tag.kind === 'artifact' && first.tag.type === 'Pagination',
    ).toBe(true);
    expect(yOf(pages, 1, 18)).toBe(70);
    // Content slots are never duplicated.
    const all = slotsPerPage(pages).flat();
    expect(new Set(all).size).toBe(all.length);
  });

  it('slices a box decoration across pages without the cut edges', () => {
    const slices: { top: number; bottom: number; above: boolean; below: boolean }[] = [];
    const kids = Array.from({ length: 15 }, (_, i) => leaf(i * 10, 10, i + 1));
    const b = box(kids, {
      decorate: (s) => {
        slices.push({
          top: s.top,
          bottom: s.bottom,
          above: s.continuedAbove,
          below: s.continuedBelow,
        });
        return [];
      },
    });
    paginate(b, () => body);
    expect(slices).toEqual([
      { top: 50, bottom: 150, above: false, below: true },
      { top: 50, bottom: 100, above: true, below: false },
    ]);
  });

  it('is linear: 20,000 leaves paginate quickly into 2,000 pages', () => {
    const kids = Array.from({ length: 20_000 }, (_, i) => leaf(i * 10, 10, i + 1));
    const pages = paginate(box([box(kids)]), () => body);
    expect(pages).toHaveLength(2000);
  });
});
