/**
 * Column sets that the paginator's mutation run found untested after paginate-decisions.test.ts:
 * the footnote room a set holds back from all its columns (a call in a later column shortens
 * the earlier ones too), the footnote area's edges taken once per page, the room the set's notes
 * leave the flow after it, the body each later set is asked for, and the balancing of a last
 * set whose content cannot be cut where it starts. Every page body is 100 pt high at y 50
 * unless a test says otherwise; columns are 40 wide with a gap of 10.
 */
import { describe, expect, it } from 'vitest';
import type { FootnoteBody, LeafFragment, PageMark } from '../../src/layout/paginate/fragments.js';
import type { DisplayItem } from '../../src/document/index.js';
import { FlowLayouts } from '../../src/layout/paginate/flow-layouts.js';
import { paginate, type PageBody } from '../../src/layout/paginate/paginator.js';
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
const withInsets: PageBody = { ...body, footnoteInsets: 5 };

const note = (height: number): FootnoteBody => ({ items: [], anchors: [], height });

/** `line` made to call a footnote of `height`. */
const calling = (line: LeafFragment, height: number): LeafFragment => ({
  ...line,
  anchors: [{ id: '', y: line.top, marks: [{ kind: 'footnote', body: note(height) }] }],
});

const counts = (pages: Parameters<typeof slotsPerPage>[0]) =>
  slotsPerPage(pages).map((s) => s.length);

describe('footnotes called in a column set', () => {
  it('shorten every column of the set, also those filled before the call', () => {
    // 25 lines of 10; the twelfth calls a 20 pt note. Filled to 100, the first column would
    // run under the note the second one calls: both are filled again 80 high.
    const content = leaves(0, 25, 1).map((l, i) => (i === 11 ? calling(l, 20) : l));
    const pages = paginate(columnRun(0, 250, columnSet(content, { fill: 'auto' })), () => body);
    expect(counts(pages)).toEqual([16, 9]);
    expect(notesPerPage(pages)).toEqual([[20], []]);
    expect(yOf(pages, 0, 8)).toBe(120);
    expect(yOf(pages, 0, 9)).toBe(50);
    expect(yOf(pages, 1, 17)).toBe(50);
  });

  it("take the area's edges with the first note of a page, not again below the flow's notes", () => {
    // The line above the set has a 10 pt note: 15 pt of area, and 75 pt left for the set.
    // Its 20 pt note adds only itself: columns 55 high, eleven 5 pt lines each.
    const content = leaves(10, 30, 1, 5).map((l, i) => (i === 16 ? calling(l, 20) : l));
    const pages = paginate(
      box([calling(leaf(0, 10, 0), 10), columnRun(10, 160, columnSet(content, { fill: 'auto' }))]),
      () => withInsets,
    );
    expect(counts(pages)).toEqual([23, 8]);
    expect(notesPerPage(pages)).toEqual([[10, 20], []]);
    expect(yOf(pages, 0, 12)).toBe(60);
  });

  it('leave the flow after the set the room above their area, edges included', () => {
    const mark: PageMark = { kind: 'string', name: 's', value: 'v' };
    const content = [
      ...leaves(0, 2, 1),
      calling(leaf(20, 10, 3), 20),
      leaf(30, 10, 4, { anchors: [{ id: '', y: 30, marks: [mark] }] }),
    ];
    const pages = paginate(
      box([columnRun(0, 40, columnSet(content)), ...leaves(40, 10, 10)]),
      () => withInsets,
    );
    // Balanced two and two, 20 high; 20 + 5 of area leave 55 pt: five lines after the set.
    expect(counts(pages)).toEqual([9, 5]);
    expect(yOf(pages, 0, 14)).toBe(110);
    expect(yOf(pages, 1, 15)).toBe(50);
    expect(pages[0].marks.map((m) => m.mark.kind)).toEqual(['footnote', 'string']);
  });

  it('are shared by a page with the notes called above the set', () => {
    const content = [calling(leaf(10, 10, 1), 20), ...leaves(20, 3, 2)];
    const pages = paginate(
      box([
        calling(leaf(0, 10, 0), 10),
        columnRun(10, 50, columnSet(content)),
        ...leaves(50, 10, 10),
      ]),
      () => withInsets,
    );
    // Area: 5 + 10 + 20, the edges once. The set ends 20 pt below its top, at page y 80:
    // three lines fit above the area (85), the fourth would reach 90.
    expect(notesPerPage(pages)).toEqual([[10, 20], []]);
    expect(counts(pages)).toEqual([8, 7]);
  });
});

