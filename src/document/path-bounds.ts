/**
 * The bounding box of a path of the display list, for whoever draws it (structure bounding
 * boxes in the PDF, culling in raster output).
 */
import type { PathOp } from './display-list.js';

/**
 * [x0, y0, x1, y1] over every point of `ops` (a Bézier stays inside the hull of its control
 * points, so those count too); null when no point has finite coordinates.
 */
export function pathBounds(ops: readonly PathOp[]): [number, number, number, number] | null {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  const add = (x: number, y: number): void => {
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  };
  for (const op of ops) {
    if (op.op === 'rect') {
      add(op.x, op.y);
      add(op.x + op.width, op.y + op.height);
    } else if (op.op === 'curveTo') {
      add(op.x1, op.y1);
      add(op.x2, op.y2);
      add(op.x, op.y);
    } else if (op.op !== 'close') add(op.x, op.y);
  }
  return Number.isFinite(x0 + y0 + x1 + y1) ? [x0, y0, x1, y1] : null;
}

/** The box holding both `a` and `b` ([x0, y0, x1, y1]); `b` alone when there is no `a`. */
export function unionBounds(
  a: readonly [number, number, number, number] | null | undefined,
  b: readonly [number, number, number, number],
): [number, number, number, number] {
  return a
    ? [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])]
    : [b[0], b[1], b[2], b[3]];
}

/**
 * Calls `to` with `steps` points along a cubic Bézier from (x0, y0) through the control points
 * (x1, y1), (x2, y2) to (x, y), the end point last: the curve as a polyline.
 */
export function flattenCubic(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  x: number,
  y: number,
  steps: number,
  to: (x: number, y: number) => void,
): void {
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    const a = u * u * u;
    const b = 3 * u * u * t;
    const c = 3 * u * t * t;
    const d = t * t * t;
    to(a * x0 + b * x1 + c * x2 + d * x, a * y0 + b * y1 + c * y2 + d * y);
  }
}
