/**
 * The float area a float's shape-outside gives it (CSS Shapes 1 §6), in the coordinates of its
 * margin box: a basic shape or a box outlined as clip-path outlines it (paint/clip-path.ts),
 * or the rows of an image's alpha above shape-image-threshold, the image stretched over the
 * content box as a replaced element of that size; shape-margin grows either.
 */
import type { Gradient, Paint, RgbaColor } from '../../document/index.js';
import type { PixelImage } from '../../images/index.js';
import type { ComputedStyle, CssImage } from '../../style/index.js';
import { MemoSlot, warnOnce, type LayoutContext } from '../context.js';
import { clipOutline } from '../paint/clip-path.js';
import { drawGradient } from '../paint/css-gradient.js';
import { border, len, margin, padding } from '../units.js';
import { edgeShape, growRows, type FloatShape, type RowShape } from './float-shape.js';

/** Rows of an image shape are at least this tall, pt (a huge image in a small float). */
const MIN_ROW = 0.5;
/** Sampling pitch of a gradient's alpha, pt: one CSS px, as browsers draw it for the shape. */
const GRADIENT_PITCH = 0.75;
/** Most samples a gradient shape takes along either side. */
const MAX_GRADIENT_SAMPLES = 2000;

/** For each pixel row of an image, its first and last column above a threshold (-1: none). */
interface AlphaRows {
  readonly width: number;
  readonly first: Int32Array;
  readonly last: Int32Array;
}

const IMAGE_ROWS = new MemoSlot<PixelImage, Map<number, AlphaRows>>('shape-image-rows');

/**
 * The shape of a float styled `s` whose border box is `width` × `height`, in a containing
 * block `cbWidth` wide; undefined for shape-outside: none, an image that did not load (the
 * float area is then the margin box, CSS Shapes 1 §6.1) or one that cannot be used.
 */
export function floatShapeOf(
  s: ComputedStyle,
  width: number,
  height: number,
  cbWidth: number,
  ctx: LayoutContext,
): FloatShape | undefined {
  const so = s.shapeOutside;
  if (so === 'none') return undefined;
  const m = margin(s, cbWidth);
  const shapeMargin = Math.max(0, len(s.shapeMargin, cbWidth));
  if (!('image' in so)) {
    const g = { x: m.left, top: m.top, width, height, cbWidth };
    const outline = clipOutline(s, so, g, 0);
    return edgeShape(outline.ops, shapeMargin);
  }
  const b = border(s);
  const p = padding(s, cbWidth);
  const content = {
    x: m.left + b.left + p.left,
    y: m.top + b.top + p.top,
    width: Math.max(0, width - b.left - b.right - p.left - p.right),
    height: Math.max(0, height - b.top - b.bottom - p.top - p.bottom),
  };
  if (content.width <= 0 || content.height <= 0) return undefined;
  const rows = imageRows(so.image, s.shapeImageThreshold, content, ctx);
  return rows && growRows(rows, shapeMargin);
}

interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

function imageRows(
  image: CssImage,
  threshold: number,
  box: Rect,
  ctx: LayoutContext,
): RowShape | undefined {
  if (image.kind !== 'url') {
    const alpha = gradientAlpha(image, box, ctx);
    return alpha && rowsOver(alphaRows(alpha.width, alpha.height, alpha.alpha, threshold), box);
  }
  const decoded = ctx.shapeImages?.get(image.url);
  if (decoded === undefined || typeof decoded === 'string') return undefined;
  let byThreshold = ctx.memo.of(IMAGE_ROWS).get(decoded);
  if (!byThreshold) ctx.memo.of(IMAGE_ROWS).set(decoded, (byThreshold = new Map()));
  let rows = byThreshold.get(threshold);
  if (!rows) {
    const { widthPx, heightPx, data } = decoded.resource;
    const alpha = data.encoding === 'raw' ? data.alpha : undefined;
    rows = alphaRows(widthPx, heightPx, alpha, threshold);
    byThreshold.set(threshold, rows);
  }
  return rowsOver(rows, box);
}

/** Each pixel row's first and last pixel whose alpha is above `threshold` (no plane: opaque). */
function alphaRows(
  width: number,
  height: number,
  alpha: Uint8Array | undefined,
  threshold: number,
): AlphaRows {
  const first = new Int32Array(height).fill(-1);
  const last = new Int32Array(height).fill(-1);
  const above = threshold * 255;
  for (let y = 0; y < height; y++) {
    if (!alpha) {
      first[y] = 0;
      last[y] = width - 1;
      continue;
    }
    const row = y * width;
    let x = 0;
    while (x < width && alpha[row + x] <= above) x++;
    if (x === width) continue;
    first[y] = x;
    let z = width - 1;
    while (alpha[row + z] <= above) z--;
    last[y] = z;
  }
  return { width, first, last };
}

