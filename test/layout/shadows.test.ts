/**
 * box-shadow and text-shadow in the display list: where each shadow lands, what it is drawn
 * as (vector geometry without blur, an image whose alpha is the blurred shape with it), the
 * clips that keep outer shadows outside the border box and inset ones inside the padding box,
 * the painting order, the image cache, and boxes cut by a page break.
 */
import { describe, expect, it } from 'vitest';
import type {
  DisplayItem,
  GroupItem,
  ImageItem,
  PathItem,
  PathOp,
} from '../../src/document/index.js';
import { pathBounds } from '../../src/document/index.js';
import { layoutSnippet } from './geometry.js';

const PAGE = '@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 16px sans-serif }';
const px = (v: number): number => Math.round((v / 0.75) * 100) / 100;

function walk(items: readonly DisplayItem[], out: DisplayItem[] = []): DisplayItem[] {
  for (const it of items) {
    out.push(it);
    if (it.kind === 'group') walk(it.items, out);
  }
  return out;
}

function boundsPx(ops: readonly PathOp[]): number[] {
  const b = pathBounds(ops)!;
  return b.map(px);
}

const isColor = (it: DisplayItem, r: number, g: number, b: number): it is PathItem =>
  it.kind === 'path' &&
  !!it.fill &&
  'r' in it.fill &&
  it.fill.r === r &&
  it.fill.g === g &&
  it.fill.b === b;

