/**
 * CSS gradients drawn in one box, the gradient box (CSS Images 3 and 4): linear and radial ones
 * as one paint of the display list, conic ones as thin solid wedges around their centre, since
 * PDF has no conic shading. Stop lists come from gradient-stops.ts; gradient-layer.ts tiles
 * them over a background.
 */
import type {
  GradientStop,
  LinearGradient,
  Matrix,
  Paint,
  PathOp,
  RgbaColor,
} from '../../document/index.js';
import {
  resolveLength,
  type CssConicGradient,
  type CssGradient,
  type CssLinearGradient,
  type CssRadialGradient,
  type LengthPercentage,
} from '../../style/index.js';
import { len } from '../units.js';
import { gradientFor, type Rect } from './decoration.js';
import {
  averageColor,
  mixStraight,
  premultipliedDistance,
  resolveStops,
  sameColor,
  smoothStops,
  spreadStops,
} from './gradient-stops.js';

/** A solid slice of a conic gradient: a path from its centre, in page coordinates. */
export interface Wedge {
  readonly ops: readonly PathOp[];
  readonly color: RgbaColor;
}

/** Wedges of a conic gradient, drawn as a group with `opacity` (1: opaque or per wedge). */
export interface ConicWedges {
  readonly wedges: readonly Wedge[];
  readonly opacity: number;
}

/** What a gradient paints over its box: one paint, or wedges (to clip to the box). */
export type DrawnGradient =
  { readonly kind: 'paint'; readonly paint: Paint } | ({ readonly kind: 'wedges' } & ConicWedges);

/**
 * `g` over the gradient box `box`. `tooFine` hears of a repeating gradient whose period is too
 * short to draw, painted in its average colour instead.
 */
export function drawGradient(g: CssGradient, box: Rect, tooFine: () => void): DrawnGradient {
  switch (g.kind) {
    case 'linear-gradient':
      return { kind: 'paint', paint: linearPaint(g, box, tooFine) };
    case 'radial-gradient':
      return { kind: 'paint', paint: radialPaint(g, box, tooFine) };
    case 'conic-gradient': {
      const drawn = conicWedges(g, box, tooFine);
      return 'wedges' in drawn ? { kind: 'wedges', ...drawn } : { kind: 'paint', paint: drawn };
    }
  }
}

/** A linear gradient: its line through the box's centre, long enough to reach the corners. */
export function linearPaint(g: CssLinearGradient, box: Rect, tooFine: () => void): Paint {
  const angle =
    'angle' in g.direction
      ? g.direction.angle
      : cornerAngle(g.direction.corner, box.width, box.height);
  const lineLength =
    Math.abs(box.width * Math.sin((angle * Math.PI) / 180)) +
    Math.abs(box.height * Math.cos((angle * Math.PI) / 180));
  const at = (v: LengthPercentage): number => len(v, lineLength) / Math.max(lineLength, 1e-6);
  const stops = spreadStops(
    smoothStops(resolveStops(g.stops, at), g.interpolation),
    0,
    1,
    g.repeating,
    tooFine,
  );
  return Array.isArray(stops) ? gradientFor(box, angle, stops) : stops;
}

function cornerAngle(
  c: { x: 'left' | 'right'; y: 'top' | 'bottom' },
  w: number,
  h: number,
): number {
  // "to top right": the angle whose gradient line is perpendicular to the other diagonal.
  const a = (Math.atan2(w, h) * 180) / Math.PI;
  if (c.y === 'top') return c.x === 'right' ? a : 360 - a;
  return c.x === 'right' ? 180 - a : 180 + a;
}

function corners(box: Rect): [number, number][] {
  const r = box.x + box.width;
  const b = box.y + box.height;
  return [
    [box.x, box.y],
    [r, box.y],
    [r, b],
    [box.x, b],
  ];
}

/** The centre of a radial or conic gradient in its box. */
function centreOf(g: CssRadialGradient | CssConicGradient, box: Rect): [number, number] {
  return [box.x + len(g.position.x, box.width), box.y + len(g.position.y, box.height)];
}

/**
 * The ending shape's radii (x, y) for a centre in the box (CSS Images 3, 3.2.2): an extent
 * keyword measures to the box's sides or corners; a corner-sized ellipse keeps the ratio the
 * side-sized one has, through the corner.
 */