/** Pixel rows stretched over `box`, merged into rows no thinner than MIN_ROW. */
function rowsOver(rows: AlphaRows, box: Rect): RowShape {
  const h = rows.first.length;
  const n = Math.max(1, Math.min(h, Math.ceil(box.height / MIN_ROW)));
  const left = new Float64Array(n).fill(NaN);
  const right = new Float64Array(n).fill(NaN);
  const sx = box.width / rows.width;
  for (let j = 0; j < n; j++) {
    // Every pixel row that overlaps output row j.
    const from = Math.floor((j * h) / n);
    const to = Math.min(h, Math.ceil(((j + 1) * h) / n));
    for (let i = from; i < to; i++) {
      if (rows.first[i] < 0) continue;
      const l = box.x + rows.first[i] * sx;
      const r = box.x + (rows.last[i] + 1) * sx;
      if (Number.isNaN(left[j]) || l < left[j]) left[j] = l;
      if (Number.isNaN(right[j]) || r > right[j]) right[j] = r;
    }
  }
  return { kind: 'rows', top: box.y, step: box.height / n, left, right };
}

/** A gradient's alpha sampled over its box (a gradient as an image is sized to the box). */
function gradientAlpha(
  image: Exclude<CssImage, { kind: 'url' }>,
  box: Rect,
  ctx: LayoutContext,
): { width: number; height: number; alpha: Uint8Array } | undefined {
  const local = { x: 0, y: 0, width: box.width, height: box.height };
  const drawn = drawGradient(image, local, () => undefined);
  if (drawn.kind !== 'paint') {
    warnOnce(
      ctx,
      'layout.shape-outside-conic',
      'shape-outside: a conic gradient does not give a float its shape; the float keeps its box',
    );
    return undefined;
  }
  const width = Math.min(MAX_GRADIENT_SAMPLES, Math.max(1, Math.ceil(box.width / GRADIENT_PITCH)));
  const height = Math.min(
    MAX_GRADIENT_SAMPLES,
    Math.max(1, Math.ceil(box.height / GRADIENT_PITCH)),
  );
  const alpha = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const py = ((y + 0.5) * box.height) / height;
    for (let x = 0; x < width; x++) {
      const px = ((x + 0.5) * box.width) / width;
      alpha[y * width + x] = Math.round(paintAlpha(drawn.paint, px, py) * 255);
    }
  }
  return { width, height, alpha };
}

/** The alpha a paint has at (x, y). */
export function paintAlpha(paint: Paint, x: number, y: number): number {
  if (!('kind' in paint)) return paint.a;
  return stopAlpha(paint.stops, gradientOffset(paint, x, y));
}

function gradientOffset(g: Gradient, x: number, y: number): number {
  if (g.kind === 'linear-gradient') {
    const dx = g.x1 - g.x0;
    const dy = g.y1 - g.y0;
    const l2 = dx * dx + dy * dy;
    return l2 > 0 ? ((x - g.x0) * dx + (y - g.y0) * dy) / l2 : 0;
  }
  // Into the gradient's own space, where its ending shape is a circle.
  let u = x;
  let v = y;
  if (g.transform) {
    const [a, b, c, d, e, f] = g.transform;
    const det = a * d - b * c;
    if (det === 0) return 0;
    const [px, py] = [x - e, y - f];
    u = (d * px - c * py) / det;
    v = (a * py - b * px) / det;
  }
  return g.radius > 0 ? Math.hypot(u - g.cx, v - g.cy) / g.radius : 0;
}

/** The alpha of the stops at `t`, the first and last stops extending past the ends. */
function stopAlpha(stops: readonly { offset: number; color: RgbaColor }[], t: number): number {
  if (stops.length === 0) return 0;
  if (t <= stops[0].offset) return stops[0].color.a;
  for (let i = 1; i < stops.length; i++) {
    const a = stops[i - 1];
    const b = stops[i];
    if (t < b.offset) {
      const span = b.offset - a.offset;
      const w = span > 0 ? (t - a.offset) / span : 1;
      return a.color.a + (b.color.a - a.color.a) * w;
    }
  }
  return stops[stops.length - 1].color.a;
}
