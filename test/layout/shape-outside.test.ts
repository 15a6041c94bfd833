/**
 * Floats with shape-outside (CSS Shapes 1) in WeasyPrint's manner: lay out a snippet, read
 * where each line of text starts (or ends, beside a right float). Unless a comment says
 * otherwise the expected numbers are Chromium's for the same snippets (WeasyPrint 57 has no
 * shapes), to the hundredth of a px or, for image shapes, to the pixel.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createResourceLoader } from '../../src/resources/index.js';
import { layoutSnippet, type SnippetLayout } from './geometry.js';

const PAGE = `@page { size: 400px 600px; margin: 0 }
  body { margin: 0; font: 16px/20px 'Liberation Sans'; width: 400px }
  p { margin: 0 }`;
const TEXT =
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure dolor in reprehenderit in voluptate velit esse.';

/** Each line's left edge (or right edge), rounded to 0.01px. */
function starts(r: SnippetLayout, n?: number): number[] {
  return r
    .lines(0)
    .slice(0, n)
    .map((l) => Math.round(l.x * 100) / 100);
}
function ends(r: SnippetLayout, n?: number): number[] {
  return r
    .lines(0)
    .slice(0, n)
    .map((l) => Math.round(l.right * 100) / 100);
}

function expectClose(actual: number[], expected: number[], within: number): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((a, i) =>
    expect(Math.abs(a - expected[i]), `line ${i}: ${a}`).toBeLessThan(within),
  );
}

const layout = (float: string, text = TEXT, css = '') =>
  layoutSnippet(`${float}<p>${text}</p>`, PAGE + css, { loader: createResourceLoader({}) });