export function radialRadii(
  g: CssRadialGradient,
  box: Rect,
  cx: number,
  cy: number,
): [number, number] {
  if (typeof g.size !== 'string') return [len(g.size.rx, box.width), len(g.size.ry, box.height)];
  const pick = g.size.startsWith('closest') ? Math.min : Math.max;
  const sx = pick(Math.abs(cx - box.x), Math.abs(box.x + box.width - cx));
  const sy = pick(Math.abs(cy - box.y), Math.abs(box.y + box.height - cy));
  const toCorner = g.size.endsWith('corner');
  if (g.shape === 'circle') {
    const r = toCorner ? Math.hypot(sx, sy) : pick(sx, sy);
    return [r, r];
  }
  return toCorner ? [sx * Math.SQRT2, sy * Math.SQRT2] : [sx, sy];
}

/**
 * A radial gradient: circles in a space where the ending shape is the unit circle (so the
 * stops' ray units are its radius), mapped onto the ellipse by the paint's transform.
 * Degenerate shapes as CSS Images 3, 3.2.1 says: a circle of radius 0 stays a circle a point
 * wide, an ellipse of width 0 looks like a horizontal linear gradient mirrored about the
 * centre, one of height 0 like its last colour.
 */
export function radialPaint(g: CssRadialGradient, box: Rect, tooFine: () => void): Paint {
  const [cx, cy] = centreOf(g, box);
  const [rx, ry] = radialRadii(g, box, cx, cy);
  // Positions in ray units; with a zero ray percentages of it are 0 and lengths stay.
  const unit = rx > 0 ? rx : 1;
  const stops = smoothStops(
    resolveStops(g.stops, (v) => len(v, rx) / unit),
    g.interpolation,
  );
  const lastPos = stops[stops.length - 1].pos;
  if ((rx > 0 && ry > 0) || (g.shape === 'circle' && rx === 0)) {
    const sx = rx > 0 ? rx : 1;
    const sy = ry > 0 ? ry : 1;
    // A repeating gradient is unrolled out to the farthest corner; a plain one extends its
    // last colour beyond the last stop by itself.
    const far = Math.max(...corners(box).map(([x, y]) => Math.hypot((x - cx) / sx, (y - cy) / sy)));
    const hi = g.repeating ? Math.max(far, 1e-6) : Math.max(1, lastPos);
    const spread = spreadStops(stops, 0, hi, g.repeating, tooFine);
    if (!Array.isArray(spread)) return spread;
    const transform: Matrix = [sx, 0, 0, sy, cx, cy];
    return { kind: 'radial-gradient', cx: 0, cy: 0, radius: hi, transform, stops: spread };
  }
  if (rx > 0) return g.repeating ? averageColor(stops) : stops[stops.length - 1].color;
  const far = Math.max(Math.abs(box.x - cx), Math.abs(box.x + box.width - cx));
  const hi = g.repeating ? Math.max(far, 1e-6) : Math.max(1, lastPos);
  const spread = spreadStops(stops, 0, hi, g.repeating, tooFine);
  return Array.isArray(spread) ? mirrored(spread, cx, cy, hi) : spread;
}

/** A linear gradient along x whose stops run outwards from cx both ways, `reach` far. */
function mirrored(
  stops: readonly GradientStop[],
  cx: number,
  cy: number,
  reach: number,
): LinearGradient {
  const left = [...stops].reverse().map((s) => ({ offset: 0.5 - s.offset / 2, color: s.color }));
  const right = stops.map((s) => ({ offset: 0.5 + s.offset / 2, color: s.color }));
  return {
    kind: 'linear-gradient',
    x0: cx - reach,
    y0: cy,
    x1: cx + reach,
    y1: cy,
    stops: [...left, ...right],
  };
}

/** At most this many wedges per degree, and one per 1/255 of colour change in between. */
const WEDGES_PER_DEGREE = 2;
/** Arc steps of a wedge's outer edge, degrees; its radius grows so chords stay outside the box. */
const ARC_STEP = 30;
/**
 * How far an opaque wedge reaches under the next, degrees: abutting fills leave hairline seams
 * in anti-aliased viewers, and the next wedge, drawn later, covers the overlap.
 */
