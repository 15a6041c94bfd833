/**
 * CSS colour stops as the plain stops of a display-list gradient (CSS Images 3 and 4, drawn as
 * Chromium draws them). The display list interpolates each channel straight between two stops;
 * CSS mixes colours premultiplied by alpha and bends the mix at colour hints, so both become
 * extra stops here. Repeating gradients are unrolled over the range they paint.
 *
 * Positions are in "ray units": 1 is the length percentages refer to (the gradient line, the
 * radial ray, a full turn), so the stops of a plain gradient keep the offsets CSS gave them.
 */
import type { GradientStop, RgbaColor } from '../../document/index.js';
import { mixColors } from '../../style/index.js';
import type { ColorInterpolation, GradientStops, LengthPercentage } from '../../style/index.js';

export interface RayStop {
  readonly pos: number;
  readonly color: RgbaColor;
}

/** Colour stops at their used positions, with the hint between stop i and i + 1 (or null). */
export interface ResolvedStops {
  readonly stops: readonly RayStop[];
  readonly hints: readonly (number | null)[];
}

/** Most stops one repeating gradient unrolls to; a finer one paints its average colour. */
export const MAX_REPEAT_STOPS = 2000;

/**
 * Used positions of the stops and hints (CSS Images 4, 3.5.3 "color stop fixup"): the first
 * stop defaults to 0 and the last to 1, none goes back before one ahead of it, stops without a
 * position spread evenly between their positioned neighbours.
 */
export function resolveStops(
  entries: GradientStops,
  at: (v: LengthPercentage) => number,
): ResolvedStops {
  const colours: RgbaColor[] = [];
  const positions: (number | null)[] = [];
  const hints: (number | null)[] = [];
  const stopCount = entries.filter((e) => !('hint' in e)).length;
  let largest = -Infinity;
  let hint: number | null = null;
  for (const e of entries) {
    if ('hint' in e) {
      hint = Math.max(at(e.hint), largest);
      largest = hint;
      continue;
    }
    if (colours.length > 0) hints.push(hint);
    hint = null;
    const i = colours.length;
    let pos = e.position !== null ? at(e.position) : i === 0 ? 0 : i === stopCount - 1 ? 1 : null;
    if (pos !== null) {
      pos = Math.max(pos, largest);
      largest = pos;
    }
    colours.push(e.color);
    positions.push(pos);
  }
  spreadUnpositioned(positions);
  const stops = colours.map((color, i) => ({ pos: positions[i] as number, color }));
  // A hint stays between its stops (a spread stop may have landed before it).
  const bounded = hints.map((h, i) =>
    h === null ? null : Math.max(stops[i].pos, Math.min(h, stops[i + 1].pos)),
  );
  return { stops, hints: bounded };
}

/** Fills each run of missing positions evenly between the positions around it. */
function spreadUnpositioned(positions: (number | null)[]): void {
  let i = 0;
  while (i < positions.length) {
    if (positions[i] !== null) {
      i++;
      continue;
    }
    let j = i;
    while (positions[j] === null) j++;
    const from = positions[i - 1] as number;
    const to = positions[j] as number;
    for (let k = i; k < j; k++) positions[k] = from + (to - from) * ((k - i + 1) / (j - i + 1));
    i = j;
  }
}

/**
 * The stops with colour hints and premultiplied mixing made explicit: stops whose straight
 * interpolation draws what CSS draws (within 1/255 per channel).
 */
export function smoothStops(
  { stops, hints }: ResolvedStops,
  interpolation?: ColorInterpolation,
): RayStop[] {
  if (stops.length < 2) return [...stops];
  // sRGB is what the drawing interpolates in; another space is followed by extra stops.
  const mix =
    interpolation && interpolation.space !== 'srgb'
      ? (a: RgbaColor, b: RgbaColor, w: number) => mixColors(a, b, w, interpolation)
      : undefined;
  const out: RayStop[] = [];
  for (let i = 0; i + 1 < stops.length; i++) {
    const piece = segmentStops(stops[i], stops[i + 1], hints[i] ?? null, mix);
    const last = out[out.length - 1];
    // Where two segments meet at the same colour, one stop serves both.
    const skip = last && last.pos === piece[0].pos && sameColor(last.color, piece[0].color);
    out.push(...(skip ? piece.slice(1) : piece));
  }
  return out;
}

/**
 * Stops from a to b, both included, following the hint curve and premultiplied mixing (in
 * sRGB, or by `mix` in another space).
 */