describe('basic shapes', () => {
  it('wraps the lines beside a left float around its circle, each by its whole band', async () => {
    const r = await layout(
      `<div style="float:left;width:200px;height:200px;shape-outside:circle(50%)"></div>`,
    );
    // Line n spans [20n, 20n + 20): the circle reaches furthest where the band is nearest its
    // centre (100, 100).
    // The circle is drawn with Bézier arcs, which stray from it by 0.03% of its radius.
    expectClose(starts(r), [160, 180, 191.65, 197.98, 200, 200, 197.98, 191.65, 180, 160, 0], 0.05);
  });

  it('wraps the lines beside a right float along a polygon edge', async () => {
    const r = await layout(
      `<div style="float:right;width:150px;height:200px;shape-outside:polygon(100% 0, 100% 100%, 0 100%)"></div>`,
      TEXT,
      'p { text-align: right }',
    );
    // The diagonal runs from (400, 0) to (250, 200); a line ends where it is at its bottom.
    expect(ends(r, 7)).toEqual([385, 370, 355, 340, 325, 310, 295]);
  });

  it('grows a shape by shape-margin, in the reference box given, within the margin box', async () => {
    const r = await layout(
      `<div style="float:left;width:120px;height:120px;margin:10px 20px 10px 10px;shape-outside:circle(50%) content-box;shape-margin:15px"></div>`,
    );
    expect(starts(r, 8)).toEqual([125.89, 138.74, 144.33, 145, 144.33, 138.74, 125.89, 0]);
  });

  it('grows a polygon by shape-margin with round corners', async () => {
    const r = await layout(
      `<div style="float:left;width:200px;height:200px;shape-margin:12px;shape-outside:polygon(0 0, 50% 0, 100% 50%, 20% 100%, 0 100%)"></div>`,
    );
    expect(starts(r, 10)).toEqual([
      136.97, 156.97, 176.97, 196.97, 200, 200, 190.64, 158.64, 126.64, 94.64,
    ]);
  });

  it('leaves the lines the shape misses their full width', async () => {
    const r = await layout(
      `<div style="float:left;width:160px;height:160px;shape-outside:inset(20px 30px 10px 0 round 40px)"></div>`,
    );
    // The first line only touches the inset's top edge at y = 20.
    expect(starts(r, 8)).toEqual([0, 124.64, 130, 130, 130, 130, 128.73, 116.43]);
    const small = await layout(
      `<div style="float:left;width:200px;height:200px;shape-outside:circle(40px)"></div>`,
    );
    expect(starts(small)).toEqual([0, 0, 0, 134.64, 140, 140, 134.64]);
  });

  it('takes a box with its rounded corners, ellipses, holes and paths', async () => {
    const box = await layout(
      `<div style="float:left;width:150px;height:150px;margin-right:20px;border-radius:50%;shape-outside:border-box"></div>`,
    );
    expect(starts(box, 9)).toEqual([125.98, 141.35, 148.5, 150, 149.84, 145.72, 135, 112.43, 0]);
    // A hole of an evenodd polygon does not let text into the float.
    const holed = await layout(
      `<div style="float:left;width:200px;height:200px;shape-outside:polygon(evenodd, 0 0, 150px 0, 150px 200px, 0 200px, 0 0, 100px 50px, 100px 150px, 50px 150px, 50px 50px, 100px 50px)"></div>`,
    );
    expect(starts(holed, 10)).toEqual(Array(10).fill(150));
    // Chromium rounds a path's reach to whole pixels; this is its exact outline (within 0.6px).
    const path = await layout(
      `<div style="float:left;width:200px;height:200px;shape-outside:path('M0 0 L150 0 Q200 100 100 200 L0 200 Z')"></div>`,
    );
    expectClose(starts(path, 10), [159, 164, 167, 167, 166, 163, 156, 147, 134, 119], 0.6);
  });

  it('gives each line the room of its own band when lines differ in height', async () => {
    const r = await layout(
      `<div style="float:left;width:200px;height:200px;shape-outside:circle(50%)"></div>`,
      `Lorem ipsum dolor <span style="font-size:40px;line-height:48px">BIG</span> sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt <span style="font-size:30px;line-height:40px">Mid</span> ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation.`,
    );
    // The tall first line reaches the circle's widest part; the next, 20px high, does not.
    expect(starts(r, 8)).toEqual([185.43, 194.77, 199.28, 200, 199.68, 187.74, 173.31, 147.53]);
    // Broken first in the band of the 36px line before it, which meets the circle, a 20px
    // line above the circle gets the full width.
    const above = await layout(
      `<div style="float:left;width:200px;height:200px;shape-outside:circle(40px)"></div>`,
      `<span style="font-size:30px;line-height:36px">Lorem</span> ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.`,
    );
    expect(starts(above, 3)).toEqual([0, 0, 132]);
  });

  it('moves a word too long for the room beside the shape down to where it fits', async () => {
    const r = await layout(
      `<div style="float:left;width:300px;height:300px;shape-outside:circle(50%)"></div>`,
      'Short words then Pneumonoultramicroscopicsilicovolcanoconiosis and more words.',
    );
    const lines = r.lines(0);
    expect(lines[0].text).toBe('Short words then');
    // Nowhere beside the circle is 372px wide: below it.
    expect(lines[1].text.startsWith('Pneumono')).toBe(true);
    expect(lines[1].x).toBe(0);
    expect(lines[1].baseline - lines[0].baseline).toBeGreaterThan(280);
  });

  it('moves a line down only as far as the shape opens for it', async () => {
    const r = await layout(
      `<div style="float:left;width:300px;height:300px;shape-outside:polygon(0 0, 100% 0, 0 100%)"></div>`,
      'Supercalifragilisticexpialidocious',
    );
    // The room beside the triangle is 100 + y px at y: the word goes to the first y where it
    // fits, beside the triangle, filling the room to the page's edge.
    const [line] = r.lines(0);
    expect(line.x).toBeGreaterThan(0);
    expect(line.baseline).toBeGreaterThan(100);
    expect(Math.abs(line.right - 400)).toBeLessThan(0.05);
  });

  it('narrows lines between a shaped left float and a shaped right float', async () => {
    const r = await layout(
      `<div style="float:left;width:160px;height:160px;shape-outside:circle(50%)"></div>
       <div style="float:right;width:160px;height:160px;shape-outside:polygon(0 0, 100% 0, 100% 100%)"></div>`,
    );
    expect(starts(r, 9)).toEqual([132.9, 149.29, 157.47, 160, 160, 157.47, 149.29, 132.9, 0]);
  });

  it('keeps the float area within the margin box and on its side of the float', async () => {
    // A circle much larger than the box: clipped to the margin box, it is the box.
    const big = await layout(
      `<div style="float:left;width:100px;height:100px;shape-outside:circle(150%)"></div>`,
    );
    expect(starts(big, 6)).toEqual([100, 100, 100, 100, 100, 0]);
    // A shape reaching only to 10% of the float: no line starts left of that, none inside.
    const thin = await layout(
      `<div style="float:left;width:100px;height:100px;shape-outside:polygon(0 0, 10% 0, 10% 100%, 0 100%)"></div>`,
    );
    expect(starts(thin, 6)).toEqual([10, 10, 10, 10, 10, 0]);
  });

  it('still places other floats and formatting-context roots beside the margin box', async () => {
    const r = await layoutSnippet(
      `<div style="float:left;width:200px;height:100px;shape-outside:circle(10%)"></div>
       <div id="g" style="float:left;width:50px;height:20px"></div>
       <div id="root" style="overflow:hidden;height:20px"></div>`,
      PAGE,
    );
    expect(r.box('g')[0].x).toBe(200);
    expect(r.box('root')[0].x).toBe(250);
  });

  it('changes nothing for a float without a shape or an element that does not float', async () => {
    const plain = await layout(`<div style="float:left;width:200px;height:200px"></div>`);
    const none = await layout(
      `<div style="float:left;width:200px;height:200px;shape-outside:none"></div>`,
    );
    expect(starts(none)).toEqual(starts(plain));
    const block = await layout(
      `<div style="width:200px;height:40px;shape-outside:circle(10%)"></div>`,
    );
    expect(starts(block, 2)).toEqual([0, 0]);
  });
});

