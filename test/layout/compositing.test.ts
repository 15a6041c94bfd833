/**
 * Compositing and masking in layout: mix-blend-mode makes a blended group, and the nearest
 * stacking context around it an isolated one; background-blend-mode blends a box's layers with
 * each other and its colour inside an isolated group; mask-image becomes the group's mask,
 * placed as a background layer, read for alpha (white with its alpha) or luminance.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem, Gradient, GroupItem, PathItem } from '../../src/document/index.js';
import { createResourceLoader } from '../../src/resources/index.js';
import { layoutSnippet } from './geometry.js';

const PAGE = '@page { size: 400px 600px; margin: 0 } body { margin: 0 }';
/** A 2 × 1 PNG: the left pixel opaque red, the right one fully transparent. */
const PNG_HALF_ALPHA =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGP4z8Dwn4GBgQEADPwB//0td20AAAAASUVORK5CYII=';

function groups(items: readonly DisplayItem[]): GroupItem[] {
  return items.flatMap((i) => (i.kind === 'group' ? [i, ...groups(i.items)] : []));
}

function paths(items: readonly DisplayItem[]): PathItem[] {
  return items.flatMap((i) => (i.kind === 'group' ? paths(i.items) : i.kind === 'path' ? [i] : []));
}

describe('mix-blend-mode and isolation', () => {
  it('blends a box as one group, with what is behind it on the page', async () => {
    const r = await layoutSnippet(
      `<div style="background: yellow; height: 50px"></div>
       <div style="mix-blend-mode: multiply; background: cyan; height: 50px; margin-top: -25px"><p style="margin:0">Text</p></div>`,
      PAGE,
    );
    expect(r.warnings).toEqual([]);
    const blended = groups(r.items(0)).filter((g) => g.blend === 'multiply');
    expect(blended).toHaveLength(1);
    // Its background and its text are inside it; nothing on the page is isolated.
    expect(paths(blended[0].items)).toHaveLength(1);
    expect(r.text(0)).toBe('Text');
    expect(groups(r.items(0)).some((g) => g.isolate)).toBe(false);
  });

  it('isolates the nearest stacking context around a blended box, and only that one', async () => {
    const r = await layoutSnippet(
      `<div id="ctx" style="position: relative; z-index: 1; background: yellow; height: 80px">
         <div style="height: 40px"><span style="display: inline-block; width: 40px; height: 40px; background: cyan; mix-blend-mode: difference"></span></div>
       </div>
       <div style="position: relative; z-index: 1; background: red; height: 20px"></div>`,
      PAGE,
    );
    const all = groups(r.items(0));
    const isolated = all.filter((g) => g.isolate);
    expect(isolated).toHaveLength(1);
    // The isolated group holds the yellow background and the blended box inside it.
    expect(paths(isolated[0].items).map((p) => p.fill)).toContainEqual({
      r: 1,
      g: 1,
      b: 0,
      a: 1,
    });
    expect(groups(isolated[0].items).some((g) => g.blend === 'difference')).toBe(true);
  });

  it('makes isolation: isolate a stacking context, with no group unless something blends', async () => {
    const plain = await layoutSnippet(
      `<div style="isolation: isolate; background: yellow; height: 20px"></div>`,
      PAGE,
    );
    expect(groups(plain.items(0))).toHaveLength(0);
    const blended = await layoutSnippet(
      `<div style="isolation: isolate; background: yellow; height: 40px"><div style="mix-blend-mode: screen; background: blue; height: 20px"></div></div>`,
      PAGE,
    );
    expect(groups(blended.items(0)).filter((g) => g.isolate)).toHaveLength(1);
  });
});

describe('effects on inline boxes', () => {
  it('draws an inline-block’s blend mode and mask, and warns of an inline box’s', async () => {
    const css = 'mix-blend-mode: multiply; mask-image: linear-gradient(black, transparent)';
    const block = await layoutSnippet(
      `<p>a <span style="display: inline-block; ${css}">b</span> c</p>`,
      PAGE,
    );
    expect(block.warnings).toEqual([]);
    expect(groups(block.items(0)).filter((g) => g.blend === 'multiply' && g.mask)).toHaveLength(1);
    const inline = await layoutSnippet(`<p>a <span style="${css}">b</span> c</p>`, PAGE);
    expect(inline.warnings.map((w) => w.code)).toEqual(['layout.inline-effect']);
    expect(inline.text(0)).toBe('a b c');
  });
});

