/** 2D affine matrices [a b c d e f] as PDF and SVG write them. */
import type { LinearGradient, Matrix, Paint } from './display-list.js';

/** a · b: the transform that applies b first, then a (b is a child's transform in a's space). */
export function multiplyMatrix(a: Matrix, b: Matrix): Matrix {
  return [
    a[0] * b[0] + a[2] * b[1],
    a[1] * b[0] + a[3] * b[1],
    a[0] * b[2] + a[2] * b[3],
    a[1] * b[2] + a[3] * b[3],
    a[0] * b[4] + a[2] * b[5] + a[4],
    a[1] * b[4] + a[3] * b[5] + a[5],
  ];
}

/** The inverse of m, or null when m flattens the plane (its determinant is 0). */
export function invertMatrix(m: Matrix): Matrix | null {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return null;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

/**
 * A paint drawn through matrix m (which maps the space it was given in to the new one). Any
 * affine image of a linear gradient is again one: its colour is constant along lines, which
 * stay lines, so only the start point and the direction across them change. A radial
 * gradient keeps its circles and takes m into its own transform. A matrix that flattens the
 * plane leaves a gradient as it was: nothing drawn through it has an area to show it.
 */
export function transformPaint<P extends Paint>(p: P, m: Matrix): P {
  if (!('kind' in p)) return p;
  if (p.kind === 'radial-gradient')
    return { ...p, transform: p.transform ? multiplyMatrix(m, p.transform) : m };
  return transformLinear(p, m) as P;
}

function transformLinear(g: LinearGradient, m: Matrix): LinearGradient {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  const vx = g.x1 - g.x0;
  const vy = g.y1 - g.y0;
  const len2 = vx * vx + vy * vy;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12 || !(len2 > 0)) return g;
  // u = M^-T v / |v|^2: the gradient of the colour parameter in the new space.
  const ux = (d * vx - b * vy) / det / len2;
  const uy = (-c * vx + a * vy) / det / len2;
  const u2 = ux * ux + uy * uy;
  const x0 = a * g.x0 + c * g.y0 + e;
  const y0 = b * g.x0 + d * g.y0 + f;
  return { ...g, x0, y0, x1: x0 + ux / u2, y1: y0 + uy / u2 };
}
