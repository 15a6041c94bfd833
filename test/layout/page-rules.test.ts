/**
 * @page in layout: per-page margins and sizes without leaks between pages, content laid out at
 * the width of the page it lands on, blank pages, page backgrounds, bleed and marks.
 */
import { describe, expect, it } from 'vitest';
import { createResourceLoader } from '../../src/resources/index.js';
import { layoutSnippet } from './geometry.js';

const MM = 96 / 25.4;
const para = (id: string, words = 60): string =>
  `<p id="${id}">${Array.from({ length: words }, (_, i) => `word${i}`).join(' ')}</p>`;

describe('page margins per page', () => {
  it('keep :first margins on the first page only', async () => {
    const r = await layoutSnippet(
      Array.from({ length: 30 }, (_, i) => para(`p${i}`)).join(''),
      `@page { size: A5; margin: 20mm } @page :first { margin: 0 }
       body { margin: 0 } p { margin: 0 0 10px; font: 12px/20px serif }`,
    );
    expect(r.pages).toBeGreaterThan(2);
    const first = r.box('p0')[0];
    expect(first).toMatchObject({ page: 0, x: 0, y: 0 });
    expect(first.width).toBeCloseTo(148 * MM, 1);
    // On every later page the paragraphs sit inside the 20mm margins, at that page's width.
    const later = Array.from({ length: 30 }, (_, i) => r.box(`p${i}`))
      .flat()
      .filter((b) => b.page > 0);
    expect(later.length).toBeGreaterThan(3);
    for (const b of later) {
      expect(b.x).toBeCloseTo(20 * MM, 1);
      expect(b.width).toBeCloseTo(108 * MM, 1);
      expect(b.y).toBeGreaterThanOrEqual(20 * MM - 0.01);
    }
  });

  it('mirror margins on left and right pages', async () => {
    const r = await layoutSnippet(
      ['a', 'b', 'c'].map((id) => `<section id="${id}">${para(`${id}p`)}</section>`).join(''),
      `@page { size: A5; margin: 20mm 10mm 20mm 30mm } @page :left { margin-left: 10mm; margin-right: 30mm }
       section { break-before: page } body { margin: 0 }`,
    );
    expect(r.pages).toBe(3);
    expect(r.box('a')[0].x).toBeCloseTo(30 * MM, 1);
    expect(r.box('b')[0]).toMatchObject({ page: 1 });
    expect(r.box('b')[0].x).toBeCloseTo(10 * MM, 1);
    expect(r.box('c')[0].x).toBeCloseTo(30 * MM, 1);
  });

  it('lay out a landscape named page at its own width', async () => {
    const r = await layoutSnippet(
      `<div id="intro">${para('i')}</div><div id="wide" class="wide">${para('w', 200)}</div><div id="after" style="break-before: page">${para('a')}</div>`,
      `@page { size: A4; margin: 20mm } @page wide { size: A4 landscape; margin: 10mm }
       .wide { page: wide } body { margin: 0 }`,
    );
    expect(r.pageSize(0).width).toBeCloseTo(210 * MM, 1);
    const wide = r.box('wide')[0];
    expect(wide.page).toBe(1);
    expect(r.pageSize(1)).toEqual({
      width: expect.closeTo(297 * MM, 1) as number,
      height: expect.closeTo(210 * MM, 1) as number,
    });
    expect(wide.x).toBeCloseTo(10 * MM, 1);
    expect(wide.width).toBeCloseTo(277 * MM, 1);
    const after = r.box('after')[0];
    expect(after.page).toBe(2);
    expect(after.width).toBeCloseTo(170 * MM, 1);
  });

  it.each([
    ['A5', 148, 210],
    ['A4', 210, 297],
    ['A3', 297, 420],
    ['B5', 176, 250],
    ['B4', 250, 353],
    ['letter', 215.9, 279.4],
    ['legal', 215.9, 355.6],
    ['ledger', 279.4, 431.8],
    ['A5 landscape', 210, 148],
    ['120mm 80mm', 120, 80],
  ])('size %s on a named page', async (size, w, h) => {
    const r = await layoutSnippet(
      `<p>first</p><p class="n">named</p>`,
      `@page n { size: ${size} } .n { page: n }`,
    );
    expect(r.pages).toBe(2);
    expect(r.pageSize(1).width / MM).toBeCloseTo(w, 0);
    expect(r.pageSize(1).height / MM).toBeCloseTo(h, 0);
  });
});

describe('blank pages', () => {
  it('are inserted for break-before: right and styled by @page :blank', async () => {
    const r = await layoutSnippet(
      `<p>one</p><h1 style="break-before: right">two</h1><p>text</p>`,
      `@page { @top-center { content: "Head " counter(page) } }
       @page :blank { @top-center { content: none } }`,
    );
    expect(r.pages).toBe(3);
    expect(r.text(1)).toBe('');
    expect(r.furniture(0)).toBe('Head 1');
    expect(r.furniture(2)).toBe('Head 3');
  });

  it('keep the furniture :blank does not remove, as the specification and WeasyPrint do', async () => {
    const r = await layoutSnippet(
      `<p>one</p><h1 style="break-before: right">two</h1>`,
      `@page { @top-center { content: "Head " counter(page) } }`,
    );
    expect(r.flowText(1)).toBe('');
    expect(r.furniture(1)).toBe('Head 2');
  });

  it('show :blank margin boxes when the author gives them', async () => {
    const r = await layoutSnippet(
      `<p>one</p><h1 style="break-before: right">two</h1>`,
      `@page :blank { @top-center { content: "This page is intentionally left blank" } }`,
    );
    expect(r.pages).toBe(3);
    expect(r.furniture(1)).toBe('This page is intentionally left blank');
    expect(r.furniture(0)).toBe('');
  });

  it('land a verso break on a left page', async () => {
    const r = await layoutSnippet(
      `<p>one</p><h1 id="v" style="break-before: verso">two</h1><h1 id="r" style="break-before: recto">three</h1>`,
    );
    expect(r.box('v')[0].page).toBe(1);
    expect(r.box('r')[0].page).toBe(2);
  });
});

