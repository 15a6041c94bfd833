/**
 * filter: drop-shadow(): an image under the box whose alpha is the alpha of what the box paints
 * (fills, strokes, glyph outlines, images' alpha), offset and blurred, in the shadow's colour;
 * colour functions after it colour the shadow too; clips and transforms inside are followed.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem, ImageItem } from '../../src/document/index.js';
import { createResourceLoader } from '../../src/resources/index.js';
import { layoutSnippet } from './geometry.js';

const PAGE = '@page { size: 400px 300px; margin: 0 } body { margin: 0 }';
/** A 2 × 1 PNG: the left pixel opaque red, the right one fully transparent. */
const PNG_HALF_ALPHA =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGP4z8Dwn4GBgQEADPwB//0td20AAAAASUVORK5CYII=';

function leaves(items: readonly DisplayItem[]): DisplayItem[] {
  return items.flatMap((i) => (i.kind === 'group' ? leaves(i.items) : [i]));
}

/** The shadow image and its alpha at a page point (points), 0..255. */
function shadowOf(items: readonly DisplayItem[]): {
  item: ImageItem;
  alpha: (x: number, y: number) => number;
} {
  const item = leaves(items).find(
    (i) => i.kind === 'image' && i.image.id.startsWith('shadow-'),
  ) as ImageItem;
  expect(item).toBeDefined();
  const img = item.image;
  const data = img.data as { alpha: Uint8Array; pixels: Uint8Array; components: number };
  return {
    item,
    alpha: (x, y) => {
      const px = Math.floor(((x - item.x) / item.width) * img.widthPx);
      const py = Math.floor(((y - item.y) / item.height) * img.heightPx);
      if (px < 0 || py < 0 || px >= img.widthPx || py >= img.heightPx) return 0;
      return data.alpha[py * img.widthPx + px] as number;
    },
  };
}

describe('filter: blur()', () => {
  it('blurs a box painted in one solid colour into an image of that colour', async () => {
    const r = await layoutSnippet(
      `<div style="margin: 40px; width: 80px; height: 80px; border-radius: 50%; background: rgb(0, 128, 0); filter: blur(4px)"></div>`,
      PAGE,
    );
    expect(r.warnings).toEqual([]);
    const drawn = leaves(r.items(0));
    expect(drawn.map((i) => i.kind)).toEqual(['image']);
    const { item, alpha } = shadowOf(r.items(0));
    const data = item.image.data as { pixels: Uint8Array };
    expect(Array.from(data.pixels.subarray(0, 3))).toEqual([0, 128, 0]);
    // Solid in the middle of the circle (centre 60, 60 pt, radius 30), soft at its edge,
    // reaching beyond it.
    expect(alpha(60, 60)).toBe(255);
    expect(alpha(90, 60)).toBeGreaterThan(90);
    expect(alpha(90, 60)).toBeLessThan(165);
    expect(alpha(95, 60)).toBeGreaterThan(0);
  });

  it('keeps each colour of a two-colour box apart, in the order they are painted', async () => {
    const r = await layoutSnippet(
      `<div style="margin: 40px; width: 80px; height: 80px; background: red; border: 4px solid blue; filter: blur(2px)"></div>`,
      PAGE,
    );
    const images = leaves(r.items(0)).filter((i) => i.kind === 'image') as ImageItem[];
    expect(images).toHaveLength(2);
    const first = images.map((i) =>
      Array.from((i.image.data as { pixels: Uint8Array }).pixels.subarray(0, 3)),
    );
    expect(first).toEqual([
      [255, 0, 0],
      [0, 0, 255],
    ]);
  });
});

