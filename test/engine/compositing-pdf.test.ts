/**
 * Blend modes and masks from HTML to pixels: pdf.js draws a multiplied box over a yellow one
 * as their product and a difference-blended box inside an isolated stacking context; the
 * raster output draws a gradient mask as a fade; the text stays extractable once, and the file
 * stays PDF/A-3a + PDF/UA-1.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { render, renderImage } from '../../src/render.js';
import { validate } from '../../src/validate/index.js';
import { renderPage } from '../pdf/glyph-ink.js';
import { readPdf } from './helpers.js';

const HTML = `<!doctype html><html lang="en"><head><title>Blends</title><style>
@page { size: 400px 300px; margin: 0 }
body { margin: 0; font: 16px 'DejaVu Sans' }
#under { position: absolute; left: 0; top: 0; width: 200px; height: 100px; background: yellow }
#over { position: absolute; left: 100px; top: 0; width: 200px; height: 100px; background: cyan;
  mix-blend-mode: multiply }
#strip { position: absolute; left: 0; top: 120px; width: 400px; height: 60px; background: yellow }
#card { position: absolute; left: 0; top: 120px; width: 400px; height: 60px; z-index: 1 }
#card b { position: absolute; left: 0; top: 0; width: 100px; height: 60px; background: red;
  mix-blend-mode: difference }
#fade { position: absolute; left: 0; top: 200px; width: 400px; height: 100px; background: blue;
  mask-image: linear-gradient(to right, black, transparent) }
</style></head><body>
<div id="under"></div><div id="over"></div>
<div id="strip"></div><div id="card"><b></b><p>Card</p></div>
<div id="fade"><p>Fading</p></div>
</body></html>`;

describe('compositing read back', () => {
  it('blends and masks as CSS says, in the PDF and in the raster output', async () => {
    const r = await render({ kind: 'html', html: HTML }, { deterministic: true });
    expect(r.warnings).toEqual([]);
    expect(validate(r.pdf).failures ?? []).toEqual([]);
    const back = await readPdf(r.pdf);
    // Painted in stacking order (the card has z-index 1), each text once.
    expect(back.pages[0].text.replace(/\s+/g, '')).toBe('FadingCard');

    // pdf.js at 1 pixel per point: 400px × 300px CSS is 300 × 225.
    const page = await renderPage(r.pdf, 1, 1);
    const at = (xPx: number, yPx: number): number[] => {
      const i = (Math.round(yPx * 0.75) * page.width + Math.round(xPx * 0.75)) * 4;
      return Array.from(page.rgba.slice(i, i + 3));
    };
    expect(at(50, 50)).toEqual([255, 255, 0]);
    expect(at(150, 50)).toEqual([0, 255, 0]);
    expect(at(250, 50)).toEqual([0, 255, 255]);
    // The card is a stacking context, so the red box blends with the card's own (empty)
    // content only, not with the yellow strip under the card: it stays red.
    expect(at(50, 150)).toEqual([255, 0, 0]);
    expect(at(250, 150)).toEqual([255, 255, 0]);

    const png = await renderImage({ kind: 'html', html: HTML }, { format: 'png', page: 1 });
    const { data, info } = await sharp(png.image)
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const scale = info.width / 400;
    const px = (x: number, y: number): number[] => {
      const i = (Math.round(y * scale) * info.width + Math.round(x * scale)) * info.channels;
      return Array.from(data.subarray(i, i + 3));
    };
    expect(px(150, 50)).toEqual([0, 255, 0]);
    expect(px(50, 150)).toEqual([255, 0, 0]);
    // The blue box fades out to the right: more of the white page shows further right.
    const reds = [20, 200, 380].map((x) => px(x, 290)[0] as number);
    expect(reds[0]).toBeLessThan(30);
    expect(reds[1]).toBeGreaterThan(100);
    expect(reds[1]).toBeLessThan(160);
    expect(reds[2]).toBeGreaterThan(225);
  }, 60_000);
});
