/**
 * Positioning, painting order, transforms and clipping, in WeasyPrint's manner: lay out a
 * snippet, assert where boxes went and in which order the display list paints them. Expected
 * positions are WeasyPrint 57's and Chromium's for the same snippets.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem, GroupItem } from '../../src/document/index.js';
import { layoutSnippet } from './geometry.js';

const PAGED = `@page { size: 400px 300px; margin: 20px }
  body { margin: 0; font: 16px/20px 'Liberation Sans' } p { margin: 0 }`;

function groups(items: readonly DisplayItem[]): GroupItem[] {
  return items.flatMap((i) => (i.kind === 'group' ? [i, ...groups(i.items)] : []));
}

/** Text of the glyph runs inside `items`, in painting order. */
function runText(items: readonly DisplayItem[]): string {
  return items
    .flatMap((i): string[] =>
      i.kind === 'glyphs'
        ? [i.glyphs.texts.join('')]
        : i.kind === 'group'
          ? [runText(i.items)]
          : [],
    )
    .filter((t) => t.trim() !== '')
    .join(' ');
}

describe('absolute positioning', () => {
  it('places a box against the padding box of its positioned ancestor', async () => {
    const r = await layoutSnippet(
      `<div style="position:relative;margin-top:50px;border:5px solid;padding:10px;height:100px">
         <div id="a" style="position:absolute;top:5px;left:7px;width:20px;height:20px"></div>
         <div id="b" style="position:absolute;right:3px;bottom:4px;width:20px;height:20px"></div>
       </div>`,
      PAGED,
    );
    expect(r.box('a')).toEqual([{ page: 0, x: 32, y: 80, width: 20, height: 20 }]);
    expect(r.box('b')).toEqual([{ page: 0, x: 352, y: 171, width: 20, height: 20 }]);
  });

  it('stretches an auto height between top and bottom, and an auto width between left and right', async () => {
    // A sidebar: the positioned ancestor is as tall as its in-flow content or min-height.
    const r = await layoutSnippet(
      `<div style="position:relative;border:2px solid;min-height:200px">
         <div id="side" style="position:absolute;top:0;bottom:0;left:0;width:60px;padding:5px">x</div>
         <div id="box" style="position:absolute;inset:10px 20px 30px;margin:5px;border:1px solid"></div>
         <p style="margin-left:80px">main</p>
       </div>`,
      PAGED,
    );
    expect(r.box('side')).toEqual([{ page: 0, x: 22, y: 22, width: 70, height: 200 }]);
    // 200 - 10 - 30 - 2 * 5 high; 356 - 20 - 20 - 2 * 5 wide.
    expect(r.box('box')).toEqual([{ page: 0, x: 47, y: 37, width: 306, height: 150 }]);
  });

  it('places a box of the initial containing block on the page of its placeholder', async () => {
    const r = await layoutSnippet(
      `<div style="height:400px"></div>
       <p>before</p>
       <div id="x" style="position:absolute;top:10px;left:15px;width:30px;height:30px"></div>
       <p>after</p>`,
      PAGED,
    );
    expect(r.pages).toBe(2);
    // The page area of page 2 (its margins are 20px).
    expect(r.box('x')).toEqual([{ page: 1, x: 35, y: 30, width: 30, height: 30 }]);
  });

  it('keeps a box at its static position in the flow when top and bottom are auto', async () => {
    const r = await layoutSnippet(
      `<div style="height:400px"></div>
       <p>before</p>
       <div id="x" style="position:absolute;left:15px;width:30px;height:30px"></div>
       <p>after</p>`,
      PAGED,
    );
    const [b] = r.box('x');
    expect([b.page, b.x]).toEqual([1, 35]);
  });

  it('takes the place where it stands in a line as its static position, without splitting the paragraph', async () => {
    const r = await layoutSnippet(
      `<p id="p">Some text <span id="x" style="position:absolute;width:10px;height:10px"></span>
       and more text.</p>`,
      PAGED,
    );
    expect(r.box('p')[0].height).toBe(20);
    expect(r.lines(0)).toHaveLength(1);
    const [b] = r.box('x');
    expect(b.y).toBe(20);
    expect(b.x).toBeGreaterThan(80);
  });

  it('positions the absolutely positioned children of a positioned flex container', async () => {
    const r = await layoutSnippet(
      `<div style="display:flex;position:relative;height:50px">
         <div>item</div>
         <span id="badge" style="position:absolute;top:5px;right:5px;width:10px;height:10px"></span>
       </div>`,
      PAGED,
    );
    expect(r.box('badge')).toEqual([{ page: 0, x: 365, y: 25, width: 10, height: 10 }]);
  });

  it('repeats position: fixed boxes on every page, read once', async () => {
    const r = await layoutSnippet(
      `<div style="position:fixed;bottom:0;left:0">FOOTER</div>
       ${'<p style="height:100px">body</p>'.repeat(7)}`,
      PAGED,
    );
    expect(r.pages).toBe(3);
    for (let i = 0; i < r.pages; i++) expect(r.text(i)).toContain('FOOTER');
    const tagOf = (i: number): string => {
      const run = r
        .items(i)
        .find((it) => it.kind === 'glyphs' && it.glyphs.texts.join('') === 'FOOTER');
      return run && run.kind === 'glyphs' ? run.tag.kind : 'none';
    };
    expect([tagOf(0), tagOf(1), tagOf(2)]).toEqual(['content', 'artifact', 'artifact']);
  });
});

