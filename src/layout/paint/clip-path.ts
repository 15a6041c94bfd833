/**
 * clip-path (CSS Masking 1 §3) as a clip outline: the basic shape placed in its reference box,
 * or the reference box alone with its rounded corners. Page coordinates, points.
 */
import type { PathOp } from '../../document/index.js';
import { parsePathData } from '../../images/index.js';
import type { BasicShape, ComputedStyle, LengthPercentage, ShapeBox } from '../../style/index.js';
import { border, len, margin, padding, pt, radii } from '../units.js';
import { insetRadii, rectPath, type Radii, type Rect } from './decoration.js';

export interface ClipOutline {
  readonly ops: PathOp[];
  readonly evenOdd: boolean;
}

/** The border box a clip path is placed against (flow coordinates), and the slice's shift. */
export interface ClipGeometry {
  readonly x: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  /** What percentage margins and paddings refer to; absent: the border box's width. */
  readonly cbWidth?: number;
}

/** A clip-path that draws: a shape, its reference box, or both. */
export type ShapeClip = Exclude<ComputedStyle['clipPath'], 'none' | { readonly url: string }>;

/**
 * The outline clip path `c` of a box styled `s` cuts it to, for a box whose border box is `g`
 * shifted down by `shift` on its page.
 */
export function clipOutline(
  s: ComputedStyle,
  c: ShapeClip,
  g: ClipGeometry,
  shift: number,
): ClipOutline {
  const { rect, corners } = referenceBox(s, { ...g, top: g.top + shift }, c.box);
  if (!c.shape) return { ops: rectPath(rect, corners), evenOdd: false };
  return shapeOutline(c.shape, rect);
}

function referenceBox(
  s: ComputedStyle,
  g: ClipGeometry,
  which: ShapeBox,
): { rect: Rect; corners: Radii } {
  const border_ = { x: g.x, y: g.top, width: g.width, height: g.height };
  const r = radii(s, g.width, g.height);
  const b = border(s);
  const basis = g.cbWidth ?? g.width;
  switch (which) {
    case 'border-box':
      return { rect: border_, corners: r };
    case 'margin-box': {
      const m = margin(s, basis);
      const grow = (v: readonly [number, number], dx: number, dy: number): [number, number] =>
        v[0] > 0 || v[1] > 0 ? [v[0] + dx, v[1] + dy] : [0, 0];
      return {
        rect: inset(border_, -m.top, -m.right, -m.bottom, -m.left),
        corners: {
          tl: grow(r.tl, m.left, m.top),
          tr: grow(r.tr, m.right, m.top),
          br: grow(r.br, m.right, m.bottom),
          bl: grow(r.bl, m.left, m.bottom),
        },
      };
    }
    case 'padding-box':
      return {
        rect: inset(border_, b.top, b.right, b.bottom, b.left),
        corners: insetRadii(r, b.top, b.right, b.bottom, b.left),
      };
    case 'content-box': {
      const p = padding(s, basis);
      const [t, ri, bo, l] = [
        b.top + p.top,
        b.right + p.right,
        b.bottom + p.bottom,
        b.left + p.left,
      ];
      return { rect: inset(border_, t, ri, bo, l), corners: insetRadii(r, t, ri, bo, l) };
    }
  }
}

function inset(r: Rect, t: number, ri: number, b: number, l: number): Rect {
  return {
    x: r.x + l,
    y: r.y + t,
    width: Math.max(0, r.width - l - ri),
    height: Math.max(0, r.height - t - b),
  };
}

function shapeOutline(shape: BasicShape, box: Rect): ClipOutline {
  const w = box.width;
  const h = box.height;
  switch (shape.kind) {
    case 'inset': {
      const r = inset(
        box,
        len(shape.top, h),
        len(shape.right, w),
        len(shape.bottom, h),
        len(shape.left, w),
      );
      const corner = (i: number): [number, number] => [
        len(shape.radii[i].horizontal, r.width),
        len(shape.radii[i].vertical, r.height),
      ];
      return {
        ops: rectPath(r, { tl: corner(0), tr: corner(1), br: corner(2), bl: corner(3) }),
        evenOdd: false,
      };
    }
    case 'circle': {
      const cx = len(shape.position.x, w);
      const cy = len(shape.position.y, h);
      const r = extent(shape.radius, [cx, w - cx, cy, h - cy], Math.hypot(w, h) / Math.SQRT2);
      return { ops: ellipse(box.x + cx, box.y + cy, r, r), evenOdd: false };
    }
    case 'ellipse': {
      const cx = len(shape.position.x, w);
      const cy = len(shape.position.y, h);
      const rx = extent(shape.rx, [cx, w - cx], w);
      const ry = extent(shape.ry, [cy, h - cy], h);
      return { ops: ellipse(box.x + cx, box.y + cy, rx, ry), evenOdd: false };
    }
    case 'polygon': {
      const ops: PathOp[] = shape.points.map(([x, y], i) => ({
        op: i === 0 ? 'moveTo' : 'lineTo',
        x: box.x + len(x, w),
        y: box.y + len(y, h),
      }));
      ops.push({ op: 'close' });
      return { ops, evenOdd: shape.rule === 'evenodd' };
    }
    case 'path': {
      // The path's numbers are CSS px from the reference box's top left corner.
      const at = (x: number, y: number): [number, number] => [box.x + pt(x), box.y + pt(y)];
      const ops = parsePathData(shape.d).map((o): PathOp => {
        if (o.op === 'moveTo' || o.op === 'lineTo') {
          const [x, y] = at(o.x, o.y);
          return { ...o, x, y };
        }
        if (o.op === 'curveTo') {
          const [x1, y1] = at(o.x1, o.y1);
          const [x2, y2] = at(o.x2, o.y2);
          const [x, y] = at(o.x, o.y);
          return { ...o, x1, y1, x2, y2, x, y };
        }
        return o;
      });
      return { ops, evenOdd: shape.rule === 'evenodd' };
    }
  }
}

/** A radius: closest-side and farthest-side from the distances to the sides, or a length. */
function extent(
  v: LengthPercentage | 'closest-side' | 'farthest-side',
  sides: readonly number[],
  basis: number,
): number {
  if (v === 'closest-side') return Math.max(0, Math.min(...sides));
  if (v === 'farthest-side') return Math.max(0, ...sides);
  return Math.max(0, len(v, basis));
}

function ellipse(cx: number, cy: number, rx: number, ry: number): PathOp[] {
  return rectPath(
    { x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry },
    { tl: [rx, ry], tr: [rx, ry], br: [rx, ry], bl: [rx, ry] },
  );
}
