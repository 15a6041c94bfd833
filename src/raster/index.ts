/**
 * Raster output: a laid-out page drawn as SVG (glyph outlines, no system fonts) and rasterised
 * by sharp (librsvg) to PNG or JPEG. The same display list feeds the PDF writer, so an image
 * and a PDF of one input show the same thing.
 */
import type { Sharp as SharpInstance } from 'sharp';
import { DEFAULT_MAX_OUTPUT_BYTES, LimitError } from '../diagnostics.js';
import type { DisplayItem, ImageItem, ImageResource, Page } from '../document/index.js';
import { jpegFrame, loadSharp } from '../images/index.js';
import { pageSizePx, pageToSvg } from './svg.js';

export { pageToSvg, pageSizePx } from './svg.js';

export interface RasterOptions {
  readonly format: 'png' | 'jpeg';
  /** Device pixel ratio 1..4; one CSS pixel is 0.75 pt. */
  readonly scale: number;
  /** JPEG quality 1..100. */
  readonly quality: number;
  /** Upper bound on width × height in device pixels (default 40 million). */
  readonly maxPixels?: number;
  /** Largest encoded image, bytes (default DEFAULT_MAX_OUTPUT_BYTES); larger is a LimitError. */
  readonly maxOutputBytes?: number;
}

export interface RasterResult {
  readonly image: Uint8Array;
  readonly width: number;
  readonly height: number;
}

const CSS_PX_PER_PT = 4 / 3;
const WHITE = { r: 1, g: 1, b: 1, a: 1 } as const;

/**
 * Rows per band. librsvg walks the whole document for every tile libvips asks of it, so a tall
 * page is drawn in bands, each an SVG holding only the items that reach it.
 */
const BAND_ROWS = 1024;
/** Above this many pixels the page is drawn in one pass (bands hold the raw image in memory). */
const BANDED_PIXEL_LIMIT = 16_000_000;

/**
 * Data URIs of images by ImageResource.id (ids are stable per content), shared across renders
 * so a logo on every request is encoded once. Bounded by total characters.
 */
const uriCache = new Map<string, string | null>();
let uriCacheChars = 0;
const URI_CACHE_CHARS = 32 * 1024 * 1024;

function remember(id: string, uri: string | null): void {
  const size = uri?.length ?? 0;
  if (size > URI_CACHE_CHARS / 4) return;
  while (uriCacheChars + size > URI_CACHE_CHARS && uriCache.size > 0) {
    const oldest = uriCache.keys().next().value as string;
    uriCacheChars -= uriCache.get(oldest)?.length ?? 0;
    uriCache.delete(oldest);
  }
  uriCache.set(id, uri);
  uriCacheChars += size;
}

function collectImages(items: readonly DisplayItem[], into: Map<string, ImageResource>): void {
  for (const item of items) {
    if (item.kind === 'image') into.set(item.image.id, item.image);
    else if (item.kind === 'group') {
      collectImages(item.items, into);
      if (item.mask) collectImages(item.mask, into);
    } else if (item.kind === 'use') collectImages(item.drawing.items, into);
  }
}

/**
 * The image as a data URI, or null where the PDF writer would leave it out (same checks as
 * src/pdf/images.ts: integer size, JPEG frame matching the declared size and components,
 * sample and alpha plane lengths). JPEG goes in as it is; raw samples are encoded to PNG.
 */
