/**
 * The paginator's break rules, one at a time, on hand-built fragments: where pages end, what
 * moves with what, what is repeated or sliced, and where link targets land. Every page body is
 * 100 pt high at y 50 unless a test says otherwise.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem } from '../../src/document/index.js';
import type { BoxSlice } from '../../src/layout/paginate/fragments.js';
import { PageLimit, paginate, type PageBody } from '../../src/layout/paginate/paginator.js';
import type { PlacedBox } from '../../src/layout/options.js';
import { box, leaf, leaves, slotsPerPage, yOf } from './fragments.js';

const body: PageBody = { top: 50, height: 100 };
const bodies = () => body;

/** Tags of the items drawn on a page (groups opened), in drawing order. */
function tagsOf(items: readonly DisplayItem[]): string[] {
  return items.flatMap((i): string[] =>
    i.kind === 'group'
      ? tagsOf(i.items)
      : i.kind === 'link'
        ? ['link']
        : [i.tag.kind === 'content' ? `c${i.tag.slot}` : `a:${i.tag.type}`],
  );
}

/** A background rectangle over a slice, tagged as a Background artifact. */
function background(s: BoxSlice): DisplayItem[] {
  return [
    {
      kind: 'path',
      ops: [{ op: 'rect', x: 0, y: s.top, width: 10, height: s.bottom - s.top }],
      fill: { r: 1, g: 1, b: 1, a: 1 },
      tag: { kind: 'artifact', type: 'Background' },
    },
  ];
}

describe('filling pages', () => {
  it('keeps a leaf that ends at the page bottom, within rounding, and moves one past it', () => {
    const exact = paginate(box([leaf(0, 90, 1), leaf(90, 10.005, 2)]), bodies);
    expect(slotsPerPage(exact)).toEqual([[1, 2]]);
    const past = paginate(box([leaf(0, 90, 1), leaf(90, 10.05, 2)]), bodies);
    expect(slotsPerPage(past)).toEqual([[1], [2]]);
    expect(past[1].flowTop).toBe(90);
    expect(yOf(past, 1, 2)).toBe(50);
  });

  it('places a leaf taller than a page alone, without an empty page before it', () => {
    const pages = paginate(box([leaf(0, 250, 1), leaf(250, 10, 2)]), bodies);
    expect(slotsPerPage(pages)).toEqual([[1], [2]]);
    expect(pages[1].flowTop).toBe(250);
  });

  it('asks for each page body by index and name and maps the flow onto it', () => {
    const asked: [number, string][] = [];
    const pages = paginate(box(leaves(0, 12, 1)), ({ index: i, name }) => {
      asked.push([i, name]);
      return i === 0 ? { top: 50, height: 50 } : { top: 20, height: 100 };
    });
    expect(asked).toEqual([
      [0, ''],
      [1, ''],
    ]);
    expect(slotsPerPage(pages).map((s) => s.length)).toEqual([5, 7]);
    expect(pages.map((p) => [p.flowTop, p.body, p.name])).toEqual([
      [0, { top: 50, height: 50 }, ''],
      [50, { top: 20, height: 100 }, ''],
    ]);
    expect(yOf(pages, 0, 5)).toBe(90);
    expect(yOf(pages, 1, 6)).toBe(20);
    expect(yOf(pages, 1, 12)).toBe(80);
  });

  it('gives an empty box its own height', () => {
    const spacer = { kind: 'box' as const, top: 10, bottom: 95, children: [] };
    const pages = paginate(box([leaf(0, 10, 1), spacer, leaf(95, 10, 2)]), bodies);
    expect(slotsPerPage(pages)).toEqual([[1], [2]]);
    expect(pages[1].flowTop).toBe(95);
  });

  it('stops at the page limit', () => {
    expect(() => paginate(box(leaves(0, 30, 1)), bodies, { maxPages: 2 })).toThrow(PageLimit);
    expect(() => paginate(box(leaves(0, 30, 1)), bodies, { maxPages: 2 })).toThrow(
      'the document needs more than 2 pages',
    );
    expect(paginate(box(leaves(0, 30, 1)), bodies, { maxPages: 3 })).toHaveLength(3);
  });

  it('does not count the page a final break-after leaves behind', () => {
    const pages = paginate(
      box([box(leaves(0, 10, 1)), box(leaves(100, 10, 20), { breakAfter: 'page' })]),
      bodies,
      { maxPages: 2 },
    );
    expect(pages).toHaveLength(2);
    try {
      paginate(box(leaves(0, 30, 1)), bodies, { maxPages: 2 });
    } catch (e) {
      expect((e as PageLimit).max).toBe(2);
    }
  });
});

