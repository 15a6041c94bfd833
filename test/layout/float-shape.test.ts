/**
 * The geometry of float shapes (layout/modes/float-shape.ts): how far a shape, grown by its
 * margin, reaches across a band, against the closed forms of the same sums.
 */
import { describe, expect, it } from 'vitest';
import type { PathOp } from '../../src/document/index.js';
import {
  edgeShape,
  growRows,
  shapeBounds,
  shapeExtent,
  type RowShape,
} from '../../src/layout/modes/float-shape.js';

const square: PathOp[] = [{ op: 'rect', x: 10, y: 10, width: 20, height: 20 }];
const triangle: PathOp[] = [
  { op: 'moveTo', x: 0, y: 0 },
  { op: 'lineTo', x: 40, y: 0 },
  { op: 'lineTo', x: 0, y: 40 },
  { op: 'close' },
];

describe('edge shapes', () => {
  it('reach across a band as far as their edges do within it', () => {
    const s = edgeShape(triangle, 0);
    expect(shapeExtent(s, 10, 20)).toEqual({ left: 0, right: 30 });
    expect(shapeExtent(s, 30, 30)).toEqual({ left: 0, right: 10 });
    expect(shapeExtent(s, 41, 50)).toBeUndefined();
    expect(shapeBounds(s)).toEqual({ top: 0, bottom: 40 });
  });

  it('grow by a margin as the sum with a disc: round past corners, parallel along edges', () => {
    const s = edgeShape(square, 5);
    // Inside the square's rows: the whole margin on either side.
    expect(shapeExtent(s, 15, 20)).toEqual({ left: 5, right: 35 });
    // 3 above the square, the disc around its top corners reaches √(25 − 9) = 4 sideways.
    const above = shapeExtent(s, 7, 7)!;
    expect(above.left).toBeCloseTo(6, 9);
    expect(above.right).toBeCloseTo(34, 9);
    expect(shapeExtent(s, 0, 4.9)).toBeUndefined();
    expect(shapeBounds(s)).toEqual({ top: 5, bottom: 35 });
  });

  it('find where a slanted edge grown by a margin reaches furthest into a band', () => {
    // The hypotenuse x + y = 40 grown by 10: its far side is x + y = 40 + 10·√2.
    const s = edgeShape(triangle, 10);
    const e = shapeExtent(s, 20, 20)!;
    expect(e.right).toBeCloseTo(20 + 10 * Math.SQRT2, 9);
    // Below the tip (0, 40) the grown hypotenuse still reaches further than the tip's disc,
    // up to where its offset ends at (0, 40) + 10·(√½, √½); past that, only the disc does.
    expect(shapeExtent(s, 46, 46)!.right).toBeCloseTo(40 + 10 * Math.SQRT2 - 46, 9);
    expect(shapeExtent(s, 48, 48)!.right).toBeCloseTo(6, 9);
  });

  it('flatten curves to chords that stay within a hundredth of the curve', () => {
    // A quarter circle of radius 50 as one Bézier arc, its centre at the origin.
    const k = 0.5522847498 * 50;
    const arc = edgeShape(
      [
        { op: 'moveTo', x: 0, y: 0 },
        { op: 'lineTo', x: 50, y: 0 },
        { op: 'curveTo', x1: 50, y1: k, x2: k, y2: 50, x: 0, y: 50 },
        { op: 'close' },
      ],
      0,
    );
    for (const y of [5, 20, 35, 45])
      expect(Math.abs(shapeExtent(arc, y, y)!.right - Math.sqrt(2500 - y * y))).toBeLessThan(0.02);
  });
});

describe('row shapes', () => {
  const rows: RowShape = {
    kind: 'rows',
    top: 0,
    step: 1,
    left: Float64Array.from([NaN, 4, 4, NaN]),
    right: Float64Array.from([NaN, 6, 6, NaN]),
  };

  it('reach as far as the rows a band overlaps', () => {
    expect(shapeExtent(rows, 0, 1)).toBeUndefined();
    expect(shapeExtent(rows, 0.5, 1.5)).toEqual({ left: 4, right: 6 });
    expect(shapeBounds(rows)).toEqual({ top: 1, bottom: 3 });
  });

  it('grow by a margin row by row, rounding off above and below', () => {
    const grown = growRows(rows, 2);
    expect(shapeExtent(grown, 1, 2)).toEqual({ left: 2, right: 8 });
    // The row just above the shape touches it: the full margin; one row further, the disc
    // around it reaches √(4 − 1) sideways.
    expect(shapeExtent(grown, 0, 0.5)).toEqual({ left: 2, right: 8 });
    const further = shapeExtent(grown, -1, -0.5)!;
    expect(further.right).toBeCloseTo(6 + Math.sqrt(3), 9);
    expect(shapeBounds(grown)).toEqual({ top: -1, bottom: 5 });
  });
});
