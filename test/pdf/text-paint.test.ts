/**
 * Outlined text (-webkit-text-stroke, -webkit-text-fill-color) and backgrounds clipped to text
 * (background-clip: text): the page is read back with pdf.js (text, operators, pixels) and drawn
 * by our raster path; the text stays real, extractable text in both cases.
 */
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { render, renderImage } from '../../src/render.js';
import { validate } from '../../src/validate/index.js';
import { renderPage } from './glyph-ink.js';

const PAGE = `@page { size: 200px 120px; margin: 0 } body { margin: 0 }
  h1 { margin: 10px; font: 80px/1 'Liberation Sans'; display: inline-block }`;

function doc(css: string, body: string): string {
  return `<!doctype html><html lang="en"><head><title>Text paint</title><style>${PAGE} ${css}</style></head><body>${body}</body></html>`;
}

type Counter = (rgb: readonly [number, number, number]) => boolean;

/** Pixels of the page drawn by pdf.js and by our raster path, counted by a colour test. */
async function counts(html: string, test: Counter): Promise<{ pdf: number; raster: number }> {
  const { pdf } = await render({ kind: 'html', html }, { deterministic: true });
  const page = await renderPage(pdf, 1, 1);
  let fromPdf = 0;
  for (let i = 0; i < page.rgba.length; i += 4)
    if (test([page.rgba[i], page.rgba[i + 1], page.rgba[i + 2]])) fromPdf++;
  const { image } = await renderImage({ kind: 'html', html }, { page: 1, scale: 1, format: 'png' });
  const { data, info } = await sharp(image)
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let fromRaster = 0;
  for (let i = 0; i < data.length; i += info.channels)
    if (test([data[i], data[i + 1], data[i + 2]])) fromRaster++;
  return { pdf: fromPdf, raster: fromRaster };
}

const red: Counter = ([r, g, b]) => r > 200 && g < 80 && b < 80;
const blue: Counter = ([r, g, b]) => b > 200 && r < 80 && g < 80;
const dark: Counter = ([r, g, b]) => r < 60 && g < 60 && b < 60;

async function readBack(html: string) {
  const { pdf } = await render({ kind: 'html', html }, { deterministic: true });
  const report = validate(pdf, { flavours: ['pdfa-3a', 'pdfua-1'] });
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const page = await doc.getPage(1);
  const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join('');
  const ops = await page.getOperatorList();
  const modes = ops.fnArray.flatMap((fn, i) =>
    fn === pdfjs.OPS.setTextRenderingMode ? [ops.argsArray[i][0] as number] : [],
  );
  await doc.destroy();
  return { failures: report.failures ?? [], text, modes };
}

describe('outlined text', () => {
  it('strokes hollow glyphs and keeps their text', async () => {
    const html = doc(
      'h1 { -webkit-text-stroke: 3px rgb(255 0 0); -webkit-text-fill-color: transparent }',
      '<h1>HI</h1>',
    );
    const r = await readBack(html);
    expect(r.failures).toEqual([]);
    expect(r.text).toBe('HI');
    // Rendering mode 1: stroke only.
    expect(r.modes).toContain(1);
    const c = await counts(html, red);
    expect(c.pdf).toBeGreaterThan(200);
    expect(c.raster).toBeGreaterThan(200);
    const ink = await counts(html, dark);
    expect(ink).toEqual({ pdf: 0, raster: 0 });
  });

  it('fills, then strokes in the stroke colour, which follows an inheriting colour', async () => {
    const html = doc(
      'h1 { -webkit-text-stroke-width: 4px; color: rgb(0 0 255) } span { color: rgb(255 0 0) }',
      '<h1>H<span>I</span></h1>',
    );
    const r = await readBack(html);
    expect(r.modes).toContain(2);
    // currentcolor stays a keyword when inherited: the span's I is outlined in its own red.
    expect((await counts(html, red)).pdf).toBeGreaterThan(150);
    expect((await counts(html, blue)).pdf).toBeGreaterThan(300);
  });
});

describe('background-clip: text', () => {
  it('shows the background through the glyphs only, the text kept invisible above it', async () => {
    const clipped = doc(
      'h1 { background: rgb(0 0 255); background-clip: text; color: transparent }',
      '<h1>HI</h1>',
    );
    const whole = doc('h1 { background: rgb(0 0 255); color: transparent }', '<h1>HI</h1>');
    const r = await readBack(clipped);
    expect(r.failures).toEqual([]);
    expect(r.text).toBe('HI');
    const inGlyphs = await counts(clipped, blue);
    const inBox = await counts(whole, blue);
    expect(inGlyphs.pdf).toBeGreaterThan(500);
    // The letters cover a fraction of their box.
    expect(inGlyphs.pdf).toBeLessThan(inBox.pdf * 0.6);
    // The raster draws CSS pixels, pdf.js points: compare the shares of the box.
    expect(inGlyphs.raster / inBox.raster).toBeCloseTo(inGlyphs.pdf / inBox.pdf, 1);
  });

  it('clips an inline box background to its own text, from the prefixed name too', async () => {
    const html = doc(
      `p { margin: 0; font: 40px/1 'Liberation Sans' }
       span { background: rgb(0 0 255); -webkit-background-clip: text;
         -webkit-text-fill-color: transparent }`,
      '<p>A <span>HH</span></p>',
    );
    const c = await counts(html, blue);
    const box = await counts(html.replace('-webkit-background-clip: text;', ''), blue);
    expect(c.pdf).toBeGreaterThan(100);
    expect(c.pdf).toBeLessThan(box.pdf * 0.6);
    expect((await readBack(html)).text).toBe('A HH');
  });
});