describe('keep-with-next', () => {
  it('moves a table header to the next page with the first row', () => {
    const filler = leaves(0, 8, 1);
    const head = leaf(80, 15, 100, { keepWithNext: true });
    const row = leaf(95, 10, 101);
    const pages = paginate(box([...filler, box([head, row])]), bodies);
    expect(slotsPerPage(pages)).toEqual([
      [1, 2, 3, 4, 5, 6, 7, 8],
      [100, 101],
    ]);
    expect(yOf(pages, 1, 100)).toBe(50);
  });

  it('keeps a header whose next row would not fit even a fresh page with it', () => {
    const filler = leaves(0, 8, 1);
    const head = leaf(80, 15, 100, { keepWithNext: true });
    const row = leaf(95, 90, 101);
    const pages = paginate(box([...filler, box([head, row])]), bodies);
    expect(slotsPerPage(pages)[0]).toContain(100);
    expect(slotsPerPage(pages)[1]).toEqual([101]);
  });

  it('keeps a header whose pair just fits a fresh page with the row', () => {
    const filler = leaves(0, 8, 1);
    const head = leaf(80, 15, 100, { keepWithNext: true });
    const row = leaf(95, 85, 101);
    const pages = paginate(box([...filler, box([head, row])]), bodies);
    expect(slotsPerPage(pages)[1]).toEqual([100, 101]);
  });

  it('does nothing for the last leaf, or when the next fits', () => {
    const last = paginate(
      box([...leaves(0, 9, 1), leaf(90, 10, 100, { keepWithNext: true })]),
      bodies,
    );
    expect(slotsPerPage(last)).toEqual([[1, 2, 3, 4, 5, 6, 7, 8, 9, 100]]);
    const fits = paginate(
      box([...leaves(0, 8, 1), leaf(80, 10, 100, { keepWithNext: true }), leaf(90, 10, 101)]),
      bodies,
    );
    expect(slotsPerPage(fits)).toHaveLength(1);
  });

  it('leaves no empty page when a kept leaf starts the flow', () => {
    const pages = paginate(
      box([leaf(0, 95, 100, { keepWithNext: true }), leaf(95, 10, 101)]),
      bodies,
    );
    expect(slotsPerPage(pages)).toEqual([[100], [101]]);
  });

  it('moves a heading with the first orphans lines of the paragraph after it', () => {
    const heading = box([leaf(80, 10, 100)], { keepWithNext: true });
    const para = (orphans: number) => box(leaves(90, 3, 200), { lines: { orphans, widows: 1 } });
    // Two lines must stay together: the second ends at 110, past the page, so the heading goes.
    const two = paginate(box([box(leaves(0, 8, 1)), heading, para(2)]), bodies);
    expect(slotsPerPage(two)[1]).toEqual([100, 200, 201, 202]);
    // One line may stand alone: it fits under the heading, which stays.
    const one = paginate(box([box(leaves(0, 8, 1)), heading, para(1)]), bodies);
    expect(slotsPerPage(one)[0].slice(-2)).toEqual([100, 200]);
  });

  it('looks through nested boxes and past out-of-flow content for the next leaf', () => {
    const heading = box([leaf(80, 10, 100)], { keepWithNext: true });
    const floating = leaf(0, 5, 300, { outOfFlow: true });
    const next = box([box([floating, leaf(90, 15, 200)])]);
    const pages = paginate(box([box(leaves(0, 8, 1)), heading, next]), bodies);
    expect(slotsPerPage(pages)[1]).toEqual(expect.arrayContaining([100, 200]));
  });

  it('is not honoured when the heading and what follows exceed a page', () => {
    const heading = box([leaf(80, 10, 100)], { keepWithNext: true });
    const tall = box([leaf(90, 95, 200)]);
    const pages = paginate(box([box(leaves(0, 8, 1)), heading, tall]), bodies);
    expect(slotsPerPage(pages)[0]).toContain(100);
  });

  it('takes the heading to the page of a next box with no children', () => {
    const heading = box([leaf(80, 10, 100)], { keepWithNext: true });
    const empty = { kind: 'box' as const, top: 90, bottom: 105, children: [] };
    const pages = paginate(box([box(leaves(0, 8, 1)), heading, empty, leaf(105, 5, 9)]), bodies);
    expect(slotsPerPage(pages)[1]).toEqual([100, 9]);
  });
});

