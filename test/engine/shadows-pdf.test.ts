/**
 * Shadows read back by independent readers: pdf.js rasterises the PDF and shows a blurred box
 * shadow outside the box (never through its translucent background) and the text shadows;
 * it extracts the shadowed text once. The raster output draws the shadow in the same place,
 * and the document stays PDF/A-3a + PDF/UA-1.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { render, renderImage } from '../../src/render.js';
import { validate } from '../../src/validate/index.js';
import { renderPage } from '../pdf/glyph-ink.js';
import { readPdf } from './helpers.js';

const HTML = `<!doctype html><html lang="en"><head><title>Shadows</title><style>
@page { size: 400px 300px; margin: 0 }
body { margin: 0; font: 24px 'DejaVu Sans' }
#card { position: absolute; left: 100px; top: 60px; width: 200px; height: 100px;
  background: rgba(255, 255, 255, 0.5); box-shadow: 0 20px 16px rgb(255, 0, 0) }
h1 { position: absolute; left: 100px; top: 200px; margin: 0; font-size: 24px;
  text-shadow: 0 0 3px blue, 4px 4px 0 lime }
</style></head><body><div id="card"></div><h1>Shadowed</h1></body></html>`;

describe('shadows read back', () => {
  it('draws them where CSS puts them, extracts the text once and stays conformant', async () => {
    const r = await render({ kind: 'html', html: HTML }, { deterministic: true });
    expect(r.warnings).toEqual([]);
    expect(validate(r.pdf).failures ?? []).toEqual([]);
    const back = await readPdf(r.pdf);
    expect(back.pages[0].text.replace(/\s+/g, '')).toBe('Shadowed');

    // pdf.js at 1 pixel per point: 400px × 300px CSS is 300 × 225.
    const page = await renderPage(r.pdf, 1, 1);
    const at = (xPx: number, yPx: number): number[] => {
      const i = (Math.round(yPx * 0.75) * page.width + Math.round(xPx * 0.75)) * 4;
      return Array.from(page.rgba.slice(i, i + 3));
    };
    // Just below the card the shadow is strong red; inside the card there is none (the
    // translucent background shows the white page); far away the page is white.
    const below = at(200, 172);
    expect(below[0]).toBeGreaterThan(200);
    expect(below[1]).toBeLessThan(160);
    expect(at(200, 140)).toEqual([255, 255, 255]);
    expect(at(20, 20)).toEqual([255, 255, 255]);
    // The blur fades out: lighter further below.
    expect(at(200, 195)[1]).toBeGreaterThan(below[1]);

    // The raster output draws the same shadow.
    const png = await renderImage({ kind: 'html', html: HTML }, { format: 'png', page: 1 });
    const { data, info } = await sharp(png.image).raw().toBuffer({ resolveWithObject: true });
    const scale = info.width / 400;
    // The PNG has no background: a red shadow pixel's alpha is what the white page lets
    // through in pdf.js' picture (255 minus its green).
    expect(info.channels).toBe(4);
    const alpha = (x: number, y: number): number =>
      data[(Math.round(y * scale) * info.width + Math.round(x * scale)) * 4 + 3] as number;
    for (const y of [172, 180, 190])
      expect(Math.abs(alpha(200, y) - (255 - at(200, y)[1]))).toBeLessThan(24);
    // Inside the card: its half-transparent white background only, no red under it.
    const inside = (Math.round(140 * scale) * info.width + Math.round(200 * scale)) * 4;
    expect(Array.from(data.subarray(inside, inside + 4))).toEqual([255, 255, 255, 128]);
  }, 60_000);
});
