/**
 * The stop arithmetic behind CSS gradients (src/layout/paint/gradient-stops.ts) and the
 * background tile grid (background-tiles.ts), as pure functions.
 */
import { describe, expect, it } from 'vitest';
import type { RgbaColor } from '../../src/document/index.js';
import type { GradientStops, LengthPercentage } from '../../src/style/types.js';
import { tileStarts } from '../../src/layout/paint/background-tiles.js';
import {
  averageColor,
  clipStops,
  hintWeight,
  mixPremultiplied,
  repeatStops,
  resolveStops,
  smoothStops,
  spreadStops,
} from '../../src/layout/paint/gradient-stops.js';

const RED: RgbaColor = { r: 1, g: 0, b: 0, a: 1 };
const BLUE: RgbaColor = { r: 0, g: 0, b: 1, a: 1 };
const GREEN: RgbaColor = { r: 0, g: 1, b: 0, a: 1 };

/** Percentages as fractions, px as given: a ray 100px long. */
const at = (v: LengthPercentage): number =>
  typeof v === 'number' ? v / 100 : 'percent' in v ? v.percent / 100 : 0;
const pct = (percent: number): LengthPercentage => ({ percent, px: 0 });

describe('colour stop fix-up', () => {
  it('puts the ends at 0 and 1 and spreads runs without positions between neighbours', () => {
    const stops: GradientStops = [
      { color: RED, position: null },
      { color: BLUE, position: null },
      { color: GREEN, position: pct(60) },
      { color: RED, position: null },
      { color: BLUE, position: null },
    ];
    expect(resolveStops(stops, at).stops.map((s) => s.pos)).toEqual([0, 0.3, 0.6, 0.8, 1]);
  });

  it('moves a stop back before one ahead of it up to it, hints included', () => {
    const r = resolveStops(
      [
        { color: RED, position: pct(50) },
        { hint: pct(70) },
        { color: BLUE, position: pct(20) },
        { color: GREEN, position: null },
      ],
      at,
    );
    expect(r.stops.map((s) => s.pos)).toEqual([0.5, 0.7, 1]);
    expect(r.hints).toEqual([0.7, null]);
  });
});

describe('mixing', () => {
  it('mixes premultiplied, a transparent end taking the other end’s colour', () => {
    const clear = { r: 0, g: 0, b: 0, a: 0 };
    expect(mixPremultiplied(RED, clear, 0.5)).toEqual({ r: 1, g: 0, b: 0, a: 0.5 });
    expect(mixPremultiplied(RED, clear, 1)).toEqual({ r: 1, g: 0, b: 0, a: 0 });
    expect(mixPremultiplied(clear, BLUE, 0)).toEqual({ r: 0, g: 0, b: 1, a: 0 });
  });

  it('bends the mix at a hint: half and half there, straight at the middle', () => {
    expect(hintWeight(0.3, 0.3)).toBeCloseTo(0.5, 12);
    expect(hintWeight(0.42, 0.5)).toBe(0.42);
  });
});

