/**
 * filter: drop-shadow() (Filter Effects 1 §13.3): a blurred, offset copy of the alpha of what a
 * box paints, in one colour, under it. The alpha is worked out from the items' geometry, as
 * text-shadow does from glyph outlines: fills and glyph outlines by their coverage, strokes as
 * quads along their segments (dashes and joins are not followed), images by their alpha plane;
 * each times its alpha and the opacity of the groups around it, cut by their clips and moved by
 * their transforms (a group's blend mode and mask are not followed). The result is one image
 * (PDF has no blur), made once per distinct shadow and charged to the render's shadow budget.
 */
import type { DisplayItem, ImageItem, Matrix, PathOp, RgbaColor } from '../../document/index.js';
import { invertMatrix, multiplyMatrix, pathBounds, unionBounds } from '../../document/index.js';
import { transformOps } from '../../images/index.js';
import { pt } from '../units.js';
import type { DropShadowFilter } from '../../style/index.js';
import { layoutTag, moveOps } from './decoration.js';
import { affordable, blurredCoverage, type ShadowBudget } from './shadow-image.js';
import { CoverageRaster, type Mask } from './shadow-mask.js';
import { runOutline } from './text-shadow.js';

/** A filled shape in page space, or an image's alpha, with what the groups around it do. */
type Shape =
  | {
      readonly kind: 'fill';
      readonly ops: readonly PathOp[];
      readonly alpha: number;
      readonly clips: readonly (readonly PathOp[])[];
    }
  | {
      readonly kind: 'image';
      readonly item: ImageItem;
      /** Page space to the image's unit square. */
      readonly inverse: Matrix;
      readonly alpha: number;
      readonly clips: readonly (readonly PathOp[])[];
    };

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** Apply `first`, then `then`. */
function compose(first: Matrix, then: Matrix): Matrix {
  return multiplyMatrix(then, first);
}

/** A stroke as quads along its segments (curves flattened), each wound the same way. */
function strokeQuads(ops: readonly PathOp[], width: number): PathOp[] {
  const out: PathOp[] = [];
  const h = width / 2;
  let sx = 0;
  let sy = 0;
  let cx = 0;
  let cy = 0;
  const seg = (x: number, y: number): void => {
    const dx = x - cx;
    const dy = y - cy;
    const len = Math.hypot(dx, dy);
    if (len > 0) {
      const nx = (-dy / len) * h;
      const ny = (dx / len) * h;
      // Extended by half the width at both ends so that corners are filled.
      const ex = (dx / len) * h;
      const ey = (dy / len) * h;
      out.push(
        { op: 'moveTo', x: cx - ex + nx, y: cy - ey + ny },
        { op: 'lineTo', x: x + ex + nx, y: y + ey + ny },
        { op: 'lineTo', x: x + ex - nx, y: y + ey - ny },
        { op: 'lineTo', x: cx - ex - nx, y: cy - ey - ny },
        { op: 'close' },
      );
    }
    cx = x;
    cy = y;
  };
  for (const o of transformOps(ops, IDENTITY)) {
    if (o.op === 'moveTo') {
      sx = cx = o.x;
      sy = cy = o.y;
    } else if (o.op === 'lineTo') seg(o.x, o.y);
    else if (o.op === 'curveTo') {
      const [x0, y0] = [cx, cy];
      for (let i = 1; i <= 8; i++) {
        const t = i / 8;
        const u = 1 - t;
        seg(
          u * u * u * x0 + 3 * u * u * t * o.x1 + 3 * u * t * t * o.x2 + t * t * t * o.x,
          u * u * u * y0 + 3 * u * u * t * o.y1 + 3 * u * t * t * o.y2 + t * t * t * o.y,
        );
      }
    } else if (o.op === 'close') seg(sx, sy);
  }
  return out;
}

