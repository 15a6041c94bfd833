/**
 * The paginator's decisions that the break rules of paginate-rules.test.ts do not reach: margins
 * at breaks, room kept for table footers, cloned edges and footnotes, floats that move or run
 * down the pages beside the flow, page marks, blank pages, fixed content and measuring passes.
 * What is asserted is what a caller sees: which page each leaf lands on, where it stands there,
 * and the page's flow window. Every page body is 100 pt high at y 50 unless a test says
 * otherwise.
 */
import { describe, expect, it, vi } from 'vitest';
import type { DisplayItem } from '../../src/document/index.js';
import type { BoxFragment, FootnoteBody, PageMark } from '../../src/layout/paginate/fragments.js';
import {
  paginate,
  type PageBody,
  type PageRequest,
  type PaginatedPage,
} from '../../src/layout/paginate/paginator.js';
import type { PlacedBox } from '../../src/layout/options.js';
import { FlowLayouts } from '../../src/layout/paginate/flow-layouts.js';
import {
  box,
  columnRun,
  columnSet,
  leaf,
  leaves,
  notesPerPage,
  repeatsOn,
  slotsPerPage,
  yOf,
} from './fragments.js';

const body: PageBody = { top: 50, height: 100 };
const bodies = () => body;

/** A footnote body of `height` points; with `lines`, laid out as that many 10 pt lines. */
function note(height: number, extra: Partial<FootnoteBody> = {}): FootnoteBody {
  return { items: [], anchors: [], height, ...extra };
}

/** A footnote body that can be cut between its lines, `n` lines of `h` points each. */
function cuttableNote(n: number, h = 10): FootnoteBody {
  return note(n * h, { frag: box(leaves(0, n, 900, h)) });
}

/** A line that calls `bodies` as footnotes. */
function calling(top: number, slot: number, ...notes: FootnoteBody[]) {
  const marks: PageMark[] = notes.map((b) => ({ kind: 'footnote', body: b }));
  return leaf(top, 10, slot, { anchors: [{ id: '', y: top, marks }] });
}

const sorted = (slots: number[]) => [...slots].sort((a, b) => a - b);

describe('margins at a break', () => {
  it('are kept at the top of the page after a forced break', () => {
    const next = box([leaf(30, 10, 2)], { top: 30, breakBefore: 'page', marginTop: 8 });
    const pages = paginate(box([leaf(0, 10, 1), next]), bodies);
    expect(slotsPerPage(pages)).toEqual([[1], [2]]);
    expect(pages[1].flowTop).toBe(22);
    expect(yOf(pages, 1, 2)).toBe(58);
  });

  it('are dropped at the top of the page after an unforced break', () => {
    const next = box([leaf(95, 10, 2)], { top: 95, marginTop: 8 });
    const pages = paginate(box([leaf(0, 95, 1), next]), bodies);
    expect(slotsPerPage(pages)).toEqual([[1], [2]]);
    expect(pages[1].flowTop).toBe(95);
    expect(yOf(pages, 1, 2)).toBe(50);
  });

  it('are kept by the box that follows a break-after', () => {
    const first = box([leaf(0, 10, 1)], { breakAfter: 'page' });
    const second = box([leaf(30, 10, 2)], { top: 30, marginTop: 8 });
    const pages = paginate(box([first, second]), bodies);
    expect(slotsPerPage(pages)).toEqual([[1], [2]]);
    expect(pages[1].flowTop).toBe(22);
    expect(yOf(pages, 1, 2)).toBe(58);
  });

  it('are the outermost opening box margin when a nested box forces the break', () => {
    const inner = box([leaf(30, 10, 2)], { top: 25, breakBefore: 'page', marginTop: 3 });
    const outer = box([inner], { top: 20, marginTop: 6 });
    const pages = paginate(box([leaf(0, 10, 1), outer]), bodies);
    expect(pages[1].flowTop).toBe(14);
    expect(yOf(pages, 1, 2)).toBe(66);
  });

  it('apply only to the first box after a forced break, not to a later page', () => {
    const first = box([leaf(0, 10, 1)], { breakAfter: 'page' });
    const second = box([leaf(30, 10, 2)], { top: 30, marginTop: 8 });
    const third = box([leaf(200, 10, 3)], { top: 200, marginTop: 8 });
    const pages = paginate(box([first, second, box([leaf(40, 150, 4)]), third]), bodies);
    expect(slotsPerPage(pages)).toEqual([[1], [2], [4], [3]]);
    // The third box starts its page after an unforced break: its margin is truncated.
    expect(pages[3].flowTop).toBe(200);
  });
});

