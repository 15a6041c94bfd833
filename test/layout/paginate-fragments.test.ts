/**
 * The fragment helpers the paginator decides with: how much footnote room a line needs, how
 * much of a fragment must share a page with what is kept with it, and the anchors (link
 * targets and page marks) a fragment carries and where they move.
 */
import { describe, expect, it } from 'vitest';
import {
  anchorsOf,
  firstLeafBottom,
  footnoteNeed,
  moveAnchor,
  ownAnchor,
  type Anchor,
  type BoxFragment,
  type Fragment,
  type LeafFragment,
  type PageMark,
} from '../../src/layout/paginate/fragments.js';

const leaf = (top: number, bottom: number, extra: Partial<LeafFragment> = {}): LeafFragment => ({
  kind: 'leaf',
  top,
  bottom,
  items: [],
  ...extra,
});
const box = (children: Fragment[], extra: Partial<BoxFragment> = {}): BoxFragment => ({
  kind: 'box',
  top: children.length ? Math.min(...children.map((c) => c.top)) : 0,
  bottom: children.length ? Math.max(...children.map((c) => c.bottom)) : 0,
  children,
  ...extra,
});
const footnote = (height: number): PageMark => ({
  kind: 'footnote',
  body: { items: [], anchors: [], height },
});

describe('footnote room', () => {
  it('is the sum of the heights of the footnotes called on a line', () => {
    const line = leaf(0, 10, {
      anchors: [
        { id: 'a', y: 0, marks: [footnote(12), { kind: 'string', name: 's', value: 'v' }] },
        { id: 'b', y: 0 },
        { id: 'c', y: 5, marks: [footnote(7.5)] },
      ],
    });
    expect(footnoteNeed(line)).toBe(19.5);
    expect(footnoteNeed(leaf(0, 10))).toBe(0);
    expect(footnoteNeed(box([line]))).toBe(0);
  });
});

describe('what must share a page with what is kept with it', () => {
  it('is the first leaf, looking into boxes', () => {
    expect(firstLeafBottom(leaf(0, 12))).toBe(12);
    expect(firstLeafBottom(box([box([leaf(0, 12), leaf(12, 24)]), leaf(24, 36)]))).toBe(12);
  });
  it('is the first orphans lines of a paragraph, or all of a shorter one', () => {
    const para = (n: number, orphans: number): BoxFragment =>
      box(
        Array.from({ length: n }, (_, i) => leaf(i * 10, i * 10 + 10)),
        { lines: { orphans, widows: 2 } },
      );
    expect(firstLeafBottom(para(5, 3))).toBe(30);
    expect(firstLeafBottom(para(2, 3))).toBe(20);
    expect(firstLeafBottom(para(5, 0))).toBe(10);
    expect(firstLeafBottom(box([], { lines: { orphans: 2, widows: 2 }, top: 0, bottom: 8 }))).toBe(
      8,
    );
  });
  it('skips floats and out-of-flow content, and is the box itself when nothing else is in it', () => {
    const float = box([leaf(0, 50)], { float: { anchor: 0 } });
    expect(firstLeafBottom(box([float, leaf(0, 10)]))).toBe(10);
    expect(firstLeafBottom(box([leaf(0, 40, { outOfFlow: true }), leaf(0, 15)]))).toBe(15);
    expect(firstLeafBottom(box([float], { top: 0, bottom: 60 }))).toBe(60);
  });
});

describe('anchors', () => {
  const marks: PageMark[] = [{ kind: 'string', name: 'chapter', value: 'One' }];
  it('of a box: its id at its top, with its border box and marks when it has them', () => {
    const content = [leaf(10, 30)];
    expect(ownAnchor(box(content))).toBeUndefined();
    expect(ownAnchor(box(content, { anchor: 'x' }))).toEqual({ id: 'x', y: 10 });
    expect(ownAnchor(box(content, { marks }))).toEqual({ id: '', y: 10, marks });
    expect(ownAnchor(box(content, { anchor: 'x', marks, borderBox: { x: 5, width: 50 } }))).toEqual(
      {
        id: 'x',
        y: 10,
        box: { x: 5, width: 50, height: 20 },
        marks,
      },
    );
  });
  it('of a fragment drawn in one piece: its own and its descendants, in order', () => {
    const a: Anchor = { id: 'a', y: 12 };
    const f = box([leaf(10, 20, { anchors: [a] }), box([leaf(20, 30)], { anchor: 'b' })], {
      anchor: 'top',
    });
    expect(anchorsOf(f).map((x) => x.id)).toEqual(['top', 'a', 'b']);
    expect(anchorsOf(leaf(0, 1))).toEqual([]);
    expect(anchorsOf(box([leaf(0, 1, { anchors: [a] })]))).toEqual([a]);
    expect(anchorsOf(leaf(0, 1, { anchors: [a] }))).toEqual([a]);
  });
  it('move with their content; a border box moves sideways only when the content does', () => {
    const a: Anchor = { id: 'a', y: 10, box: { x: 5, width: 50, height: 20 } };
    expect(moveAnchor(a, 3, 100)).toEqual({
      id: 'a',
      y: 110,
      box: { x: 8, width: 50, height: 20 },
    });
    expect(moveAnchor(a, 0, -10)).toEqual({ id: 'a', y: 0, box: a.box });
    expect(moveAnchor({ id: 'b', y: 1 }, 3, 1)).toEqual({ id: 'b', y: 2 });
  });
});