async function imageUri(img: ImageResource): Promise<string | null> {
  const { widthPx: w, heightPx: h, data } = img;
  if (!Number.isInteger(w) || !Number.isInteger(h) || w < 1 || h < 1) return null;
  if (data.encoding === 'jpeg') {
    const b = data.bytes;
    if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
    const frame = jpegFrame(b);
    if (!frame || frame.components !== data.components || frame.width !== w || frame.height !== h)
      return null;
    return `data:image/jpeg;base64,${Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('base64')}`;
  }
  const { pixels, components, alpha } = data;
  if (pixels.length !== w * h * components) return null;
  if (alpha && alpha.length !== w * h) return null;
  // An alpha plane that is all opaque has no mask in the PDF either.
  const masked = alpha !== undefined && alpha.some((a) => a !== 255);
  let raw: Buffer;
  let channels: 1 | 2 | 3 | 4 = components;
  if (masked) {
    channels = components === 1 ? 2 : 4;
    raw = Buffer.allocUnsafe(w * h * channels);
    for (let i = 0, p = 0, s = 0; i < w * h; i++) {
      for (let c = 0; c < components; c++) raw[p++] = pixels[s++] as number;
      raw[p++] = alpha[i] as number;
    }
  } else {
    raw = Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength);
  }
  // Fast deflate: this PNG lives only until librsvg decodes it.
  const sharp = await loadSharp();
  const png = await sharp(raw, { raw: { width: w, height: h, channels } })
    .png({ compressionLevel: 1, adaptiveFiltering: false })
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

async function imageDataUris(page: Page): Promise<Map<string, string | null>> {
  const images = new Map<string, ImageResource>();
  collectImages(page.items, images);
  const uris = new Map<string, string | null>();
  await Promise.all(
    [...images.values()].map(async (img) => {
      let uri = uriCache.get(img.id);
      if (uri === undefined) {
        uri = await imageUri(img);
        remember(img.id, uri);
      }
      uris.set(img.id, uri);
    }),
  );
  return uris;
}

export async function rasterizePage(page: Page, opts: RasterOptions): Promise<RasterResult> {
  const pixelsPerPoint = CSS_PX_PER_PT * opts.scale;
  const { width, height } = pageSizePx(page, pixelsPerPoint);
  const maxPixels = opts.maxPixels ?? 40_000_000;
  if (!(width * height <= maxPixels)) {
    throw new LimitError(
      `the image would be ${width}×${height} pixels, over the limit of ${maxPixels}`,
      'pixels',
      400,
    );
  }
  const uris = await imageDataUris(page);
  const svgOptions = {
    pixelsPerPoint,
    imageHref: (item: ImageItem) => uris.get(item.image.id) ?? undefined,
    // JPEG has no alpha: paint white first so transparent areas are not black.
    ...(opts.format === 'jpeg' ? { background: WHITE } : {}),
  };
  const input = { density: 72, limitInputPixels: maxPixels, unlimited: true };
  const sharp = await loadSharp();
  let pipeline: SharpInstance;
  if (height <= BAND_ROWS || width * height > BANDED_PIXEL_LIMIT) {
    pipeline = sharp(Buffer.from(pageToSvg(page, svgOptions).svg), input);
  } else {
    const bands: Promise<Buffer>[] = [];
    for (let top = 0; top < height; top += BAND_ROWS) {
      const rows = Math.min(BAND_ROWS, height - top);
      const { svg } = pageToSvg(page, { ...svgOptions, band: { top, rows } });
      bands.push(sharp(Buffer.from(svg), input).ensureAlpha().raw().toBuffer());
    }
    const raw = Buffer.concat(await Promise.all(bands));
    pipeline = sharp(raw, { raw: { width, height, channels: 4 } });
  }
  const out =
    opts.format === 'jpeg'
      ? await pipeline
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: opts.quality })
          .toBuffer({ resolveWithObject: true })
      : // Level 3 without adaptive filtering: about 10% larger than level 6 at a fraction of the time.
        await pipeline
          .png({ compressionLevel: 3, adaptiveFiltering: false })
          .toBuffer({ resolveWithObject: true });
  // The encoder gives one buffer, so this is the earliest point the size is known.
  const maxBytes = opts.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  if (out.data.length > maxBytes) {
    throw new LimitError(
      `the ${opts.format.toUpperCase()} image is ${out.data.length} bytes, over the output limit of ${maxBytes} bytes (maxOutputBytes)`,
      'output-bytes',
    );
  }
  return { image: out.data, width: out.info.width, height: out.info.height };
}
