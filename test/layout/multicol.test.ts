/**
 * Multi-column layout in WeasyPrint's manner. Balanced columns without pages are checked
 * against Chromium's layout of the same snippet (its getBoundingClientRect with the same
 * Liberation Serif face); columns across pages against Chromium's print of the same snippet
 * (word positions read back from its PDF), except where noted.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem } from '../../src/document/index.js';
import { pathBounds } from '../../src/document/index.js';
import { layoutHtml } from '../../src/layout/index.js';
import { expectBoxes, snippet } from './chromium-boxes.js';
import { layoutSnippet, type SnippetLayout } from './geometry.js';
import { testOptions } from './harness.js';

describe('multi-column layout without pages', () => {
  it('balances block children over column-count columns', async () => {
    const r = await snippet(
      '<div id=m><p id=a>one</p><p id=b>two</p><p id=c>three</p><p id=d>four</p><p id=e>five</p></div>',
      '#m{columns:2;column-gap:20px;width:420px;line-height:20px} p{margin:0}',
    );
    expectBoxes(r, {
      m: [0, 0, 420, 60],
      a: [0, 0, 200, 20],
      b: [0, 20, 200, 20],
      c: [0, 40, 200, 20],
      d: [220, 0, 200, 20],
      e: [220, 20, 200, 20],
    });
  });

  it('balances seven lines over three columns four, three… as evenly as lines allow', async () => {
    const r = await snippet(
      '<div id=m><p id=a>one</p><p id=b>two</p><p id=c>three</p><p id=d>four</p><p id=e>five</p><p id=f>six</p><p id=g>seven</p></div>',
      '#m{column-count:3;width:400px;line-height:20px} p{margin:0}',
    );
    expectBoxes(r, {
      m: [0, 0, 400, 60],
      a: [0, 0, 122.66, 20],
      b: [0, 20, 122.66, 20],
      c: [0, 40, 122.66, 20],
      d: [138.67, 0, 122.66, 20],
      e: [138.67, 20, 122.66, 20],
      f: [138.67, 40, 122.66, 20],
      g: [277.33, 0, 122.66, 20],
    });
  });

  it('uses 1em between columns for column-gap: normal', async () => {
    const r = await snippet(
      '<div id=m><p id=a>one</p><p id=b>two</p></div>',
      '#m{column-count:2;width:400px;line-height:20px;font-size:20px} p{margin:0}',
    );
    expectBoxes(r, {
      m: [0, 0, 400, 20],
      a: [0, 0, 190, 20],
      b: [210, 0, 190, 20],
    });
  });

  it('makes as many columns of at least column-width as fit', async () => {
    const r = await snippet(
      '<div id=m><p id=a>one</p><p id=b>two</p><p id=c>three</p><p id=d>four</p></div>',
      '#m{column-width:100px;column-gap:10px;width:430px;line-height:20px} p{margin:0}',
    );
    expectBoxes(r, {
      m: [0, 0, 430, 20],
      a: [0, 0, 100, 20],
      b: [110, 0, 100, 20],
      c: [220, 0, 100, 20],
      d: [330, 0, 100, 20],
    });
  });

  it('makes one column when column-width is wider than the container', async () => {
    const r = await snippet(
      '<div id=m><p id=a>one</p><p id=b>two</p></div>',
      '#m{column-width:500px;width:430px;line-height:20px} p{margin:0}',
    );
    expectBoxes(r, {
      m: [0, 0, 430, 40],
      a: [0, 0, 430, 20],
      b: [0, 20, 430, 20],
    });
  });

  it('caps the count from column-width at column-count', async () => {
    const r = await snippet(
      '<div id=m><p id=a>one</p><p id=b>two</p><p id=c>three</p><p id=d>four</p></div>',
      '#m{columns:100px 2;column-gap:10px;width:430px;line-height:20px} p{margin:0}',
    );
    expectBoxes(r, {
      m: [0, 0, 430, 40],
      a: [0, 0, 210, 20],
      b: [0, 20, 210, 20],
      c: [220, 0, 210, 20],
      d: [220, 20, 210, 20],
    });
  });

  it('splits the content into column sets above and below a column-span: all heading', async () => {
    const r = await snippet(
      '<div id=m><p id=a>one</p><p id=b>two</p><p id=c>three</p><h2 id=h>Head</h2><p id=d>four</p><p id=e>five</p></div>',
      '#m{columns:2;column-gap:20px;width:420px;line-height:20px} p{margin:0} h2{column-span:all;margin:10px 0;font-size:16px}',
    );
    expectBoxes(r, {
      m: [0, 0, 420, 100],
      a: [0, 0, 200, 20],
      b: [0, 20, 200, 20],
      c: [220, 0, 200, 20],
      h: [0, 50, 420, 20],
      d: [0, 80, 200, 20],
      e: [220, 80, 200, 20],
    });
  });

  it('keeps a break-inside: avoid block in one column while balancing', async () => {
    const r = await snippet(
      "<div id=m><p id=a>one</p><p id=b style='break-inside:avoid'>two<br>two<br>two</p><p id=c>three</p></div>",
      '#m{columns:2;column-gap:20px;width:420px;line-height:20px} p{margin:0}',
    );
    expectBoxes(r, {
      m: [0, 0, 420, 80],
      a: [0, 0, 200, 20],
      b: [0, 20, 200, 60],
      c: [220, 0, 200, 20],
    });
  });

  it('balances around an unbreakable inline-block taller than the others', async () => {
    const r = await snippet(
      "<div id=m><p id=a>one</p><p id=b><span style='display:inline-block;width:50px;height:90px;vertical-align:top'></span></p><p id=c>three</p><p id=d>four</p></div>",
      '#m{columns:2;column-gap:20px;width:420px;line-height:20px} p{margin:0}',
    );
    expectBoxes(r, {
      m: [0, 0, 420, 110],
      a: [0, 0, 200, 20],
      b: [0, 20, 200, 90],
      c: [220, 0, 200, 20],
      d: [220, 20, 200, 20],
    });
  });

  it('starts a new column at break-before: column', async () => {
    const r = await snippet(
      "<div id=m><p id=a>one</p><p id=b style='break-before:column'>two</p><p id=c>three</p></div>",
      '#m{columns:3;column-gap:20px;width:420px;line-height:20px} p{margin:0}',
    );
    expectBoxes(r, {
      m: [0, 0, 420, 20],
      a: [0, 0, 126.66, 20],
      b: [146.67, 0, 126.66, 20],
      c: [293.33, 0, 126.66, 20],
    });
  });

  it('fills columns one after another to a fixed height with column-fill: auto', async () => {
    const r = await snippet(
      '<div id=m><p id=a>one</p><p id=b>two</p><p id=c>three</p><p id=d>four</p><p id=e>five</p></div>',
      '#m{columns:2;column-gap:20px;width:420px;line-height:20px;height:60px;column-fill:auto} p{margin:0}',
    );
    expectBoxes(r, {
      m: [0, 0, 420, 60],
      a: [0, 0, 200, 20],
      b: [0, 20, 200, 20],
      c: [0, 40, 200, 20],
      d: [220, 0, 200, 20],
      e: [220, 20, 200, 20],
    });
  });

  it('balances within a fixed height with column-fill: balance', async () => {
    const r = await snippet(
      '<div id=m><p id=a>one</p><p id=b>two</p><p id=c>three</p></div>',
      '#m{columns:2;column-gap:20px;width:420px;line-height:20px;height:100px} p{margin:0}',
    );
    expectBoxes(r, {
      m: [0, 0, 420, 100],
      a: [0, 0, 200, 20],
      b: [0, 20, 200, 20],
      c: [220, 0, 200, 20],
    });
  });

  it("breaks one paragraph's lines across balanced columns", async () => {
    const r = await snippet(
      '<div id=m>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco.</div>',
      '#m{columns:3;column-gap:12px;width:420px;line-height:20px}',
    );
    expectBoxes(r, {
      m: [0, 0, 420, 80],
    });
  });

  it("lays the columns out in the container's content box", async () => {
    const r = await snippet(
      '<div id=m><p id=a>one</p><p id=b>two</p><p id=c>three</p><p id=d>four</p></div>',
      '#m{columns:2;column-gap:20px;width:420px;line-height:20px;padding:5px 7px;border:2px solid} p{margin:0}',
    );
    expectBoxes(r, {
      m: [0, 0, 438, 54],
      a: [9, 7, 200, 20],
      b: [9, 27, 200, 20],
      c: [229, 7, 200, 20],
      d: [229, 27, 200, 20],
    });
  });

  it('balances columns inside a flex item', async () => {
    const r = await snippet(
      '<div id=f><div id=m><p id=a>one</p><p id=b>two</p><p id=c>three</p><p id=d>four</p></div><div id=z>z</div></div>',
      '#f{display:flex;width:420px;line-height:20px} #m{columns:2;flex:1} p{margin:0}',
    );
    expectBoxes(r, {
      f: [0, 0, 420, 40],
      m: [0, 0, 412.89, 40],
      a: [0, 0, 198.44, 20],
      b: [0, 20, 198.44, 20],
      c: [214.45, 0, 198.44, 20],
      d: [214.45, 20, 198.44, 20],
      z: [412.89, 0, 7.11, 40],
    });
  });

  it('balances columns inside a flex item taller than a page', async () => {
    const r = await layoutSnippet(
      `<div id="f"><div id="m">${lines('l', 40)}</div><div id="z">z</div></div>`,
      `${SMALL} #f { display: flex } #m { columns: 2; column-gap: 20px; flex: 1 }
       #z { width: 50px }`,
    );
    // The item is laid out without pages: its columns balance at 20 lines each.
    expect(r.box('m')[0].height).toBe(400);
    expect(at(r, 'l20')).toEqual([0, 0, 380]);
    expect(at(r, 'l21')).toEqual([0, 185, 0]);
    expect(at(r, 'l40')).toEqual([0, 185, 380]);
  });

  it('balances columns inside a grid item', async () => {
    const r = await snippet(
      '<div id=g><div id=m><p id=a>one</p><p id=b>two</p><p id=c>three</p></div><div id=z>z</div></div>',
      '#g{display:grid;grid-template-columns:300px 100px;line-height:20px} #m{columns:3;column-gap:0} p{margin:0}',
    );
    expectBoxes(r, {
      g: [0, 0, 800, 20],
      m: [0, 0, 300, 20],
      a: [0, 0, 100, 20],
      b: [100, 0, 100, 20],
      c: [200, 0, 100, 20],
      z: [300, 0, 100, 20],
    });
  });

  it('runs columns from the right in right-to-left content', async () => {
    const r = await snippet(
      '<div style="width:320px"><div id=m dir=rtl><p id=a>one</p><p id=b>two</p><p id=c>three</p></div></div>',
      '#m{columns:3;column-gap:10px;line-height:20px} p{margin:0}',
    );
    expectBoxes(r, {
      m: [0, 0, 320, 20],
      a: [220, 0, 100, 20],
      b: [110, 0, 100, 20],
      c: [0, 0, 100, 20],
    });
  });

  it('shrinks an inline-block multi-column container to its content', async () => {
    const r = await snippet(
      "<div style='width:400px'><div id=m><p id=a>one</p><p id=b>two</p></div></div>",
      '#m{display:inline-block;column-count:2;column-gap:10px;line-height:20px} p{margin:0}',
    );
    expectBoxes(r, {
      m: [0, 0, 58, 20],
      a: [0, 0, 24, 20],
      b: [34, 0, 24, 20],
    });
  });
});

/** A 400×300 px page without margins; 20 px lines. */
const SMALL =
  '@page { size: 400px 300px; margin: 0 } body { margin: 0; line-height: 20px; font-size: 16px } p { margin: 0 }';

