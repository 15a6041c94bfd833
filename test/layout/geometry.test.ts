/**
 * The geometry instrument on layouts whose boxes CSS fixes exactly: block widths, margins
 * (collapsing between siblings), padding and borders; flex items sharing a line; table cells of a
 * fixed-layout table; a block cut by a page break.
 */
import { describe, expect, it } from 'vitest';
import { layoutSnippet } from './geometry.js';

const PAGE = '@page { size: 400px 300px; margin: 0 } body { margin: 0 }';

describe('layoutSnippet geometry', () => {
  it('gives the border box of blocks, with collapsed margins between siblings', async () => {
    const r = await layoutSnippet(
      '<div id="a"></div><div id="b"></div>',
      `${PAGE}
       #a { width: 200px; height: 50px; margin: 10px; padding: 5px; border: 2px solid black }
       #b { height: 20px; margin: 20px 30px }`,
    );
    expect(r.pages).toBe(1);
    expect(r.pageSize(0)).toEqual({ width: 400, height: 300 });
    // 200 + 2 * 5 + 2 * 2 wide, 50 + 2 * 5 + 2 * 2 tall, at its 10px margin.
    expect(r.box('a')).toEqual([{ page: 0, x: 10, y: 10, width: 214, height: 64 }]);
    // The 10px and 20px margins between them collapse to 20px; auto width fills the rest.
    expect(r.box('b')).toEqual([{ page: 0, x: 30, y: 94, width: 340, height: 20 }]);
  });

  it('places the page margins and the body margin around the content', async () => {
    const r = await layoutSnippet(
      '<p id="p">Hello</p>',
      '@page { size: 400px 300px; margin: 40px 50px } body { margin: 8px } p { margin: 0; height: 30px }',
    );
    expect(r.box('p')).toEqual([{ page: 0, x: 58, y: 48, width: 284, height: 30 }]);
    expect(r.text(0)).toBe('Hello');
  });

  it('shares a flex line between items by their flex factors', async () => {
    const r = await layoutSnippet(
      '<div id="row"><div id="i1"></div><div id="i2"></div><div id="i3"></div></div>',
      `${PAGE}
       #row { display: flex; width: 300px; height: 40px }
       #i1, #i3 { flex: 1 } #i2 { flex: 2 }`,
    );
    expect(r.box('row')).toEqual([{ page: 0, x: 0, y: 0, width: 300, height: 40 }]);
    expect(r.box('i1')).toEqual([{ page: 0, x: 0, y: 0, width: 75, height: 40 }]);
    expect(r.box('i2')).toEqual([{ page: 0, x: 75, y: 0, width: 150, height: 40 }]);
    expect(r.box('i3')).toEqual([{ page: 0, x: 225, y: 0, width: 75, height: 40 }]);
  });

  it('starts a box wider than its container at the start edge despite auto margins', async () => {
    const r = await layoutSnippet(
      `<div id=c style="width: 200px; margin-left: 50px">
         <div id=a style="width: 300px; margin: 0 auto">a</div>
         <div id=b style="width: 100px; margin: 0 auto">b</div>
         <table id=t style="margin: 0 auto"><tr><td style="width: 400px">t</td></tr></table>
       </div>`,
      PAGE,
    );
    expect(r.box('a')[0].x).toBe(50);
    expect(r.box('b')[0].x).toBe(100);
    expect(r.box('t')[0].x).toBe(50);
  });

  it('gives table cells the column widths of a fixed-layout table', async () => {
    const r = await layoutSnippet(
      `<table id="t"><colgroup><col style="width: 100px"><col style="width: 200px"></colgroup>
         <tr><td id="c1">a</td><td id="c2">b</td></tr>
         <tr><td id="c3">c</td><td id="c4">d</td></tr></table>`,
      `${PAGE}
       table { table-layout: fixed; width: 300px; border-collapse: separate; border-spacing: 0 }
       td { padding: 0; height: 25px }`,
    );
    expect(r.box('t')).toEqual([{ page: 0, x: 0, y: 0, width: 300, height: 50 }]);
    expect(r.box('c1')).toEqual([{ page: 0, x: 0, y: 0, width: 100, height: 25 }]);
    expect(r.box('c2')).toEqual([{ page: 0, x: 100, y: 0, width: 200, height: 25 }]);
    expect(r.box('c4')).toEqual([{ page: 0, x: 100, y: 25, width: 200, height: 25 }]);
  });

  it('gives the box of a replaced image, its padding and border included', async () => {
    // A 1×1 PNG drawn at the size the CSS gives it.
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const r = await layoutSnippet(
      `<div style="height: 30px"></div><img id="logo" alt="Logo" src="data:image/png;base64,${png}">`,
      `${PAGE} img { display: block; width: 50px; height: 20px; padding: 4px; border: 1px solid }`,
    );
    expect(r.box('logo')).toEqual([{ page: 0, x: 0, y: 30, width: 60, height: 30 }]);
  });

  it('gives one rect per page to a block the page break cuts', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => `<p>line ${i}</p>`);
    const r = await layoutSnippet(
      `<div id="long">${lines.join('')}</div>`,
      `${PAGE} p { margin: 0; line-height: 40px }`,
    );
    // Seven 40px line boxes fit a 300px page; the other five go to the next.
    expect(r.pages).toBe(2);
    expect(r.box('long')).toEqual([
      { page: 0, x: 0, y: 0, width: 400, height: 300 },
      { page: 1, x: 0, y: 0, width: 400, height: 200 },
    ]);
    expect(r.text(1)).toBe('line 7 line 8 line 9 line 10 line 11');
  });
});

describe('intrinsic width keywords on blocks', () => {
  it('sizes a block with fit-content, min-content and max-content widths', async () => {
    const r = await layoutSnippet(
      `<div id=fit style="width: fit-content">two words</div>
       <div id=min style="width: min-content">two words</div>
       <div id=max style="width: max-content; padding: 0 5px">two words</div>
       <div id=long style="width: fit-content">${'word '.repeat(60)}</div>`,
      '@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 10px/12px monospace }',
    );
    const fit = r.box('fit')[0].width;
    expect(fit).toBeGreaterThan(40);
    expect(fit).toBeLessThan(80);
    expect(r.box('min')[0].width).toBeLessThan(fit * 0.6);
    expect(r.box('max')[0].width).toBeCloseTo(fit + 10, 1);
    // fit-content never grows past the containing block.
    expect(r.box('long')[0].width).toBe(400);
  });
});
