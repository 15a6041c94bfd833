/**
 * filter (Filter Effects 1): the colour functions map the colours of everything a box paints
 * (fills, borders, gradient stops, text, image pixels) as the composited result would be
 * mapped; opacity() joins the group opacity; drop-shadow() draws an image under the box; blur()
 * blurs solid decoration and is reported over anything else; url() is reported.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem, RgbaColor } from '../../src/document/index.js';
import { itemFilter } from '../../src/layout/paint/filter.js';
import { createResourceLoader } from '../../src/resources/index.js';
import type { FilterFunction } from '../../src/style/index.js';
import { byId, find, style } from '../style/helpers.js';
import { glyphRuns } from './harness.js';
import { layoutSnippet } from './geometry.js';

const PAGE = '@page { size: 400px 600px; margin: 0 } body { margin: 0 }';
const RED: RgbaColor = { r: 1, g: 0, b: 0, a: 1 };
const PNG_2X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAEElEQVR4nGP4z8DAwMDwHwAF/wH/5OIpnAAAAABJRU5ErkJggg==';

function all(items: readonly DisplayItem[]): DisplayItem[] {
  return items.flatMap((i) => (i.kind === 'group' ? [i, ...all(i.items)] : [i]));
}

const mapped = (list: FilterFunction[], c: RgbaColor): RgbaColor => {
  const { filter } = itemFilter(list);
  return filter?.map ? filter.map(c) : c;
};

describe('filter: parsing', () => {
  it('reads a list of functions, amounts as fractions, clamped where CSS clamps them', async () => {
    const d = await style(
      `<style>#a { filter: grayscale(150%) hue-rotate(0.5turn) contrast(2) opacity() blur(2px) drop-shadow(1px 2px red) url(#f) } #b { filter: none }</style><p id=a>a</p><p id=b>b</p>`,
    );
    expect(d.warnings).toEqual([]);
    expect(find(d.root, byId('a')).style.filter).toEqual([
      { fn: 'grayscale', amount: 1 },
      { fn: 'hue-rotate', amount: 180 },
      { fn: 'contrast', amount: 2 },
      { fn: 'opacity', amount: 1 },
      { fn: 'blur', radius: 2 },
      { fn: 'drop-shadow', x: 1, y: 2, blur: 0, color: RED },
      { fn: 'url', url: expect.stringContaining('#f') },
    ]);
    expect(find(d.root, byId('b')).style.filter).toBe('none');
  });

  it.each(['grayscale(-1)', 'blur(10%)', 'brightness(1, 2)', 'sepia(red)', 'drop-shadow(1px)'])(
    'refuses filter: %s',
    async (value) => {
      const d = await style(`<style>#t { filter: ${value} }</style><p id=t>x</p>`);
      expect(find(d.root, byId('t')).style.filter).toBe('none');
      expect(d.warnings.length).toBeGreaterThan(0);
    },
  );
});

describe('filter: the colour functions', () => {
  it('map colours as Filter Effects 1 defines them', () => {
    expect(mapped([{ fn: 'grayscale', amount: 1 }], RED)).toMatchObject({ r: 0.2126, g: 0.2126 });
    expect(mapped([{ fn: 'invert', amount: 1 }], RED)).toEqual({ r: 0, g: 1, b: 1, a: 1 });
    expect(mapped([{ fn: 'brightness', amount: 0.5 }], RED)).toEqual({ r: 0.5, g: 0, b: 0, a: 1 });
    expect(mapped([{ fn: 'contrast', amount: 0 }], RED)).toEqual({ r: 0.5, g: 0.5, b: 0.5, a: 1 });
    const green = mapped([{ fn: 'hue-rotate', amount: 120 }], RED);
    expect(green.g).toBeGreaterThan(green.r);
    // Clamped after each step: saturate pushes red past 1, brightness(0.5) then halves 1.
    expect(
      mapped(
        [
          { fn: 'saturate', amount: 3 },
          { fn: 'brightness', amount: 0.5 },
        ],
        RED,
      ).r,
    ).toBe(0.5);
  });

  it('turn a box, its border, gradient, text and image grey, and fold opacity() into the group', async () => {
    const r = await layoutSnippet(
      `<div style="filter: grayscale(1) opacity(50%); border: 2px solid red; color: blue; background: linear-gradient(red, lime)">text <img src="${PNG_2X1}" alt="dots" style="width: 20px"></div>`,
      PAGE,
      { loader: createResourceLoader({}) },
    );
    expect(r.warnings).toEqual([]);
    const items = all(r.document.pages[0].items);
    const grey = (c: RgbaColor): boolean =>
      Math.abs(c.r - c.g) < 1e-9 && Math.abs(c.g - c.b) < 1e-9;
    for (const i of items) {
      if (i.kind === 'path') {
        if (i.fill && 'kind' in i.fill) expect(i.fill.stops.every((s) => grey(s.color))).toBe(true);
        else if (i.fill) expect(grey(i.fill)).toBe(true);
        if (i.stroke) expect(grey(i.stroke.paint)).toBe(true);
      }
    }
    expect(glyphRuns(r.document.pages[0].items).every((g) => grey(g.color))).toBe(true);
    const img = items.find((i) => i.kind === 'image');
    expect(img?.kind === 'image' && img.image.id).toMatch(/~grayscale:1$/);
    if (img?.kind === 'image' && img.image.data.encoding === 'raw') {
      const p = img.image.data.pixels;
      expect(p[0]).toBe(p[1]);
      expect(p[1]).toBe(p[2]);
    }
    expect(items.some((i) => i.kind === 'group' && i.opacity === 0.5)).toBe(true);
  });

  it('maps a shared drawing once, and its tiles still share the mapped one', async () => {
    const svg = encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="4" fill="red"/></svg>',
    );
    const r = await layoutSnippet(
      `<div style="filter: grayscale(1); width: 100px; height: 20px; background: url('data:image/svg+xml,${svg}')"></div>`,
      PAGE,
      { loader: createResourceLoader({}) },
    );
    const uses = all(r.document.pages[0].items).filter((i) => i.kind === 'use');
    expect(uses.length).toBe(20);
    const drawings = new Set(uses.map((u) => (u.kind === 'use' ? u.drawing : undefined)));
    expect(drawings.size).toBe(1);
    const [drawing] = [...drawings];
    const fills = all(drawing?.items ?? []).flatMap((i) =>
      i.kind === 'path' && i.fill && !('kind' in i.fill) ? [i.fill] : [],
    );
    expect(fills).toHaveLength(1);
    expect(fills[0]).toMatchObject({ r: 0.2126, g: 0.2126, b: 0.2126 });
  });

  it('draws blur() over solid decoration, and drop-shadow() under what that paints', async () => {
    const r = await layoutSnippet(
      `<div style="filter: blur(3px) drop-shadow(2px 2px 2px black); background: red; height: 10px"></div>`,
      PAGE,
    );
    expect(r.warnings).toEqual([]);
    // The shadow image under the blurred box, which is an image now too.
    const drawn = all(r.document.pages[0].items).filter((i) => i.kind !== 'group');
    expect(drawn.map((i) => i.kind)).toEqual(['image', 'image']);
  });

  it('reports url(), and blur() over text, drawing the box without them', async () => {
    const r = await layoutSnippet(
      `<div style="filter: blur(3px) url(#f); background: red">Sharp text</div>`,
      PAGE,
    );
    expect(r.warnings.map((w) => w.code).sort()).toEqual([
      'layout.filter-blur',
      'layout.filter-undrawn',
    ]);
    expect(r.text(0)).toBe('Sharp text');
    const fills = all(r.document.pages[0].items).filter((i) => i.kind === 'path');
    expect(fills).toHaveLength(1);
  });
});