const lines = (prefix: string, n: number): string =>
  Array.from({ length: n }, (_, i) => `<p id="${prefix}${i + 1}">${prefix}${i + 1}</p>`).join('');

/** [page, x, y] of an element's first box. */
function at(r: SnippetLayout, id: string): [number, number, number] {
  const [b] = r.box(id);
  return [b.page, b.x, b.y];
}

describe('multi-column layout across pages', () => {
  it('fills the columns of a page to its bottom, then balances the rest on the next page', async () => {
    const r = await layoutSnippet(
      `<h1 id="t">Title</h1><div id="m">${lines('l', 30)}</div><p id="after">after</p>`,
      `${SMALL} h1 { margin: 0; font-size: 16px; height: 40px } #m { columns: 2; column-gap: 20px }`,
    );
    expect(r.pages).toBe(2);
    expect(at(r, 'l1')).toEqual([0, 0, 40]);
    expect(at(r, 'l13')).toEqual([0, 0, 280]);
    expect(at(r, 'l14')).toEqual([0, 210, 40]);
    expect(at(r, 'l26')).toEqual([0, 210, 280]);
    // The last four lines, balanced two and two, and the flow after them below.
    expect(at(r, 'l27')).toEqual([1, 0, 0]);
    expect(at(r, 'l28')).toEqual([1, 0, 20]);
    expect(at(r, 'l29')).toEqual([1, 210, 0]);
    expect(at(r, 'l30')).toEqual([1, 210, 20]);
    expect(at(r, 'after')).toEqual([1, 0, 40]);
    expect(r.box('m').map((b) => [b.page, b.y, b.height])).toEqual([
      [0, 40, 260],
      [1, 0, 40],
    ]);
  });

  it('balances the set above a spanner and fills the set below it to the page end', async () => {
    const r = await layoutSnippet(
      `<div id="m">${lines('a', 6)}<h2 id="s">Span</h2>${lines('b', 20)}</div><p id="after">after</p>`,
      `${SMALL} h2 { column-span: all; margin: 0; font-size: 16px; line-height: 40px }
       #m { columns: 2; column-gap: 20px }`,
    );
    expect(at(r, 'a3')).toEqual([0, 0, 40]);
    expect(at(r, 'a4')).toEqual([0, 210, 0]);
    expect(r.box('s')).toEqual([{ page: 0, x: 0, y: 60, width: 400, height: 40 }]);
    expect(at(r, 'b1')).toEqual([0, 0, 100]);
    expect(at(r, 'b10')).toEqual([0, 0, 280]);
    expect(at(r, 'b11')).toEqual([0, 210, 100]);
    expect(at(r, 'b20')).toEqual([0, 210, 280]);
    expect(at(r, 'after')).toEqual([1, 0, 0]);
  });

  it('fills columns in order without balancing the last page under column-fill: auto', async () => {
    const r = await layoutSnippet(
      `<div id="m">${lines('b', 20)}${lines('c', 20)}</div><p id="after">after</p>`,
      `${SMALL} #m { columns: 2; column-gap: 20px; column-fill: auto }`,
    );
    expect(at(r, 'b16')).toEqual([0, 210, 0]);
    expect(at(r, 'c10')).toEqual([0, 210, 280]);
    expect(at(r, 'c11')).toEqual([1, 0, 0]);
    expect(at(r, 'c20')).toEqual([1, 0, 180]);
    expect(at(r, 'after')).toEqual([1, 0, 200]);
  });

  it('continues after break-before: page in the first column of the next page', async () => {
    // Chromium ignores page breaks inside columns; CSS Fragmentation asks for the break.
    const r = await layoutSnippet(
      `<div id="m">${lines('a', 6)}<p id="x1" style="break-before: page">x1</p>${lines('x', 3).replace('id="x1"', 'id="x0"')}</div>`,
      `${SMALL} #m { columns: 2; column-gap: 20px }`,
    );
    expect(at(r, 'a6')).toEqual([0, 0, 100]);
    expect(at(r, 'x1')).toEqual([1, 0, 0]);
  });

  it('moves a multi-column block whose first line does not fit to the next page', async () => {
    const r = await layoutSnippet(
      `<div style="height: 290px"></div><div id="m">${lines('l', 4)}</div>`,
      `${SMALL} #m { columns: 2; column-gap: 20px }`,
    );
    expect(at(r, 'l1')).toEqual([1, 0, 0]);
    expect(at(r, 'l3')).toEqual([1, 210, 0]);
  });

  it('keeps break-inside: avoid-column content in one column across a page', async () => {
    const r = await layoutSnippet(
      `<div id="m">${lines('l', 12)}<div id="k" style="break-inside: avoid-column">${lines('k', 4)}</div>${lines('z', 2)}</div>`,
      `${SMALL} #m { columns: 2; column-gap: 20px; column-fill: auto }`,
    );
    // k1…k4 do not fit below l12 in the first column (12 × 20 + 80 > 300): they start the second.
    expect(at(r, 'k1')).toEqual([0, 210, 0]);
    expect(at(r, 'k4')).toEqual([0, 210, 60]);
  });

  it('balances the last page of a box and a paragraph cut at the page before it', async () => {
    const para = Array.from({ length: 34 }, (_, i) => `q${i + 1}`).join('<br>');
    const r = await layoutSnippet(
      `<div id="m"><div id="w">${lines('l', 34)}</div></div><p id="after">after</p>
       <div id="n"><p id="q" style="orphans: 1; widows: 1">${para}</p></div>`,
      `${SMALL} #m, #n { columns: 2; column-gap: 20px } #n { break-before: page }`,
    );
    // 15 lines a column on page 1; the four left, two and two on page 2, cut out of the box
    // and the paragraph that began on page 1.
    expect(at(r, 'l30')).toEqual([0, 210, 280]);
    expect(at(r, 'l31')).toEqual([1, 0, 0]);
    expect(at(r, 'l33')).toEqual([1, 210, 0]);
    expect(at(r, 'l34')).toEqual([1, 210, 20]);
    expect(at(r, 'after')).toEqual([1, 0, 40]);
    expect(r.pages).toBe(4);
    expect(r.text(3).replace(/\s+/g, ' ').trim()).toBe('q31 q32 q33 q34');
    expect(r.box('q').map((b) => [b.page, b.x, b.y, b.height])).toEqual([
      [2, 0, 0, 300],
      [2, 210, 0, 300],
      [3, 0, 0, 40],
      [3, 210, 0, 40],
    ]);
  });

  it('balances a table whose header repeats in every column', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => `<tr><td id="r${i + 1}">r${i + 1}</td></tr>`);
    const r = await layoutSnippet(
      `<div id="m"><table><thead><tr><th>H</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`,
      `${SMALL} #m { columns: 2; column-gap: 20px } table { border-collapse: collapse }
       td, th { padding: 0; height: 20px }`,
    );
    expect(r.pages).toBe(2);
    // Header and 14 rows a column on page 1; the last 12 rows balanced six and six below a
    // header in each column of page 2.
    expect(at(r, 'r15')).toEqual([0, 210, 20]);
    expect(at(r, 'r29')).toEqual([1, 0, 20]);
    expect(at(r, 'r34')).toEqual([1, 0, 120]);
    expect(at(r, 'r35')).toEqual([1, 210, 20]);
    expect(at(r, 'r40')).toEqual([1, 210, 120]);
  });

  it('fills whole sets over several pages and balances only the last', async () => {
    const r = await layoutSnippet(
      `<div id="m">${lines('l', 70)}</div><p id="after">after</p>`,
      `${SMALL} #m { columns: 2; column-gap: 20px; border-top: 10px solid; border-bottom: 10px solid }`,
    );
    expect(r.pages).toBe(3);
    // 14 lines a column below the top border on page 1, 15 on page 2, then 12 left: six and six.
    expect(at(r, 'l14')).toEqual([0, 0, 270]);
    expect(at(r, 'l15')).toEqual([0, 210, 10]);
    expect(at(r, 'l29')).toEqual([1, 0, 0]);
    expect(at(r, 'l58')).toEqual([1, 210, 280]);
    expect(at(r, 'l59')).toEqual([2, 0, 0]);
    expect(at(r, 'l64')).toEqual([2, 0, 100]);
    expect(at(r, 'l65')).toEqual([2, 210, 0]);
    expect(at(r, 'l70')).toEqual([2, 210, 100]);
    expect(r.box('m').map((b) => [b.page, b.y, b.height])).toEqual([
      [0, 0, 300],
      [1, 0, 300],
      [2, 0, 130],
    ]);
    expect(at(r, 'after')).toEqual([2, 0, 130]);
  });

  it('balances the last set of each long run between spanners', async () => {
    const r = await layoutSnippet(
      `<div id="m">${lines('a', 35)}<h2 id="s">Span</h2>${lines('b', 33)}</div><p id="after">after</p>`,
      `${SMALL} h2 { column-span: all; margin: 0; font-size: 16px; line-height: 40px }
       #m { columns: 2; column-gap: 20px }`,
    );
    // a: 30 lines fill page 1, the other five balance three and two on page 2.
    expect(at(r, 'a30')).toEqual([0, 210, 280]);
    expect(at(r, 'a31')).toEqual([1, 0, 0]);
    expect(at(r, 'a34')).toEqual([1, 210, 0]);
    expect(r.box('s')).toEqual([{ page: 1, x: 0, y: 60, width: 400, height: 40 }]);
    // b: 10 lines a column fill the rest of page 2, the last 13 balance seven and six.
    expect(at(r, 'b11')).toEqual([1, 210, 100]);
    expect(at(r, 'b21')).toEqual([2, 0, 0]);
    expect(at(r, 'b28')).toEqual([2, 210, 0]);
    expect(at(r, 'after')).toEqual([2, 0, 140]);
  });

  it('wraps the flow after long columns beside a float that reaches below them', async () => {
    const r = await layoutSnippet(
      `<div id="m">${lines('l', 40)}</div><div id="f"></div><p>x</p><p>y</p>`,
      `${SMALL} #m { columns: 2; column-gap: 20px }
       #f { float: left; width: 100px; height: 30px } `,
    );
    // Ten lines left for page 2, five and five; the float below them, the text beside it.
    expect(at(r, 'l35')).toEqual([1, 0, 80]);
    expect(r.box('f')).toEqual([{ page: 1, x: 0, y: 100, width: 100, height: 30 }]);
    const [x, y] = r.lines(1).filter((l) => l.text === 'x' || l.text === 'y');
    expect([x.x, y.x]).toEqual([100, 100]);
  });

  it('balances all content in one set in continuous output', async () => {
    const r = await layoutSnippet(
      `<div id="m">${lines('l', 30)}</div>`,
      `${SMALL} #m { columns: 2; column-gap: 20px; width: 400px }`,
      { mode: 'continuous' },
    );
    expect(r.pages).toBe(1);
    expect(at(r, 'l15')).toEqual([0, 0, 280]);
    expect(at(r, 'l16')).toEqual([0, 210, 0]);
    expect(r.box('m')[0].height).toBe(300);
  });
});