describe('forced breaks', () => {
  const two = (a: object, b: object) => box([box(leaves(0, 2, 1), a), box(leaves(20, 2, 11), b)]);

  it('make no empty first page for a break before the first content', () => {
    const pages = paginate(box([box(leaves(0, 2, 1), { breakBefore: 'page' })]), bodies);
    expect(slotsPerPage(pages)).toEqual([[1, 2]]);
  });

  it('break after a box, and the next page starts where the box ended', () => {
    const pages = paginate(two({ breakAfter: 'page' }, {}), bodies);
    expect(slotsPerPage(pages)).toEqual([
      [1, 2],
      [11, 12],
    ]);
    expect(pages[1].flowTop).toBe(20);
  });

  it.each([
    ['breakBefore', 'right', [[1, 2], [], [11, 12]]],
    [
      'breakBefore',
      'left',
      [
        [1, 2],
        [11, 12],
      ],
    ],
    ['breakAfter', 'right', [[1, 2], [], [11, 12]]],
    [
      'breakAfter',
      'left',
      [
        [1, 2],
        [11, 12],
      ],
    ],
    ['breakBefore', 'avoid', [[1, 2, 11, 12]]],
    ['breakAfter', 'avoid', [[1, 2, 11, 12]]],
    ['breakBefore', 'auto', [[1, 2, 11, 12]]],
  ])('%s: %s lands on the right side (the first page is a right page)', (prop, value, want) => {
    const pages =
      prop === 'breakBefore'
        ? paginate(two({}, { [prop]: value }), bodies)
        : paginate(two({ [prop]: value }, {}), bodies);
    expect(slotsPerPage(pages)).toEqual(want);
  });

  it('counts sides from the first page: right, left, right', () => {
    const a = box(leaves(0, 1, 1));
    const b = box(leaves(10, 1, 2), { breakBefore: 'right' });
    const c = box(leaves(20, 1, 3), { breakBefore: 'right' });
    const d = box(leaves(30, 1, 4), { breakBefore: 'left' });
    expect(slotsPerPage(paginate(box([a, b, c, d]), bodies))).toEqual([[1], [], [2], [], [3], [4]]);
  });

  it('start the new page at the top of the outermost box that has no content yet', () => {
    const inner = box([leaf(30, 10, 2)], { breakBefore: 'page', top: 25 });
    const outer = box([inner], { top: 20 });
    const pages = paginate(box([leaf(0, 10, 1), outer]), bodies);
    expect(pages[1].flowTop).toBe(20);
    expect(yOf(pages, 1, 2)).toBe(60);
  });

  it('are ignored, with page names, on one continuous page', () => {
    const a = box(leaves(0, 2, 1), { breakAfter: 'page' });
    const b = box(leaves(20, 2, 11), { breakBefore: 'left', pageName: 'wide' });
    const tall = () => ({ top: 0, height: 1000 });
    const pages = paginate(box([a, b]), tall, { maxPages: 100, forcedBreaks: false });
    expect(slotsPerPage(pages)).toEqual([[1, 2, 11, 12]]);
    expect(pages[0].name).toBe('');
  });
});