describe('break-before: avoid on the next box', () => {
  it('keeps the leaf before it on the page that box goes to', () => {
    const kept = leaf(90, 5, 100);
    const next = box([leaf(95, 10, 101)], { breakBefore: 'avoid' });
    const pages = paginate(box([...leaves(0, 9, 1), kept, next]), bodies);
    expect(slotsPerPage(pages)[1]).toEqual([100, 101]);
    expect(pages[1].flowTop).toBe(90);
  });

  it('moves a box before it whose next box would not fit the rest of the page', () => {
    const kept = box([leaf(80, 10, 100)]);
    const next = box([leaf(90, 15, 101)], { breakBefore: 'avoid' });
    const pages = paginate(box([box(leaves(0, 8, 1)), kept, next]), bodies);
    expect(slotsPerPage(pages)[1]).toEqual([100, 101]);
  });
});

describe('repeated table footers', () => {
  const table = (rows: number) => {
    const foot = leaf(rows * 10, 10, 99);
    return box([...leaves(0, rows, 10), foot], { repeatFooter: foot });
  };

  it('keep room below the rows of every page and are drawn right below the last row', () => {
    const pages = paginate(table(15), bodies);
    expect(slotsPerPage(pages)).toEqual([
      [10, 11, 12, 13, 14, 15, 16, 17, 18],
      [19, 20, 21, 22, 23, 24, 99],
    ]);
    // Page 1: nine rows to flow y 90 (page y 140), then the footer copy.
    expect(repeatsOn(pages[0])).toEqual([140]);
    expect(pages[0].contentBottom).toBe(150);
    // The table ends on page 2, where the footer itself is drawn: no copy there.
    expect(repeatsOn(pages[1])).toEqual([]);
    expect(pages[1].flowTop).toBe(90);
    expect(yOf(pages, 1, 99)).toBe(110);
  });

  it('take no room from the footer itself: one that just fits stays', () => {
    const pages = paginate(table(9), bodies);
    expect(slotsPerPage(pages)).toEqual([[10, 11, 12, 13, 14, 15, 16, 17, 18, 99]]);
    expect(repeatsOn(pages[0])).toEqual([]);
  });

  it('are drawn under a table that ends a page inside an outer box, not under one closed', () => {
    const pages = paginate(box([box([table(12)]), box(leaves(130, 10, 50))]), bodies);
    expect(repeatsOn(pages[0])).toEqual([140]);
    expect(repeatsOn(pages[1])).toEqual([]);
  });
});

describe('box-decoration-break: clone', () => {
  it('keeps room for the bottom edge and repeats the top edge on each page', () => {
    const cloned = box(leaves(5, 20, 1), {
      top: 0,
      bottom: 210,
      cloneInsets: { top: 5, bottom: 5 },
    });
    const pages = paginate(cloned, bodies);
    expect(slotsPerPage(pages).map((s) => s.length)).toEqual([9, 9, 2]);
    expect(pages.map((p) => p.flowTop)).toEqual([0, 90, 180]);
    // Each continuation starts below the repeated top edge.
    expect(yOf(pages, 1, 10)).toBe(55);
    expect(yOf(pages, 2, 19)).toBe(55);
  });

  it('gives the cut slices the room of the edges of the boxes around them', () => {
    const tops: number[] = [];
    const bottoms: number[] = [];
    const inner = box(leaves(10, 20, 1), {
      decorate: (s) => {
        tops.push(s.top);
        bottoms.push(s.bottom);
        return [];
      },
    });
    const outer = box([inner], { top: 5, bottom: 215, cloneInsets: { top: 5, bottom: 5 } });
    paginate(box([leaf(0, 5, 99), outer]), bodies);
    expect(tops).toEqual([60, 55, 55]);
    expect(bottoms).toEqual([145, 145, 85]);
  });
});