describe('painting order (CSS 2.1 Appendix E)', () => {
  it('paints by z-index: negative behind the flow, then auto and 0 in order, then positive', async () => {
    const r = await layoutSnippet(
      `<div style="position:relative;z-index:2">TWO</div>
       <div style="position:absolute;z-index:-1;top:0">MINUS</div>
       <p>BODY</p>
       <div style="position:relative">AUTO</div>
       <div style="position:relative;z-index:1">ONE</div>
       <div style="position:fixed;z-index:-3;top:0">FIXED</div>`,
      PAGED,
    );
    expect(runText(r.items(0))).toBe('FIXED MINUS BODY AUTO ONE TWO');
  });

  it('paints a negative z-index child of a z-index: auto box behind the background of the flow', async () => {
    const r = await layoutSnippet(
      `<div style="background:rgb(0,0,255)">
         <div style="position:relative"><span style="position:absolute;z-index:-1">UNDER</span>over</div>
       </div>`,
      PAGED,
    );
    const order = r
      .items(0)
      .flatMap((i): string[] =>
        i.kind === 'path' && i.fill && 'b' in i.fill && i.fill.b > 0.5
          ? ['background']
          : i.kind === 'glyphs' || i.kind === 'group'
            ? [runText([i])].filter((t) => t !== '')
            : [],
      );
    expect(order).toEqual(['UNDER', 'background', 'over']);
  });

  it('makes opacity a group of its own that stacks like z-index 0', async () => {
    const r = await layoutSnippet(
      `<div style="opacity:0.5">HALF</div><div style="position:relative;z-index:-1">BEHIND</div>`,
      PAGED,
    );
    const g = groups(r.items(0)).find((x) => x.opacity !== undefined);
    expect(g?.opacity).toBe(0.5);
    expect(runText(r.items(0))).toBe('BEHIND HALF');
  });

  it('draws nothing of a visibility: hidden box but keeps its place', async () => {
    const r = await layoutSnippet(
      `<div style="visibility:hidden;background:red">HIDDEN<span style="visibility:visible">SHOWN</span></div><p id="p">next</p>`,
      PAGED,
    );
    expect(r.text(0)).toBe('SHOWN next');
    expect(r.box('p')[0].y).toBe(40);
    expect(r.items(0).some((i) => i.kind === 'path')).toBe(false);
  });
});