function segmentStops(
  a: RayStop,
  b: RayStop,
  hint: number | null,
  mix?: (a: RgbaColor, b: RgbaColor, w: number) => RgbaColor,
): RayStop[] {
  const span = b.pos - a.pos;
  if (!(span > 0)) return [a, b];
  const f = hint === null ? 0.5 : (hint - a.pos) / span;
  // A hint on a stop makes the change there abrupt.
  if (f <= 0) return [a, { pos: a.pos, color: b.color }, b];
  if (f >= 1) return [a, { pos: b.pos, color: a.color }, b];
  if (f === 0.5 && !mix && straightIsExact(a.color, b.color)) return [a, b];
  const mixAt = mix ?? mixPremultiplied;
  const colorAt = (t: number): RgbaColor => mixAt(a.color, b.color, hintWeight(t, f));
  return sampleSegment(colorAt).map((s) => ({ pos: a.pos + span * s.t, color: s.color }));
}

/** Straight and premultiplied mixing agree when the alphas or the colours are equal. */
function straightIsExact(a: RgbaColor, b: RgbaColor): boolean {
  return a.a === b.a || (a.r === b.r && a.g === b.g && a.b === b.b);
}

/** How far from a towards b the colour is at t, for a hint at fraction f (CSS Images 4, 3.5.3). */
export function hintWeight(t: number, f: number): number {
  if (f === 0.5) return t;
  return Math.pow(t, Math.log(0.5) / Math.log(f));
}

/**
 * a and b mixed at w, premultiplied by alpha. Where the result is transparent its colour is
 * that of the side that has any, as the limit of the mix: so a fade to `transparent` keeps the
 * colour it fades from.
 */
export function mixPremultiplied(a: RgbaColor, b: RgbaColor, w: number): RgbaColor {
  const alpha = a.a + (b.a - a.a) * w;
  if (!(alpha > 1e-9)) {
    const c = a.a === 0 && b.a > 0 ? b : b.a === 0 && a.a > 0 ? a : mixStraight(a, b, w);
    return { r: c.r, g: c.g, b: c.b, a: 0 };
  }
  const ka = (a.a * (1 - w)) / alpha;
  const kb = (b.a * w) / alpha;
  return {
    r: a.r * ka + b.r * kb,
    g: a.g * ka + b.g * kb,
    b: a.b * ka + b.b * kb,
    a: alpha,
  };
}

export function mixStraight(a: RgbaColor, b: RgbaColor, w: number): RgbaColor {
  return {
    r: a.r + (b.r - a.r) * w,
    g: a.g + (b.g - a.g) * w,
    b: a.b + (b.b - a.b) * w,
    a: a.a + (b.a - a.a) * w,
  };
}

const TOLERANCE = 1 / 255;
const MAX_DEPTH = 6;

/** Points t in [0, 1] where straight interpolation between neighbours follows colorAt. */
function sampleSegment(colorAt: (t: number) => RgbaColor): { t: number; color: RgbaColor }[] {
  const out = [{ t: 0, color: colorAt(0) }];
  const visit = (t0: number, c0: RgbaColor, t1: number, c1: RgbaColor, depth: number): void => {
    const tm = (t0 + t1) / 2;
    const cm = colorAt(tm);
    const off = (q: number, c: RgbaColor): boolean =>
      premultipliedDistance(c, mixStraight(c0, c1, q)) > TOLERANCE;
    if (
      depth < MAX_DEPTH &&
      (off(0.5, cm) ||
        off(0.25, colorAt(t0 + (t1 - t0) / 4)) ||
        off(0.75, colorAt(t0 + ((t1 - t0) * 3) / 4)))
    ) {
      visit(t0, c0, tm, cm, depth + 1);
      visit(tm, cm, t1, c1, depth + 1);
      return;
    }
    out.push({ t: t1, color: c1 });
  };
  visit(0, out[0].color, 1, colorAt(1), 0);
  return out;
}

/** The largest difference of two colours as they show: channels weighted by alpha. */
export function premultipliedDistance(x: RgbaColor, y: RgbaColor): number {
  return Math.max(
    Math.abs(x.a - y.a),
    Math.abs(x.r * x.a - y.r * y.a),
    Math.abs(x.g * x.a - y.g * y.a),
    Math.abs(x.b * x.a - y.b * y.a),
  );
}

export function sameColor(a: RgbaColor, b: RgbaColor): boolean {
  return a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a;
}

/**
 * Copies of the stops, one period (first to last stop) after another, covering [lo, hi].
 * Null when that takes more than `cap` stops (or the period is empty): CSS then paints the
 * average colour (CSS Images 3, 3.4).
 */