const SEAM_OVERLAP = 0.5;

/**
 * A conic gradient as solid wedges around its centre, each the colour at its middle. Wedges of
 * one alpha are drawn opaque in a group of that opacity, so they may overlap to hide seams.
 */
export function conicWedges(
  g: CssConicGradient,
  box: Rect,
  tooFine: () => void,
): ConicWedges | RgbaColor {
  const [cx, cy] = centreOf(g, box);
  // Positions are percentages of a turn (angles were turned into them).
  const stops = smoothStops(
    resolveStops(g.stops, (v) => resolveLength(v, 1)),
    g.interpolation,
  );
  const spread = spreadStops(stops, 0, 1, g.repeating, tooFine);
  if (!Array.isArray(spread)) return spread;
  const far = Math.max(...corners(box).map(([x, y]) => Math.hypot(x - cx, y - cy)));
  const radius = far / Math.cos((ARC_STEP / 2) * (Math.PI / 180)) + 1;
  const cut = turnPieces(spread);
  const alpha = cut[0].color.a;
  const oneAlpha = cut.every((p) => p.color.a === alpha);
  const pieces = oneAlpha ? cut.map((p) => ({ ...p, color: { ...p.color, a: 1 } })) : cut;
  const wedges = pieces.map((p, i) => {
    const next = pieces[(i + 1) % pieces.length];
    const prev = pieces[(i + pieces.length - 1) % pieces.length];
    const opaque = p.color.a >= 1;
    // The first wedge reaches back under the last, the others forward under the next.
    const back = i === 0 && opaque && prev.color.a >= 1 && pieces.length > 1 ? SEAM_OVERLAP : 0;
    const ahead = i < pieces.length - 1 && opaque && next.color.a >= 1 ? SEAM_OVERLAP : 0;
    const from = g.from + p.from * 360 - back;
    const to = g.from + p.to * 360 + ahead;
    return { ops: wedgePath(cx, cy, radius, from, to), color: p.color };
  });
  return { wedges, opacity: oneAlpha ? alpha : 1 };
}

interface TurnPiece {
  readonly from: number;
  readonly to: number;
  readonly color: RgbaColor;
}

/** The turn [0, 1] cut into pieces of one colour each, following the stops. */
function turnPieces(stops: readonly GradientStop[]): TurnPiece[] {
  const all = [...stops];
  const first = all[0];
  const last = all[all.length - 1];
  if (first.offset > 0) all.unshift({ offset: 0, color: first.color });
  if (last.offset < 1) all.push({ offset: 1, color: last.color });
  const out: TurnPiece[] = [];
  for (let i = 0; i + 1 < all.length; i++) {
    const p = all[i];
    const q = all[i + 1];
    const span = q.offset - p.offset;
    if (!(span > 0)) continue;
    const n = Math.max(
      1,
      Math.min(
        Math.ceil(span * 360 * WEDGES_PER_DEGREE),
        Math.ceil(premultipliedDistance(p.color, q.color) * 255),
      ),
    );
    for (let j = 0; j < n; j++) {
      const color = mixStraight(p.color, q.color, (j + 0.5) / n);
      const from = p.offset + (span * j) / n;
      const to = p.offset + (span * (j + 1)) / n;
      const prev = out[out.length - 1];
      if (prev && sameColor(prev.color, color)) out[out.length - 1] = { ...prev, to };
      else out.push({ from, to, color });
    }
  }
  return out;
}

/** A wedge from the centre out to `radius`, between two CSS angles (0 = up, clockwise). */
function wedgePath(cx: number, cy: number, radius: number, from: number, to: number): PathOp[] {
  const at = (deg: number): { x: number; y: number } => {
    const a = (deg * Math.PI) / 180;
    return { x: cx + radius * Math.sin(a), y: cy - radius * Math.cos(a) };
  };
  const steps = Math.max(1, Math.ceil((to - from) / ARC_STEP));
  const ops: PathOp[] = [{ op: 'moveTo', x: cx, y: cy }];
  for (let k = 0; k <= steps; k++)
    ops.push({ op: 'lineTo', ...at(from + ((to - from) * k) / steps) });
  ops.push({ op: 'close' });
  return ops;
}