describe('footnotes', () => {
  it('move a line to the next page with its footnote, the area edges counted once', () => {
    const n = note(20);
    const lines = [...leaves(0, 7, 1), calling(70, 8, n), ...leaves(80, 12, 9)];
    const pages = paginate(box(lines), () => ({ ...body, footnoteInsets: 5 }));
    expect(slotsPerPage(pages)).toEqual([
      [1, 2, 3, 4, 5, 6, 7],
      [8, 9, 10, 11, 12, 13, 14],
      [15, 16, 17, 18, 19, 20],
    ]);
    expect(pages[1].marks).toEqual([{ mark: { kind: 'footnote', body: n }, atStart: true }]);
    expect(notesPerPage(pages)).toEqual([[], [20], []]);
  });

  it('stay on the page of their call when the line and the note fit', () => {
    const lines = [...leaves(0, 7, 1), calling(70, 8, note(20)), ...leaves(80, 3, 9)];
    const pages = paginate(box(lines), bodies);
    expect(slotsPerPage(pages)).toEqual([
      [1, 2, 3, 4, 5, 6, 7, 8],
      [9, 10, 11],
    ]);
    expect(notesPerPage(pages)).toEqual([[20], []]);
    expect(pages[0].marks[0].atStart).toBe(false);
    expect(pages[1].flowTop).toBe(80);
  });

  it('add their heights, with the edges of the area only for the first', () => {
    const lines = [
      calling(0, 1, note(20)),
      ...leaves(10, 3, 2),
      calling(40, 5, note(20)),
      ...leaves(50, 5, 6),
    ];
    const pages = paginate(box(lines), () => ({ ...body, footnoteInsets: 5 }));
    // 25 + 20 of the page are the footnote area: the flow holds 55 pt.
    expect(slotsPerPage(pages)).toEqual([
      [1, 2, 3, 4, 5],
      [6, 7, 8, 9, 10],
    ]);
  });

  it('are cut between lines when no page could hold them, and continued on the next page', () => {
    const long = cuttableNote(15);
    const pages = paginate(box([calling(0, 1, long), ...leaves(10, 2, 2)]), bodies);
    expect(slotsPerPage(pages)).toEqual([[1], [2, 3]]);
    expect(notesPerPage(pages)).toEqual([[90], [60]]);
    expect(pages[0].marks[0].atStart).toBe(true);
    expect(pages[1].marks[0].atStart).toBe(false);
    // The rest of the note takes 60 pt at the bottom of page 2: the flow has 40.
    expect(yOf(pages, 1, 3)).toBe(60);
  });

  it('continue on pages of their own after the last content', () => {
    const pages = paginate(box([calling(0, 1, cuttableNote(25))]), bodies);
    expect(pages).toHaveLength(3);
    expect(notesPerPage(pages)).toEqual([[90], [100], [60]]);
    expect(pages.map((p) => p.flowTop)).toEqual([0, 100, 200]);
  });

  it('place a line taller than any footnote area anyway, with a warning', () => {
    const warn = vi.fn();
    const tall = note(150, { frag: box([leaf(0, 150, 900)]) });
    const pages = paginate(box([calling(0, 1, tall)]), bodies, { warn });
    expect(pages).toHaveLength(2);
    expect(notesPerPage(pages)).toEqual([[], [150]]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/taller than the page's footnote area/);
  });

  it('with footnote-policy: block take the whole paragraph of the call along', () => {
    const para = (policy: 'block' | 'line') =>
      box(
        [
          leaf(60, 10, 100),
          leaf(70, 10, 101),
          calling(80, 102, note(20, { policy })),
          leaf(90, 10, 103),
        ],
        {
          lines: { orphans: 1, widows: 1 },
        },
      );
    const block = paginate(box([box([leaf(0, 60, 1)]), para('block')]), bodies);
    expect(slotsPerPage(block)).toEqual([[1], [100, 101, 102, 103]]);
    expect(block[1].flowTop).toBe(60);
    const line = paginate(box([box([leaf(0, 60, 1)]), para('line')]), bodies);
    expect(slotsPerPage(line)).toEqual([
      [1, 100, 101],
      [102, 103],
    ]);
  });

  it('count the lines of a paragraph against the room their notes leave', () => {
    const para = box([...leaves(0, 6, 100), calling(60, 106, note(30)), ...leaves(70, 3, 107)], {
      lines: { orphans: 1, widows: 1 },
    });
    const pages = paginate(para, bodies);
    // The seventh line needs 30 pt of area: it ends at 70, the flow may reach 70.
    expect(slotsPerPage(pages)).toEqual([
      [100, 101, 102, 103, 104, 105, 106],
      [107, 108, 109],
    ]);
    expect(notesPerPage(pages)).toEqual([[30], []]);
  });
});

describe('floats', () => {
  it('that fit a page from where they stand take the page break there, with the text beside', () => {
    const float = box([leaf(70, 40, 50)], { float: { anchor: 70 } });
    const pages = paginate(box([leaf(0, 70, 1), float, leaf(70, 10, 2)]), bodies);
    expect(slotsPerPage(pages).map(sorted)).toEqual([[1], [2, 50]]);
    expect(pages[1].flowTop).toBe(70);
    expect(yOf(pages, 1, 50)).toBe(50);
    expect(yOf(pages, 1, 2)).toBe(50);
  });

  it('that fit the rest of the page stay', () => {
    const float = box([leaf(50, 40, 50)], { float: { anchor: 50 } });
    const pages = paginate(box([leaf(0, 50, 1), float, leaf(50, 10, 2)]), bodies);
    expect(slotsPerPage(pages).map(sorted)).toEqual([[1, 2, 50]]);
  });

  it('taller than a page run down the pages beside the flow; what follows goes below them', () => {
    const float = box(leaves(70, 15, 50), { float: { anchor: 70 } });
    const after = leaf(220, 10, 4);
    const pages = paginate(
      box([leaf(0, 70, 1), float, leaf(70, 10, 2), leaf(80, 10, 3), after]),
      bodies,
    );
    expect(slotsPerPage(pages).map(sorted)).toEqual([
      [1, 2, 3, 50, 51, 52],
      [53, 54, 55, 56, 57, 58, 59, 60, 61, 62],
      [4, 63, 64],
    ]);
    // The text beside the float stays on the first page, beside its first piece.
    expect(yOf(pages, 0, 2)).toBe(120);
    expect(yOf(pages, 0, 50)).toBe(120);
    expect(yOf(pages, 1, 53)).toBe(50);
    // The float ends 20 pt down page 3: the content after it starts there.
    expect(yOf(pages, 2, 64)).toBe(60);
    expect(yOf(pages, 2, 4)).toBe(70);
  });
});

describe('page marks', () => {
  const chapter = (value: string): PageMark => ({ kind: 'string', name: 'chapter', value });

  it('of a box go on the page its first content lands on, first there or not', () => {
    const a = chapter('A');
    const b = chapter('B');
    const pages = paginate(
      box([
        leaf(0, 50, 1),
        box([leaf(50, 10, 2)], { marks: [a] }),
        leaf(60, 35, 3),
        box([leaf(95, 10, 4)], { marks: [b] }),
      ]),
      bodies,
    );
    expect(pages[0].marks).toEqual([{ mark: a, atStart: false }]);
    expect(pages[1].marks).toEqual([{ mark: b, atStart: true }]);
  });

  it('of a line count as first on the page only at the line top', () => {
    const a = chapter('A');
    const b = chapter('B');
    const line = leaf(0, 10, 1, {
      anchors: [
        { id: '', y: 0, marks: [a] },
        { id: '', y: 5, marks: [b] },
      ],
    });
    const [page] = paginate(box([line]), bodies);
    expect(page.marks).toEqual([
      { mark: a, atStart: true },
      { mark: b, atStart: false },
    ]);
  });

  it('of outer boxes come before those of the boxes inside them', () => {
    const a = chapter('A');
    const b = chapter('B');
    const [page] = paginate(box([box([leaf(0, 10, 1)], { marks: [b] })], { marks: [a] }), bodies);
    expect(page.marks.map((m) => m.mark)).toEqual([a, b]);
    expect(page.marks.every((m) => m.atStart)).toBe(true);
  });

  it('keep the first page a box id landed on', () => {
    const anchors = new Map<string, { pageIndex: number; y: number }>();
    paginate(box([box(leaves(0, 15, 1), { anchor: 'x' })]), bodies, { anchors });
    expect(anchors.get('x')).toEqual({ pageIndex: 0, y: 50 });
  });
});

describe('blank pages', () => {
  it('are asked for as blank and unnamed, and hold no content', () => {
    const asked: PageRequest[] = [];
    const pages = paginate(
      box([box(leaves(0, 1, 1)), box(leaves(10, 1, 2), { breakBefore: 'right', pageName: 'ch' })]),
      (req) => {
        asked.push(req);
        return body;
      },
    );
    expect(pages.map((p) => [p.name, p.blank])).toEqual([
      ['', false],
      ['', true],
      ['ch', false],
    ]);
    expect(asked).toContainEqual({ index: 1, name: '', blank: true });
    expect(pages[1].contentBottom).toBe(50);
    expect(pages[1].items).toEqual([]);
  });

  it('are not left behind by a final left or right break', () => {
    const pages = paginate(box([box(leaves(0, 1, 1), { breakAfter: 'right' })]), bodies);
    expect(pages).toHaveLength(1);
  });
});

describe('content positioned against the page area (fixed, or absolute at the root)', () => {
  it('goes on the page whose flow holds its placeholder, in page-area coordinates', () => {
    const fixed = (anchor: number) => leaf(10, 20, 77, { outOfFlow: true, pageArea: { anchor } });
    const late = paginate(box([...leaves(0, 20, 1), fixed(150)]), bodies);
    expect(slotsPerPage(late)[1]).toContain(77);
    expect(yOf(late, 1, 77)).toBe(60);
    const early = paginate(box([...leaves(0, 20, 1), fixed(50)]), bodies);
    expect(slotsPerPage(early)[0]).toContain(77);
    expect(yOf(early, 0, 77)).toBe(60);
  });
});

describe('measuring passes', () => {
  it('count the pages and where content ends without drawing', () => {
    const content = () => box(leaves(0, 15, 1));
    const measured = paginate(content(), bodies, { measureOnly: true });
    const drawn = paginate(content(), bodies);
    expect(measured.map((p) => [p.flowTop, p.contentBottom])).toEqual(
      drawn.map((p) => [p.flowTop, p.contentBottom]),
    );
    expect(measured.map((p) => [p.flowTop, p.contentBottom])).toEqual([
      [0, 150],
      [100, 100],
    ]);
    expect(measured.every((p) => p.items.length === 0)).toBe(true);
  });
});

describe('multi-column content', () => {
  /** Left edge of the rectangle of `slot` on page `page`. */
  function xOf(pages: readonly PaginatedPage[], page: number, slot: number): number {
    const find = (items: readonly DisplayItem[]): number | undefined => {
      for (const i of items) {
        if (i.kind === 'group') {
          const x = find(i.items);
          if (x !== undefined) return x;
        } else if (i.kind === 'path' && i.tag.kind === 'content' && i.tag.slot === slot) {
          const op = i.ops[0];
          if (op.op === 'rect') return op.x;
        }
      }
      return undefined;
    };
    const x = find(pages[page].items);
    if (x === undefined) throw new Error(`slot ${slot} is not on page ${page}`);
    return x;
  }

  it('are balanced, and the flow after them goes on below the taller column', () => {
    const pages = paginate(
      box([columnRun(0, 60, columnSet(leaves(0, 6, 1))), leaf(60, 10, 7)]),
      bodies,
    );
    expect(pages).toHaveLength(1);
    expect([1, 2, 3].map((s) => [xOf(pages, 0, s), yOf(pages, 0, s)])).toEqual([
      [0, 50],
      [0, 60],
      [0, 70],
    ]);
    expect([4, 5, 6].map((s) => [xOf(pages, 0, s), yOf(pages, 0, s)])).toEqual([
      [50, 50],
      [50, 60],
      [50, 70],
    ]);
    expect(yOf(pages, 0, 7)).toBe(80);
    expect(pages[0].contentBottom).toBe(90);
  });

  it('run from the right in right-to-left content', () => {
    const pages = paginate(columnRun(0, 40, columnSet(leaves(0, 4, 1), { rtl: true })), bodies);
    expect([1, 3].map((s) => xOf(pages, 0, s))).toEqual([50, 0]);
  });

  it('with column-fill: auto fill each column to the page before the next', () => {
    const pages = paginate(
      columnRun(0, 250, columnSet(leaves(0, 25, 1), { fill: 'auto' })),
      bodies,
    );
    expect(slotsPerPage(pages).map((s) => s.length)).toEqual([20, 5]);
    expect(xOf(pages, 1, 25)).toBe(0);
    expect(yOf(pages, 1, 25)).toBe(90);
  });

  it('balance only the last set when they run over pages', () => {
    const pages = paginate(columnRun(0, 250, columnSet(leaves(0, 25, 1))), bodies);
    expect(slotsPerPage(pages).map((s) => s.length)).toEqual([20, 5]);
    expect(xOf(pages, 0, 11)).toBe(50);
    expect([21, 23, 24].map((s) => xOf(pages, 1, s))).toEqual([0, 0, 50]);
    expect(yOf(pages, 1, 24)).toBe(50);
  });

  it('fill the rest of the page below the content above them', () => {
    const pages = paginate(
      box([leaf(0, 60, 1), columnRun(60, 160, columnSet(leaves(60, 10, 10)))]),
      bodies,
    );
    // 40 pt are left: four lines per column there, the last two balanced on the next page.
    expect(slotsPerPage(pages).map((s) => s.length)).toEqual([9, 2]);
    expect([10, 13, 14].map((s) => [xOf(pages, 0, s), yOf(pages, 0, s)])).toEqual([
      [0, 110],
      [0, 140],
      [50, 110],
    ]);
    expect(xOf(pages, 1, 19)).toBe(50);
  });

  it('move to the next page when not even their first line fits', () => {
    const pages = paginate(
      box([leaf(0, 95, 1), columnRun(95, 115, columnSet(leaves(95, 2, 10)))]),
      bodies,
    );
    expect(slotsPerPage(pages)).toEqual([[1], [10, 11]]);
    expect(xOf(pages, 1, 11)).toBe(50);
  });

  it('break to the next column before a box with break-before: column', () => {
    // Balanced without the break, the first column would hold the first two lines.
    const content = [
      leaf(0, 10, 1),
      box([leaf(10, 10, 2)], { breakBefore: 'column' }),
      leaf(20, 10, 3),
    ];
    const pages = paginate(columnRun(0, 30, columnSet(content)), bodies);
    expect([1, 2, 3].map((s) => xOf(pages, 0, s))).toEqual([0, 50, 50]);
    expect(yOf(pages, 0, 2)).toBe(50);
    const page = paginate(
      columnRun(0, 30, columnSet([leaf(0, 10, 1), leaf(10, 10, 2), leaf(20, 10, 3)])),
      bodies,
    );
    expect([1, 2, 3].map((s) => xOf(page, 0, s))).toEqual([0, 0, 50]);
  });

  it('put their link targets on the page and in the column they landed in', () => {
    const anchors = new Map<string, { pageIndex: number; y: number }>();
    const target = leaf(30, 10, 4, { anchors: [{ id: 't', y: 30 }] });
    paginate(columnRun(0, 40, columnSet([...leaves(0, 3, 1), target])), bodies, { anchors });
    expect(anchors.get('t')).toEqual({ pageIndex: 0, y: 60 });
  });

  it('draw a rule between two columns with content only', () => {
    const rule = { width: 2, style: 'solid', color: { r: 0, g: 0, b: 0, a: 1 } };
    const ruled = (n: number) =>
      paginate(columnRun(0, n * 10, columnSet(leaves(0, n, 1), { rule })), bodies)[0].items.filter(
        (i) => i.kind === 'path' && i.tag.kind === 'artifact',
      );
    expect(ruled(4).length).toBeGreaterThan(0);
    expect(ruled(1)).toEqual([]);
  });
});

describe('pages of another width', () => {
  /** The document at a width: a first box, then a second one (named `wide` when asked). */
  const doc = (slot: number, secondTop: number, extra: Partial<BoxFragment> = {}) =>
    box(
      [
        box([leaf(0, secondTop, slot)], { flowKey: 2 }),
        box([leaf(secondTop, 10, slot + 1)], { flowKey: 3, ...extra }),
      ],
      { flowKey: 1 },
    );
  const narrow = { top: 50, height: 100, left: 0, width: 100 };
  const wide = { top: 50, height: 100, left: 0, width: 200 };

  it('take the content after a forced break from the layout at their width', () => {
    const made: number[] = [];
    const layouts = new FlowLayouts(
      { root: doc(1, 10, { pageName: 'wide' }), width: 100, originX: 0 },
      (w) => {
        made.push(w);
        return { root: doc(11, 10, { pageName: 'wide' }) };
      },
    );
    const pages = paginate(layouts.first.root, ({ name }) => (name === 'wide' ? wide : narrow), {
      layouts,
    });
    expect(made).toEqual([200]);
    expect(slotsPerPage(pages)).toEqual([[1], [12]]);
    expect(yOf(pages, 1, 12)).toBe(50);
  });

  it('place a box that an unforced break moves to them again from that layout', () => {
    const layouts = new FlowLayouts({ root: doc(1, 95), width: 100, originX: 0 }, () => ({
      root: doc(11, 95),
    }));
    const pages = paginate(layouts.first.root, ({ index }) => (index === 0 ? narrow : wide), {
      layouts,
    });
    expect(slotsPerPage(pages)).toEqual([[1], [12]]);
  });

  it('keep the layout a box started in, shifted to their left edge', () => {
    const made: number[] = [];
    const layouts = new FlowLayouts(
      { root: box(leaves(0, 15, 1), { flowKey: 1 }), width: 100, originX: 0 },
      (w) => {
        made.push(w);
        return { root: box(leaves(0, 15, 100), { flowKey: 1 }) };
      },
    );
    const pages = paginate(
      layouts.first.root,
      ({ index }) => (index === 0 ? narrow : { ...wide, left: 20 }),
      { layouts },
    );
    expect(made).toEqual([]);
    expect(slotsPerPage(pages)[1]).toEqual([11, 12, 13, 14, 15]);
    expect(pages[1].dx).toBe(20);
    const first = pages[1].items.find((i) => i.kind === 'path');
    expect(first?.kind === 'path' && first.ops[0]).toMatchObject({ x: 20, y: 50 });
  });
});

describe('footnotes and page kinds', () => {
  it('continued onto a page that becomes a named page are cut again at its height', () => {
    const named = box(leaves(10, 5, 10), { pageName: 'small', breakInside: 'avoid' });
    const pages = paginate(box([calling(0, 1, cuttableNote(15)), named]), ({ name }) =>
      name === 'small' ? { top: 50, height: 50 } : body,
    );
    expect(pages.map((p) => p.name)).toEqual(['', 'small', 'small', 'small']);
    expect(notesPerPage(pages)).toEqual([[90], [50], [10], []]);
    expect(slotsPerPage(pages)).toEqual([[1], [], [10, 11, 12, 13], [14]]);
  });

  it('in columns shorten the set they are called in, and go below it', () => {
    const content = [...leaves(0, 2, 1), calling(20, 3, note(20)), ...leaves(30, 17, 4)];
    const pages = paginate(columnRun(0, 200, columnSet(content)), bodies);
    expect(slotsPerPage(pages).map((s) => s.length)).toEqual([16, 4]);
    expect(notesPerPage(pages)).toEqual([[20], []]);
    expect(yOf(pages, 0, 8)).toBe(120);
    expect(yOf(pages, 0, 9)).toBe(50);
    expect(yOf(pages, 1, 19)).toBe(50);
  });
});

describe('breaks in and around columns', () => {
  it('break-before: page inside them goes on in the first column of the next page', () => {
    const content = [leaf(0, 10, 1), box([leaf(10, 10, 2)], { breakBefore: 'page' })];
    const pages = paginate(columnRun(0, 20, columnSet(content)), bodies);
    expect(slotsPerPage(pages)).toEqual([[1], [2]]);
    const item = pages[1].items.find((i) => i.kind === 'path');
    expect(item?.kind === 'path' && item.ops[0]).toMatchObject({ x: 0, y: 50 });
  });

  it('avoid-column keeps a box whole in columns only', () => {
    const kept = () => box(leaves(60, 5, 10), { breakInside: 'avoid-column' });
    const onPage = paginate(box([box([leaf(0, 60, 1)]), kept()]), bodies);
    expect(slotsPerPage(onPage)).toEqual([[1, 10, 11, 12, 13], [14]]);
    const inColumns = paginate(
      columnRun(0, 110, columnSet([leaf(0, 60, 1), kept()], { fill: 'auto' })),
      bodies,
    );
    expect(slotsPerPage(inColumns)).toEqual([[1, 10, 11, 12, 13, 14]]);
    const item = inColumns[0].items.find(
      (i) => i.kind === 'path' && i.tag.kind === 'content' && i.tag.slot === 10,
    );
    expect(item?.kind === 'path' && item.ops[0]).toMatchObject({ x: 50, y: 50 });
  });

  it('are balanced on one continuous page whatever their fill', () => {
    const tall = () => ({ top: 0, height: 1000 });
    const pages = paginate(columnRun(0, 60, columnSet(leaves(0, 6, 1), { fill: 'auto' })), tall, {
      forcedBreaks: false,
    });
    expect(yOf(pages, 0, 4)).toBe(0);
    const paged = paginate(columnRun(0, 60, columnSet(leaves(0, 6, 1), { fill: 'auto' })), tall);
    expect(yOf(paged, 0, 4)).toBe(30);
  });
});

describe('pages whose body stands further right', () => {
  it('shift everything drawn there: rows, repeated header and footer, decoration, clip, boxes', () => {
    const head = leaf(0, 10, 1, { keepWithNext: true });
    const foot = leaf(130, 10, 99);
    const xs = (s: { top: number }) => [
      { op: 'rect' as const, x: 0, y: s.top, width: 5, height: 5 },
    ];
    const table = box([head, ...leaves(10, 12, 10), foot], {
      repeat: head,
      repeatFooter: foot,
      anchor: 't',
      borderBox: { x: 0, width: 40 },
      decorate: (s) => [
        {
          kind: 'path',
          ops: xs(s),
          fill: { r: 1, g: 1, b: 1, a: 1 },
          tag: { kind: 'artifact', type: 'Background' },
        },
      ],
      clip: xs,
      flowKey: 1,
    });
    const layouts = new FlowLayouts({ root: table, width: 100, originX: 0 }, () => ({
      root: table,
    }));
    const boxes = new Map<string, PlacedBox[]>();
    const pages = paginate(
      table,
      ({ index }) => ({ top: 50, height: 100, width: 100, left: index === 0 ? 0 : 20 }),
      { layouts, boxes },
    );
    expect(pages.map((p) => p.dx)).toEqual([0, 20]);
    const xsOn = (page: PaginatedPage) => {
      const out: number[] = [];
      const walk = (items: readonly DisplayItem[]): void => {
        for (const i of items) {
          if (i.kind === 'group') {
            for (const op of i.clip ?? []) if (op.op === 'rect') out.push(op.x);
            walk(i.items);
          } else if (i.kind === 'path' && i.ops[0].op === 'rect') out.push(i.ops[0].x);
        }
      };
      walk(page.items);
      return out;
    };
    expect(new Set(xsOn(pages[0]))).toEqual(new Set([0]));
    expect(new Set(xsOn(pages[1]))).toEqual(new Set([20]));
    expect(repeatsOn(pages[1])).toHaveLength(1);
    expect(boxes.get('t')?.map((b) => [b.pageIndex, b.x])).toEqual([
      [0, 0],
      [1, 20],
    ]);
  });
});

describe('footnote area edges', () => {
  it('are taken once per page from cut and continued footnotes too', () => {
    const pages = paginate(box([calling(0, 1, cuttableNote(15)), ...leaves(10, 3, 2)]), () => ({
      ...body,
      footnoteInsets: 5,
    }));
    expect(notesPerPage(pages)).toEqual([[80], [70], []]);
    expect(slotsPerPage(pages)).toEqual([[1], [2, 3], [4]]);
  });
});

describe('more paginator decisions', () => {
  it('report the lowest content of a page, not the last placed', () => {
    const [page] = paginate(box([box([leaf(0, 50, 1)], { bottom: 30 })]), bodies);
    expect(page.contentBottom).toBe(100);
  });

  it('keep a page that holds only out-of-flow content', () => {
    const pages = paginate(box([leaf(0, 10, 1, { outOfFlow: true })]), bodies);
    expect(pages).toHaveLength(1);
    expect(slotsPerPage(pages)).toEqual([[1]]);
  });

  it('place a footnote that cannot be cut and fits no area whole, with a warning', () => {
    const warn = vi.fn();
    const pages = paginate(box([calling(0, 1, note(150))]), bodies, { warn });
    expect(notesPerPage(pages)).toEqual([[], [150]]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('give the pieces of a cut footnote the link targets inside each', () => {
    const lines = leaves(0, 15, 900).map((l, i) =>
      i === 0
        ? { ...l, anchors: [{ id: 'a', y: 5 }] }
        : i === 12
          ? { ...l, anchors: [{ id: 'b', y: 125 }] }
          : l,
    );
    const cut = note(150, {
      frag: box(lines),
      anchors: [
        { id: 'a', y: 5 },
        { id: 'b', y: 125 },
      ],
    });
    const pages = paginate(box([calling(0, 1, cut)]), bodies);
    const pieces = pages.map((p) =>
      p.marks.flatMap((m) => (m.mark.kind === 'footnote' ? [m.mark.body.anchors] : [])),
    );
    expect(pieces).toEqual([[[{ id: 'a', y: 5 }]], [[{ id: 'b', y: 35 }]]]);
  });

  it('decorate each page of a box from the layout that page took it from', () => {
    const decorated: string[] = [];
    const doc = (label: string, slot: number) =>
      box(
        [
          box([leaf(0, 10, slot)], { flowKey: 2 }),
          box([leaf(10, 10, slot + 1)], { flowKey: 3, breakBefore: 'page', pageName: 'wide' }),
        ],
        {
          flowKey: 1,
          decorate: () => {
            decorated.push(label);
            return [];
          },
        },
      );
    const layouts = new FlowLayouts({ root: doc('narrow', 1), width: 100, originX: 0 }, () => ({
      root: doc('wide', 11),
    }));
    const pages = paginate(
      layouts.first.root,
      ({ name }) => ({ top: 50, height: 100, left: 0, width: name === 'wide' ? 200 : 100 }),
      { layouts },
    );
    expect(slotsPerPage(pages)).toEqual([[1], [12]]);
    expect(decorated).toEqual(['narrow', 'wide']);
  });

  it('choose the lines of a paragraph again after a float among them moved the page', () => {
    const float = box([leaf(20, 90, 50)], { float: { anchor: 20 } });
    const lines = leaves(0, 15, 1);
    const para = box([lines[0], lines[1], float, ...lines.slice(2)], {
      lines: { orphans: 1, widows: 1 },
    });
    const pages = paginate(para, bodies);
    expect(slotsPerPage(pages).map(sorted)).toEqual([
      [1, 2],
      [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 50],
      [13, 14, 15],
    ]);
  });
});
