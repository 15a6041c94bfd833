/**
 * Simple SVGs decoded for replaced content come back as paths without a raster; whatever needs
 * pixels (backgrounds, SVGs outside the subset, SVGs that draw nothing) still gets them.
 */
import bwipjs from 'bwip-js';
import { describe, expect, it } from 'vitest';
import type { DisplayItem, LaidOutDocument } from '../../src/document/index.js';
import { layoutHtml } from '../../src/layout/index.js';
import { decodeImageCached, decodeImageForDrawingCached } from '../../src/images/cache.js';
import { decodeImage, decodeImageForDrawing } from '../../src/images/decode.js';
import type { LayoutOptions } from '../../src/layout/options.js';
import { createResourceLoader } from '../../src/resources/index.js';
import { testOptions } from './harness.js';

const options: LayoutOptions = {
  ...testOptions,
  loader: createResourceLoader({ allowPrivateNetwork: false }),
  strict: true,
};

const svg = (
  attrs: string,
  body = '<rect x="1" y="1" width="4" height="3" fill="navy"/>',
): string => `<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${body}</svg>`;
const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);
const dataUri = (s: string): string =>
  `data:image/svg+xml;base64,${Buffer.from(s).toString('base64')}`;

function flat(items: readonly DisplayItem[]): DisplayItem[] {
  return items.flatMap((i) => (i.kind === 'group' ? [i, ...flat(i.items)] : [i]));
}

function allItems(doc: LaidOutDocument): DisplayItem[] {
  return doc.pages.flatMap((p) => flat(p.items));
}

describe('decoding an SVG without pixels', () => {
  it('keeps the paths and the size sharp reports, and no raster', async () => {
    const sized = [
      svg('viewBox="0 0 84 84"'),
      svg('viewBox="3.5 -2 40.6 20.4"'),
      svg('width="24.5" height="16.4"'),
      svg('width="30px" height="12" viewBox="0 0 7 3"'),
      bwipjs.toSVG({ bcid: 'qrcode', text: 'INV-2026-0147;GBP;total' }),
      bwipjs.toSVG({ bcid: 'code128', text: 'A11Y-2026', scale: 1, includetext: false }),
    ];
    for (const s of sized) {
      const drawn = await decodeImageForDrawing(bytes(s), 'image/svg+xml');
      const pixels = await decodeImage(bytes(s), 'image/svg+xml');
      expect(drawn.resource, s).toBeUndefined();
      expect(drawn.vector, s).toBeDefined();
      expect([drawn.intrinsicWidth, drawn.intrinsicHeight], s).toEqual([
        pixels.intrinsicWidth,
        pixels.intrinsicHeight,
      ]);
      expect(drawn.vector, s).toEqual(pixels.vector);
    }
  });

  it('sizes absolute units and one given side as browsers do, without a raster', async () => {
    for (const [s, size] of [
      [svg('width="10mm" height="5mm" viewBox="0 0 20 10"'), [38, 19]],
      [svg('width="24" viewBox="0 0 100 50"'), [24, 12]],
    ] as const) {
      const d = await decodeImageForDrawing(bytes(s), 'image/svg+xml');
      expect(d.resource, s).toBeUndefined();
      expect([d.intrinsicWidth, d.intrinsicHeight], s).toEqual(size);
    }
  });

  it('rasterises an SVG whose size needs librsvg (font-relative units, no size)', async () => {
    for (const s of [svg('width="2em" height="2em" viewBox="0 0 24 24"'), svg('')]) {
      const d = await decodeImageForDrawing(bytes(s), 'image/svg+xml');
      expect(d.resource, s).toBeDefined();
      // Still simple: replaced content draws the paths, at librsvg's size.
      expect(d.vector, s).toBeDefined();
    }
  });

  it('rasterises an SVG outside the subset', async () => {
    const gradient = svg(
      'width="10" height="10"',
      '<defs><pattern id="g" width="2" height="2"><rect width="1" height="1"/></pattern></defs><rect width="10" height="10" fill="url(#g)"/>',
    );
    const d = await decodeImageForDrawing(bytes(gradient), 'image/svg+xml');
    expect(d.vector).toBeUndefined();
    expect(d.resource?.widthPx).toBe(30);
  });

  it('rasterises an SVG whose paths draw nothing, and layout draws that raster', async () => {
    const blank = svg('width="20" height="20"', '<rect width="0" height="0"/><g></g>');
    const d = await decodeImageForDrawing(bytes(blank), 'image/svg+xml');
    expect(d.vector?.nodes).toEqual([]);
    expect(d.resource).toBeDefined();
    const { document: doc } = await layoutHtml(
      {
        html: `<!doctype html><html lang="en"><title>t</title><img alt="Blank" src="${dataUri(blank)}">`,
      },
      options,
    );
    expect(allItems(doc).filter((i) => i.kind === 'image')).toHaveLength(1);
  });

  it('refuses an SVG over the pixel limit as the raster decode does', async () => {
    const s = svg('viewBox="0 0 84 84"');
    await expect(decodeImageForDrawing(bytes(s), 'image/svg+xml', 8000)).rejects.toThrow(
      /pixel limit/,
    );
  });
});

