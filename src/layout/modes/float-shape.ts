/**
 * The shape of a float's float area (CSS Shapes 1 §3.1) as geometry a line can ask: how far
 * the shape reaches across the band of y a line spans. Two forms: straight edges (basic shapes,
 * their curves flattened), answered exactly, shape-margin included; and rows (an image's
 * alpha), one extent per thin horizontal row, shape-margin grown into them once.
 *
 * Coordinates are the float's margin box, origin at its top-left corner, in points; the float
 * context moves them to where the float is placed and clips them to its margin box.
 */
import { flattenCubic, type PathOp } from '../../document/index.js';

/** A shape bounded by straight edges, grown by `margin` (the Minkowski sum with a disc). */
export interface EdgeShape {
  readonly kind: 'edges';
  /** x0, y0, x1, y1 of each edge. */
  readonly edges: Float64Array;
  readonly margin: number;
}

/** A shape given row by row: row i spans y from top + i·step to top + (i + 1)·step. */
export interface RowShape {
  readonly kind: 'rows';
  readonly top: number;
  readonly step: number;
  /** Left and right edge of each row's part of the shape; NaN for a row the shape misses. */
  readonly left: Float64Array;
  readonly right: Float64Array;
}

export type FloatShape = EdgeShape | RowShape;

/** The horizontal reach of a shape within a band. */
export interface ShapeExtent {
  readonly left: number;
  readonly right: number;
}

/** Longest chord of a flattened curve, points: a circle of 50pt strays under 0.01pt. */
const CHORD = 2;
const MAX_CURVE_STEPS = 64;

/**
 * The edges of an outline. Every point of an edge lies in the filled region's closure under
 * either fill rule, so the extremes of the edges within a band are the region's: the fill rule
 * does not change a float area (holes never reach its sides).
 */
export function edgeShape(ops: readonly PathOp[], margin: number): EdgeShape {
  const out: number[] = [];
  let sx = 0;
  let sy = 0;
  let cx = 0;
  let cy = 0;
  const line = (x: number, y: number): void => {
    out.push(cx, cy, x, y);
    cx = x;
    cy = y;
  };
  for (const o of ops) {
    switch (o.op) {
      case 'moveTo':
        if (cx !== sx || cy !== sy) line(sx, sy);
        sx = cx = o.x;
        sy = cy = o.y;
        break;
      case 'lineTo':
        line(o.x, o.y);
        break;
      case 'curveTo': {
        const hull =
          Math.hypot(o.x1 - cx, o.y1 - cy) +
          Math.hypot(o.x2 - o.x1, o.y2 - o.y1) +
          Math.hypot(o.x - o.x2, o.y - o.y2);
        const n = Math.max(1, Math.min(MAX_CURVE_STEPS, Math.ceil(hull / CHORD)));
        flattenCubic(cx, cy, o.x1, o.y1, o.x2, o.y2, o.x, o.y, n, line);
        break;
      }
      case 'rect': {
        if (cx !== sx || cy !== sy) line(sx, sy);
        const [x1, y1] = [o.x + o.width, o.y + o.height];
        out.push(o.x, o.y, x1, o.y, x1, o.y, x1, y1, x1, y1, o.x, y1, o.x, y1, o.x, o.y);
        sx = cx = o.x;
        sy = cy = o.y;
        break;
      }
      case 'close':
        line(sx, sy);
        break;
    }
  }
  if (cx !== sx || cy !== sy) line(sx, sy);
  return { kind: 'edges', edges: Float64Array.from(out), margin: Math.max(0, margin) };
}

/** How far `shape` reaches across the band [top, bottom]; undefined when it misses the band. */
export function shapeExtent(
  shape: FloatShape,
  top: number,
  bottom: number,
): ShapeExtent | undefined {
  return shape.kind === 'edges'
    ? edgeExtent(shape, top, Math.max(top, bottom))
    : rowExtent(shape, top, Math.max(top, bottom));
}

/** The lowest and highest y the shape reaches; undefined for an empty shape. */
export function shapeBounds(shape: FloatShape): { top: number; bottom: number } | undefined {
  if (shape.kind === 'rows') {
    let first = -1;
    let last = -1;
    for (let i = 0; i < shape.left.length; i++)
      if (!Number.isNaN(shape.left[i])) {
        if (first < 0) first = i;
        last = i;
      }
    return first < 0
      ? undefined
      : { top: shape.top + first * shape.step, bottom: shape.top + (last + 1) * shape.step };
  }
  const e = shape.edges;
  if (e.length === 0) return undefined;
  let top = Infinity;
  let bottom = -Infinity;
  for (let i = 1; i < e.length; i += 2) {
    top = Math.min(top, e[i]);
    bottom = Math.max(bottom, e[i]);
  }
  return { top: top - shape.margin, bottom: bottom + shape.margin };
}