describe('transforms', () => {
  it('rotates a box around its centre', async () => {
    const r = await layoutSnippet(
      `<div style="margin-left:100px;width:100px;height:40px;transform:rotate(90deg)">R</div>`,
      PAGED,
    );
    const g = groups(r.items(0)).find((x) => x.transform);
    expect(g).toBeDefined();
    // Around the centre of the border box (170, 40)px = (127.5, 30)pt on the page.
    const [a, b, c, d, e, f] = g!.transform!;
    expect([a, b, c, d].map((v) => Math.round(v * 1e6) / 1e6)).toEqual([0, 1, -1, 0]);
    expect(e).toBeCloseTo(127.5 + 30, 6);
    expect(f).toBeCloseTo(30 - 127.5, 6);
    expect(runText(g!.items)).toBe('R');
  });

  it('composes translate, scale and skew with transform-origin and percentages', async () => {
    const r = await layoutSnippet(
      `<div style="width:100px;height:40px;transform-origin:0 0;transform:translate(50%, 10px) scale(2)">S</div>`,
      PAGED,
    );
    const g = groups(r.items(0)).find((x) => x.transform)!;
    // Origin at the box's corner (15, 15)pt: translate by 50% of the width (37.5pt) and 7.5pt.
    const [a, b, c, d, e, f] = g.transform!;
    expect([a, b, c, d]).toEqual([2, 0, 0, 2]);
    expect(e).toBeCloseTo(15 + 37.5 - 15 * 2, 6);
    expect(f).toBeCloseTo(15 + 7.5 - 15 * 2, 6);
  });

  it('reads the depth functions as the flat page shows them, without a warning', async () => {
    // Google Docs writes this on every image.
    const r = await layoutSnippet(
      `<div style="width:100px;height:40px;transform:rotate(90deg) translateZ(0px) scaleZ(3)">Z</div>`,
      PAGED,
    );
    const g = groups(r.items(0)).find((x) => x.transform)!;
    expect(g.transform!.slice(0, 4).map((v) => Math.round(v * 1e6) / 1e6)).toEqual([0, 1, -1, 0]);
    expect(r.warnings.filter((w) => w.message.includes('transform'))).toEqual([]);
  });

  it('turns an inline-block in its line, and leaves a non-replaced inline box as it is', async () => {
    const r = await layoutSnippet(
      `<p>ab <span id="ib" style="display:inline-block;width:40px;height:20px;transform:rotate(90deg)">IB</span>
       <span style="transform:rotate(90deg)">plain</span></p>`,
      PAGED,
    );
    const turned = groups(r.items(0)).filter((g) => g.transform);
    // Transforms apply to atomic inline-level boxes only (CSS Transforms 1, transformable
    // element): the span's text stays in the line, upright.
    expect(turned.map((g) => runText(g.items))).toEqual(['IB']);
    expect(r.lines(0).map((l) => l.text)).toEqual(['ab plain']);
    // About the centre of the inline-block's border box.
    const [b] = r.box('ib');
    const [a, bb, c, d, e, f] = turned[0].transform!;
    expect([a, bb, c, d].map((v) => Math.round(v * 1e6) / 1e6)).toEqual([0, 1, -1, 0]);
    const cx = (b.x + b.width / 2) * 0.75;
    const cy = (b.y + b.height / 2) * 0.75;
    expect(e).toBeCloseTo(cx + cy, 1);
    expect(f).toBeCloseTo(cy - cx, 1);
  });

  it('moves the transform with the box onto a later page', async () => {
    const r = await layoutSnippet(
      `<div style="height:300px"></div><div id="t" style="height:40px;transform:translateX(10px)">T</div>`,
      PAGED,
    );
    const [b] = r.box('t');
    expect(b.page).toBe(1);
    const g = groups(r.items(1)).find((x) => x.transform)!;
    expect(g.transform).toEqual([1, 0, 0, 1, 7.5, 0]);
  });
});