describe('break-inside: avoid', () => {
  const filler = () => box([leaf(0, 60, 1)]);

  it('moves a box that fits a fresh page', () => {
    const b = box(leaves(60, 5, 10), { breakInside: 'avoid' });
    expect(slotsPerPage(paginate(box([filler(), b]), bodies))).toEqual([[1], [10, 11, 12, 13, 14]]);
  });

  it('moves a box exactly a page high', () => {
    const b = box(leaves(60, 10, 10), { breakInside: 'avoid' });
    expect(slotsPerPage(paginate(box([filler(), b]), bodies))[0]).toEqual([1]);
  });

  it('splits a box taller than a page where it stands', () => {
    const b = box(leaves(60, 11, 10), { breakInside: 'avoid' });
    const pages = paginate(box([filler(), b]), bodies);
    expect(slotsPerPage(pages)[0]).toEqual([1, 10, 11, 12, 13]);
  });

  it('leaves a box that fits where it is', () => {
    const b = box(leaves(60, 4, 10), { breakInside: 'avoid' });
    expect(slotsPerPage(paginate(box([filler(), b]), bodies))).toEqual([[1, 10, 11, 12, 13]]);
  });
});

describe('orphans and widows', () => {
  const para = (top: number, n: number, orphans: number, widows: number) =>
    box(leaves(top, n, 100), { lines: { orphans, widows } });

  it('moves a paragraph whole when fewer than orphans lines fit', () => {
    const pages = paginate(box([box(leaves(0, 8, 1)), para(80, 5, 3, 1)]), bodies);
    expect(slotsPerPage(pages)[1]).toEqual([100, 101, 102, 103, 104]);
  });

  it('splits a paragraph when orphans lines fit', () => {
    const pages = paginate(box([box(leaves(0, 7, 1)), para(70, 5, 3, 1)]), bodies);
    expect(slotsPerPage(pages)[1]).toEqual([103, 104]);
  });

  it('pulls lines over so that widows lines end the paragraph', () => {
    const pages = paginate(box([box(leaves(0, 3, 1)), para(30, 9, 1, 3)]), bodies);
    // Seven lines fit; two would be left: three go.
    expect(slotsPerPage(pages)[1]).toEqual([106, 107, 108]);
  });

  it('leaves at least one line when widows asks for more than the page holds', () => {
    const pages = paginate(box([box(leaves(0, 9, 1)), para(90, 4, 1, 4)]), bodies);
    expect(slotsPerPage(pages)).toEqual([
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 100],
      [101, 102, 103],
    ]);
  });

  it('splits a paragraph that starts a page as it fits, over several pages', () => {
    const pages = paginate(para(0, 25, 2, 2), bodies);
    expect(slotsPerPage(pages).map((s) => s.length)).toEqual([10, 10, 5]);
    expect(pages.map((p) => p.flowTop)).toEqual([0, 100, 200]);
  });

  it('moves a paragraph none of whose lines fit, keeping the page it leaves', () => {
    const pages = paginate(box([box(leaves(0, 9, 1)), para(95, 3, 1, 1)]), bodies);
    expect(slotsPerPage(pages)[1]).toEqual([100, 101, 102]);
    expect(pages[1].flowTop).toBe(95);
  });

  it('overflows a line taller than a page rather than looping', () => {
    const lines = box([leaf(0, 150, 100), leaf(150, 10, 101)], {
      lines: { orphans: 2, widows: 2 },
    });
    const pages = paginate(lines, bodies);
    expect(slotsPerPage(pages)).toEqual([[100], [101]]);
  });

  it('starts the page of a moved paragraph at its box when the box has no content yet', () => {
    const wrapped = box([para(85, 3, 2, 1)], { top: 82 });
    const pages = paginate(box([box(leaves(0, 8, 1)), wrapped]), bodies);
    expect(pages[1].flowTop).toBe(82);
    expect(yOf(pages, 1, 100)).toBe(53);
  });
});

