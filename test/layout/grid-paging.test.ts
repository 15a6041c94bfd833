/**
 * A grid across pages: a row (or the rows an item spanning them binds together) moves to the
 * next page whole when it fits there, and splits between its items' lines only when it is
 * taller than a page, with every item's decoration sliced at the cut. (Chromium fragments grid
 * items where they stand instead; print engines keep rows whole, as tables keep their rows.)
 * Grid items are tagged in document order whatever their visual order.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem, StructNode } from '../../src/document/index.js';
import { layoutHtml } from '../../src/layout/index.js';
import { layoutSnippet, type SnippetLayout } from './geometry.js';
import { testOptions } from './harness.js';

const SMALL =
  '@page { size: 400px 300px; margin: 0 } body { margin: 0; line-height: 20px; font-size: 16px } p { margin: 0 }';

const brLines = (first: string, n: number, rest = 'x'): string =>
  [first, ...Array.from({ length: n - 1 }, () => rest)].join('<br>');

function rects(r: SnippetLayout, id: string): number[][] {
  return r.box(id).map((b) => [b.page, b.x, b.y, b.width, b.height]);
}

describe('a grid across pages', () => {
  it('moves a row that does not fit the rest of the page to the next page whole', async () => {
    const r = await layoutSnippet(
      `<div id="g"><div id="a">${brLines('A1', 5)}</div><div id="b">B1</div>
       <div id="c">${brLines('C1', 5)}</div><div id="d">D1</div>
       <div id="e">${brLines('E1', 6)}</div><div id="f">F1</div></div><p id="after">after</p>`,
      `${SMALL} #g { display: grid; grid-template-columns: 1fr 1fr; row-gap: 10px }`,
    );
    expect(r.pages).toBe(2);
    expect(rects(r, 'c')).toEqual([[0, 0, 110, 200, 100]]);
    // 220 + 120 > 300: the third row starts page 2, both its items together.
    expect(rects(r, 'e')).toEqual([[1, 0, 0, 200, 120]]);
    expect(rects(r, 'f')).toEqual([[1, 200, 0, 200, 120]]);
    expect(rects(r, 'after')).toEqual([[1, 0, 120, 400, 20]]);
    expect(r.text(0)).not.toContain('E1');
  });

  it('keeps the rows an item spans together when moving them', async () => {
    const r = await layoutSnippet(
      `<div id="g"><div id="a"></div><div id="b"></div>
       <div id="s" style="grid-row: span 2">S1</div><div id="t">T1</div><div id="u">U1</div></div>`,
      `${SMALL} #g { display: grid; grid-template-columns: 1fr 1fr; grid-template-rows: 240px;
       grid-auto-rows: 40px }`,
    );
    // Row 2 alone (240 + 40) would fit page 1, but s binds it to row 3 (240 + 80 > 300): both
    // rows start page 2 together, t with them.
    expect(rects(r, 'a')).toEqual([[0, 0, 0, 200, 240]]);
    expect(rects(r, 's')).toEqual([[1, 0, 0, 200, 80]]);
    expect(rects(r, 't')).toEqual([[1, 200, 0, 200, 40]]);
    expect(rects(r, 'u')).toEqual([[1, 200, 40, 200, 40]]);
    expect(r.text(0)).not.toContain('T1');
  });

  it('splits a row taller than a page between its items’ lines, slicing their borders', async () => {
    const source = `<!DOCTYPE html><html lang="en"><head><title>t</title><style>${SMALL}
      #g { display: grid; grid-template-columns: 1fr 1fr; margin-top: 40px }
      #a, #b { border: 2px solid rgb(255, 0, 0); padding: 3px }</style></head><body>
      <div id="g"><div id="a">${brLines('A1', 18, 'a')}</div><div id="b">${brLines('B1', 3, 'b')}</div></div>
      <p>after</p></body></html>`;
    const { document } = await layoutHtml({ html: source }, testOptions);
    expect(document.pages).toHaveLength(2);
    const text = (items: readonly DisplayItem[]): string =>
      items
        .flatMap((i): string[] =>
          i.kind === 'glyphs'
            ? [i.glyphs.texts.join('')]
            : i.kind === 'group'
              ? [text(i.items)]
              : [],
        )
        .join(' ');
    // 40 + 5 + 12 lines fill page 1; the other 6 lines of A go on page 2.
    const p0 = text(document.pages[0].items);
    const p1 = text(document.pages[1].items);
    expect(p0).toContain('A1');
    expect(p0).toContain('B1');
    expect((p1.match(/\ba\b/g) ?? []).length).toBe(6);
    expect(p1).toContain('after');
    // Red borders on both pages: cut at the page edge, no bottom edge on page 1, no top on 2.
    const redBounds = (items: readonly DisplayItem[]): number[] =>
      items.flatMap((i): number[] =>
        i.kind === 'group'
          ? redBounds(i.items)
          : i.kind === 'path' && i.fill && 'r' in i.fill && i.fill.r === 1 && i.fill.g === 0
            ? i.ops.flatMap((o) => ('y' in o ? [o.y] : []))
            : [],
      );
    const y0 = redBounds(document.pages[0].items);
    const y1 = redBounds(document.pages[1].items);
    expect(Math.min(...y0)).toBeCloseTo(30, 0); // 40 px
    expect(Math.max(...y0)).toBeCloseTo(225, 0); // the page end, 300 px
    expect(Math.min(...y1)).toBeCloseTo(0, 0);
  });

  it('lets a one-item row taller than a page break inside its item, widows kept', async () => {
    const para = Array.from({ length: 18 }, (_, i) => `w${i}`).join(' ');
    const r = await layoutSnippet(
      `<div id="g"><div id="a" style="height: 100px"></div><div id="i"><p id="p">${para}</p></div></div>`,
      `${SMALL} #g { display: grid; grid-template-columns: 30px } p { widows: 3; orphans: 1 }`,
    );
    // One word per line: 18 lines from y 100 leave 10 on page 1, but 8 would then stand
    // alone and widows: 3 is kept either way; the paragraph continues on page 2.
    const p = rects(r, 'i');
    expect(p[0].slice(0, 3)).toEqual([0, 0, 100]);
    expect(p[1].slice(0, 3)).toEqual([1, 0, 0]);
    expect(r.text(1)).toContain('w17');
  });

  it('moves a one-item row that fits a page whole rather than splitting it', async () => {
    const r = await layoutSnippet(
      `<div id="g"><div id="a" style="height: 200px"></div><div id="i"><p>${brLines('I1', 6)}</p></div></div>`,
      `${SMALL} #g { display: grid }`,
    );
    expect(rects(r, 'i')).toEqual([[1, 0, 0, 400, 120]]);
  });
});

describe('grid items and the structure tree', () => {
  it('tags grid items in document order, whatever their placement and order', async () => {
    const source = `<!DOCTYPE html><html lang="en"><head><title>t</title><style>
      #g { display: grid; grid-template-columns: 1fr 1fr }
      #first { grid-row: 2; grid-column: 2 } #second { order: -1 }</style></head><body>
      <div id="g"><p id="first">First</p><h1 id="second">Second</h1><p id="third">Third</p></div>
      </body></html>`;
    const { document } = await layoutHtml({ html: source }, testOptions);
    const kids = (n: StructNode): StructNode[] =>
      n.children.flatMap((c) => (c.kind === 'node' ? [c, ...kids(c)] : []));
    const order = kids(document.structure)
      .filter((n) => n.type === 'P' || n.type === 'H1')
      .map((n) => n.type);
    // Visually Second comes first (order: -1) and First last (row 2): the tags keep the DOM's.
    expect(order).toEqual(['P', 'H1', 'P']);
  });
});
