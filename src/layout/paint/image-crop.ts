/**
 * A rectangle of whole pixels cut out of a decoded bitmap, as an image resource of its own: a
 * border image draws its slices this way, so that scaling a slice never blends in the pixels
 * next to it, as a clipped whole image would at the slice's edges.
 */
import type { ImageResource } from '../../document/index.js';

/** Pixel bounds within an image: left, top, right, bottom. */
export type PixelBox = readonly [number, number, number, number];

/**
 * The pixels of `box` as a new resource (its id derived from the source's, so that every use
 * of the same cut is written once); undefined when the image is not raw samples (a JPEG that
 * passes through is never decoded) or the box is empty or outside it.
 */
export function cropImage(res: ImageResource, box: PixelBox): ImageResource | undefined {
  const [x0, y0, x1, y1] = box;
  const data = res.data;
  if (data.encoding !== 'raw') return undefined;
  if (x0 < 0 || y0 < 0 || x1 > res.widthPx || y1 > res.heightPx || x1 <= x0 || y1 <= y0)
    return undefined;
  if (x0 === 0 && y0 === 0 && x1 === res.widthPx && y1 === res.heightPx) return res;
  const w = x1 - x0;
  const h = y1 - y0;
  const n = data.components;
  const pixels = new Uint8Array(w * h * n);
  const alpha = data.alpha ? new Uint8Array(w * h) : undefined;
  for (let y = 0; y < h; y++) {
    const from = ((y0 + y) * res.widthPx + x0) * n;
    pixels.set(data.pixels.subarray(from, from + w * n), y * w * n);
    if (alpha && data.alpha) {
      const a = (y0 + y) * res.widthPx + x0;
      alpha.set(data.alpha.subarray(a, a + w), y * w);
    }
  }
  return {
    id: `${res.id}#crop=${x0},${y0},${x1},${y1}`,
    widthPx: w,
    heightPx: h,
    data: { encoding: 'raw', pixels, components: n, ...(alpha ? { alpha } : {}) },
  };
}

/** Pixel bounds of `r` (in an image `scale` pixels per unit), when they are whole pixels. */
export function wholePixels(
  r: { readonly x: number; readonly y: number; readonly width: number; readonly height: number },
  scaleX: number,
  scaleY: number,
): PixelBox | undefined {
  const edges = [r.x * scaleX, r.y * scaleY, (r.x + r.width) * scaleX, (r.y + r.height) * scaleY];
  const whole = edges.map((e) => Math.round(e));
  return whole.every((v, i) => Math.abs(v - edges[i]) < 1e-3)
    ? (whole as unknown as PixelBox)
    : undefined;
}
