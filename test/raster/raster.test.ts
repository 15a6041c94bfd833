import { readFileSync } from 'node:fs';
import { glyphListOf } from '../../src/document/index.js';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FontResource, GlyphRun, Page } from '../../src/document/index.js';
import { pageToSvg, rasterizePage } from '../../src/raster/index.js';
import { LimitError } from '../../src/diagnostics.js';

const fontBytes = readFileSync(
  join(import.meta.dirname, '..', '..', 'fonts', 'LiberationSans-Regular.ttf'),
);
const font = fontkit.create(fontBytes) as fontkit.Font;
const resource: FontResource = {
  id: 'liberation-sans',
  postscriptName: font.postscriptName,
  program: fontBytes,
};
const black = { r: 0, g: 0, b: 0, a: 1 };
const artifact = { kind: 'artifact', type: 'Layout' } as const;

function textRun(text: string, x: number, y: number, size: number): GlyphRun {
  const run = font.layout(text);
  const scale = size / font.unitsPerEm;
  return {
    kind: 'glyphs',
    font: resource,
    size,
    color: black,
    x,
    y,
    glyphs: glyphListOf(
      run.glyphs.map((g, i) => ({
        id: g.id,
        advance: run.positions[i].xAdvance * scale,
        text: String.fromCodePoint(...g.codePoints),
      })),
    ),
    tag: { kind: 'content', slot: 0 },
  };
}

async function pixel(png: Uint8Array, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 4;
  return [data[i], data[i + 1], data[i + 2], data[i + 3]];
}

/** Bounding box of pixels darker than the threshold. */
async function inkBox(
  png: Uint8Array,
): Promise<{ x0: number; y0: number; x1: number; y1: number } | null> {
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let box: { x0: number; y0: number; x1: number; y1: number } | null = null;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width + x] < 128) {
        box = box
          ? {
              x0: Math.min(box.x0, x),
              y0: Math.min(box.y0, y),
              x1: Math.max(box.x1, x),
              y1: Math.max(box.y1, y),
            }
          : { x0: x, y0: y, x1: x, y1: y };
      }
    }
  }
  return box;
}