/** The shapes of `items` under transform `m`, opacity `alpha` and `clips`. */
function collect(
  items: readonly DisplayItem[],
  m: Matrix,
  alpha: number,
  clips: readonly (readonly PathOp[])[],
  out: Shape[],
): void {
  for (const it of items) {
    switch (it.kind) {
      case 'path': {
        const fill = it.fill;
        if (fill) {
          const a = 'kind' in fill ? Math.max(...fill.stops.map((s) => s.color.a), 0) : fill.a;
          if (a > 0)
            out.push({ kind: 'fill', ops: transformOps(it.ops, m), alpha: a * alpha, clips });
        }
        if (it.stroke && it.stroke.width > 0 && it.stroke.paint.a > 0)
          out.push({
            kind: 'fill',
            ops: transformOps(strokeQuads(it.ops, it.stroke.width), m),
            alpha: it.stroke.paint.a * alpha,
            clips,
          });
        break;
      }
      case 'glyphs': {
        // Outlined text casts its outlines whole (its stroke's own width is not followed).
        const a = Math.max(it.color.a, it.stroke && it.stroke.width > 0 ? it.stroke.color.a : 0);
        const outline = a > 0 ? runOutline(it) : null;
        if (outline && outline.length > 0)
          out.push({
            kind: 'fill',
            ops: transformOps(moveOps(outline, it.x, it.y), m),
            alpha: a * alpha,
            clips,
          });
        break;
      }
      case 'image': {
        // The unit square to the image's place on the page.
        const place = compose([it.width, 0, 0, it.height, it.x, it.y], m);
        const inverse = invertMatrix(place);
        if (inverse) out.push({ kind: 'image', item: it, inverse, alpha, clips });
        break;
      }
      case 'pdf-page':
        out.push({
          kind: 'fill',
          ops: transformOps(
            [{ op: 'rect', x: it.x, y: it.y, width: it.width, height: it.height }],
            m,
          ),
          alpha,
          clips,
        });
        break;
      case 'group': {
        const inner = it.transform ? compose(it.transform, m) : m;
        const a = alpha * (it.opacity === undefined ? 1 : Math.max(0, Math.min(1, it.opacity)));
        const c = it.clip && it.clip.length > 0 ? [...clips, transformOps(it.clip, inner)] : clips;
        collect(it.items, inner, a, c, out);
        break;
      }
      case 'use': {
        const inner = compose(it.transform, m);
        const c = it.clip && it.clip.length > 0 ? [...clips, transformOps(it.clip, inner)] : clips;
        collect(it.drawing.items, inner, alpha, c, out);
        break;
      }
      case 'link':
        break;
    }
  }
}

function shapeBounds(s: Shape): [number, number, number, number] | undefined {
  if (s.kind === 'fill') return pathBounds(s.ops) ?? undefined;
  // The image's corners on the page: the inverse's inverse.
  const fwd = invertMatrix(s.inverse);
  if (!fwd) return undefined;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [u, v] of [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ] as const) {
    xs.push(fwd[0] * u + fwd[2] * v + fwd[4]);
    ys.push(fwd[1] * u + fwd[3] * v + fwd[5]);
  }
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** Coverage of one path over the mask's grid (origin `ox`, `oy` in page space). */
function coverage(
  ops: readonly PathOp[],
  w: number,
  h: number,
  ox: number,
  oy: number,
  ppp: number,
): Mask {
  const r = new CoverageRaster(w, h);
  r.addPath(ops, ox, oy, ppp, ppp);
  return r.finish();
}

/** Nearest sample of an image's alpha (1 where it has none) at unit-square point (u, v). */
function imageAlpha(it: ImageItem, u: number, v: number): number {
  if (u < 0 || v < 0 || u >= 1 || v >= 1) return 0;
  const data = it.image.data;
  if (data.encoding !== 'raw' || !data.alpha) return 1;
  const x = Math.min(it.image.widthPx - 1, Math.floor(u * it.image.widthPx));
  const y = Math.min(it.image.heightPx - 1, Math.floor(v * it.image.heightPx));
  return (data.alpha[y * it.image.widthPx + x] ?? 255) / 255;
}

