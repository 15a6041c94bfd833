/**
 * Gradient syntax (CSS Images 3 and 4) as background-image parses it: linear, radial and conic
 * gradients, repeating or not, with colour hints; forms CSS refuses are dropped with a warning
 * naming the property.
 */
import { describe, expect, it } from 'vitest';
import type { CssImage } from '../../src/style/types.js';
import { byId, find, style } from './helpers.js';

const RED = { r: 1, g: 0, b: 0, a: 1 };
const BLUE = { r: 0, g: 0, b: 1, a: 1 };
const CENTER = { x: { percent: 50, px: 0 }, y: { percent: 50, px: 0 } };

async function image(value: string, property = 'background-image') {
  const d = await style(`<style>#t { ${property}: ${value} }</style><p id=t>x</p>`);
  const e = find(d.root, byId('t'));
  return { images: e.style.backgroundLayers.map((l) => l.image), warnings: d.warnings, e };
}

async function one(value: string): Promise<CssImage> {
  const { images, warnings } = await image(value);
  expect(warnings).toEqual([]);
  expect(images).toHaveLength(1);
  return images[0];
}

describe('radial-gradient()', () => {
  it('defaults to a farthest-corner ellipse at the centre', async () => {
    expect(await one('radial-gradient(red, blue)')).toEqual({
      kind: 'radial-gradient',
      shape: 'ellipse',
      size: 'farthest-corner',
      position: CENTER,
      repeating: false,
      stops: [
        { color: RED, position: null },
        { color: BLUE, position: null },
      ],
    });
  });

  it('reads shape and extent in either order, and the centre after `at`', async () => {
    expect(await one('radial-gradient(closest-side circle at 25% 75%, red, blue)')).toMatchObject({
      shape: 'circle',
      size: 'closest-side',
      position: { x: { percent: 25, px: 0 }, y: { percent: 75, px: 0 } },
    });
    expect(await one('radial-gradient(at right 10px top, red, blue)')).toMatchObject({
      shape: 'ellipse',
      position: { x: { percent: 100, px: -10 }, y: 0 },
    });
  });

  it('takes one length as a circle and two length-percentages as an ellipse', async () => {
    expect(await one('radial-gradient(20px, red, blue)')).toMatchObject({
      shape: 'circle',
      size: { rx: 20, ry: 20 },
    });
    expect(await one('radial-gradient(ellipse 50% 2em, red, blue)')).toMatchObject({
      shape: 'ellipse',
      size: { rx: { percent: 50, px: 0 }, ry: 32 },
    });
  });

  it('parses repeating-radial-gradient with stop lengths', async () => {
    expect(
      await one('repeating-radial-gradient(circle, red 0 10px, blue 10px 20px)'),
    ).toMatchObject({
      kind: 'radial-gradient',
      repeating: true,
      stops: [
        { color: RED, position: 0 },
        { color: RED, position: 10 },
        { color: BLUE, position: 10 },
        { color: BLUE, position: 20 },
      ],
    });
  });
});

describe('conic-gradient()', () => {
  it('reads `from` and `at`, and keeps stop angles as percentages of a turn', async () => {
    expect(
      await one('conic-gradient(from 90deg at 10% 20%, red 0 0.25turn, blue 90deg 50%)'),
    ).toEqual({
      kind: 'conic-gradient',
      from: 90,
      position: { x: { percent: 10, px: 0 }, y: { percent: 20, px: 0 } },
      repeating: false,
      stops: [
        { color: RED, position: { percent: 0, px: 0 } },
        { color: RED, position: { percent: 25, px: 0 } },
        { color: BLUE, position: { percent: 25, px: 0 } },
        { color: BLUE, position: { percent: 50, px: 0 } },
      ],
    });
  });

  it('parses the checkerboard idiom in the background shorthand', async () => {
    const { images, warnings, e } = await image(
      'repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 20px 20px',
      'background',
    );
    expect(warnings).toEqual([]);
    expect(images[0]).toMatchObject({ kind: 'conic-gradient', repeating: true, from: 0 });
    expect(e.style.backgroundLayers[0].size).toEqual({ width: 20, height: 20 });
  });
});

describe('colour hints', () => {
  it('keeps a hint between two stops, without a warning', async () => {
    expect(await one('linear-gradient(red, 30%, blue)')).toMatchObject({
      stops: [{ color: RED, position: null }, { hint: { percent: 30, px: 0 } }, { color: BLUE }],
    });
  });
});

describe('colour interpolation method', () => {
  it('reads `in <space> [<hue> hue]` before or after the rest of the head, or alone', async () => {
    expect(await one('linear-gradient(to right in oklab, red, blue)')).toMatchObject({
      direction: { angle: 90 },
      interpolation: { space: 'oklab', hue: 'shorter' },
    });
    expect(await one('linear-gradient(in oklch longer hue 45deg, red, blue)')).toMatchObject({
      direction: { angle: 45 },
      interpolation: { space: 'oklch', hue: 'longer' },
    });
    expect(await one('radial-gradient(in srgb-linear, red, blue)')).toMatchObject({
      shape: 'ellipse',
      interpolation: { space: 'srgb-linear', hue: 'shorter' },
    });
    expect(await one('conic-gradient(from 90deg in hsl increasing hue, red, blue)')).toMatchObject({
      from: 90,
      interpolation: { space: 'hsl', hue: 'increasing' },
    });
  });

  it.each([
    'linear-gradient(in, red, blue)',
    'linear-gradient(in rainbow, red, blue)',
    'linear-gradient(in oklab longer hue, red, blue)',
    'radial-gradient(circle in oklab at center, red, blue)',
  ])('refuses %s', async (value) => {
    const { images, warnings } = await image(value);
    expect(images).toEqual([]);
    expect(warnings.length).toBeGreaterThan(0);
  });
});

describe('refused gradients', () => {
  it.each([
    ['radial-gradient(circle 50%, red, blue)', 'a circle has no percentage radius'],
    ['radial-gradient(ellipse 10px, red, blue)', 'an ellipse needs two radii'],
    ['radial-gradient(circle closest-side 10px, red, blue)', 'an extent and a length'],
    ['radial-gradient(10px circle 20px, red, blue)', 'the radii split apart'],
    ['radial-gradient(circle -10px, red, blue)', 'a negative radius'],
    ['radial-gradient(at, red, blue)', '`at` without a position'],
    ['radial-gradient(red)', 'one colour stop'],
    ['linear-gradient(red, 10%, 20%, blue)', 'two hints in a row'],
    ['linear-gradient(red, blue, 50%)', 'a hint at the end'],
    ['linear-gradient(30%, red, blue)', 'a hint at the start'],
    ['conic-gradient(red 10px, blue)', 'a length on a conic stop'],
    ['conic-gradient(from red, blue)', '`from` without an angle'],
  ])('%s (%s)', async (value) => {
    const { images, warnings } = await image(value);
    expect(images).toEqual([]);
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.some((w) => w.message.includes('background-image'))).toBe(true);
  });
});
