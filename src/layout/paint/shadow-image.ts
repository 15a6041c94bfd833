/**
 * Blurred shadows as cached images: the resolution they are drawn at, the cache that makes a
 * page of identical cards draw one image, and the blurred mask of a path.
 */
import { createHash } from 'node:crypto';
import type { ImageResource, PathOp, RgbaColor } from '../../document/index.js';
import { LruCache } from '../../util/index.js';
import { blurMask, blurReach, CoverageRaster, maskImage } from './shadow-mask.js';

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
): { image: ImageResource; reach: number; ppp: number; fresh: boolean } {
  const ppp = shadowResolution(sigma, width + 6 * sigma, height + 6 * sigma);
  const reachPx = Math.ceil(blurReach(sigma * ppp)) + 1;
  const made = cachedShadow(`${key}|${ppp.toFixed(4)}|${colorKey(color)}`, (id) => {
    const w = Math.ceil(width * ppp) + 2 * reachPx;
    const h = Math.ceil(height * ppp) + 2 * reachPx;
    const r = new CoverageRaster(w, h);
    const o = -reachPx / ppp;
    r.addPath(ops, o, o, ppp, ppp);
    const mask = r.finish();
    blurMask(mask, sigma * ppp, sigma * ppp, 0);
    return maskImage(mask, color, id);
  });
  return { image: made.image, reach: reachPx / ppp, ppp, fresh: made.fresh };
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
): { image: ImageResource; reach: number; ppp: number } {
  const ppp = shadowResolution(sigma, width + 6 * sigma, height + 6 * sigma);
  const reachPx = Math.ceil(blurReach(sigma * ppp)) + 1;
  const { image } = cachedShadow(`${key}|${ppp.toFixed(4)}|${colorKey(color)}`, (id) => {
    const w = Math.max(1, Math.ceil(width * ppp)) + 2 * reachPx;
    const h = Math.max(1, Math.ceil(height * ppp)) + 2 * reachPx;
    const r = new CoverageRaster(w, h);
    const o = -reachPx / ppp;
    r.addPath(hole, o, o, ppp, ppp);
    const mask = r.finish();
    const d = mask.data;
    for (let i = 0; i < d.length; i++) d[i] = 1 - d[i];
    blurMask(mask, sigma * ppp, sigma * ppp, 1);
    return maskImage(mask, color, id);
  });
  return { image, reach: reachPx / ppp, ppp };
}

export function colorKey(c: RgbaColor): string {
  return `${c.r.toFixed(4)},${c.g.toFixed(4)},${c.b.toFixed(4)},${c.a.toFixed(4)}`;
}
