/**
 * CSS transforms as one affine matrix in layout coordinates (points, y down, the same
 * [a b c d e f] convention as CSS's matrix() and the display list's groups).
 */
import { multiplyMatrix, type Matrix } from '../../document/index.js';
import type { ComputedStyle, TransformFunction } from '../../style/index.js';
import { len, pt } from '../units.js';

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

function functionMatrix(f: TransformFunction, width: number, height: number): Matrix {
  switch (f.kind) {
    case 'translate':
      return [1, 0, 0, 1, len(f.x, width), len(f.y, height)];
    case 'scale':
      return [f.x, 0, 0, f.y, 0, 0];
    case 'rotate': {
      const r = (f.angle * Math.PI) / 180;
      const c = Math.cos(r);
      const s = Math.sin(r);
      return [c, s, -s, c, 0, 0];
    }
    case 'skew':
      return [1, Math.tan((f.y * Math.PI) / 180), Math.tan((f.x * Math.PI) / 180), 1, 0, 0];
    case 'matrix':
      // Its translation is in CSS px.
      return [f.m[0], f.m[1], f.m[2], f.m[3], pt(f.m[4]), pt(f.m[5])];
  }
}

/**
 * The transform of a box whose border box is `box` (translate, rotate, scale, then the
 * transform list, around transform-origin); undefined when it has none or it is the identity.
 */
export function boxTransform(
  s: ComputedStyle,
  box: { readonly x: number; readonly y: number; readonly width: number; readonly height: number },
): Matrix | undefined {
  const list = [...s.translate, ...s.rotate, ...s.scale, ...s.transform];
  if (list.length === 0) return undefined;
  let m = IDENTITY;
  for (const f of list) m = multiplyMatrix(m, functionMatrix(f, box.width, box.height));
  if (m.every((v, i) => Math.abs(v - IDENTITY[i]) < 1e-9)) return undefined;
  if (!m.every(Number.isFinite)) return undefined;
  // A box scaled to nothing shows nothing, but its text stays in the document: keep the
  // matrix invertible (PDF readers refuse singular ones).
  if (Math.abs(m[0] * m[3] - m[1] * m[2]) < 1e-9) m = [1e-4, 0, 0, 1e-4, m[4], m[5]];
  const ox = box.x + len(s.transformOrigin[0], box.width);
  const oy = box.y + len(s.transformOrigin[1], box.height);
  return multiplyMatrix(multiplyMatrix([1, 0, 0, 1, ox, oy], m), [1, 0, 0, 1, -ox, -oy]);
}
