/** Linear gradients as axial shadings (ISO 32000-1, 8.7.4.5.3) in sRGB. */
import type { LinearGradient } from '../document/index.js';
import { PdfDict, dict, name } from './objects.js';

function rgb(c: { r: number; g: number; b: number }): number[] {
  return [c.r, c.g, c.b].map((v) => Math.round(Math.max(0, Math.min(1, v)) * 10000) / 10000);
}

/** Axial shading in sRGB (device RGB under the sRGB output intent), stops joined by stitching. */
export function shadingDict(g: LinearGradient, h: number): PdfDict {
  const stops = [...g.stops]
    .map((s) => ({
      offset: Math.max(0, Math.min(1, Number.isFinite(s.offset) ? s.offset : 0)),
      color: s.color,
    }))
    .sort((a, b) => a.offset - b.offset);
  if (stops.length === 0) stops.push({ offset: 0, color: { r: 0, g: 0, b: 0, a: 1 } });
  if (stops.length === 1) stops.push({ offset: 1, color: (stops[0] as (typeof stops)[0]).color });
  const segs: PdfDict[] = [];
  const bounds: number[] = [];
  for (let i = 0; i + 1 < stops.length; i++) {
    const a = stops[i] as (typeof stops)[0];
    const b = stops[i + 1] as (typeof stops)[0];
    segs.push(dict({ FunctionType: 2, Domain: [0, 1], C0: rgb(a.color), C1: rgb(b.color), N: 1 }));
    if (i + 2 < stops.length)
      bounds.push(Math.min(1, Math.max(b.offset, (bounds[bounds.length - 1] ?? 0) + 1e-4)));
  }
  const fn =
    segs.length === 1
      ? segs[0]
      : dict({
          FunctionType: 3,
          Domain: [0, 1],
          Functions: segs,
          Bounds: bounds,
          Encode: segs.flatMap(() => [0, 1]),
        });
  // Offsets beyond the first and last stop extend the end colours.
  const f0 = (stops[0] as (typeof stops)[0]).offset;
  const f1 = (stops[stops.length - 1] as (typeof stops)[0]).offset;
  const lx = g.x1 - g.x0;
  const ly = g.y1 - g.y0;
  const span = f1 - f0 > 1e-6 ? [f0, f1] : [0, 1];
  const x0 = g.x0 + lx * (span[0] as number);
  const y0 = g.y0 + ly * (span[0] as number);
  const x1 = g.x0 + lx * (span[1] as number);
  const y1 = g.y0 + ly * (span[1] as number);
  return dict({
    ShadingType: 2,
    ColorSpace: name('DeviceRGB'),
    Coords: [x0, h - y0, x1, h - y1],
    Function: fn,
    Domain: [f0 < f1 ? f0 : 0, f0 < f1 ? f1 : 1],
    Extend: [true, true],
  });
}
