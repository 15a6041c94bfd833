/**
 * Gradients as shadings in sRGB (device RGB under the sRGB output intent): linear ones axial
 * (ISO 32000-1, 8.7.4.5.3), radial ones radial (8.7.4.5.4), stops joined by stitching
 * functions. A gradient whose stops differ in alpha also gets a gray shading of those alphas,
 * which the writer paints into a luminosity soft mask.
 */
import type { Gradient, GradientStop, LinearGradient, Matrix } from '../document/index.js';
import { multiplyMatrix } from '../document/index.js';
import { PdfDict, dict, name } from './objects.js';

const round4 = (v: number): number => Math.round(Math.max(0, Math.min(1, v)) * 10000) / 10000;

function rgb(c: { r: number; g: number; b: number }): number[] {
  return [c.r, c.g, c.b].map(round4);
}

/** What a shading paints: its colours, or the alpha of each stop as a gray level. */
export type ShadingChannel = 'color' | 'alpha';

function sortedStops(g: Gradient): GradientStop[] {
  const stops = [...g.stops]
    .map((s) => ({
      offset: Math.max(0, Math.min(1, Number.isFinite(s.offset) ? s.offset : 0)),
      color: s.color,
    }))
    .sort((a, b) => a.offset - b.offset);
  if (stops.length === 0) stops.push({ offset: 0, color: { r: 0, g: 0, b: 0, a: 1 } });
  if (stops.length === 1) stops.push({ offset: 1, color: (stops[0] as GradientStop).color });
  return stops;
}

/**
 * The stops from offset 0 to 1: the stitching function spans that domain, so the first and
 * last colours are made to hold from 0 to the first stop and from the last stop to 1.
 */
function paddedStops(g: Gradient): GradientStop[] {
  const stops = sortedStops(g);
  const first = stops[0] as GradientStop;
  const last = stops[stops.length - 1] as GradientStop;
  if (first.offset > 0) stops.unshift({ offset: 0, color: first.color });
  if (last.offset < 1) stops.push({ offset: 1, color: last.color });
  return stops;
}

/** Whether the stops differ in alpha, so that one constant alpha cannot paint them. */
export function needsSoftMask(g: Gradient): boolean {
  const first = g.stops[0]?.color.a ?? 1;
  return g.stops.some((s) => Math.abs(s.color.a - first) > 1e-3);
}

/** The function from the gradient parameter to colour (or alpha) over the stops. */
function stopFunction(stops: readonly GradientStop[], channel: ShadingChannel): PdfDict {
  const value = (s: GradientStop): number[] =>
    channel === 'color' ? rgb(s.color) : [round4(s.color.a)];
  const segs: PdfDict[] = [];
  const bounds: number[] = [];
  for (let i = 0; i + 1 < stops.length; i++) {
    const a = stops[i] as GradientStop;
    const b = stops[i + 1] as GradientStop;
    segs.push(dict({ FunctionType: 2, Domain: [0, 1], C0: value(a), C1: value(b), N: 1 }));
    if (i + 2 < stops.length)
      bounds.push(Math.min(1, Math.max(b.offset, (bounds[bounds.length - 1] ?? 0) + 1e-4)));
  }
  return segs.length === 1
    ? (segs[0] as PdfDict)
    : dict({
        FunctionType: 3,
        Domain: [0, 1],
        Functions: segs,
        Bounds: bounds,
        Encode: segs.flatMap(() => [0, 1]),
      });
}

/**
 * The shading dictionary of `g`. A linear one is in the page's user space with y flipped for
 * a page `h` high; a radial one is in its own space, which the content stream sets up with
 * radialMatrix before painting it.
 */
export function shadingDict(g: Gradient, h: number, channel: ShadingChannel = 'color'): PdfDict {
  const colorSpace = name(channel === 'color' ? 'DeviceRGB' : 'DeviceGray');
  if (g.kind === 'radial-gradient') {
    const stops = paddedStops(g);
    return dict({
      ShadingType: 3,
      ColorSpace: colorSpace,
      Coords: [g.fx ?? g.cx, g.fy ?? g.cy, g.focalRadius ?? 0, g.cx, g.cy, g.radius],
      Function: stopFunction(stops, channel),
      Domain: [0, 1],
      Extend: [true, true],
    });
  }
  return linearDict(g, h, colorSpace, channel);
}

function linearDict(
  g: LinearGradient,
  h: number,
  colorSpace: ReturnType<typeof name>,
  channel: ShadingChannel,
): PdfDict {
  const stops = paddedStops(g);
  // The end as start plus run, the digits the writer has always written for it.
  const x1 = g.x0 + (g.x1 - g.x0);
  const y1 = g.y0 + (g.y1 - g.y0);
  return dict({
    ShadingType: 2,
    ColorSpace: colorSpace,
    Coords: [g.x0, h - g.y0, x1, h - y1],
    Function: stopFunction(stops, channel),
    Domain: [0, 1],
    Extend: [true, true],
  });
}

/**
 * For a radial gradient, the matrix (for `cm`) from its own space to PDF user space on a page
 * `h` high: the page's y flip after the gradient's transform. Undefined for a linear one,
 * whose shading is already in user space.
 */
export function radialMatrix(g: Gradient, h: number): Matrix | undefined {
  if (g.kind !== 'radial-gradient') return undefined;
  return multiplyMatrix([1, 0, 0, -1, 0, h], g.transform ?? [1, 0, 0, 1, 0, 0]);
}