describe('cached decodes with and without pixels', () => {
  it('never hands a decode without pixels to a caller that needs them', async () => {
    const s = bytes(svg('viewBox="0 0 17 9"', '<circle cx="5" cy="5" r="3"/>'));
    const drawn = await decodeImageForDrawingCached(s, 'image/svg+xml');
    expect(drawn.resource).toBeUndefined();
    expect(await decodeImageForDrawingCached(s.slice(), 'image/svg+xml')).toBe(drawn);
    const pixels = await decodeImageCached(s, 'image/svg+xml');
    expect(pixels.resource.widthPx).toBe(51);
    // Once pixels exist, the same decode serves drawing too.
    expect(await decodeImageForDrawingCached(s, 'image/svg+xml')).toBe(pixels);
  });
});

describe('layout of SVG images by use', () => {
  const icon = svg(
    'width="24" height="24" viewBox="0 0 24 24"',
    '<circle cx="12" cy="12" r="10"/>',
  );

  it('draws a background SVG as vector tiles, artifacts, without a raster', async () => {
    const { document: doc } = await layoutHtml(
      {
        html: `<!doctype html><html lang="en"><title>t</title>
          <div style="width:90px;height:30px;background:url('${dataUri(icon)}') repeat-x">x</div>
          <p><img alt="Tick" src="${dataUri(icon)}"></p>`,
      },
      options,
    );
    const items = allItems(doc);
    expect(items.filter((i) => i.kind === 'image')).toEqual([]);
    const drawn = items.filter((i) => i.kind === 'path' && i.tag.kind === 'content');
    expect(drawn.length).toBeGreaterThan(0);
    // Repeated across the box: several tiles, each an artifact use of one drawing of the
    // icon's paths, made once.
    const tiles = items.filter((i) => i.kind === 'use');
    expect(tiles.length).toBeGreaterThanOrEqual(3);
    expect(tiles.every((t) => t.tag.kind === 'artifact')).toBe(true);
    const drawings = [...new Set(tiles.map((t) => (t.kind === 'use' ? t.drawing : undefined)))];
    expect(drawings).toHaveLength(1);
    const paths = flat(drawings[0]?.items ?? []).filter((i) => i.kind === 'path');
    expect(paths).toHaveLength(drawn.length);
  });

  it('keeps pixels for a background SVG outside the subset', async () => {
    const patterned = svg(
      'width="10" height="10"',
      '<defs><pattern id="g" width="2" height="2"><rect width="1" height="1"/></pattern></defs><rect width="10" height="10" fill="url(#g)"/>',
    );
    const { document: doc } = await layoutHtml(
      {
        html: `<!doctype html><html lang="en"><title>t</title>
          <div style="height:30px;background:url('${dataUri(patterned)}') no-repeat">x</div>`,
      },
      options,
    );
    const images = allItems(doc).filter((i) => i.kind === 'image');
    expect(images).toHaveLength(1);
    expect(images[0].tag.kind).toBe('artifact');
  });

  it('draws an <img> and an inline <svg> used only as content without a raster', async () => {
    const { document: doc } = await layoutHtml(
      {
        html: `<!doctype html><html lang="en"><title>t</title>
          <p><img alt="Tick" src="${dataUri(icon)}"></p>
          <svg viewBox="0 0 50 20" role="img" aria-label="Bar"><rect width="50" height="20"/></svg>`,
      },
      options,
    );
    const items = allItems(doc);
    expect(items.filter((i) => i.kind === 'image')).toEqual([]);
    expect(items.filter((i) => i.kind === 'path' && i.tag.kind === 'content').length).toBe(2);
  });
});
