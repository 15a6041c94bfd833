/**
 * The pure-TypeScript pieces of blurred shadows: exact anti-aliased coverage, box blurs whose
 * variance adds up to the Gaussian's, a blur that keeps the shape's mass, the image of a mask,
 * and the resolution bound.
 */
import { describe, expect, it } from 'vitest';
import {
  blurMask,
  boxWidths,
  CoverageRaster,
  maskImage,
} from '../../src/layout/paint/shadow-mask.js';
import {
  affordable,
  blurredShape,
  MAX_SHADOW_PIXELS,
  shadowResolution,
} from '../../src/layout/paint/shadow-image.js';

const sum = (a: Float32Array): number => a.reduce((s, v) => s + v, 0);

describe('coverage', () => {
  it('covers a rectangle on the grid fully and a fractional one by its area', () => {
    const r = new CoverageRaster(10, 10);
    r.addPath([{ op: 'rect', x: 2, y: 2, width: 4, height: 3 }], 0, 0, 1, 1);
    const m = r.finish();
    expect(sum(m.data)).toBeCloseTo(12, 4);
    expect(m.data[3 * 10 + 3]).toBe(1);
    expect(m.data[0]).toBe(0);
    const f = new CoverageRaster(10, 10);
    f.addPath([{ op: 'rect', x: 2.25, y: 2.5, width: 3.5, height: 2 }], 0, 0, 1, 1);
    const fm = f.finish();
    expect(sum(fm.data)).toBeCloseTo(7, 4);
    expect(fm.data[2 * 10 + 2]).toBeCloseTo(0.75 * 0.5, 4);
  });

  it('covers a circle by its area and leaves holes wound the other way empty', () => {
    const r = new CoverageRaster(40, 40);
    const k = 0.5522847498 * 15;
    // A circle of radius 15 at (20, 20) as four Béziers (flattened inside it: under 1% less).
    r.moveTo(35, 20);
    r.curveTo(35, 20 + k, 20 + k, 35, 20, 35);
    r.curveTo(20 - k, 35, 5, 20 + k, 5, 20);
    r.curveTo(5, 20 - k, 20 - k, 5, 20, 5);
    r.curveTo(20 + k, 5, 35, 20 - k, 35, 20);
    // A square hole, counter-clockwise.
    r.moveTo(15, 15);
    r.lineTo(15, 25);
    r.lineTo(25, 25);
    r.lineTo(25, 15);
    r.close();
    const m = r.finish();
    expect(Math.abs(sum(m.data) - (Math.PI * 225 - 100))).toBeLessThan(6);
    expect(m.data[20 * 40 + 20]).toBeCloseTo(0, 6);
  });

  it('clips shapes reaching past the grid', () => {
    const r = new CoverageRaster(4, 4);
    r.addPath([{ op: 'rect', x: -10, y: -10, width: 12, height: 30 }], 0, 0, 1, 1);
    expect(Array.from(r.finish().data.slice(0, 4))).toEqual([1, 1, 0, 0]);
  });
});

describe('blur', () => {
  it('picks three odd box widths whose variances add up to the Gaussian one', () => {
    // Small deviations are coarse with whole pixels; shadows are drawn at 2 pixels or more.
    for (const sigma of [2.5, 8, 30]) {
      const w = boxWidths(sigma);
      expect(w.every((x) => x % 2 === 1)).toBe(true);
      const variance = w.reduce((v, x) => v + (x * x - 1) / 12, 0);
      expect(Math.abs(variance - sigma * sigma) / (sigma * sigma)).toBeLessThan(0.25);
    }
  });

  it('keeps the mass of a shape and spreads it symmetrically', () => {
    const r = new CoverageRaster(60, 60);
    r.addPath([{ op: 'rect', x: 25, y: 25, width: 10, height: 10 }], 0, 0, 1, 1);
    const m = r.finish();
    blurMask(m, 3, 3, 0);
    expect(sum(m.data)).toBeCloseTo(100, 1);
    expect(m.data[30 * 60 + 20]).toBeCloseTo(m.data[30 * 60 + 39], 5);
    expect(m.data[30 * 60 + 30]).toBeLessThan(1);
    expect(m.data[30 * 60 + 30]).toBeGreaterThan(0.8);
  });

  it('is half strength on the straight edge of a large shape', () => {
    const r = new CoverageRaster(100, 100);
    r.addPath([{ op: 'rect', x: 50, y: -50, width: 100, height: 200 }], 0, 0, 1, 1);
    const m = r.finish();
    blurMask(m, 6, 6, 0);
    // Pixels 49 and 50 lie either side of the edge.
    expect((m.data[50 * 100 + 49] + m.data[50 * 100 + 50]) / 2).toBeCloseTo(0.5, 2);
  });
});

describe('shadow images', () => {
  it('are one colour with the mask times its alpha as the alpha plane', () => {
    const mask = { width: 2, height: 1, data: Float32Array.from([1, 0.5]) };
    const gray = maskImage(mask, { r: 0, g: 0, b: 0, a: 0.5 }, 'g');
    expect(gray.data).toEqual({
      encoding: 'raw',
      pixels: Uint8Array.from([0, 0]),
      components: 1,
      alpha: Uint8Array.from([128, 64]),
    });
    const red = maskImage(mask, { r: 1, g: 0, b: 0, a: 1 }, 'r');
    expect(red.data).toMatchObject({
      components: 3,
      pixels: Uint8Array.from([255, 0, 0, 255, 0, 0]),
    });
  });

  it('are drawn finer for small blurs and never larger than the pixel bound', () => {
    expect(shadowResolution(1, 100, 100)).toBe(3);
    expect(shadowResolution(20, 100, 100)).toBe(1);
    const page = shadowResolution(2, 600, 850);
    expect(600 * 850 * page * page).toBeLessThanOrEqual(MAX_SHADOW_PIXELS * 1.0001);
  });

  it('are charged to the render once, and refused with a warning past its budget', () => {
    const warnings: string[] = [];
    const budget = { pixels: 100_000, warn: (code: string) => warnings.push(code) };
    const ops = [{ op: 'rect' as const, x: 0, y: 0, width: 50, height: 20 }];
    const red = { r: 1, g: 0, b: 0, a: 1 };
    expect(affordable(budget, 2, 50, 20)).toBe(true);
    const a = blurredShape(ops, 50, 20, 2, red, 'budget-test', budget);
    const spent = 100_000 - budget.pixels;
    expect(spent).toBe(a.image.widthPx * a.image.heightPx);
    // The same shadow again comes from the cache, free.
    const b = blurredShape(ops, 50, 20, 2, red, 'budget-test', budget);
    expect(b.image).toBe(a.image);
    expect(100_000 - budget.pixels).toBe(spent);
    expect(affordable(budget, 2, 500, 500)).toBe(false);
    expect(warnings).toEqual(['layout.shadow-blur']);
  });
});