describe('box-shadow', () => {
  it('draws a shadow without blur as the offset, spread box, under the background', async () => {
    const r = await layoutSnippet(
      '<div id="a"></div>',
      `${PAGE} #a { margin: 50px; width: 100px; height: 60px; background: blue;
        box-shadow: 10px 20px 0 5px red }`,
    );
    const items = r.items(0);
    const all = walk(items);
    const shadow = all.find((it) => isColor(it, 1, 0, 0));
    const background = all.find((it) => isColor(it, 0, 0, 1));
    expect(shadow && boundsPx(shadow.ops)).toEqual([55, 65, 165, 135]);
    expect(shadow?.tag).toMatchObject({ kind: 'artifact', type: 'Background' });
    expect(all.indexOf(shadow!)).toBeLessThan(all.indexOf(background!));
    // The shadow's group clips out the border box: a frame with the box as a hole.
    const group = items.find(
      (it): it is GroupItem => it.kind === 'group' && it.items.includes(shadow!),
    );
    expect(group?.clip).toBeDefined();
    const subpaths = group!.clip!.filter((o) => o.op === 'moveTo').length;
    expect(subpaths).toBe(2);
    const hole = group!.clip!.slice(group!.clip!.findIndex((o, i) => i > 0 && o.op === 'moveTo'));
    expect(boundsPx(hole)).toEqual([50, 50, 150, 110]);
  });

  it('grows the corner radii by the spread', async () => {
    const r = await layoutSnippet(
      '<div id="a"></div>',
      `${PAGE} #a { margin: 50px; width: 100px; height: 60px; border-radius: 10px;
        box-shadow: 0 0 0 4px red }`,
    );
    const shadow = walk(r.items(0)).find((it) => isColor(it, 1, 0, 0))!;
    // The first point is where the top edge leaves the top-left corner: radius 10 + 4.
    const first = shadow.ops[0] as { x: number; y: number };
    expect([px(first.x), px(first.y)]).toEqual([46 + 14, 46]);
  });

  it('paints the first shadow on top and inset ones between background and border', async () => {
    const r = await layoutSnippet(
      '<div id="a"></div>',
      `${PAGE} #a { margin: 50px; width: 100px; height: 60px; background: blue;
        border: 2px solid lime;
        box-shadow: 4px 4px red, 8px 8px rgb(0, 0, 255, 0.5), inset 3px 3px black }`,
    );
    const all = walk(r.items(0)).filter((it) => it.kind === 'path') as PathItem[];
    const colours = all.map((it) => {
      const f = it.fill as { r: number; g: number; b: number; a: number };
      return `${f.r},${f.g},${f.b},${f.a}`;
    });
    expect(colours).toEqual(['0,0,1,0.5', '1,0,0,1', '0,0,1,1', '0,0,0,1', '0,1,0,1']);
    const inset = all[3];
    expect(inset.fillRule).toBe('evenodd');
    // The hole is the padding box moved by the offset; it is drawn inside the padding box.
    const group = walk(r.items(0)).find(
      (it): it is GroupItem => it.kind === 'group' && it.items.includes(inset),
    );
    expect(boundsPx(group!.clip!)).toEqual([52, 52, 152, 112]);
    expect(boundsPx(inset.ops.slice(1))).toEqual([55, 55, 155, 115]);
  });

  it('draws a blurred shadow as one cached image whose alpha is the blurred shape', async () => {
    const r = await layoutSnippet(
      '<div class="c"></div><div class="c"></div><div class="c"></div>',
      `${PAGE} .c { margin: 20px; width: 80px; height: 40px; border-radius: 6px;
        box-shadow: 0 4px 10px rgb(255, 0, 0, 0.5) }`,
    );
    const images = walk(r.items(0)).filter((it): it is ImageItem => it.kind === 'image');
    expect(images).toHaveLength(3);
    expect(new Set(images.map((i) => i.image.id)).size).toBe(1);
    const img = images[0];
    expect(img.tag).toMatchObject({ kind: 'artifact', type: 'Background' });
    const data = img.image.data;
    if (data.encoding !== 'raw') throw new Error('expected raw samples');
    expect(data.components).toBe(3);
    expect(Array.from(data.pixels.slice(0, 3))).toEqual([255, 0, 0]);
    // Centred on the shape (moved 4px down), reaching out as far as the blur does.
    const cx = px(img.x + img.width / 2);
    const cy = px(img.y + img.height / 2);
    expect(cx).toBeCloseTo(20 + 40, 0);
    expect(cy).toBeCloseTo(20 + 20 + 4, 0);
    expect(px(img.width)).toBeGreaterThan(80 + 2 * 10);
    // Alpha: half the colour's in the middle, nothing at the corners, about a quarter (half
    // of the half) on the shape's edge.
    const { widthPx: w, heightPx: h } = img.image;
    const alpha = data.alpha!;
    expect(alpha[Math.floor(h / 2) * w + Math.floor(w / 2)]).toBe(128);
    expect(alpha[0]).toBe(0);
    expect(alpha[w * h - 1]).toBe(0);
    const edgeX = Math.round(((img.x + img.width / 2 - img.x) * w) / img.width);
    const topEdge = Math.round(((20 + 4) * 0.75 - img.y) * (h / img.height));
    expect(alpha[topEdge * w + edgeX]).toBeGreaterThan(50);
    expect(alpha[topEdge * w + edgeX]).toBeLessThan(80);
  });

  it('carries a sliced shadow across a page break, and closes a cloned one', async () => {
    const css = `@page { size: 300px 200px; margin: 20px } body { margin: 0 }
      #a { margin: 0 20px; box-shadow: 0 0 0 5px red } #a div { height: 30px }`;
    const box = `<div id="a">${'<div></div>'.repeat(10)}</div>`;
    const shadowRect = (items: readonly DisplayItem[]): number[] | undefined => {
      const s = walk(items).find((it) => isColor(it, 1, 0, 0));
      return s ? boundsPx(s.ops) : undefined;
    };
    const bandOf = (items: readonly DisplayItem[]): number[] | undefined => {
      const g = items.find((it): it is GroupItem => it.kind === 'group' && !!it.clip);
      return g ? boundsPx(g.clip!) : undefined;
    };
    const sliced = await layoutSnippet(box, css);
    expect(sliced.pages).toBe(2);
    // Page 1: the shadow runs on past the bottom of the page area, cut where the box is.
    expect(shadowRect(sliced.items(0))![3]).toBeGreaterThan(180 + 5);
    expect(bandOf(sliced.items(0))![3]).toBe(180);
    // Page 2: it comes in from above the cut and closes below the box.
    expect(shadowRect(sliced.items(1))![1]).toBeLessThan(20 - 5);
    expect(bandOf(sliced.items(1))![1]).toBe(20);
    const cloned = await layoutSnippet(box, `${css} #a { box-decoration-break: clone }`);
    expect(shadowRect(cloned.items(0))).toEqual([35, 15, 265, 185]);
  });

  it('draws inline boxes with their shadows', async () => {
    const r = await layoutSnippet(
      '<p>a <span id="s">shadowed</span> b</p>',
      `${PAGE} p { margin: 0 } #s { box-shadow: 2px 2px red }`,
    );
    expect(walk(r.items(0)).some((it) => isColor(it, 1, 0, 0))).toBe(true);
  });
});