describe('repeated table headers', () => {
  const table = (top: number, rows: number) => {
    const head = leaf(top, 20, 1, { keepWithNext: true });
    return box([head, ...leaves(top + 20, rows, 10)], { repeat: head });
  };

  it('are drawn as Pagination artifacts at the top of every continuation page', () => {
    const pages = paginate(table(0, 20), bodies);
    expect(pages).toHaveLength(3);
    for (const p of [1, 2]) {
      const first = pages[p].items[0];
      expect(first.kind === 'path' && first.tag).toEqual({ kind: 'artifact', type: 'Pagination' });
      expect(first.kind === 'path' && first.ops[0]).toMatchObject({ y: 50, height: 20 });
    }
    // Page 1 holds the header and 8 rows; each later page the header copy and 8 rows.
    expect(slotsPerPage(pages)).toEqual([
      [1, 10, 11, 12, 13, 14, 15, 16, 17],
      [18, 19, 20, 21, 22, 23, 24, 25],
      [26, 27, 28, 29],
    ]);
    expect(yOf(pages, 1, 18)).toBe(70);
    expect(pages[1].flowTop).toBe(80);
  });

  it('are not repeated on the page where the table starts', () => {
    const pages = paginate(box([box([leaf(0, 95, 1)]), table(95, 3)]), bodies);
    expect(slotsPerPage(pages)).toEqual([[1], [1, 10, 11, 12]]);
    expect(tagsOf(pages[1].items)).not.toContain('a:Pagination');
  });

  it('leave links out of the copy', () => {
    const link: DisplayItem = {
      kind: 'link',
      x: 0,
      y: 0,
      width: 10,
      height: 20,
      target: { kind: 'uri', uri: 'https://example.org/' },
    } as DisplayItem;
    const head = leaf(0, 20, 1, { keepWithNext: true });
    const withLink = { ...head, items: [...head.items, link] };
    const pages = paginate(box([withLink, ...leaves(20, 12, 10)], { repeat: withLink }), bodies);
    expect(tagsOf(pages[0].items).slice(0, 2)).toEqual(['c1', 'link']);
    expect(tagsOf(pages[1].items)[0]).toBe('a:Pagination');
    expect(tagsOf(pages[1].items)).not.toContain('link');
  });
});

