/**
 * The paginator's decisions that its mutation run found untested after
 * paginate-decisions.test.ts: footnote room at its edges, where repeated table headers and
 * footers are drawn, and what a page skipped by a left/right break holds. Every page body is
 * 100 pt high at y 50 unless a test says otherwise.
 */
import { describe, expect, it } from 'vitest';
import type { PlacedBox } from '../../src/layout/options.js';
import type { FootnoteBody, PageMark } from '../../src/layout/paginate/fragments.js';
import { FlowLayouts } from '../../src/layout/paginate/flow-layouts.js';
import { paginate, type PageBody } from '../../src/layout/paginate/paginator.js';
import { box, leaf, leaves, notesPerPage, repeatsOn, slotsPerPage } from './fragments.js';

const body: PageBody = { top: 50, height: 100 };
const bodies = () => body;

const note = (height: number, frag?: FootnoteBody['frag']): FootnoteBody => ({
  items: [],
  anchors: [],
  height,
  ...(frag ? { frag } : {}),
});

/** A line `h` high that calls `notes` as footnotes. */
function calling(top: number, slot: number, h: number, ...notes: FootnoteBody[]) {
  const marks: PageMark[] = notes.map((b) => ({ kind: 'footnote', body: b }));
  return leaf(top, h, slot, { anchors: [{ id: '', y: top, marks }] });
}

describe('footnote room', () => {
  it('counts the area edges once however many notes a page has', () => {
    const lines = [
      calling(0, 1, 5, note(20)),
      leaf(5, 5, 2),
      calling(10, 3, 5, note(20)),
      ...leaves(15, 20, 4, 5),
    ];
    const pages = paginate(box(lines), () => ({ ...body, footnoteInsets: 5 }));
    // 5 + 20 + 20 of the page are the area: eleven 5 pt lines fit above it.
    expect(slotsPerPage(pages)[0]).toHaveLength(11);
  });

  it('moves a line with a note that a fresh page holds beside it, not one that none does', () => {
    const withNote = (h: number) =>
      paginate(box([leaf(0, 50, 1), calling(50, 2, 10, note(h))]), () => ({
        ...body,
        footnoteInsets: 5,
      }));
    // 85 + 5 of area and the 10 pt line fill a page: the line goes with its note.
    expect(slotsPerPage(withNote(85))).toEqual([[1], [2]]);
    expect(notesPerPage(withNote(85))).toEqual([[], [85]]);
    // 88 + 5 do not fit beside the line on any page: the line stays, the note goes on.
    expect(slotsPerPage(withNote(88))).toEqual([[1, 2], []]);
    expect(notesPerPage(withNote(88))).toEqual([[], [88]]);
  });

  it('skips the blank page a right break leaves, and continues the note after it', () => {
    const cut = note(150, box(leaves(0, 15, 900)));
    const pages = paginate(
      box([box([calling(0, 1, 10, cut)]), box([leaf(10, 10, 2)], { breakBefore: 'right' })]),
      bodies,
    );
    expect(pages.map((p) => p.blank)).toEqual([false, true, false]);
    expect(notesPerPage(pages)).toEqual([[90], [], [60]]);
  });
});

describe('repeated table headers and footers', () => {
  const table = (top: number, rows: number) => {
    const head = leaf(top, 10, 1, { keepWithNext: true });
    const foot = leaf(top + 10 + rows * 10, 10, 99);
    return box([head, ...leaves(top + 10, rows, 10), foot], { repeat: head, repeatFooter: foot });
  };

  it('draw the header at the top of each continuation page, the footer under its last row', () => {
    const pages = paginate(box([leaf(0, 10, 0), table(10, 25)]), bodies);
    expect(pages).toHaveLength(4);
    // Page 2: the header copy at the top, eight rows, the footer copy below them.
    expect(repeatsOn(pages[1])).toEqual([50, 140]);
    expect(repeatsOn(pages[0])).toEqual([140]);
  });

  it('are not drawn on a page where the table has no row yet', () => {
    const pages = paginate(box([leaf(0, 95, 0), table(95, 3)]), bodies);
    expect(slotsPerPage(pages)).toEqual([[0], [1, 10, 11, 12, 99]]);
    expect(repeatsOn(pages[0])).toEqual([]);
    expect(repeatsOn(pages[1])).toEqual([]);
  });
});

describe('link targets', () => {
  it('record only anchors with an id, and move inline boxes with their page', () => {
    const anchors = new Map<string, { pageIndex: number; y: number }>();
    const boxes = new Map<string, PlacedBox[]>();
    const mark: PageMark = { kind: 'string', name: 's', value: 'v' };
    const root = box(
      [
        leaf(0, 100, 1, { anchors: [{ id: '', y: 0, marks: [mark] }] }),
        leaf(100, 10, 2, { anchors: [{ id: 'i', y: 100, box: { x: 3, width: 4, height: 10 } }] }),
      ],
      { flowKey: 1 },
    );
    const layouts = new FlowLayouts({ root, width: 100, originX: 0 }, () => ({ root }));
    paginate(root, ({ index }) => ({ ...body, width: 100, left: index === 0 ? 0 : 20 }), {
      anchors,
      boxes,
      layouts,
    });
    expect([...anchors.keys()]).toEqual(['i']);
    expect(boxes.get('i')).toEqual([{ pageIndex: 1, y: 50, x: 23, width: 4, height: 10 }]);
  });
});
