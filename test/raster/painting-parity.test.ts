/**
 * Painting order, transforms, opacity and clipping drawn the same by the PDF writer and the
 * raster renderer. The PDF is read back independently: pdf.js renders the page onto a canvas;
 * renderImage draws the same page through our SVG path; both are sampled at points where the
 * order of painting decides the colour, and compared as whole images.
 */
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { render, renderImage } from '../../src/render.js';
import { renderPage } from '../pdf/glyph-ink.js';

/** 2 device pixels per CSS px in both renderings. */
const SCALE = 2;
const PX_PER_PT = 4 / 3;

const html = `<!DOCTYPE html><html lang="en"><head><title>Painting order</title><style>
  @page { size: 300px 200px; margin: 0 }
  body { margin: 0; font: 12px/16px 'Liberation Sans' }
  .abs { position: absolute }
</style></head><body>
  <div class="abs" style="z-index:-1;left:10px;top:10px;width:60px;height:60px;background:rgb(255,0,0)"></div>
  <div style="margin:40px 0 0 40px;width:60px;height:60px;background:rgb(0,0,255)"></div>
  <div class="abs" style="z-index:1;left:70px;top:70px;width:50px;height:50px;background:rgb(0,160,0)"></div>
  <div class="abs" style="left:140px;top:10px;width:40px;height:40px;background:rgb(0,0,0);opacity:0.5"></div>
  <div class="abs" style="left:200px;top:10px;width:80px;height:80px;overflow:hidden;border-radius:40px">
    <div style="width:200px;height:200px;background:rgb(128,0,128)"></div>
  </div>
  <div class="abs" style="left:150px;top:120px">
    <span style="display:inline-block;width:60px;height:20px;background:rgb(255,140,0);transform:rotate(90deg)"></span>
  </div>
</body></html>`;

type Rgb = [number, number, number];

interface Picture {
  readonly width: number;
  readonly height: number;
  at(xPx: number, yPx: number): Rgb;
  readonly rgba: Uint8Array | Uint8ClampedArray;
}

function picture(width: number, height: number, rgba: Uint8Array | Uint8ClampedArray): Picture {
  return {
    width,
    height,
    rgba,
    // CSS px to the device pixel at its centre.
    at(x, y) {
      const i = (Math.floor(y * SCALE) * width + Math.floor(x * SCALE)) * 4;
      return [rgba[i] as number, rgba[i + 1] as number, rgba[i + 2] as number];
    },
  };
}

async function fromPdf(): Promise<Picture> {
  const { pdf } = await render({ kind: 'html', html }, { deterministic: true });
  const page = await renderPage(pdf, 1, PX_PER_PT * SCALE);
  return picture(page.width, page.height, page.rgba);
}

async function fromRaster(): Promise<Picture> {
  const { image } = await renderImage(
    { kind: 'html', html },
    { page: 1, scale: SCALE, format: 'png' },
  );
  const { data, info } = await sharp(image)
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return picture(info.width, info.height, data);
}

/** The nearest of the colours the snippet uses, by name. */
function named([r, g, b]: Rgb): string {
  const palette: Record<string, Rgb> = {
    white: [255, 255, 255],
    red: [255, 0, 0],
    blue: [0, 0, 255],
    green: [0, 160, 0],
    grey: [128, 128, 128],
    purple: [128, 0, 128],
    orange: [255, 140, 0],
  };
  let best = '';
  let dist = Infinity;
  for (const [name, [pr, pg, pb]] of Object.entries(palette)) {
    const d = (r - pr) ** 2 + (g - pg) ** 2 + (b - pb) ** 2;
    if (d < dist) [best, dist] = [name, d];
  }
  return best;
}

/** Points (CSS px) and the colour CSS 2.1 Appendix E, opacity, clipping and the transform give. */
const expected: readonly [string, number, number, string][] = [
  ['z-index -1 alone', 20, 20, 'red'],
  ['in-flow background over z-index -1', 50, 50, 'blue'],
  ['in-flow background alone', 85, 50, 'blue'],
  ['z-index 1 over the flow', 95, 95, 'green'],
  ['opacity 0.5 black over white', 160, 30, 'grey'],
  ['clip: inside the rounded padding box', 240, 50, 'purple'],
  ['clip: outside the rounded corner', 203, 13, 'white'],
  ['clip: beyond the box', 240, 150, 'white'],
  // The 60×20 box at (150, 120) turned about its centre (180, 130) stands 20 wide, 60 tall.
  ['rotated inline-block, upright part', 180, 105, 'orange'],
  ['rotated inline-block, where it lay before turning', 155, 130, 'white'],
];

describe('painting order drawn alike in the PDF and the image', () => {
  it('gives the colour of the painting order at every point, in both', async () => {
    const [pdf, raster] = await Promise.all([fromPdf(), fromRaster()]);
    const inPdf = expected.map(([what, x, y]) => [what, named(pdf.at(x, y))]);
    const inRaster = expected.map(([what, x, y]) => [what, named(raster.at(x, y))]);
    const want = expected.map(([what, , , colour]) => [what, colour]);
    expect(inPdf).toEqual(want);
    expect(inRaster).toEqual(want);
  });

  it('differs from the PDF in antialiasing only', async () => {
    const [pdf, raster] = await Promise.all([fromPdf(), fromRaster()]);
    expect([raster.width, raster.height]).toEqual([pdf.width, pdf.height]);
    const differing = pixelmatch(
      Uint8Array.from(pdf.rgba),
      Uint8Array.from(raster.rgba),
      undefined,
      pdf.width,
      pdf.height,
      { threshold: 0.1 },
    );
    expect(differing / (pdf.width * pdf.height)).toBeLessThan(0.005);
  });
});