describe('raster output', () => {
  const page: Page = { width: 150, height: 75, items: [textRun('Hello', 15, 45, 24)] };

  it('sizes the image from points at 96 dpi times the scale', async () => {
    const one = await rasterizePage(page, { format: 'png', scale: 1, quality: 90 });
    expect([one.width, one.height]).toEqual([200, 100]);
    const two = await rasterizePage(page, { format: 'png', scale: 2, quality: 90 });
    expect([two.width, two.height]).toEqual([400, 200]);
    const meta = await sharp(two.image).metadata();
    expect(meta.format).toBe('png');
  });

  it('draws text where layout put it', async () => {
    const { image } = await rasterizePage(page, { format: 'png', scale: 1, quality: 90 });
    const box = await inkBox(image);
    expect(box).not.toBeNull();
    const ppp = 4 / 3;
    const run = page.items[0] as GlyphRun;
    const advance = run.glyphs.advances.reduce((s, a) => s + a, 0);
    // Ink starts near the pen position and sits above the baseline within the cap height.
    expect(box!.x0).toBeGreaterThanOrEqual(Math.floor(15 * ppp) - 1);
    expect(box!.x0).toBeLessThanOrEqual(Math.ceil(15 * ppp) + 4);
    expect(box!.x1).toBeLessThanOrEqual(Math.ceil((15 + advance) * ppp) + 1);
    expect(box!.y1).toBeLessThanOrEqual(Math.ceil(45 * ppp) + 1);
    expect(box!.y0).toBeGreaterThanOrEqual(Math.floor((45 - 24 * 0.75) * ppp) - 1);
  });

  it('keeps PNG transparency where nothing is drawn and gives JPEG a white background', async () => {
    const png = await rasterizePage(page, { format: 'png', scale: 1, quality: 90 });
    expect((await pixel(png.image, 2, 2))[3]).toBe(0);
    const jpeg = await rasterizePage(page, { format: 'jpeg', scale: 1, quality: 90 });
    expect((await sharp(jpeg.image).metadata()).format).toBe('jpeg');
    const [r, g, b] = await pixel(jpeg.image, 2, 2);
    expect(Math.min(r, g, b)).toBeGreaterThan(245);
  });

  it('paints fills, gradients, clipped groups and images', async () => {
    const red = { r: 1, g: 0, b: 0, a: 1 };
    const pixels = Buffer.alloc(4 * 4 * 3);
    for (let i = 0; i < 16; i++) pixels.set([0, 0, 255], i * 3);
    const scene: Page = {
      width: 120,
      height: 60,
      items: [
        {
          kind: 'path',
          ops: [{ op: 'rect', x: 0, y: 0, width: 30, height: 30 }],
          fill: red,
          tag: artifact,
        },
        {
          kind: 'path',
          ops: [{ op: 'rect', x: 30, y: 0, width: 30, height: 30 }],
          fill: {
            kind: 'linear-gradient',
            x0: 30,
            y0: 0,
            x1: 60,
            y1: 0,
            stops: [
              { offset: 0, color: black },
              { offset: 1, color: { r: 1, g: 1, b: 1, a: 1 } },
            ],
          },
          tag: artifact,
        },
        {
          kind: 'group',
          clip: [{ op: 'rect', x: 60, y: 0, width: 15, height: 30 }],
          items: [
            {
              kind: 'path',
              ops: [{ op: 'rect', x: 60, y: 0, width: 30, height: 30 }],
              fill: red,
              tag: artifact,
            },
          ],
        },
        {
          kind: 'image',
          image: {
            id: 'blue',
            widthPx: 4,
            heightPx: 4,
            data: { encoding: 'raw', pixels, components: 3 },
          },
          x: 0,
          y: 30,
          width: 30,
          height: 30,
          tag: artifact,
        },
      ],
    };
    const { image } = await rasterizePage(scene, { format: 'png', scale: 1, quality: 90 });
    expect(await pixel(image, 20, 20)).toEqual([255, 0, 0, 255]);
    const left = await pixel(image, 42, 20);
    const right = await pixel(image, 78, 20);
    expect(left[0]).toBeLessThan(right[0]);
    expect((await pixel(image, 90, 20))[0]).toBe(255); // inside the clip
    expect((await pixel(image, 110, 20))[3]).toBe(0); // clipped away
    expect(await pixel(image, 20, 60)).toEqual([0, 0, 255, 255]);
  });

  it('refuses images over the pixel limit with a typed error', async () => {
    await expect(
      rasterizePage(page, { format: 'png', scale: 4, quality: 90, maxPixels: 1000 }),
    ).rejects.toBeInstanceOf(LimitError);
  });

  it('writes each glyph outline once in the SVG', () => {
    const { svg } = pageToSvg(
      { width: 100, height: 50, items: [textRun('lll', 0, 20, 12)] },
      { pixelsPerPoint: 1, imageHref: () => '' },
    );
    expect(svg.match(/<path id=/g)?.length).toBe(1);
    expect(svg.match(/<use /g)?.length).toBe(3);
  });
});

describe('images', () => {
  it('draws colour and greyscale JPEGs and greyscale samples with alpha', async () => {
    // A JPEG whose components differ from what is declared is left out, as the writer does.
    const blue = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00f' } })
      .jpeg()
      .toBuffer();
    const grey = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#808080' },
    })
      .toColourspace('b-w')
      .jpeg()
      .toBuffer();
    const scene: Page = {
      width: 90,
      height: 30,
      items: [
        {
          kind: 'image',
          image: {
            id: 'jpeg-blue',
            widthPx: 8,
            heightPx: 8,
            data: { encoding: 'jpeg', bytes: blue, components: 3 },
          },
          x: 0,
          y: 0,
          width: 30,
          height: 30,
          tag: artifact,
        },
        {
          kind: 'image',
          image: {
            id: 'jpeg-grey',
            widthPx: 8,
            heightPx: 8,
            data: { encoding: 'jpeg', bytes: grey, components: 1 },
          },
          x: 30,
          y: 0,
          width: 30,
          height: 30,
          tag: artifact,
        },
        {
          kind: 'image',
          image: {
            id: 'grey-alpha',
            widthPx: 2,
            heightPx: 2,
            data: {
              encoding: 'raw',
              pixels: new Uint8Array(4),
              components: 1,
              alpha: new Uint8Array([128, 128, 128, 128]),
            },
          },
          x: 60,
          y: 0,
          width: 30,
          height: 30,
          tag: artifact,
        },
      ],
    };
    const { image } = await rasterizePage(scene, { format: 'png', scale: 1, quality: 90 });
    const b = await pixel(image, 20, 20);
    expect(b[2]).toBeGreaterThan(240);
    expect(b[3]).toBe(255);
    const g = await pixel(image, 60, 20);
    expect(Math.abs(g[0] - 128)).toBeLessThan(6);
    expect(g[3]).toBe(255);
    expect(await pixel(image, 100, 20)).toEqual([0, 0, 0, 128]);
  });
});