/** The shapes' alpha composited (source over) into one mask. */
function paintShapes(
  shapes: readonly Shape[],
  w: number,
  h: number,
  ox: number,
  oy: number,
  ppp: number,
): Mask {
  const data = new Float32Array(w * h);
  for (const s of shapes) {
    let layer: Float32Array;
    if (s.kind === 'fill') layer = coverage(s.ops, w, h, ox, oy, ppp).data;
    else {
      layer = new Float32Array(w * h);
      const [a, b, c, d, e, f] = s.inverse;
      for (let y = 0; y < h; y++) {
        const py = oy + (y + 0.5) / ppp;
        for (let x = 0; x < w; x++) {
          const px = ox + (x + 0.5) / ppp;
          layer[y * w + x] = imageAlpha(s.item, a * px + c * py + e, b * px + d * py + f);
        }
      }
    }
    for (const clip of s.clips) {
      const cut = coverage(clip, w, h, ox, oy, ppp).data;
      for (let i = 0; i < layer.length; i++) layer[i] = (layer[i] as number) * (cut[i] as number);
    }
    for (let i = 0; i < data.length; i++) {
      const v = Math.min(1, layer[i] as number) * s.alpha;
      data[i] = (data[i] as number) + v * (1 - (data[i] as number));
    }
  }
  return { width: w, height: h, data };
}

function moveShape(s: Shape, dx: number, dy: number): Shape {
  const clips = s.clips.map((c) => moveOps(c, dx, dy));
  if (s.kind === 'fill') return { ...s, ops: moveOps(s.ops, dx, dy), clips };
  return { ...s, inverse: compose([1, 0, 0, 1, -dx, -dy], s.inverse), clips };
}

/** Numbers to a thousandth of a point, so that equal shapes give equal keys. */
function rounded(_key: string, v: unknown): unknown {
  return typeof v === 'number' ? Math.round(v * 1000) / 1000 : v;
}

/** A stable description of the shapes, for the shadow image cache. */
function shapesKey(shapes: readonly Shape[]): string {
  return JSON.stringify(
    shapes.map((s) =>
      s.kind === 'fill'
        ? [s.ops, s.alpha, s.clips]
        : [s.item.image.id, s.inverse, s.alpha, s.clips],
    ),
    rounded,
  );
}

/**
 * The drop shadow of `items` (page space), as artifacts to draw under them; nothing when they
 * paint nothing, or when the render's shadow budget is spent (then it warns).
 */
export function dropShadowItems(
  items: readonly DisplayItem[],
  shadow: DropShadowFilter,
  budget: ShadowBudget,
): DisplayItem[] {
  if (!(shadow.color.a > 0)) return [];
  const made = alphaImage(
    items,
    pt(shadow.x),
    pt(shadow.y),
    pt(shadow.blur) / 2,
    shadow.color,
    budget,
  );
  if (made) return made;
  budget.warn(
    'layout.drop-shadow',
    'a drop-shadow() was left out: the render has spent its budget for shadow images',
  );
  return [];
}

/**
 * The alpha of `items` blurred by `sigma` and moved by (dx, dy), as an image of `color`: [] when
 * they paint nothing, undefined when the shadow budget cannot pay for it.
 */
