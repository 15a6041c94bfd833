/**
 * Paginator decisions at their edges that its mutation run found untested after
 * paginate-decisions.test.ts and paginate-survivors.test.ts: footnote room without notes and
 * beside notes already placed, content below a float that ran down the pages, kept headings
 * that exactly fill a page, margins kept at a break, nested repeated headers, and measuring
 * passes that draw nothing. Every page body is 100 pt high at y 50 unless a test says
 * otherwise.
 */
import { describe, expect, it, vi } from 'vitest';
import type { DisplayItem } from '../../src/document/index.js';
import type { BoxSlice, FootnoteBody, PageMark } from '../../src/layout/paginate/fragments.js';
import { paginate, type PageBody, type PageRequest } from '../../src/layout/paginate/paginator.js';
import { box, leaf, leaves, notesPerPage, repeatsOn, slotsPerPage, yOf } from './fragments.js';

const body: PageBody = { top: 50, height: 100 };
const bodies = () => body;
const withInsets = () => ({ ...body, footnoteInsets: 5 });
const sorted = (slots: number[]) => [...slots].sort((a, b) => a - b);

/** A footnote body of `n` lines of `h` points that can be cut between them. */
const cuttable = (n: number, h: number): FootnoteBody => ({
  items: [],
  anchors: [],
  height: n * h,
  frag: box(leaves(0, n, 900, h)),
});

/** A line `h` high that calls `notes` as footnotes. */
function calling(top: number, slot: number, h: number, ...notes: FootnoteBody[]) {
  const marks: PageMark[] = notes.map((b) => ({ kind: 'footnote', body: b }));
  return leaf(top, h, slot, { anchors: [{ id: '', y: top, marks }] });
}

describe('footnote room', () => {
  it('is not taken for the area edges on a page without notes', () => {
    const pages = paginate(box(leaves(0, 10, 1)), withInsets);
    expect(slotsPerPage(pages)).toEqual([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]);
  });

  it('for a cut note beside a note already placed adds no second pair of edges', () => {
    // 5 + 10 of area for the first note; the second cannot fit any page and is cut in the
    // 65 pt left under its line: thirteen of its 5 pt lines, not twelve.
    const pages = paginate(
      box([
        calling(0, 1, 10, { items: [], anchors: [], height: 10 }),
        calling(10, 2, 10, cuttable(30, 5)),
      ]),
      withInsets,
    );
    expect(notesPerPage(pages)).toEqual([[10, 65], [85]]);
  });

  it('is not kept for a note none of whose lines fit under its call', () => {
    // The call ends at 90: its note (no page holds it whole) starts on the next page, and the
    // line after the call still fits under it, with no area edges kept for nothing.
    const pages = paginate(
      box([leaf(0, 80, 1), calling(80, 2, 10, cuttable(15, 10)), leaf(90, 10, 3)]),
      withInsets,
    );
    expect(slotsPerPage(pages)[0]).toEqual([1, 2, 3]);
    expect(notesPerPage(pages)).toEqual([[], [90], [60]]);
  });

  it('overflows a note line taller than any area without a warning callback', () => {
    const tall: FootnoteBody = {
      items: [],
      anchors: [],
      height: 150,
      frag: box([leaf(0, 150, 900)]),
    };
    const pages = paginate(box([calling(0, 1, 10, tall)]), bodies);
    expect(notesPerPage(pages)).toEqual([[], [150]]);
  });
});

describe('content below a float that ran down the pages', () => {
  it('goes on where it is once the flow is past the page the float ended on', () => {
    // The float ends at page y 140 of page 2; a line beside it that crosses the end of that
    // page takes the flow to page 3, where the line below the float follows it directly.
    const float = box(leaves(70, 12, 50), { float: { anchor: 70 } });
    const pages = paginate(
      box([leaf(0, 70, 1), float, ...leaves(70, 11, 2), leaf(180, 25, 20), leaf(205, 10, 21)]),
      bodies,
    );
    expect(slotsPerPage(pages).map(sorted)).toEqual([
      [1, 2, 3, 4, 50, 51, 52],
      [5, 6, 7, 8, 9, 10, 11, 12, 53, 54, 55, 56, 57, 58, 59, 60, 61],
      [20, 21],
    ]);
    expect(yOf(pages, 2, 21)).toBe(75);
  });

  it('stays where it is when it already stands below the float', () => {
    // The float breaks at 100 and 200, the 20 pt lines beside it at 90 and 190: below the
    // float's end (page y 70 on page 3) the line at 230 stands at 90.
    const float = box(leaves(70, 15, 50), { float: { anchor: 70 } });
    const pages = paginate(box([leaf(0, 70, 1), float, ...leaves(70, 9, 2, 20)]), bodies);
    expect(yOf(pages, 2, 64)).toBe(60);
    expect(yOf(pages, 2, 10)).toBe(90);
  });

  it('that does not fit below the float goes to the next page', () => {
    const float = box(leaves(70, 12, 50), { float: { anchor: 70 } });
    const pages = paginate(box([leaf(0, 70, 1), float, leaf(190, 20, 4)]), bodies);
    expect(slotsPerPage(pages).map(sorted)).toEqual([
      [1, 50, 51, 52],
      [53, 54, 55, 56, 57, 58, 59, 60, 61],
      [4],
    ]);
  });

  it('breaks where the float is anchored when it stands lower than its line', () => {
    const float = box([leaf(70, 40, 50)], { float: { anchor: 60 } });
    const pages = paginate(box([leaf(0, 60, 1), float, leaf(60, 10, 2)]), bodies);
    expect(slotsPerPage(pages).map(sorted)).toEqual([[1], [2, 50]]);
    expect(pages[1].flowTop).toBe(60);
    expect(yOf(pages, 1, 50)).toBe(60);
  });
});