describe('overflow clipping', () => {
  it('clips content to the rounded padding box', async () => {
    const r = await layoutSnippet(
      `<div style="overflow:hidden;border:5px solid;border-radius:20px;width:100px;height:50px">
         <div style="height:200px">clipped</div></div>`,
      PAGED,
    );
    const clip = groups(r.items(0)).find((g) => g.clip && runText(g.items) === 'clipped');
    expect(clip).toBeDefined();
    expect(clip!.clip!.some((o) => o.op === 'curveTo')).toBe(true);
    // The padding box: inside the 5px border.
    const xs = clip!.clip!.flatMap((o) => ('x' in o ? [o.x] : []));
    expect(Math.min(...xs)).toBeCloseTo(15 + 3.75, 6);
  });

  it('clips a replaced element to its own rounded corners', async () => {
    const svg = encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>',
    );
    const r = await layoutSnippet(
      `<img alt="dot" style="width:80px;height:80px;border-radius:50%" src="data:image/svg+xml,${svg}">`,
      PAGED,
    );
    const clip = groups(r.items(0)).find((g) => g.clip?.some((o) => o.op === 'curveTo'));
    expect(clip).toBeDefined();
  });
});

describe('relative positioning of inline boxes', () => {
  it('draws a relative inline box moved, leaving its line and the next where they were', async () => {
    const css = `${PAGED} sup { position: relative; top: -0.5em; left: 3px; font-size: 16px;
      line-height: 0; vertical-align: baseline } b { position: relative; bottom: 4px }
      i { background: red }`;
    const r = await layoutSnippet('<p>H<sup>2</sup>O</p><p>next</p>', css);
    const still = await layoutSnippet('<p>H<span>2</span>O</p><p>next</p>', css);
    const [line, next] = still.lines(0);
    expect(r.lines(0)).toEqual([
      // Raised by half of 16px (the line is at 35.55) and pushed right by 3px.
      { x: 34.55, right: 43.45, baseline: 27.55, text: '2' },
      { x: 20, right: line.right, baseline: line.baseline, text: 'H O' },
      next,
    ]);
    // Offsets of nested boxes add up; a background inside moves with its text.
    const n = await layoutSnippet('<p>a<sup>b<b>c<i>d</i></b></sup></p>', css);
    const [cd, b, a] = n.lines(0);
    expect([cd.text, b.text, a.text]).toEqual(['c d', 'b', 'a']);
    expect(b.baseline).toBeCloseTo(a.baseline - 8, 2);
    expect(cd.baseline).toBeCloseTo(a.baseline - 12, 2);
    const red = n.items(0).find((it) => it.kind === 'path' && it.fill !== undefined);
    expect(red?.kind === 'path' && red.ops[0].op === 'rect' ? red.ops[0].y : NaN).toBeLessThan(
      (cd.baseline - 10) * 0.75,
    );
  });
});

describe('relative inline offsets in percent', () => {
  it('resolves a horizontal percentage against the containing block width', async () => {
    const css = `${PAGED} p { width: 200px } span { position: relative; left: 25% }
      em { position: relative; right: calc(10% + 5px); font-style: normal }`;
    const still = (await layoutSnippet('<p>ab</p>', css)).lines(0)[0];
    // 25% of the paragraph's 200px.
    const [b] = (await layoutSnippet('<p>a<span>b</span></p>', css)).lines(0);
    expect(b.right).toBeCloseTo(still.right + 50, 1);
    // A calc() mixing percent and length; `right` moves the box left.
    const [c] = (await layoutSnippet('<p>a<em>b</em></p>', css)).lines(0);
    // 'a' and 'b' are as wide in this font: the moved 'b' starts 25px left of where it was.
    expect(c.text).toBe('b a');
    expect(c.x).toBeCloseTo(still.right - 25 - (still.right - still.x) / 2, 1);
  });
});