function alphaImage(
  items: readonly DisplayItem[],
  dx: number,
  dy: number,
  sigma: number,
  color: RgbaColor,
  budget: ShadowBudget,
): DisplayItem[] | undefined {
  const shapes: Shape[] = [];
  collect(items, IDENTITY, 1, [], shapes);
  let box: [number, number, number, number] | undefined;
  for (const s of shapes) {
    const b = shapeBounds(s);
    if (!b) continue;
    box = unionBounds(box, b);
  }
  if (!box) return [];
  const [x0, y0] = box;
  const width = box[2] - x0;
  const height = box[3] - y0;
  if (!(width > 0 && height > 0)) return [];
  if (!affordable(budget, sigma, width, height)) return undefined;
  // In the shape's own space from its top-left corner: equal shadows anywhere are one image.
  const local = shapes.map((sh) => moveShape(sh, -x0, -y0));
  const key = `drop|${sigma.toFixed(3)}|${shapesKey(local)}`;
  const made = blurredCoverage(width, height, sigma, color, key, budget, (w, h, o, ppp) =>
    paintShapes(local, w, h, o, o, ppp),
  );
  const x = x0 + dx - made.reach;
  const y = y0 + dy - made.reach;
  const w = made.image.widthPx / made.ppp;
  const h = made.image.heightPx / made.ppp;
  return [
    {
      kind: 'image',
      image: made.image,
      x,
      y,
      width: w,
      height: h,
      tag: layoutTag({ x, y, width: w, height: h }),
    },
  ];
}

/** A solid colour's key without its alpha (the shapes carry the alpha). */
function rgbKey(c: RgbaColor): string {
  return `${c.r},${c.g},${c.b}`;
}

/**
 * The solid colours `items` paint in, in order, or null when they paint anything else: text,
 * images, gradients, imported pages, content of the structure tree, masks or blend modes.
 */
function solidColours(items: readonly DisplayItem[], into: Map<string, RgbaColor>): boolean {
  for (const it of items) {
    if (it.kind === 'link') continue;
    if (it.kind === 'group') {
      if (it.mask || (it.blend && it.blend !== 'normal') || !solidColours(it.items, into))
        return false;
      continue;
    }
    if (it.kind !== 'path' || it.tag.kind !== 'artifact') return false;
    if (it.fill && 'kind' in it.fill) return false;
    if (it.fill && it.fill.a > 0) into.set(rgbKey(it.fill), { ...it.fill, a: 1 });
    if (it.stroke && it.stroke.width > 0 && it.stroke.paint.a > 0)
      into.set(rgbKey(it.stroke.paint), { ...it.stroke.paint, a: 1 });
  }
  return true;
}

/** The part of `items` painted in the colour with key `key` (fills and strokes apart). */
function inColour(items: readonly DisplayItem[], key: string): DisplayItem[] {
  const out: DisplayItem[] = [];
  for (const it of items) {
    if (it.kind === 'group') {
      const inner = inColour(it.items, key);
      if (inner.length > 0) out.push({ ...it, items: inner });
    } else if (it.kind === 'path') {
      const fill = it.fill && !('kind' in it.fill) && rgbKey(it.fill) === key;
      const stroke = it.stroke && rgbKey(it.stroke.paint) === key;
      if (!fill && !stroke) continue;
      const { fill: f, stroke: s, ...rest } = it;
      out.push({ ...rest, ...(fill ? { fill: f } : {}), ...(stroke ? { stroke: s } : {}) });
    }
  }
  return out;
}

/**
 * blur() (standard deviation `radius`, CSS px) of what a box paints, when that is decoration in
 * solid colours only: each colour's shapes blurred into one image of that colour, in the order
 * the colours first appear (exact for shapes of one colour; where colours overlap, each is
 * blurred on its own). Undefined for anything else (text, images, gradients, content), which
 * blurring would turn into pixels, or when the shadow budget is spent.
 */
export function blurredItems(
  items: readonly DisplayItem[],
  radius: number,
  budget: ShadowBudget,
): DisplayItem[] | undefined {
  const colours = new Map<string, RgbaColor>();
  if (!solidColours(items, colours) || colours.size === 0) return undefined;
  const out: DisplayItem[] = [];
  for (const [key, color] of colours) {
    const made = alphaImage(inColour(items, key), 0, 0, pt(radius), color, budget);
    if (!made) return undefined;
    out.push(...made);
  }
  return out;
}
