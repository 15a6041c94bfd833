/**
 * Blurred shadows as cached images: the resolution they are drawn at, the cache that makes a
 * page of identical cards draw one image, and the blurred mask of a path.
 */
import { createHash } from 'node:crypto';
import type { ImageResource, PathOp, RgbaColor } from '../../document/index.js';
import { LruCache } from '../../util/index.js';
import { blurMask, blurReach, CoverageRaster, maskImage, type Mask } from './shadow-mask.js';

/**
 * Pixels per point: a Gaussian changes by at most 0.4 / σ per unit, so 8 / σ pixels per point
 * keep neighbouring pixels within about 5% of each other (smooth when a printer enlarges them
 * without interpolation, as PDF/A requires); never under 1 or over 3 (216 dpi).
 */
const MAX_PPP = 3;
const MIN_PPP = 1;
/**
 * Largest shadow image: about two million pixels (a shadow the size of an A4 page at 1.7 px/pt),
 * so one shadow holds at most ~16 MB while it is made. A larger shape is drawn coarser.
 */
export const MAX_SHADOW_PIXELS = 2_000_000;

/** Pixels per point for a blur of standard deviation `sigma` over `width` × `height` points. */
export function shadowResolution(sigma: number, width: number, height: number): number {
  let ppp = Math.min(MAX_PPP, Math.max(MIN_PPP, 8 / Math.max(1e-6, sigma)));
  const area = Math.max(1e-6, width * height);
  if (area * ppp * ppp > MAX_SHADOW_PIXELS) ppp = Math.sqrt(MAX_SHADOW_PIXELS / area);
  return ppp;
}

/**
 * What one render may spend on new blurred shadow images, in pixels (about 25 A4 pages of
 * shadow at 3 px/pt), before further blurred shadows are approximated without blur: it bounds
 * the time and the size of a document with thousands of different shadows.
 */
export const SHADOW_PIXEL_BUDGET = 64_000_000;

/** The pixels a render has left for new shadow images, and how it reports running out. */
export interface ShadowBudget {
  pixels: number;
  readonly warn: (code: string, message: string) => void;
}

const budgets = new WeakMap<object, ShadowBudget>();

/** The budget of one render, `owner` being its layout context. */
export function shadowBudget(
  owner: object,
  warn: (code: string, message: string) => void,
): ShadowBudget {
  let b = budgets.get(owner);
  if (!b) {
    b = { pixels: SHADOW_PIXEL_BUDGET, warn };
    budgets.set(owner, b);
  }
  return b;
}

/**
 * True when a blurred shadow over `width` × `height` points fits what is left of the budget;
 * otherwise the caller approximates it, and the render is warned once.
 */
export function affordable(
  budget: ShadowBudget,
  sigma: number,
  width: number,
  height: number,
): boolean {
  const w = width + 6 * sigma;
  const h = height + 6 * sigma;
  const ppp = shadowResolution(sigma, w, h);
  if (w * h * ppp * ppp <= budget.pixels) return true;
  budget.warn(
    'layout.shadow-blur',
    'the document has more blurred shadows than are drawn as images: the rest are drawn unblurred at lower opacity',
  );
  return false;
}

function charge(budget: ShadowBudget, made: { image: ImageResource; fresh: boolean }): void {
  if (made.fresh) budget.pixels -= made.image.widthPx * made.image.heightPx;
}

/** Shadow images by their parameters; bounded by bytes so big shadows cannot pile up. */
const cache = new LruCache<string, ImageResource>(512, {
  bytes: 64 * 1024 * 1024,
  weigh: (key, img) =>
    key.length * 2 +
    (img.data.encoding === 'raw' ? img.data.pixels.length + (img.data.alpha?.length ?? 0) : 0),
});
let hits = 0;
let misses = 0;

/** How often a shadow image came from the cache (for tests and reports). */
export function shadowCacheStats(): { hits: number; misses: number } {
  return { hits, misses };
}