describe('ranges', () => {
  const stripes = [
    { pos: 0, color: RED },
    { pos: 0.1, color: RED },
    { pos: 0.1, color: BLUE },
    { pos: 0.2, color: BLUE },
  ];

  it('repeats a period both ways over the range', () => {
    const r = repeatStops(stripes, -0.2, 0.2) ?? [];
    expect(r.map((s) => s.pos)).toEqual([-0.2, -0.1, -0.1, 0, 0, 0.1, 0.1, 0.2]);
  });

  it('gives up past the cap, and on an empty period', () => {
    expect(repeatStops(stripes, 0, 1000)).toBeNull();
    expect(
      repeatStops(
        [
          { pos: 0.5, color: RED },
          { pos: 0.5, color: BLUE },
        ],
        0,
        1,
      ),
    ).toBeNull();
  });

  it('averages what shows over a period, or over stops spread evenly when it is empty', () => {
    expect(averageColor(stripes)).toEqual({ r: 0.5, g: 0, b: 0.5, a: 1 });
    const flat = [
      { pos: 0.5, color: RED },
      { pos: 0.5, color: { r: 1, g: 0, b: 0, a: 0 } },
    ];
    expect(averageColor(flat)).toEqual({ r: 1, g: 0, b: 0, a: 0.5 });
  });

  it('cuts stops to a range, with the colour where it cuts', () => {
    const line = [
      { pos: -1, color: RED },
      { pos: 3, color: BLUE },
    ];
    expect(clipStops(line, 0, 1)).toEqual([
      { pos: 0, color: { r: 0.75, g: 0, b: 0.25, a: 1 } },
      { pos: 1, color: { r: 0.5, g: 0, b: 0.5, a: 1 } },
    ]);
    expect(clipStops(line, 4, 5)).toEqual([{ pos: 4, color: BLUE }]);
  });

  it('spreads to one colour when that is all the range shows', () => {
    expect(
      spreadStops(
        [
          { pos: -1, color: RED },
          { pos: -0.5, color: BLUE },
        ],
        0,
        1,
        false,
      ),
    ).toEqual(BLUE);
  });
});

describe('tile starts', () => {
  const axis = { size: 30, offset: 10, areaStart: 0, areaSize: 100, rangeStart: -5, rangeEnd: 105 };

  it('repeats from the placed tile both ways over the painted range', () => {
    expect(tileStarts({ ...axis, repeat: 'repeat' })).toEqual([-20, 10, 40, 70, 100]);
    expect(tileStarts({ ...axis, repeat: 'round' })).toEqual([-20, 10, 40, 70, 100]);
    expect(tileStarts({ ...axis, repeat: 'no-repeat' })).toEqual([10]);
  });

  it('spaces whole tiles over the positioning area with `space`, then repeats the pattern', () => {
    // Three 30px tiles in 100px: 5px apart, the first at the area's start (and one before it,
    // whose gap reaches into the range).
    expect(tileStarts({ ...axis, repeat: 'space' })).toEqual([-35, 0, 35, 70]);
    expect(tileStarts({ ...axis, size: 60, repeat: 'space' })).toEqual([10]);
  });
});

describe('interpolation in another colour space', () => {
  const stops = {
    stops: [
      { pos: 0, color: BLUE },
      { pos: 1, color: { r: 1, g: 1, b: 0, a: 1 } },
    ],
    hints: [null],
  };

  it('keeps two stops for sRGB, adds the curve of OKLCH as extra stops', () => {
    expect(smoothStops(stops)).toHaveLength(2);
    const oklch = smoothStops(stops, { space: 'oklch', hue: 'shorter' });
    expect(oklch.length).toBeGreaterThan(4);
    // Blue to yellow the short way round the OKLCH hue circle passes through cyan and green:
    // the middle is greener than either end and than the sRGB middle (0.5, 0.5, 0.5).
    const mid = oklch.reduce((best, s) =>
      Math.abs(s.pos - 0.5) < Math.abs(best.pos - 0.5) ? s : best,
    );
    expect(mid.color.g).toBeGreaterThan(0.6);
    expect(mid.color.r).toBeLessThan(0.3);
    expect(oklch[0].color.b).toBeCloseTo(1, 5);
    expect(oklch[oklch.length - 1].color.b).toBeCloseTo(0, 5);
  });

  it('goes the long way round the hue for `longer hue`, from red back to red', () => {
    const round = smoothStops(
      {
        stops: [
          { pos: 0, color: RED },
          { pos: 1, color: RED },
        ],
        hints: [null],
      },
      { space: 'hsl', hue: 'longer' },
    );
    const greenest = Math.max(...round.map((s) => s.color.g - s.color.r));
    expect(greenest).toBeGreaterThan(0.9);
  });
});