describe('breaks before boxes', () => {
  it('move a kept heading whose next line exactly fills a fresh page with it', () => {
    const heading = box([leaf(50, 10, 2)], { keepWithNext: true });
    const pages = paginate(box([leaf(0, 50, 1), heading, box([leaf(60, 90, 3)])]), bodies);
    expect(slotsPerPage(pages)).toEqual([[1], [2, 3]]);
  });

  it('keep a heading with nothing after it where it is', () => {
    const heading = box([leaf(10, 10, 2)], { keepWithNext: true });
    const pages = paginate(box([leaf(0, 10, 1), heading]), bodies);
    expect(slotsPerPage(pages)).toEqual([[1, 2]]);
  });

  it('to a named page keep the margin of the box', () => {
    const named = box([leaf(30, 10, 2)], { pageName: 'x', marginTop: 8 });
    const pages = paginate(box([leaf(0, 10, 1), named]), bodies);
    expect(pages.map((p) => p.name)).toEqual(['', 'x']);
    expect(pages[1].flowTop).toBe(22);
  });

  it('ask for a renamed first page as a page with content, not a blank one', () => {
    const requests: PageRequest[] = [];
    const pages = paginate(box([box(leaves(0, 1, 1), { pageName: 'cover' })]), (r) => {
      requests.push(r);
      return r.blank ? { top: 0, height: 10 } : body;
    });
    expect(requests).toEqual([
      { index: 0, name: '', blank: false },
      { index: 0, name: 'cover', blank: false },
    ]);
    expect(yOf(pages, 0, 1)).toBe(50);
  });

  it('keep the margin after a forced break only for the outermost box there', () => {
    // The box has 5 pt of padding: its child stands 5 below it, with a margin of its own.
    const inner = box([leaf(35, 10, 2)], { marginTop: 3 });
    const next = box([inner], { top: 30, breakBefore: 'page', marginTop: 8 });
    const pages = paginate(box([leaf(0, 10, 1), next]), bodies);
    expect(pages[1].flowTop).toBe(22);
    expect(yOf(pages, 1, 2)).toBe(63);
  });
});

describe('repeated table headers', () => {
  it('of nested tables are drawn one under the other, outermost first', () => {
    const outerHead = leaf(0, 10, 1, { keepWithNext: true });
    const innerHead = leaf(10, 5, 2, { keepWithNext: true });
    const inner = box([innerHead, ...leaves(15, 15, 10)], { repeat: innerHead });
    const pages = paginate(box([outerHead, inner], { repeat: outerHead }), bodies);
    expect(repeatsOn(pages[1])).toEqual([50, 60]);
    // The rows go on below both headers.
    expect(yOf(pages, 1, 18)).toBe(65);
  });

  it('start the continuation page their height above the break, wherever they stand', () => {
    const head = leaf(20, 10, 1, { keepWithNext: true });
    const table = box([head, ...leaves(30, 12, 10)], { repeat: head });
    const pages = paginate(box([leaf(0, 20, 0), table]), bodies);
    expect(pages[1].flowTop).toBe(90);
    expect(yOf(pages, 1, 17)).toBe(60);
  });
});

describe('measuring passes', () => {
  it('draw no decoration and no leaf, nor a repeated footer', () => {
    const decorate = vi.fn(() => [
      {
        kind: 'path' as const,
        ops: [{ op: 'rect' as const, x: 0, y: 0, width: 1, height: 1 }],
        fill: { r: 0, g: 0, b: 0, a: 1 },
        tag: { kind: 'artifact' as const, type: 'Background' as const },
      },
    ]);
    const foot = leaf(140, 10, 99);
    const table = box([...leaves(0, 14, 1), foot], { repeatFooter: foot, decorate });
    const measured = paginate(table, bodies, { measureOnly: true });
    expect(measured).toHaveLength(2);
    expect(measured.every((p) => p.items.length === 0)).toBe(true);
    expect(paginate(leaf(0, 10, 1), bodies, { measureOnly: true })[0].items).toEqual([]);
  });

  it('report the body top as the lowest content of a page with none in the flow', () => {
    const pages = paginate(leaf(0, 10, 1, { outOfFlow: true }), bodies);
    expect(pages[0].contentBottom).toBe(50);
  });
});