describe('text-shadow', () => {
  it('draws the glyph outlines offset under the text, which is drawn once', async () => {
    const r = await layoutSnippet(
      '<p id="t">Hi</p>',
      `${PAGE} p { margin: 0; text-shadow: 3px 4px red }`,
    );
    const items = r.items(0);
    const runs = items.filter((it) => it.kind === 'glyphs');
    expect(runs).toHaveLength(1);
    const shadow = items.find((it) => isColor(it, 1, 0, 0))!;
    expect(shadow.tag).toMatchObject({ kind: 'artifact', type: 'Layout' });
    expect(items.indexOf(shadow)).toBeLessThan(items.indexOf(runs[0]));
    const run = runs[0] as { x: number; y: number };
    const [x0, , , y1] = boundsPx(shadow.ops);
    // "H" starts about at the pen; its base sits on the baseline, both moved by the offset.
    expect(x0).toBeGreaterThan(px(run.x) + 3);
    expect(x0).toBeLessThan(px(run.x) + 3 + 3);
    expect(y1).toBeCloseTo(px(run.y) + 4, 0);
  });

  it('casts an inherited currentColor shadow in the colour of each run', async () => {
    const r = await layoutSnippet(
      '<p>a <span>b</span></p>',
      `${PAGE} p { margin: 0; color: blue; text-shadow: 1px 1px currentColor } span { color: red }`,
    );
    const fills = r
      .items(0)
      .filter((it): it is PathItem => it.kind === 'path')
      .map((it) => it.fill);
    expect(fills).toContainEqual({ r: 0, g: 0, b: 1, a: 1 });
    expect(fills).toContainEqual({ r: 1, g: 0, b: 0, a: 1 });
  });

  it('draws a blurred shadow as an image under the text, and shadows the underline', async () => {
    const r = await layoutSnippet(
      '<p>Blur</p>',
      `${PAGE} p { margin: 0; text-shadow: 0 0 4px green; text-decoration: underline }`,
    );
    const items = r.items(0);
    const image = items.find((it): it is ImageItem => it.kind === 'image')!;
    const run = items.find((it) => it.kind === 'glyphs')!;
    expect(items.indexOf(image)).toBeLessThan(items.indexOf(run));
    expect(image.tag).toMatchObject({ kind: 'artifact', type: 'Layout' });
    // The underline is inside the blurred shape: the image reaches below it.
    const underline = items.find((it): it is PathItem => it.kind === 'path' && !!it.fill)!;
    expect(image.y + image.height).toBeGreaterThan(pathBounds(underline.ops)![3] + 1);
  });

  it('casts no shadow from disc bullets, as browsers draw them as shapes', async () => {
    const r = await layoutSnippet(
      '<ul><li>One</li></ul><ol><li>Two</li></ol>',
      `${PAGE} li { text-shadow: 2px 2px red }`,
    );
    const shadows = walk(r.items(0)).filter((it) => isColor(it, 1, 0, 0));
    // "One", "1." and "Two".
    expect(shadows).toHaveLength(3);
  });
});