/** The cached image for `key`, or the one `make` draws (then cached; `fresh`). */
function cachedShadow(
  key: string,
  make: (id: string) => ImageResource,
): { image: ImageResource; fresh: boolean } {
  const hit = cache.get(key);
  if (hit) {
    hits++;
    return { image: hit, fresh: false };
  }
  misses++;
  const id = `shadow-${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
  const image = make(id);
  cache.set(key, image);
  return { image, fresh: true };
}

/** Where a blurred shadow image goes on the page, in points. */
export interface Placed {
  readonly image: ImageResource;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * A blurred filled shape as an image: `ops` in a space where the shape's bounds start at
 * (0, 0) and measure `width` × `height` points. The image reaches out as far as the blur does
 * (returned as `reach`, points).
 */
export function blurredShape(
  ops: readonly PathOp[],
  width: number,
  height: number,
  sigma: number,
  color: RgbaColor,
  key: string,
  budget: ShadowBudget,
): { image: ImageResource; reach: number; ppp: number } {
  return blurredMask(ops, false, width, height, sigma, color, key, budget);
}

/**
 * An inset shadow as an image covering a `width` × `height` box from its top-left corner and
 * reaching `reach` points beyond it: shadowed everywhere but inside `hole` (ops in the box's
 * space), blurred. The margin lets the blur see the shadow's true values beyond the box's
 * edges; the caller clips the image to the box.
 */
export function blurredInset(
  hole: readonly PathOp[],
  width: number,
  height: number,
  sigma: number,
  color: RgbaColor,
  key: string,
  budget: ShadowBudget,
): { image: ImageResource; reach: number; ppp: number } {
  return blurredMask(hole, true, width, height, sigma, color, key, budget);
}

/** The shape (or, `inverted`, everything but it) rasterised, blurred and cached as an image. */
function blurredMask(
  ops: readonly PathOp[],
  inverted: boolean,
  width: number,
  height: number,
  sigma: number,
  color: RgbaColor,
  key: string,
  budget: ShadowBudget,
): { image: ImageResource; reach: number; ppp: number } {
  const draw = (w: number, h: number, o: number, ppp: number): Mask => {
    const r = new CoverageRaster(w, h);
    r.addPath(ops, o, o, ppp, ppp);
    const mask = r.finish();
    if (inverted) {
      const d = mask.data;
      for (let i = 0; i < d.length; i++) d[i] = 1 - d[i];
    }
    return mask;
  };
  // Past its edges an inset shadow's mask is fully shadowed, an outer one's empty.
  return blurredCoverage(width, height, sigma, color, key, budget, draw, inverted ? 1 : 0);
}

/**
 * A coverage mask `draw` makes, blurred and cached as an image of `color`. The shape's bounds
 * start at (0, 0) and measure `width` × `height` points; `draw` gets the mask's size in pixels,
 * the offset of its origin (points, the same on both axes: the blur's reach) and the pixels per
 * point. `outside` is the coverage beyond the mask's edges.
 */
export function blurredCoverage(
  width: number,
  height: number,
  sigma: number,
  color: RgbaColor,
  key: string,
  budget: ShadowBudget,
  draw: (w: number, h: number, origin: number, ppp: number) => Mask,
  outside = 0,
): { image: ImageResource; reach: number; ppp: number } {
  const ppp = shadowResolution(sigma, width + 6 * sigma, height + 6 * sigma);
  const reachPx = Math.ceil(blurReach(sigma * ppp)) + 1;
  const made = cachedShadow(`${key}|${ppp.toFixed(4)}|${colorKey(color)}`, (id) => {
    const w = Math.max(1, Math.ceil(width * ppp)) + 2 * reachPx;
    const h = Math.max(1, Math.ceil(height * ppp)) + 2 * reachPx;
    const mask = draw(w, h, -reachPx / ppp, ppp);
    if (sigma > 0) blurMask(mask, sigma * ppp, sigma * ppp, outside);
    return maskImage(mask, color, id);
  });
  charge(budget, made);
  return { image: made.image, reach: reachPx / ppp, ppp };
}

export function colorKey(c: RgbaColor): string {
  return `${c.r.toFixed(4)},${c.g.toFixed(4)},${c.b.toFixed(4)},${c.a.toFixed(4)}`;
}