describe('image shapes', () => {
  const png = async (svg: string): Promise<string> =>
    `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
  const SVG = (inner: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">${inner}</svg>`;

  it('wraps an <img> float around the opaque part of its picture', async () => {
    const triangle = await png(SVG('<polygon points="100,0 100,100 0,100"/>'));
    const r = await layout(
      `<img alt="" src="${triangle}" style="float:right;width:200px;height:200px;shape-outside:url(${triangle})">`,
      TEXT,
      'p { text-align: right }',
    );
    // The picture, stretched over the 200px box, is opaque right of x = 400 − y.
    expectClose(ends(r), [380, 360, 340, 320, 300, 280, 260], 2.1);
  });

  it('grows an image shape by shape-margin', async () => {
    const disc = await png(SVG('<circle cx="50" cy="50" r="30"/>'));
    const r = await layout(
      `<img alt="" src="${disc}" style="float:left;width:200px;height:200px;shape-margin:10px;shape-outside:url(${disc})">`,
    );
    // Chromium's numbers; it resamples the picture, this takes its pixels two by two.
    expectClose(starts(r), [0, 138, 159, 168, 170, 170, 168, 159, 138], 2.1);
  });

  it('takes a gradient as an image, cut at shape-image-threshold', async () => {
    const r = await layout(
      `<div style="float:left;width:200px;height:160px;shape-outside:linear-gradient(to right, black, transparent);shape-image-threshold:0.4"></div>`,
    );
    expect(starts(r)).toEqual([120, 120, 120, 120, 120, 120, 120, 120, 0]);
    const diagonal = await layout(
      `<div style="float:left;width:200px;height:200px;shape-outside:linear-gradient(to bottom right, black 50%, transparent 50%)"></div>`,
    );
    // Chromium puts the pixels on the diagonal on the transparent side: 1px less on some lines.
    expectClose(starts(diagonal, 8), [199, 179, 159, 139, 119, 99, 79, 59], 1.01);
  });

  it('keeps the margin box, with a warning, when the image does not load', async () => {
    const r = await layoutSnippet(
      `<div style="float:left;width:100px;height:100px;shape-outside:url(missing.png)"></div><p>${TEXT}</p>`,
      PAGE,
    );
    expect(starts(r, 3)).toEqual([100, 100, 100]);
    expect(r.warnings.map((w) => w.code)).toContain('resource.shape-image-failed');
  });
});