describe('breaks inside boxes in columns', () => {
  it('split a box without break-inside: avoid where the column ends', () => {
    const content = [leaf(0, 60, 1), box(leaves(60, 5, 10))];
    const pages = paginate(columnRun(0, 110, columnSet(content, { fill: 'auto' })), () => body);
    expect(slotsPerPage(pages)).toEqual([[1, 10, 11, 12, 13, 14]]);
    expect(yOf(pages, 0, 13)).toBe(140);
    expect(yOf(pages, 0, 14)).toBe(50);
  });
});

describe('later sets of columns', () => {
  it('stand on the body of their own page, asked for by index and not as blank', () => {
    const bodies = ({ index, blank }: { index: number; blank: boolean }): PageBody =>
      blank ? { top: 0, height: 10 } : index === 1 ? { top: 30, height: 100 } : body;
    const pages = paginate(
      box([leaf(0, 60, 1), columnRun(60, 160, columnSet(leaves(60, 10, 10)))]),
      bodies,
    );
    expect(counts(pages)).toEqual([9, 2]);
    expect(yOf(pages, 0, 10)).toBe(110);
    expect(yOf(pages, 1, 18)).toBe(30);
    expect(yOf(pages, 1, 19)).toBe(30);
  });

  it('are balanced even when the content cannot be cut where the last set starts', () => {
    // A table with a repeated header runs over both pages: the last set is balanced over the
    // whole content, three rows under the header in each column.
    const head = leaf(0, 10, 100, { keepWithNext: true });
    const table = box([head, ...leaves(10, 24, 1)], { repeat: head });
    const pages = paginate(columnRun(0, 250, columnSet([table])), () => body);
    expect(slotsPerPage(pages)).toEqual([
      [100, ...leaves(0, 18, 1).map((_, i) => i + 1)],
      [19, 20, 21, 22, 23, 24],
    ]);
    expect([19, 21, 22, 24].map((s) => yOf(pages, 1, s))).toEqual([60, 80, 60, 80]);
    expect(repeatsOn(pages[1])).toEqual([50, 50]);
  });
});

describe('column rules and places on each page', () => {
  const rule = { width: 2, style: 'solid', color: { r: 0, g: 0, b: 0, a: 1 } };

  /** The first point of each artifact path on a page (column rules: bottom left corner). */
  const ruleStarts = (items: readonly DisplayItem[]) =>
    items.flatMap((i) =>
      i.kind === 'path' && i.tag.kind === 'artifact' && i.ops[0].op === 'moveTo'
        ? [[i.ops[0].x, i.ops[0].y]]
        : [],
    );

  it('are as tall as the columns of a full set, and as the content of the last one', () => {
    const ruled = (n: number) =>
      paginate(columnRun(0, n * 10, columnSet(leaves(0, n, 1), { rule })), () => body).map((p) =>
        ruleStarts(p.items),
      );
    // 21 lines: twenty fill the first set, one is left for a single column (no rule).
    expect(ruled(21)).toEqual([[[44, 150]], []]);
    expect(ruled(22)).toEqual([[[44, 150]], [[44, 60]]]);
  });

  it('move with a page whose body stands further right, as its columns do', () => {
    const content = columnRun(100, 140, columnSet(leaves(100, 4, 1), { rule }));
    const root = box([leaf(0, 100, 0), content]);
    const layouts = new FlowLayouts({ root, width: 100, originX: 0 }, () => ({ root }));
    const pages = paginate(
      root,
      ({ index }) => ({ ...body, width: 100, left: index === 0 ? 0 : 20 }),
      { layouts },
    );
    expect(pages.map((p) => p.dx)).toEqual([0, 20]);
    const xs = pages[1].items.flatMap((i) =>
      i.kind === 'path' && i.tag.kind === 'content' && i.ops[0].op === 'rect' ? [i.ops[0].x] : [],
    );
    expect(xs).toEqual([20, 20, 70, 70]);
    expect(ruleStarts(pages[1].items)).toEqual([[64, 70]]);
  });
});

describe('the flow after a column set', () => {
  it('drops the margin of a box an unforced break moves to the next page', () => {
    const next = box([leaf(120, 20, 9)], { top: 120, marginTop: 8 });
    const pages = paginate(box([columnRun(0, 40, columnSet(leaves(0, 4, 1))), next]), () => body);
    // The set is 20 high: the flow after it stands 20 lower, and the box no longer fits.
    expect(slotsPerPage(pages)).toEqual([[1, 2, 3, 4], [9]]);
    expect(pages[1].flowTop).toBe(120);
    expect(yOf(pages, 1, 9)).toBe(50);
  });
});