describe('filter: drop-shadow()', () => {
  it('draws the box’s shape offset under it, in the shadow colour, before the box', async () => {
    const r = await layoutSnippet(
      `<div style="margin: 40px; width: 80px; height: 40px; background: red; filter: drop-shadow(20px 20px 0 blue)"></div>`,
      PAGE,
    );
    expect(r.warnings).toEqual([]);
    const drawn = leaves(r.items(0));
    expect(drawn.map((i) => i.kind)).toEqual(['image', 'path']);
    const { item, alpha } = shadowOf(r.items(0));
    expect(item.tag.kind).toBe('artifact');
    // The box is 30..90 × 30..60 pt; the shadow 15 pt further right and down.
    expect(alpha(50, 55)).toBe(255);
    expect(alpha(100, 70)).toBe(255);
    expect(alpha(40, 40)).toBe(0);
    expect(alpha(110, 80)).toBe(0);
    const data = item.image.data as { pixels: Uint8Array; components: number };
    expect(data.components).toBe(3);
    expect(Array.from(data.pixels.subarray(0, 3))).toEqual([0, 0, 255]);
  });

  it('blurs the shadow: soft at its edge, solid inside, reaching beyond the shape', async () => {
    const r = await layoutSnippet(
      `<div style="margin: 40px; width: 80px; height: 80px; background: red; filter: drop-shadow(0 0 8px black)"></div>`,
      PAGE,
    );
    const { alpha } = shadowOf(r.items(0));
    expect(alpha(60, 60)).toBe(255);
    const edge = alpha(90, 60);
    expect(edge).toBeGreaterThan(90);
    expect(edge).toBeLessThan(165);
    expect(alpha(94, 60)).toBeGreaterThan(0);
    expect(alpha(94, 60)).toBeLessThan(edge);
  });

  it('follows text outlines rather than the box, and colours functions after it', async () => {
    const r = await layoutSnippet(
      `<p style="margin: 0; font: 40px 'DejaVu Sans'; color: red; filter: drop-shadow(0 0 0 blue) grayscale(1)">I</p>`,
      PAGE,
    );
    expect(r.text(0)).toBe('I');
    const { item, alpha } = shadowOf(r.items(0));
    // The I's stem is a thin bar: inside it there is shadow, beside it none.
    const stem = leaves(r.items(0)).find((i) => i.kind === 'glyphs');
    expect(stem?.kind).toBe('glyphs');
    const run = stem as Extract<DisplayItem, { kind: 'glyphs' }>;
    const mid = run.x + run.glyphs.advances[0]! / 2;
    expect(alpha(mid, run.y - 10)).toBe(255);
    expect(alpha(mid + 8, run.y - 10)).toBe(0);
    // grayscale() after the shadow made the blue shadow gray.
    const data = item.image.data as { pixels: Uint8Array; components: number };
    expect(new Set(Array.from(data.pixels.subarray(0, 3))).size).toBe(1);
  });

  it('casts a shadow from outlined text with a transparent fill', async () => {
    const r = await layoutSnippet(
      `<p style="margin: 0; font: 40px 'DejaVu Sans'; color: transparent; -webkit-text-stroke: 2px black; filter: drop-shadow(0 0 0 blue)">I</p>`,
      PAGE,
    );
    const run = leaves(r.items(0)).find((i) => i.kind === 'glyphs');
    expect(run?.kind === 'glyphs' && run.stroke !== undefined).toBe(true);
    const { alpha } = shadowOf(r.items(0));
    const g = run as Extract<DisplayItem, { kind: 'glyphs' }>;
    expect(alpha(g.x + g.glyphs.advances[0]! / 2, g.y - 10)).toBe(255);
  });

  it('follows an image’s alpha', async () => {
    const r = await layoutSnippet(
      `<img src="${PNG_HALF_ALPHA}" alt="half" style="display: block; width: 80px; height: 40px; filter: drop-shadow(0 40px 0 black)">`,
      PAGE,
      { loader: createResourceLoader({}) },
    );
    expect(r.warnings).toEqual([]);
    const { alpha } = shadowOf(r.items(0));
    // The image is 60 × 30 pt at the origin: its opaque left half casts, the right does not.
    expect(alpha(15, 45)).toBe(255);
    expect(alpha(45, 45)).toBe(0);
  });

  it('draws one image for many equal shadows', async () => {
    const card = `<div style="width: 40px; height: 20px; margin: 10px; background: teal; filter: drop-shadow(2px 2px 4px black)"></div>`;
    const r = await layoutSnippet(card.repeat(5), PAGE);
    const ids = new Set(
      leaves(r.items(0)).flatMap((i) => (i.kind === 'image' ? [i.image.id] : [])),
    );
    expect(ids.size).toBe(1);
  });
});
