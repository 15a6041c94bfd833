/**
 * Page-margin boxes as real boxes: sizes per CSS Paged Media §5.3, backgrounds, borders,
 * padding, text-align and vertical-align, page counters, artifacts.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem, GlyphRun } from '../../src/document/index.js';
import { distribute } from '../../src/layout/paint/margin-boxes.js';
import { furnitureRuns, layoutSnippet } from './geometry.js';

const MM = 96 / 25.4;
const PT = 0.75;

function run(items: readonly DisplayItem[], text: string): GlyphRun {
  const r = furnitureRuns(items).find((g) => g.glyphs.texts.join('') === text);
  if (!r) throw new Error(`no furniture run "${text}"`);
  return r;
}

const width = (r: GlyphRun): number => r.glyphs.advances.reduce((w, a) => w + a, 0);

/** Filled rectangles of page furniture (margin box backgrounds). */
function furnitureRects(
  items: readonly DisplayItem[],
): { x: number; y: number; w: number; h: number }[] {
  const out: { x: number; y: number; w: number; h: number }[] = [];
  for (const i of items) {
    if (i.kind === 'group') out.push(...furnitureRects(i.items));
    if (i.kind !== 'path' || !i.fill || i.tag.kind !== 'artifact' || i.tag.type !== 'Pagination')
      continue;
    const xs: number[] = [];
    const ys: number[] = [];
    for (const o of i.ops) {
      if (o.op === 'rect') {
        xs.push(o.x, o.x + o.width);
        ys.push(o.y, o.y + o.height);
      } else if (o.op !== 'close') {
        xs.push(o.x);
        ys.push(o.y);
      }
    }
    out.push({
      x: Math.min(...xs),
      y: Math.min(...ys),
      w: Math.max(...xs) - Math.min(...xs),
      h: Math.max(...ys) - Math.min(...ys),
    });
  }
  return out;
}

describe('margin box widths (§5.3.2)', () => {
  const sizing = (min: number, max: number, generated = true) => ({
    generated,
    inner: undefined as number | undefined,
    sugar: 0,
    min,
    max,
  });

  it('give the outer boxes their max-content widths when they fit', () => {
    const a = sizing(20, 100);
    const b = sizing(0, 0, false);
    const c = sizing(30, 200);
    distribute(a, b, c, 400);
    expect([a.inner, c.inner]).toEqual([100, 200]);
  });

  it('share what is left by the difference of max- and min-content', () => {
    const a = sizing(20, 100);
    const b = sizing(0, 0, false);
    const c = sizing(20, 300);
    distribute(a, b, c, 200);
    // 160 to share beyond the minimums, weighted 80 : 280.
    expect(a.inner! + c.inner!).toBeCloseTo(200);
    expect(a.inner).toBeCloseTo(20 + (160 * 80) / 360);
  });

  it('centre the middle box and give the outer ones half of the rest each', () => {
    const a = sizing(10, 50);
    const b = sizing(40, 120);
    const c = sizing(10, 300);
    distribute(a, b, c, 400);
    // b fits at max-content only if 120 + 2 × 300 ≤ 400: it does not; it grows from 40.
    expect(b.inner).toBeGreaterThan(40);
    expect(b.inner).toBeLessThan(120);
    expect(a.inner).toBeCloseTo(50);
    expect(c.inner).toBeCloseTo((400 - b.inner!) / 2);
  });
});

describe('margin boxes on the page', () => {
  it('align their text as their default text-align says', async () => {
    const r = await layoutSnippet(
      '<p>x</p>',
      `@page { size: 200mm 100mm; margin: 20mm 30mm;
         @top-left { content: "L" } @top-center { content: "C" } @top-right { content: "R" } }`,
    );
    const items = r.document.pages[0].items;
    const l = run(items, 'L');
    const c = run(items, 'C');
    const rr = run(items, 'R');
    expect(l.x).toBeCloseTo(30 * MM * PT, 1);
    expect(c.x + width(c) / 2).toBeCloseTo(100 * MM * PT, 0);
    expect(rr.x + width(rr)).toBeCloseTo(170 * MM * PT, 0);
    // Vertically centred in the 20mm top margin.
    expect(l.y).toBeGreaterThan(5 * MM * PT);
    expect(l.y).toBeLessThan(20 * MM * PT);
  });

  it('draw their own background, border and padding, with vertical-align: bottom', async () => {
    const r = await layoutSnippet(
      '<p>x</p>',
      `@page { size: 200mm 100mm; margin: 20mm 30mm;
         @top-left { content: "Head"; background: #eee; border-bottom: 2px solid black;
                     padding-bottom: 2mm; vertical-align: bottom; font-size: 10px } }`,
    );
    const items = r.document.pages[0].items;
    const rects = furnitureRects(items);
    // The background fills the whole margin box: the top margin's full height.
    const bg = rects.find((x) => x.h > 15 * MM * PT);
    expect(bg).toBeDefined();
    expect(bg!.y).toBeCloseTo(0, 1);
    expect(bg!.x).toBeCloseTo(30 * MM * PT, 1);
    const head = run(items, 'Head');
    // The text sits at the bottom, above the padding and the border.
    expect(head.y).toBeGreaterThan(20 * MM * PT - 2 * MM * PT - 2 * PT - 10 * PT);
    expect(head.y).toBeLessThan(20 * MM * PT - 2 * MM * PT);
  });

  it('fill their corner: a page number in a coloured square', async () => {
    const r = await layoutSnippet(
      '<p>x</p>',
      `@page { size: 200mm 100mm; margin: 10mm;
         @bottom-right-corner { content: counter(page); background: navy; color: white; text-align: center } }`,
    );
    const items = r.document.pages[0].items;
    const sq = furnitureRects(items).find((x) => Math.abs(x.w - x.h) < 0.5);
    expect(sq).toMatchObject({
      x: expect.closeTo(190 * MM * PT, 1) as number,
      y: expect.closeTo(90 * MM * PT, 1) as number,
      w: expect.closeTo(10 * MM * PT, 1) as number,
    });
    const n = run(items, '1');
    expect(n.tag).toMatchObject({ kind: 'artifact', type: 'Pagination', subtype: 'Footer' });
  });

  it('count pages with counter-reset and counter-increment in @page', async () => {
    const r = await layoutSnippet(
      '<p>a</p><p style="break-before: page">b</p><p style="break-before: page">c</p>',
      `@page { @bottom-center { content: counter(page, lower-roman) " / " counter(pages) " · " counter(sheet) } counter-increment: sheet 2 }
       @page :first { counter-reset: page 9 }`,
    );
    // A page context that names the page counter is not incremented implicitly (WeasyPrint).
    expect(r.furniture(0)).toBe('ix / 3 · 2');
    expect(r.furniture(1)).toBe('x / 3 · 4');
    expect(r.furniture(2)).toBe('xi / 3 · 6');
  });

  it('lay out the side boxes down the side margins', async () => {
    const r = await layoutSnippet(
      '<p>x</p>',
      `@page { size: 200mm 100mm; margin: 20mm; @left-middle { content: "Side" } @right-top { content: "T" } }`,
    );
    const items = r.document.pages[0].items;
    const side = run(items, 'Side');
    expect(side.x).toBeLessThan(20 * MM * PT);
    expect(side.y).toBeGreaterThan(40 * MM * PT);
    expect(side.y).toBeLessThan(60 * MM * PT);
    const t = run(items, 'T');
    expect(t.x).toBeGreaterThan(180 * MM * PT);
    expect(t.y).toBeLessThan(30 * MM * PT);
  });
});
