/**
 * Breaks between and inside boxes (CSS Fragmentation 3): avoid before and after, recto,
 * margins at breaks, and box-decoration-break.
 */
import { describe, expect, it } from 'vitest';
import { layoutSnippet } from './geometry.js';

// A 260px body; blocks of 100px.
const PAGE = `@page { size: 300px 300px; margin: 20px } body { margin: 0 } div { height: 100px }`;

describe('break-before and break-after', () => {
  it('avoid a break before a box with break-before: avoid', async () => {
    const r = await layoutSnippet(
      `<div id="a"></div><div id="b"></div><div id="c" style="break-before: avoid"></div>`,
      PAGE,
    );
    // c does not fit; b moves with it.
    expect(r.box('b')[0].page).toBe(1);
    expect(r.box('c')[0].page).toBe(1);
    expect(r.box('a')[0].page).toBe(0);
  });

  it('avoid a break after a box with break-after: avoid', async () => {
    const r = await layoutSnippet(
      `<div id="a"></div><div id="b" style="break-after: avoid"></div><div id="c"></div>`,
      PAGE,
    );
    expect(r.box('b')[0].page).toBe(1);
    expect(r.box('c')[0].page).toBe(1);
  });

  it('keep a heading, its subheading and the text after them together', async () => {
    // h1 and h2 fit the first page after a, but the text does not: both headings move with it.
    const r = await layoutSnippet(
      `<div id="a" style="height: 180px"></div>` +
        `<div id="h1" style="height: 30px; break-after: avoid"></div>` +
        `<div id="h2" style="height: 30px; break-after: avoid"></div>` +
        `<div id="c" style="height: 40px"></div>`,
      PAGE,
    );
    expect(r.box('a')[0].page).toBe(0);
    expect(r.box('h1')[0].page).toBe(1);
    expect(r.box('h2')[0].page).toBe(1);
    expect(r.box('c')[0].page).toBe(1);
  });

  it('land a recto break on a right page after a blank page', async () => {
    const r = await layoutSnippet(
      `<div id="a">a</div><div id="b" style="break-before: recto">b</div>`,
      PAGE,
    );
    // The first page is a right page: the next right page is the third.
    expect(r.pages).toBe(3);
    expect(r.box('b')[0].page).toBe(2);
    expect(r.text(1)).toBe('');
  });

  it('keep the top margin after a forced break and drop it after an unforced one', async () => {
    const r = await layoutSnippet(
      `<div id="a"></div><div id="b"></div><div id="c" style="margin-top: 30px"></div>
       <div id="d" style="break-before: page; margin-top: 30px"></div>`,
      PAGE,
    );
    // c does not fit after a and b (230 + 100 > 260): at the top of page 2 without its margin.
    expect(r.box('c')[0]).toMatchObject({ page: 1, y: 20 });
    expect(r.box('d')[0]).toMatchObject({ page: 2, y: 50 });
  });
});

describe('box-decoration-break', () => {
  const css = `${PAGE} .box { height: auto; border: 5px solid black; padding: 10px } p { margin: 0; height: 50px }`;
  const paras = Array.from({ length: 8 }, (_, i) => `<p id="p${i}"></p>`).join('');

  it('slice: the box continues from the page edge with no border at the cut', async () => {
    const r = await layoutSnippet(`<div class="box" id="b">${paras}</div>`, css);
    const [first, second] = r.box('b');
    expect(first).toMatchObject({ page: 0, y: 20 });
    expect(first.y + first.height).toBeCloseTo(280, 0);
    expect(second).toMatchObject({ page: 1, y: 20 });
    // Content continues right at the top of the page.
    const p = r.box('p4')[0];
    expect(p.page).toBe(1);
    expect(p.y).toBeCloseTo(20, 0);
  });

  it('clone: each piece has its border and padding, and the content makes room for them', async () => {
    const r = await layoutSnippet(
      `<div class="box" id="b" style="box-decoration-break: clone">${paras}</div>`,
      css,
    );
    // Page 1: 15px of top edge, then 50px paragraphs while 15px of bottom edge still fit.
    expect(r.box('p3')[0].page).toBe(0);
    expect(r.box('p4')[0].page).toBe(1);
    const [first, second] = r.box('b');
    expect(first.y + first.height).toBeCloseTo(280, 0);
    expect(second.y).toBeCloseTo(20, 0);
    // On page 2 the content starts below the repeated border and padding.
    expect(r.box('p4')[0].y).toBeCloseTo(35, 0);
  });
});

describe('flex items across pages', () => {
  it('breaks inside an item that wraps onto a line of its own, as inside a block', async () => {
    // Two items each as wide as the row: they stack, and the second one's paragraphs
    // continue on the next page instead of the whole item moving there.
    const paras = Array.from({ length: 8 }, (_, i) => `<p id=p${i}>para ${i}</p>`).join('');
    const r = await layoutSnippet(
      `<section style="display: flex; flex-wrap: wrap">
         <div id=a style="width: 100%">first</div>
         <div id=b style="width: 100%">${paras}</div>
       </section>`,
      `@page { size: 300px 300px; margin: 20px } body { margin: 0; font: 16px/20px sans-serif }
       section div { height: auto } p { margin: 0; height: 40px }`,
    );
    expect(r.box('a')).toEqual([{ page: 0, x: 20, y: 20, width: 260, height: 20 }]);
    // 260px of page: first (20) and six paragraphs (240) fit; two follow on page 2.
    expect(r.box('p5')).toEqual([{ page: 0, x: 20, y: 240, width: 260, height: 40 }]);
    expect(r.box('p6')).toEqual([{ page: 1, x: 20, y: 20, width: 260, height: 40 }]);
    expect(r.box('b').map((b) => b.page)).toEqual([0, 1]);
  });
});
