/** 2D affine matrices [a b c d e f] as PDF and SVG write them. */
import type { Matrix } from './display-list.js';

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
