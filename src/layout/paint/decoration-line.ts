/**
 * One text decoration line (underline, overline, line-through) of a run of text as a path: a
 * filled band for solid and double lines, a dashed stroke for dotted and dashed ones, and a
 * stroked wave for wavy ones (CSS Text Decoration 3 §2.3).
 */
import type { PathItem, PathOp, RgbaColor } from '../../document/index.js';
import { layoutTag } from './decoration.js';

export interface DecorationLine {
  /** Centre of the line, page coordinates. */
  readonly y: number;
  readonly thickness: number;
  readonly style: 'solid' | 'double' | 'dotted' | 'dashed' | 'wavy';
  readonly color: RgbaColor;
}

export function decorationLineItem(d: DecorationLine, x: number, width: number): PathItem {
  const t = d.thickness;
  const dy = d.y;
  if (d.style === 'dotted' || d.style === 'dashed')
    return {
      kind: 'path',
      ops: [
        { op: 'moveTo', x, y: dy },
        { op: 'lineTo', x: x + width, y: dy },
      ],
      stroke: {
        paint: d.color,
        width: t,
        dash: d.style === 'dotted' ? [t, t] : [t * 3, t * 2],
      },
      tag: layoutTag(),
    };
  if (d.style === 'wavy')
    return {
      kind: 'path',
      ops: waveOps(x, width, dy, t),
      stroke: { paint: d.color, width: t, cap: 'round', join: 'round' },
      tag: layoutTag(),
    };
  const band = (y: number): PathOp => ({ op: 'rect', x, y, width, height: t });
  return {
    kind: 'path',
    ops: d.style === 'double' ? [band(dy - t * 1.5), band(dy + t * 0.5)] : [band(dy - t / 2)],
    fill: d.color,
    tag: layoutTag(),
  };
}

/**
 * A wave along [x, x + width] centred on y: half-waves of cubic curves, as high as about three
 * line thicknesses from crest to trough, their length stretched a little so that a whole number
 * of them fills the width exactly.
 */
function waveOps(x: number, width: number, y: number, thickness: number): PathOp[] {
  const amplitude = Math.max(0.75, thickness * 1.5);
  const wanted = Math.max(1.5, thickness * 3);
  const halves = Math.max(1, Math.round(width / wanted));
  const step = width / halves;
  // Control points at a third and two thirds, raised 4/3 of the amplitude, peak at it.
  const lift = (amplitude * 4) / 3;
  const ops: PathOp[] = [{ op: 'moveTo', x, y }];
  for (let i = 0; i < halves; i++) {
    const x0 = x + i * step;
    const sign = i % 2 === 0 ? -1 : 1;
    ops.push({
      op: 'curveTo',
      x1: x0 + step / 3,
      y1: y + sign * lift,
      x2: x0 + (2 * step) / 3,
      y2: y + sign * lift,
      x: x0 + step,
      y,
    });
  }
  return ops;
}
