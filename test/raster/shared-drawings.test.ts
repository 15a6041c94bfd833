/**
 * Shared drawings (display list `use` items) in the raster: defined once in the SVG and used at
 * each place, drawing the same pixels as the drawing written out at every use.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { DisplayItem, Page } from '../../src/document/index.js';
import { pageToSvg, rasterizePage } from '../../src/raster/index.js';
import { sharedDrawingPage } from '../pdf/helpers.js';

const USES = 6;

async function pixels(page: Page): Promise<Buffer> {
  const { image } = await rasterizePage(page, { format: 'png', scale: 2, quality: 90 });
  return sharp(image).raw().toBuffer();
}

/** The page's items again, `dy` points lower: a tall page drawn in bands. */
function twice(page: Page, dy: number): Page {
  const moved = page.items.map((it): DisplayItem => {
    if (it.kind !== 'use' && it.kind !== 'group') return it;
    const t = it.transform ?? [1, 0, 0, 1, 0, 0];
    return { ...it, transform: [t[0], t[1], t[2], t[3], t[4], t[5] + dy] };
  });
  return { ...page, height: 1200, items: [...page.items, ...moved] };
}

describe('shared drawings in the raster', () => {
  it('defines the drawing once and uses it at every place', () => {
    const svg = (p: Page) => pageToSvg(p, { pixelsPerPoint: 1, imageHref: () => undefined }).svg;
    const count = (s: string, what: string) => s.split(what).length - 1;
    const stroke = 'stroke="rgb(128,77,26)"';
    const shared = svg(sharedDrawingPage(USES));
    expect(count(shared, '<use href="#u')).toBe(USES);
    expect(count(shared, stroke)).toBe(1);
    expect(count(svg(sharedDrawingPage(USES, true)), stroke)).toBe(USES);
  });

  it('draws what the drawing written out at each use draws, pixel for pixel', async () => {
    const shared = await pixels(sharedDrawingPage(USES));
    const expanded = await pixels(sharedDrawingPage(USES, true));
    expect(shared.equals(expanded)).toBe(true);
    // Uses reaching across the bands of a tall page are drawn in each band they reach.
    const tall = await pixels(twice(sharedDrawingPage(USES), 660));
    const tallExpanded = await pixels(twice(sharedDrawingPage(USES, true), 660));
    expect(tall.equals(tallExpanded)).toBe(true);
    expect(tall.equals(await pixels({ ...twice(sharedDrawingPage(USES), 660), items: [] }))).toBe(
      false,
    );
  });
});