describe('background-blend-mode', () => {
  it('blends each layer with the layers and colour under it, isolated from the page', async () => {
    const r = await layoutSnippet(
      `<div style="height: 40px; background-color: red; background-image: linear-gradient(blue, blue), linear-gradient(lime, lime); background-blend-mode: multiply, normal"></div>`,
      PAGE,
    );
    expect(r.warnings).toEqual([]);
    const top = r.items(0);
    expect(top).toHaveLength(1);
    const iso = top[0] as GroupItem;
    expect(iso.isolate).toBe(true);
    // Colour first, then the bottom layer (normal), then the top layer in a multiply group.
    expect(iso.items[0]).toMatchObject({ kind: 'path', fill: { r: 1, g: 0, b: 0, a: 1 } });
    const last = iso.items[iso.items.length - 1] as GroupItem;
    expect(last.blend).toBe('multiply');
    expect(groups(iso.items).filter((g) => g.blend)).toHaveLength(1);
  });

  it('adds no group when every layer is normal', async () => {
    const r = await layoutSnippet(
      `<div style="height: 40px; background: linear-gradient(blue, red), yellow"></div>`,
      PAGE,
    );
    expect(groups(r.items(0)).some((g) => g.isolate || g.blend)).toBe(false);
  });
});

describe('mask-image', () => {
  it('masks a box with a gradient read for its alpha, as white with that alpha', async () => {
    const r = await layoutSnippet(
      `<div style="height: 100px; width: 200px; background: navy; mask-image: linear-gradient(to right, black, transparent)">Faded</div>`,
      PAGE,
    );
    expect(r.warnings).toEqual([]);
    const masked = groups(r.items(0)).filter((g) => g.mask);
    expect(masked).toHaveLength(1);
    const mask = paths(masked[0].mask ?? []);
    expect(mask).toHaveLength(1);
    const fill = mask[0].fill as Gradient;
    expect(fill.kind).toBe('linear-gradient');
    expect(fill.stops.map((s) => s.color)).toEqual([
      { r: 1, g: 1, b: 1, a: 1 },
      { r: 1, g: 1, b: 1, a: 0 },
    ]);
    // The mask covers the border box (its origin and clip) and is never content.
    expect(mask[0].ops[0]).toMatchObject({ op: 'rect', x: 0, y: 0, width: 150, height: 75 });
    expect(mask[0].tag.kind).toBe('artifact');
    // The text stays content, inside the masked group.
    expect(r.flowText(0)).toBe('Faded');
  });

  it('keeps a layer’s colours in luminance mode, and places a sized, unrepeated layer', async () => {
    const r = await layoutSnippet(
      `<div style="height: 100px; width: 200px; background: navy; mask: luminance no-repeat right 10px top 20px / 40px 30px linear-gradient(red, blue)"></div>`,
      PAGE,
    );
    const masked = groups(r.items(0)).find((g) => g.mask);
    const mask = paths(masked?.mask ?? []);
    expect(mask).toHaveLength(1);
    const fill = mask[0].fill as Gradient;
    expect(fill.stops[0]?.color).toEqual({ r: 1, g: 0, b: 0, a: 1 });
    // 40 × 30 px at 10px from the right, 20px from the top: in points.
    expect(mask[0].ops[0]).toMatchObject({ x: 112.5, y: 15, width: 30, height: 22.5 });
  });

  it('reads a bitmap mask for its alpha: white pixels with the image’s alpha plane', async () => {
    const r = await layoutSnippet(
      `<div style="height: 20px; width: 40px; background: green; -webkit-mask: url(${PNG_HALF_ALPHA}) 0 0 / 100% 100% no-repeat"></div>`,
      PAGE,
      { loader: createResourceLoader({}) },
    );
    expect(r.warnings).toEqual([]);
    const masked = groups(r.items(0)).find((g) => g.mask);
    const images = (function walk(items: readonly DisplayItem[]): DisplayItem[] {
      return items.flatMap((i) => (i.kind === 'group' ? walk(i.items) : [i]));
    })(masked?.mask ?? []).filter((i) => i.kind === 'image');
    expect(images).toHaveLength(1);
    const img = images[0] as Extract<DisplayItem, { kind: 'image' }>;
    expect(img.image.data).toMatchObject({ encoding: 'raw', components: 1 });
    const data = img.image.data as { pixels: Uint8Array; alpha?: Uint8Array };
    expect(Array.from(data.pixels)).toEqual([255, 255]);
    expect(Array.from(data.alpha ?? [])).toEqual([255, 0]);
  });

  it('warns when a mask image cannot be loaded, and masks the box out as CSS says', async () => {
    const r = await layoutSnippet(
      `<div style="height: 20px; background: green; mask-image: url(data:image/png;base64,AAAA)"></div>`,
      PAGE,
      { loader: createResourceLoader({}) },
    );
    expect(r.warnings.map((w) => w.code)).toContain('layout.mask-image-failed');
    const masked = groups(r.items(0)).find((g) => g.mask);
    expect(masked?.mask).toEqual([]);
  });

  it('warns that mask-composite other than add is not drawn', async () => {
    const r = await layoutSnippet(
      `<div style="height: 20px; background: green; mask-image: linear-gradient(black, black), linear-gradient(black, transparent); mask-composite: intersect"></div>`,
      PAGE,
    );
    expect(r.warnings.map((w) => w.code)).toContain('layout.mask-composite');
  });
});