describe('column rules', () => {
  /** Vertical extents [x, top, bottom] (px) of the red paths on each page. */
  async function rules(html: string, css: string): Promise<number[][][]> {
    const source = `<!DOCTYPE html><html lang="en"><head><title>t</title><style>${SMALL} ${css}</style></head><body>${html}</body></html>`;
    const { document } = await layoutHtml({ html: source }, testOptions);
    const red = (i: DisplayItem): boolean =>
      i.kind === 'path' &&
      i.fill !== undefined &&
      'r' in i.fill &&
      i.fill.r === 1 &&
      i.fill.g === 0 &&
      i.fill.b === 0;
    const walk = (items: readonly DisplayItem[]): DisplayItem[] =>
      items.flatMap((i) => (i.kind === 'group' ? walk(i.items) : red(i) ? [i] : []));
    return document.pages.map((p) =>
      walk(p.items).map((i) => {
        const b = pathBounds((i as { ops: Parameters<typeof pathBounds>[0] }).ops)!;
        return [b[0] / 0.75, b[1] / 0.75, b[3] / 0.75].map((v) => Math.round(v));
      }),
    );
  }

  it('draws a rule between neighbouring columns that have content, as tall as the set', async () => {
    const r = await rules(
      `<div id="m">${lines('l', 6)}</div>`,
      '#m { columns: 3; column-gap: 30px; column-rule: 2px solid red; width: 390px }',
    );
    // Columns 110 px wide at 0, 140 and 280: rules centred in the gaps, 40 px tall.
    expect(r).toEqual([
      [
        [124, 0, 40],
        [264, 0, 40],
      ],
    ]);
  });

  it('draws no rule beside an empty column', async () => {
    const r = await rules(
      `<div id="m"><p>one</p><p style="break-before: column">two</p></div>`,
      '#m { columns: 3; column-gap: 30px; column-rule: 2px solid red; width: 390px }',
    );
    expect(r).toEqual([[[124, 0, 20]]]);
  });
});