describe('page backgrounds', () => {
  it('paint the colour over the whole sheet and the image in the page area', async () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC';
    const r = await layoutSnippet(
      '<p>x</p>',
      `@page { size: 100mm 100mm; margin: 10mm; background: #123456 url(${png}) 0 0 / 100% 100% no-repeat }`,
      { loader: createResourceLoader({ allowPrivateNetwork: false }) },
    );
    const items = r.document.pages[0].items;
    const fill = items.find((i) => i.kind === 'path' && i.fill && 'r' in i.fill);
    const rect = fill?.kind === 'path' ? fill.ops[0] : undefined;
    expect(rect?.op === 'rect' && Math.abs(rect.x) + Math.abs(rect.y)).toBe(0);
    const group = items.find((i) => i.kind === 'group');
    const image = group?.kind === 'group' ? group.items.find((i) => i.kind === 'image') : undefined;
    // Positioned and sized in the page box inside the 10mm margins (points).
    expect(image).toMatchObject({ kind: 'image' });
    if (image?.kind !== 'image') return;
    expect(image.x).toBeCloseTo(10 * MM * 0.75, 1);
    expect(image.width).toBeCloseTo(80 * MM * 0.75, 1);
  });

  it('gives a cover its own full-bleed background with :first', async () => {
    const r = await layoutSnippet(
      '<p>cover</p><p style="break-before: page">inside</p>',
      `@page { margin: 20mm } @page :first { margin: 0; background: black }`,
    );
    const dark = (n: number): boolean =>
      r.document.pages[n].items.some(
        (i) => i.kind === 'path' && i.fill !== undefined && 'r' in i.fill && i.fill.a > 0,
      );
    expect(dark(0)).toBe(true);
    expect(dark(1)).toBe(false);
  });
});

describe('the canvas background', () => {
  it('covers the page inside its margins; the margins keep the page background', async () => {
    const r = await layoutSnippet(
      '<p>x</p>',
      `@page { size: 100mm 100mm; margin: 10mm 20mm } body { background: #abcdef }`,
    );
    const fills = r.document.pages[0].items.flatMap((i) =>
      i.kind === 'path' && i.fill && 'r' in i.fill && i.ops[0].op === 'rect' ? [i.ops[0]] : [],
    );
    const pt = MM * 0.75;
    expect(fills[0].x).toBeCloseTo(20 * pt, 3);
    expect(fills[0].y).toBeCloseTo(10 * pt, 3);
    expect(fills[0].width).toBeCloseTo(60 * pt, 3);
    expect(fills[0].height).toBeCloseTo(80 * pt, 3);
  });

  it('is painted once: the element it comes from paints no colour of its own', async () => {
    for (const css of [
      'body { background: rgba(255, 0, 0, 0.5) }',
      'html { background: rgba(255, 0, 0, 0.5) } body { background: rgba(0, 0, 255, 0.5) }',
    ]) {
      const r = await layoutSnippet('<p>x</p>', `@page { size: 100mm 100mm } ${css}`);
      const fills = r.document.pages[0].items.flatMap((i) =>
        i.kind === 'path' && i.fill && 'r' in i.fill ? [i.fill] : [],
      );
      // Translucent red once over the page (a second layer would read darker); the body keeps
      // its own colour when the root's is the canvas.
      expect(fills.filter((f) => f.r === 1 && f.b === 0)).toHaveLength(1);
      expect(fills.filter((f) => f.b === 1)).toHaveLength(css.startsWith('html') ? 1 : 0);
    }
  });
});

describe('bleed and marks', () => {
  it('grow the sheet by the bleed and record the trim box', async () => {
    const r = await layoutSnippet(
      '<p>x</p>',
      `@page { size: 100mm 100mm; bleed: 5mm; marks: crop cross }`,
    );
    const page = r.document.pages[0];
    expect(page.width / 0.75 / MM).toBeCloseTo(110, 1);
    expect(page.trim).toMatchObject({ x: expect.closeTo(5 * MM * 0.75, 2) as number });
    const marks = page.items.filter(
      (i) => i.kind === 'path' && i.stroke !== undefined && i.tag.kind === 'artifact',
    );
    expect(marks).toHaveLength(1);
  });

  it('default to 6pt of bleed with crop marks', async () => {
    const r = await layoutSnippet('<p>x</p>', `@page { size: 100mm 100mm; marks: crop }`);
    expect(r.document.pages[0].trim?.x).toBeCloseTo(6, 2);
  });
});