describe('box decorations', () => {
  it('are sliced per page, with the edges at the cuts left open', () => {
    const slices: BoxSlice[] = [];
    const b = box(leaves(20, 25, 1), {
      top: 10,
      bottom: 275,
      decorate: (s) => {
        slices.push(s);
        return [];
      },
    });
    paginate(box([leaf(0, 10, 99), b]), bodies);
    expect(slices).toEqual([
      {
        top: 60,
        bottom: 150,
        continuedAbove: false,
        continuedBelow: true,
        flowTop: 10,
        flowBottom: 100,
        shift: 50,
      },
      {
        top: 50,
        bottom: 150,
        continuedAbove: true,
        continuedBelow: true,
        flowTop: 100,
        flowBottom: 200,
        shift: -50,
      },
      {
        top: 50,
        bottom: 125,
        continuedAbove: true,
        continuedBelow: false,
        flowTop: 200,
        flowBottom: 275,
        shift: -150,
      },
    ]);
  });

  it('are drawn under the content, clipped content inside, opacity around both', () => {
    const clip = (s: BoxSlice) => [{ op: 'rect' as const, x: 0, y: s.top, width: 5, height: 5 }];
    const b = box(leaves(0, 2, 1), { decorate: background, clip, opacity: 0.5 });
    const [page] = paginate(b, bodies);
    expect(page.items).toHaveLength(1);
    const group = page.items[0];
    expect(group).toMatchObject({ kind: 'group', opacity: 0.5 });
    if (group.kind !== 'group') throw new Error('no group');
    expect(group.items.map((i) => i.kind)).toEqual(['path', 'group']);
    expect(tagsOf(group.items)).toEqual(['a:Background', 'c1', 'c2']);
    expect(group.items[1]).toMatchObject({ clip: [{ y: 50 }] });
  });

  it('need no group when opaque and not clipped', () => {
    const [page] = paginate(box(leaves(0, 2, 1), { decorate: background, opacity: 1 }), bodies);
    expect(page.items.map((i) => i.kind)).toEqual(['path', 'path', 'path']);
    expect(tagsOf(page.items)).toEqual(['a:Background', 'c1', 'c2']);
  });

  it('are drawn for an empty box', () => {
    const empty = { kind: 'box' as const, top: 0, bottom: 40, children: [], decorate: background };
    const [page] = paginate(box([empty, leaf(40, 10, 1)]), bodies);
    expect(tagsOf(page.items)).toEqual(['a:Background', 'c1']);
  });

  it('clip only content: a slice with nothing in it gets no clip group', () => {
    const clip = () => [{ op: 'rect' as const, x: 0, y: 0, width: 5, height: 5 }];
    const empty = {
      kind: 'box' as const,
      top: 0,
      bottom: 40,
      children: [],
      decorate: background,
      clip,
    };
    const [page] = paginate(empty, bodies);
    expect(page.items.map((i) => i.kind)).toEqual(['path']);
  });
});

describe('out-of-flow content', () => {
  it('never causes a break and goes to the page whose window holds its top', () => {
    const floating = leaf(30, 200, 50, { outOfFlow: true });
    const pages = paginate(box([...leaves(0, 9, 1), floating]), bodies);
    expect(pages).toHaveLength(1);
    expect(yOf(pages, 0, 50)).toBe(80);
  });

  it('goes back to an earlier page of its box when its top lies there', () => {
    const floating = leaf(20, 10, 50, { outOfFlow: true });
    const pages = paginate(box([...leaves(0, 15, 1), floating]), bodies);
    expect(slotsPerPage(pages)[0]).toContain(50);
    expect(yOf(pages, 0, 50)).toBe(70);
  });

  it('stays on or after the page where its box starts', () => {
    const floating = leaf(20, 10, 50, { outOfFlow: true });
    const late = box([leaf(100, 10, 2), floating]);
    const pages = paginate(box([leaf(0, 100, 1), late]), bodies);
    expect(slotsPerPage(pages)).toEqual([[1], [2, 50]]);
  });

  it('in a box with no content yet goes to the current page', () => {
    const floating = leaf(20, 10, 50, { outOfFlow: true });
    const late = box([floating, leaf(100, 10, 2)]);
    const pages = paginate(box([leaf(0, 100, 1), leaf(100, 5, 3), late]), bodies);
    expect(slotsPerPage(pages)[1]).toContain(50);
  });
});

describe('closing edges', () => {
  const edge = (y: number): DisplayItem => ({
    kind: 'path',
    ops: [{ op: 'rect', x: 0, y, width: 10, height: 1 }],
    fill: { r: 0, g: 0, b: 0, a: 1 },
    tag: { kind: 'artifact', type: 'Layout' },
  });

  it('are drawn only under the row that ends a page', () => {
    const rows = Array.from({ length: 12 }, (_, i) =>
      leaf(i * 10, 10, i + 1, { closingEdge: [edge(i * 10 + 10)] }),
    );
    const pages = paginate(box(rows), bodies);
    expect(tagsOf(pages[0].items).filter((t) => t === 'a:Layout')).toHaveLength(1);
    const drawn = pages[0].items.find((i) => i.kind === 'path' && i.tag.kind === 'artifact');
    expect(drawn?.kind === 'path' && drawn.ops[0]).toMatchObject({ y: 150 });
    // The last row of the document draws its bottom border itself: no closing edge there.
    expect(tagsOf(pages[1].items)).not.toContain('a:Layout');
  });
});