export function repeatStops(
  stops: readonly RayStop[],
  lo: number,
  hi: number,
  cap = MAX_REPEAT_STOPS,
): RayStop[] | null {
  const first = stops[0].pos;
  const period = stops[stops.length - 1].pos - first;
  if (!(period > 1e-9 * Math.max(1, hi - lo))) return null;
  const k0 = Math.floor((lo - first) / period);
  const k1 = Math.max(k0 + 1, Math.ceil((hi - first) / period));
  if ((k1 - k0) * stops.length > cap) return null;
  const out: RayStop[] = [];
  for (let k = k0; k < k1; k++)
    for (const s of stops) {
      const pos = s.pos + k * period;
      const prev = out[out.length - 1];
      // One period ending in the colour the next starts with needs no stop twice.
      if (prev && Math.abs(prev.pos - pos) <= 1e-9 * period && sameColor(prev.color, s.color))
        continue;
      out.push({ pos, color: s.color });
    }
  return out;
}

/**
 * The average colour of a gradient's stops over one period, as it shows (premultiplied). An
 * empty period counts its stops as evenly spaced, as CSS says.
 */
export function averageColor(stops: readonly RayStop[]): RgbaColor {
  const empty = !(stops[stops.length - 1].pos - stops[0].pos > 0);
  const at = (i: number): number => (empty ? i : stops[i].pos);
  let r = 0;
  let g = 0;
  let b = 0;
  let a = 0;
  let total = 0;
  for (let i = 0; i + 1 < stops.length; i++) {
    const span = at(i + 1) - at(i);
    if (!(span > 0)) continue;
    const p = stops[i].color;
    const q = stops[i + 1].color;
    // The integral over the segment of channel × alpha, both straight lines in between.
    const mean = (c0: number, c1: number): number =>
      c0 * p.a + (c0 * (q.a - p.a) + p.a * (c1 - c0)) / 2 + ((c1 - c0) * (q.a - p.a)) / 3;
    r += mean(p.r, q.r) * span;
    g += mean(p.g, q.g) * span;
    b += mean(p.b, q.b) * span;
    a += ((p.a + q.a) / 2) * span;
    total += span;
  }
  if (!(total > 0) || !(a > 0)) return { ...stops[stops.length - 1].color, a: 0 };
  return { r: r / a, g: g / a, b: b / a, a: a / total };
}

/**
 * The stops inside [lo, hi]: those outside dropped, and where the range cuts between two stops
 * the colour there added. Beyond the last stop its colour extends (and before the first the
 * first's), which the drawing does too, so no stop is added there.
 */
export function clipStops(stops: readonly RayStop[], lo: number, hi: number): RayStop[] {
  const last = stops[stops.length - 1];
  if (last.pos < lo) return [{ pos: lo, color: last.color }];
  if (stops[0].pos > hi) return [{ pos: hi, color: stops[0].color }];
  const out: RayStop[] = [];
  for (let i = 0; i < stops.length; i++) {
    const s = stops[i];
    const prev = stops[i - 1];
    if (prev && prev.pos < lo && s.pos > lo) out.push(cut(prev, s, lo));
    if (s.pos >= lo && s.pos <= hi) out.push(s);
    if (prev && prev.pos < hi && s.pos > hi) {
      out.push(cut(prev, s, hi));
      break;
    }
  }
  return out;
}

function cut(a: RayStop, b: RayStop, pos: number): RayStop {
  return { pos, color: mixStraight(a.color, b.color, (pos - a.pos) / (b.pos - a.pos)) };
}

/**
 * What the stops paint over the range [lo, hi] of the ray: gradient stops with offsets 0 at lo
 * and 1 at hi, or one colour when that is all they show. `tooFine` hears of a repeating
 * gradient drawn in its average colour.
 */
export function spreadStops(
  stops: readonly RayStop[],
  lo: number,
  hi: number,
  repeating: boolean,
  tooFine: () => void = () => undefined,
): GradientStop[] | RgbaColor {
  let list: readonly RayStop[] = stops;
  if (repeating) {
    const copies = repeatStops(stops, lo, hi);
    if (!copies) {
      if (stops[stops.length - 1].pos - stops[0].pos > 0) tooFine();
      return averageColor(stops);
    }
    list = copies;
  }
  const inside = clipStops(list, lo, hi);
  if (inside.every((s) => sameColor(s.color, inside[0].color))) return inside[0].color;
  const span = hi - lo;
  return inside.map((s) => ({ offset: (s.pos - lo) / span, color: s.color }));
}
