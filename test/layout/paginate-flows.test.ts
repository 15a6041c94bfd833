/**
 * Floats that run down the pages beside the main flow, and pages of another width, as the
 * paginator's mutation run found them untested after paginate-decisions.test.ts: which flow's
 * window a page shows, a page one flow made and another reaches, a float ending after the
 * flow's last page, and when content is taken from the layout at another width (and at which
 * left edge that layout is made). Every page body is 100 pt high at y 50 unless a test says
 * otherwise.
 */
import { describe, expect, it } from 'vitest';
import type { BoxFragment, Fragment } from '../../src/layout/paginate/fragments.js';
import { FlowLayouts } from '../../src/layout/paginate/flow-layouts.js';
import {
  paginate,
  type PageBody,
  type PageRequest,
  type PaginatedPage,
} from '../../src/layout/paginate/paginator.js';
import { box, leaf, leaves, slotsPerPage, yOf } from './fragments.js';

const body: PageBody = { top: 50, height: 100 };
const bodies = () => body;
const sorted = (slots: number[]) => [...slots].sort((a, b) => a - b);

/** Left edge of the first rectangle drawn on a page. */
function firstX(page: PaginatedPage): number | undefined {
  const item = page.items.find((i) => i.kind === 'path');
  return item?.kind === 'path' && item.ops[0].op === 'rect' ? item.ops[0].x : undefined;
}

/** Layouts whose other widths come from `other`, recording each width and left edge asked. */
function layoutsOf(first: Fragment, other: () => Fragment) {
  const made: [number, number][] = [];
  const layouts = new FlowLayouts({ root: first, width: 100, originX: 0 }, (w, x) => {
    made.push([w, x]);
    return { root: other() };
  });
  return { layouts, made };
}

describe('floats taller than a page', () => {
  it('leave each page the window of the main flow, not the one of the float', () => {
    // The float's 20 pt pieces break at 90, the 10 pt lines beside it at 100.
    const float = box(leaves(70, 8, 50, 20), { float: { anchor: 70 } });
    const pages = paginate(box([leaf(0, 70, 1), float, ...leaves(70, 5, 2)]), bodies);
    expect(slotsPerPage(pages).map(sorted)).toEqual([
      [1, 2, 3, 4, 50],
      [5, 6, 51, 52, 53, 54, 55],
      [56, 57],
    ]);
    expect(pages.map((p) => p.flowTop)).toEqual([0, 100, 190]);
    expect(yOf(pages, 1, 5)).toBe(50);
    expect(yOf(pages, 1, 51)).toBe(50);
    expect(yOf(pages, 2, 57)).toBe(70);
  });

  it('are drawn whole when they end the document below the last of the flow', () => {
    const float = box(leaves(70, 8, 50, 20), { float: { anchor: 70 } });
    const pages = paginate(box([leaf(0, 70, 1), box([float])]), bodies);
    expect(slotsPerPage(pages)).toEqual([
      [1, 50],
      [51, 52, 53, 54, 55],
      [56, 57],
    ]);
    expect(pages[2].contentBottom).toBe(90);
  });

  it('leave a blank page of their own right break to the flow beside them', () => {
    const requests: PageRequest[] = [];
    const float = box([leaf(70, 20, 50), box(leaves(90, 10, 60), { breakBefore: 'right' })], {
      float: { anchor: 70 },
    });
    const pages = paginate(box([leaf(0, 70, 1), float, ...leaves(70, 5, 2)]), (r) => {
      requests.push(r);
      return r.blank ? { top: 0, height: 100 } : body;
    });
    // The float goes on at the right page 3; the lines beside it fill page 2, which is then
    // no longer blank and is asked for again as a page with content.
    expect(slotsPerPage(pages).map(sorted)).toEqual([
      [1, 2, 3, 4, 50],
      [5, 6],
      [60, 61, 62, 63, 64, 65, 66, 67, 68, 69],
    ]);
    expect(pages.map((p) => p.blank)).toEqual([false, false, false]);
    expect(requests).toContainEqual({ index: 1, name: '', blank: false });
    expect(yOf(pages, 1, 5)).toBe(50);
  });

  it('keep the layout they started in on pages of another width', () => {
    const doc = (slot: number) =>
      box(
        [
          leaf(0, 70, slot),
          box(
            [
              box(leaves(70, 3, slot + 50), { flowKey: 6 }),
              box(leaves(100, 12, slot + 60), { flowKey: 7 }),
            ],
            { float: { anchor: 70 }, flowKey: 5 },
          ),
          leaf(70, 10, slot + 1),
          leaf(80, 10, slot + 2),
          leaf(220, 10, slot + 3),
        ],
        { flowKey: 1 },
      );
    const { layouts, made } = layoutsOf(doc(0), () => doc(100));
    const pages = paginate(
      layouts.first.root,
      ({ index }) => ({ ...body, left: 0, width: index === 0 ? 100 : 200 }),
      { layouts },
    );
    expect(made).toEqual([]);
    expect(slotsPerPage(pages).map(sorted)).toEqual([
      [0, 1, 2, 50, 51, 52],
      [60, 61, 62, 63, 64, 65, 66, 67, 68, 69],
      [3, 70, 71],
    ]);
  });
});

