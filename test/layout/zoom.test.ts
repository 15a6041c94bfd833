/**
 * `zoom` in layout: nothing in layout reads it but images' natural sizes, which scale with
 * the element's effective zoom; everything else arrives as zoomed lengths from the cascade.
 */
import sharp from 'sharp';
import type { Page } from '../../src/document/index.js';
import { describe, expect, it } from 'vitest';
import { rasterizePage } from '../../src/raster/index.js';
import { createResourceLoader } from '../../src/resources/index.js';
import { layoutSnippet } from './geometry.js';

const PAGE =
  '@page { size: 800px 300px; margin: 0 } body { margin: 0; font: 10px/12px sans-serif }';
// 12 × 8 user units, no viewBox: the user units are the natural size.
const SVG =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='8'%3E%3Crect width='12' height='8' fill='red'/%3E%3C/svg%3E";

/** Whether the page, drawn at 1px per CSS px, is red at (x, y). */
async function redPixels(page: Page): Promise<(x: number, y: number) => boolean> {
  const { image } = await rasterizePage(page, { format: 'png', scale: 1, quality: 90 });
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  return (x, y) => {
    const o = (y * info.width + x) * info.channels;
    return data[o] > 200 && data[o + 1] < 60 && data[o + 2] < 60;
  };
}

describe('zoom in layout', () => {
  it('shrinks a wide table and its cells with the zoom', async () => {
    const row = '<td>x</td>'.repeat(8);
    const table = (id: string, style: string) =>
      `<table id=${id} style="border-collapse: collapse; ${style}"><tr>${row}</tr></table>`;
    const r = await layoutSnippet(
      table('plain', '') + table('zoomed', 'zoom: 0.5'),
      `${PAGE} td { width: 60px; padding: 4px; border: 2px solid }`,
    );
    const plain = r.box('plain')[0];
    const zoomed = r.box('zoomed')[0];
    expect(plain.width).toBeCloseTo(8 * 70 + 2, 3);
    expect(zoomed.width).toBeCloseTo(plain.width / 2, 3);
    expect(zoomed.height).toBeCloseTo(plain.height / 2, 1);
  });

  it('scales an image’s natural size and draws it over the whole zoomed box', async () => {
    const r = await layoutSnippet(
      `<div style="zoom: 2"><img id=i alt="swatch" src="${SVG}" style="display: block"></div>
       <img id=w alt="swatch" src="${SVG}" width=12 style="display: block; zoom: 3">`,
      PAGE,
      { loader: createResourceLoader({}) },
    );
    expect(r.warnings).toEqual([]);
    expect(r.box('i')[0]).toMatchObject({ x: 0, y: 0, width: 24, height: 16 });
    expect(r.box('w')[0]).toMatchObject({ width: 36, height: 24 });
    const red = await redPixels(r.document.pages[0]);
    // Near the far corner of the zoomed box, not only where the unzoomed image would end.
    expect(red(22, 14)).toBe(true);
    expect(red(26, 8)).toBe(false);
  });

  it('scales a background image’s natural size too', async () => {
    const r = await layoutSnippet(
      `<div style="zoom: 2; width: 40px; height: 30px; background: url(&quot;${SVG}&quot;) no-repeat"></div>`,
      PAGE,
      { loader: createResourceLoader({}) },
    );
    expect(r.warnings).toEqual([]);
    const red = await redPixels(r.document.pages[0]);
    expect(red(22, 14)).toBe(true);
    expect(red(26, 8)).toBe(false);
    expect(red(10, 18)).toBe(false);
  });
});