describe('named pages', () => {
  it('start a page of the new name, and a page of the old name after it', () => {
    const asked: string[] = [];
    const pages = paginate(
      box([
        box(leaves(0, 1, 1)),
        box(leaves(10, 1, 2), { pageName: 'wide' }),
        box(leaves(20, 1, 3)),
      ]),
      ({ name }) => {
        asked.push(name);
        return body;
      },
    );
    expect(pages.map((p) => p.name)).toEqual(['', 'wide', '']);
    expect(slotsPerPage(pages)).toEqual([[1], [2], [3]]);
    expect(asked).toEqual(['', 'wide', '']);
  });

  it('rename the first page instead of leaving it empty', () => {
    const asked: [number, string][] = [];
    const pages = paginate(
      box([box(leaves(0, 1, 1), { pageName: 'cover' })]),
      ({ index: i, name }) => {
        asked.push([i, name]);
        return name === 'cover' ? { top: 0, height: 500 } : body;
      },
    );
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ name: 'cover', body: { top: 0, height: 500 } });
    expect(asked).toEqual([
      [0, ''],
      [0, 'cover'],
    ]);
  });

  it('are inherited by boxes inside the named one', () => {
    const inner = box(leaves(10, 1, 2));
    const pages = paginate(box([box(leaves(0, 1, 1)), box([inner], { pageName: 'wide' })]), bodies);
    expect(pages.map((p) => p.name)).toEqual(['', 'wide']);
  });
});

describe('link targets and recorded boxes', () => {
  it('land where their content landed', () => {
    const anchors = new Map<string, { pageIndex: number; y: number }>();
    const target = leaf(120, 10, 2, { anchors: [{ id: 'in-line', y: 122 }] });
    const section = box([target], { anchor: 'section', top: 110 });
    paginate(box([leaf(0, 100, 1), section], { anchor: 'root' }), bodies, { anchors });
    expect(Object.fromEntries(anchors)).toEqual({
      root: { pageIndex: 0, y: 50 },
      section: { pageIndex: 1, y: 50 },
      'in-line': { pageIndex: 1, y: 62 },
    });
  });

  it('land on the page a kept heading moved to', () => {
    const anchors = new Map<string, { pageIndex: number; y: number }>();
    const heading = box([leaf(80, 10, 100)], { keepWithNext: true, anchor: 'h' });
    paginate(box([box(leaves(0, 8, 1)), heading, box([leaf(90, 15, 2)])]), bodies, { anchors });
    expect(anchors.get('h')).toEqual({ pageIndex: 1, y: 50 });
  });

  it('record each page piece of a border box', () => {
    const boxes = new Map<string, PlacedBox[]>();
    const split = box(leaves(0, 15, 1), { anchor: 'b', borderBox: { x: 5, width: 30 } });
    const inline = leaf(150, 10, 40, {
      anchors: [
        { id: 'i', y: 150, box: { x: 7, width: 3, height: 10 } },
        { id: 'plain', y: 150 },
      ],
    });
    paginate(box([split, inline]), bodies, { boxes });
    expect(boxes.get('b')).toEqual([
      { pageIndex: 0, y: 50, height: 100, x: 5, width: 30 },
      { pageIndex: 1, y: 50, height: 50, x: 5, width: 30 },
    ]);
    expect(boxes.get('i')).toEqual([{ pageIndex: 1, y: 100, x: 7, width: 3, height: 10 }]);
    expect(boxes.has('plain')).toBe(false);
  });

  it('are not recorded when no map is given', () => {
    const split = box(leaves(0, 15, 1), { anchor: 'b', borderBox: { x: 5, width: 30 } });
    expect(() => paginate(split, bodies)).not.toThrow();
  });
});