describe('pages of another width', () => {
  const wide = { top: 50, height: 100, left: 20, width: 200 };
  const narrow = { top: 50, height: 100, left: 0, width: 100 };
  const byName = ({ name }: PageRequest) => (name === 'wide' ? wide : narrow);

  /** A first box, then a second one at `top` (a forced break to a `wide` page before it). */
  const doc = (slot: number, top: number, second: Partial<BoxFragment> = {}, rootKey = 1) =>
    box(
      [
        box([leaf(0, top, slot)], { flowKey: 2 }),
        box([leaf(top, 10, slot + 1)], {
          flowKey: 3,
          breakBefore: 'page',
          pageName: 'wide',
          marginTop: 8,
          ...second,
        }),
      ],
      { flowKey: rootKey },
    );

  it('are laid out at their left edge, and keep the margin kept at a forced break', () => {
    // At the wide page's width the second box stands lower (at 30): the page starts 8 above it.
    const { layouts, made } = layoutsOf(doc(1, 10), () => doc(11, 30));
    const pages = paginate(layouts.first.root, byName, { layouts });
    expect(made).toEqual([[200, 20]]);
    expect(slotsPerPage(pages)).toEqual([[1], [12]]);
    expect(pages[1].flowTop).toBe(22);
    expect(yOf(pages, 1, 12)).toBe(58);
    // Laid out at the page's left edge, the content needs no shift there.
    expect(pages[1].dx).toBe(0);
    expect(firstX(pages[1])).toBe(0);
  });

  it('are made at the left edge of the page an unforced break moves a box to', () => {
    const unforced = (slot: number) => doc(slot, 95, { breakBefore: 'auto', pageName: undefined });
    const { layouts, made } = layoutsOf(unforced(1), () => unforced(11));
    const pages = paginate(layouts.first.root, ({ index }) => (index === 0 ? narrow : wide), {
      layouts,
    });
    expect(made).toEqual([[200, 20]]);
    expect(slotsPerPage(pages)).toEqual([[1], [12]]);
  });

  it('keep the first layout, shifted, for a box that has no counterpart there', () => {
    const missing = box([box([leaf(0, 10, 11)], { flowKey: 2 })], { flowKey: 1 });
    const { layouts, made } = layoutsOf(doc(1, 10), () => missing);
    const pages = paginate(layouts.first.root, byName, { layouts });
    expect(made).toEqual([[200, 20]]);
    expect(slotsPerPage(pages)).toEqual([[1], [2]]);
    expect(pages[1].dx).toBe(20);
    expect(firstX(pages[1])).toBe(20);
  });

  it('keep the first layout when a box around it has no counterpart there', () => {
    // The second box sits in a box (key 4) that the other layout does not have.
    const nested = (slot: number, middleKey: number) =>
      box(
        [
          box([leaf(0, 10, slot)], { flowKey: 2 }),
          box(
            [box([leaf(10, 10, slot + 1)], { flowKey: 3, breakBefore: 'page', pageName: 'wide' })],
            {
              flowKey: middleKey,
            },
          ),
        ],
        { flowKey: 1 },
      );
    const { layouts } = layoutsOf(nested(1, 4), () => nested(11, 5));
    const pages = paginate(layouts.first.root, byName, { layouts });
    expect(slotsPerPage(pages)).toEqual([[1], [2]]);
    expect(firstX(pages[1])).toBe(20);
  });

  it('are not laid out again for a box without a key, nor for pages of no stated width', () => {
    const unkeyed = box(
      [box([leaf(0, 10, 1)], { flowKey: 2 }), box([leaf(10, 10, 2)], { breakBefore: 'page' })],
      { flowKey: 1 },
    );
    const first = layoutsOf(unkeyed, () => unkeyed);
    const pages = paginate(unkeyed, ({ index }) => (index === 0 ? narrow : wide), {
      layouts: first.layouts,
    });
    expect(first.made).toEqual([]);
    expect(slotsPerPage(pages)).toEqual([[1], [2]]);
    // Pages with no width nor left edge: a forced and an unforced break, and nothing shifted.
    const both = box(
      [doc(1, 10, { pageName: undefined }), box([leaf(20, 90, 3)], { flowKey: 8 })],
      {
        flowKey: 9,
      },
    );
    const second = layoutsOf(both, () => both);
    const plain = paginate(both, bodies, { layouts: second.layouts });
    expect(second.made).toEqual([]);
    expect(slotsPerPage(plain)).toEqual([[1], [2], [3]]);
    expect(plain.map((p) => p.dx)).toEqual([0, 0, 0]);
  });

  it('keep the layout of a page that starts inside a box for the boxes after it there', () => {
    const doc = (slot: number) =>
      box(
        [box(leaves(0, 15, slot), { flowKey: 2 }), box([leaf(150, 10, slot + 20)], { flowKey: 3 })],
        { flowKey: 1 },
      );
    const { layouts, made } = layoutsOf(doc(1), () => doc(101));
    const pages = paginate(layouts.first.root, ({ index }) => (index === 0 ? narrow : wide), {
      layouts,
    });
    expect(made).toEqual([]);
    expect(slotsPerPage(pages)[1]).toEqual([11, 12, 13, 14, 15, 21]);
  });

  it('shift nothing when there is no other layout, whatever the left edge', () => {
    const pages = paginate(box(leaves(0, 15, 1)), () => wide);
    expect(pages.map((p) => p.dx)).toEqual([0, 0]);
    expect(firstX(pages[1])).toBe(0);
  });
});