function edgeExtent(shape: EdgeShape, y0: number, y1: number): ShapeExtent | undefined {
  const m = shape.margin;
  const e = shape.edges;
  let left = Infinity;
  let right = -Infinity;
  const take = (lo: number, hi: number): void => {
    if (lo < left) left = lo;
    if (hi > right) right = hi;
  };
  for (let i = 0; i < e.length; i += 4) {
    let [xa, ya, xb, yb] = [e[i], e[i + 1], e[i + 2], e[i + 3]];
    if (ya > yb) [xa, ya, xb, yb] = [xb, yb, xa, ya];
    if (yb < y0 - m || ya > y1 + m) continue;
    if (yb - ya < 1e-9) {
      // Horizontal: as near the band as it gets, all along.
      const d = ya < y0 ? y0 - ya : ya > y1 ? ya - y1 : 0;
      const w = Math.sqrt(Math.max(0, m * m - d * d));
      take(Math.min(xa, xb) - w, Math.max(xa, xb) + w);
      continue;
    }
    const k = (xb - xa) / (yb - ya);
    const xAt = (y: number): number => xa + (y - ya) * k;
    // Inside the band: the clipped segment's ends, grown by the whole margin.
    const lo = Math.max(ya, y0);
    const hi = Math.min(yb, y1);
    if (lo <= hi) {
      const [p, q] = [xAt(lo), xAt(hi)];
      take(Math.min(p, q) - m, Math.max(p, q) + m);
    }
    if (m <= 0) continue;
    // Above the band, t = y0 − y: the margin's disc reaches into the band √(m² − t²) wide.
    const aLo = Math.max(ya, y0 - m);
    const aHi = Math.min(yb, y0);
    if (aLo <= aHi) reachFromOutside(xAt(y0), -k, y0 - aHi, y0 - aLo, m, take);
    // Below the band, t = y − y1.
    const bLo = Math.max(ya, y1);
    const bHi = Math.min(yb, y1 + m);
    if (bLo <= bHi) reachFromOutside(xAt(y1), k, bLo - y1, bHi - y1, m, take);
  }
  return left <= right ? { left, right } : undefined;
}

/**
 * The extremes of x(t) ∓ √(m² − t²) for x(t) = x0 + s·t over t in [tLo, tHi] ⊂ [0, m]: the
 * leftmost and rightmost points the margin's disc around that part of an edge puts in the band.
 * Both are convex problems, so the stationary point clamped to the interval gives the extreme.
 */
function reachFromOutside(
  x0: number,
  s: number,
  tLo: number,
  tHi: number,
  m: number,
  take: (lo: number, hi: number) => void,
): void {
  const stationary = (slope: number): number => (slope * m) / Math.sqrt(1 + slope * slope);
  const clamp = (t: number): number => Math.min(tHi, Math.max(tLo, t));
  const half = (t: number): number => Math.sqrt(Math.max(0, m * m - t * t));
  const tMin = clamp(s < 0 ? stationary(-s) : 0);
  const tMax = clamp(s > 0 ? stationary(s) : 0);
  take(x0 + s * tMin - half(tMin), x0 + s * tMax + half(tMax));
}

function rowExtent(shape: RowShape, y0: number, y1: number): ShapeExtent | undefined {
  const n = shape.left.length;
  const first = Math.max(0, Math.floor((y0 - shape.top) / shape.step));
  const last = Math.min(n - 1, Math.max(first, Math.ceil((y1 - shape.top) / shape.step) - 1));
  let left = Infinity;
  let right = -Infinity;
  for (let i = first; i <= last; i++) {
    const l = shape.left[i];
    if (Number.isNaN(l)) continue;
    if (l < left) left = l;
    if (shape.right[i] > right) right = shape.right[i];
  }
  return left <= right ? { left, right } : undefined;
}

/**
 * Rows grown by a margin: each row reaches as far as the discs of radius `margin` around the
 * rows near it reach into it (the nearest points of two rows are the gap between them apart).
 */
export function growRows(rows: RowShape, margin: number): RowShape {
  if (margin <= 0) return rows;
  const { step } = rows;
  const reach = Math.ceil(margin / step);
  const n = rows.left.length;
  const total = n + 2 * reach;
  const left = new Float64Array(total).fill(NaN);
  const right = new Float64Array(total).fill(NaN);
  for (let i = 0; i < n; i++) {
    const l = rows.left[i];
    if (Number.isNaN(l)) continue;
    const r = rows.right[i];
    for (let d = -reach; d <= reach; d++) {
      const gap = Math.max(0, Math.abs(d) - 1) * step;
      if (gap > margin) continue;
      const w = Math.sqrt(margin * margin - gap * gap);
      const j = i + reach + d;
      if (Number.isNaN(left[j]) || l - w < left[j]) left[j] = l - w;
      if (Number.isNaN(right[j]) || r + w > right[j]) right[j] = r + w;
    }
  }
  return { kind: 'rows', top: rows.top - reach * step, step, left, right };
}