describe('cut footnotes', () => {
  const small: FootnoteBody = { items: [], anchors: [], height: 10 };

  it('take whole the notes of a line that fit, and cut the first that does not', () => {
    const pages = paginate(box([calling(0, 1, 10, small, cuttable(15, 10))]), bodies);
    expect(notesPerPage(pages)).toEqual([[10, 80], [70]]);
  });

  it('put the rest of a note whose next line no area holds on the next page, whole', () => {
    const warn = vi.fn();
    const body2: FootnoteBody = {
      items: [],
      anchors: [],
      height: 160,
      frag: box([leaf(0, 10, 900), leaf(10, 150, 901)]),
    };
    const pages = paginate(box([calling(0, 1, 10, body2)]), bodies, { warn });
    expect(notesPerPage(pages)).toEqual([[10], [150]]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('keep the other marks of their line, and anchors without an id out of the pieces', () => {
    const mark: PageMark = { kind: 'string', name: 's', value: 'v' };
    const cut: FootnoteBody = {
      ...cuttable(15, 10),
      frag: box(
        leaves(0, 15, 900).map((l, i) => (i === 0 ? { ...l, anchors: [{ id: '', y: 0 }] } : l)),
      ),
      anchors: [{ id: '', y: 0 }],
    };
    const line = leaf(0, 10, 1, {
      anchors: [{ id: '', y: 0, marks: [mark, { kind: 'footnote', body: cut }] }],
    });
    const pages = paginate(box([line]), bodies);
    expect(pages[0].marks.map((m) => m.mark.kind)).toEqual(['string', 'footnote']);
    expect(notesPerPage(pages)).toEqual([[90], [60]]);
    const first = pages[0].marks[1].mark;
    expect(first.kind === 'footnote' && first.body.anchors).toEqual([]);
  });

  it('continue on pages of their own that keep the name of the flow', () => {
    const pages = paginate(box([calling(0, 1, 10, cuttable(25, 10))]), bodies);
    expect(notesPerPage(pages)).toEqual([[90], [100], [60]]);
    expect(pages.map((p) => p.name)).toEqual(['', '', '']);
  });
});

describe('what each page shows', () => {
  it('draws the closing edge of a row that ends a later page where that page shows it', () => {
    const edge = (y: number): DisplayItem => ({
      kind: 'path',
      ops: [{ op: 'rect', x: 0, y, width: 10, height: 1 }],
      fill: { r: 0, g: 0, b: 0, a: 1 },
      tag: { kind: 'artifact', type: 'Layout' },
    });
    const rows = Array.from({ length: 25 }, (_, i) =>
      leaf(i * 10, 10, i + 1, { closingEdge: [edge(i * 10 + 10)] }),
    );
    const pages = paginate(box(rows), bodies);
    const edges = pages.map((p) =>
      p.items.flatMap((i) =>
        i.kind === 'path' && i.tag.kind === 'artifact' && i.ops[0].op === 'rect'
          ? [i.ops[0].y]
          : [],
      ),
    );
    expect(edges).toEqual([[150], [150], []]);
  });

  it('cuts a box above the footnote area of the page', () => {
    const slices: BoxSlice[] = [];
    const note: FootnoteBody = { items: [], anchors: [], height: 20 };
    const content = box([calling(0, 1, 10, note), ...leaves(10, 10, 2)], {
      decorate: (s) => {
        slices.push(s);
        return [];
      },
    });
    paginate(content, bodies);
    expect(slices.map((s) => [s.top, s.bottom])).toEqual([
      [50, 130],
      [50, 80],
    ]);
  });

  it('reaches to the bottom of a box below its last line', () => {
    const [page] = paginate(box([leaf(0, 50, 1)], { bottom: 60 }), bodies);
    expect(page.contentBottom).toBe(110);
  });

  it('records marks of out-of-flow content as not first on the page', () => {
    const mark: PageMark = { kind: 'string', name: 's', value: 'v' };
    const [page] = paginate(
      box([
        leaf(0, 10, 1, { outOfFlow: true, anchors: [{ id: '', y: 0, marks: [mark] }] }),
        leaf(0, 10, 2),
      ]),
      bodies,
    );
    expect(page.marks).toEqual([{ mark, atStart: false }]);
  });

  it('paints positioned content above the flow, in z-index order', () => {
    const pages = paginate(
      box([
        leaf(0, 10, 1, { layer: 'positioned', z: 2 }),
        leaf(10, 10, 2, { layer: 'positioned', z: 1 }),
        leaf(20, 10, 3),
      ]),
      bodies,
    );
    expect(slotsPerPage(pages)).toEqual([[3, 2, 1]]);
  });
});
