/**
 * Image decoding through sharp: PNG, JPEG, GIF (first frame), WebP, AVIF, TIFF and SVG become an
 * ImageResource the writer can embed. 8-bit sRGB/gray JPEGs in upright orientation that PDF
 * readers decode (baseline, extended or progressive Huffman) pass through untouched (no
 * generation loss, a fraction of the bytes of their pixels); everything else is turned upright,
 * converted to sRGB (or kept gray) 8-bit and handed over as raw samples with a separate alpha
 * plane.
 */
import { createHash } from 'node:crypto';
import type { Sharp as SharpInstance } from 'sharp';
import { isDctReadable, jpegFrame } from './jpeg.js';
import { loadSharp } from './sharp.js';
import type { ImageResource } from '../document/index.js';
import { parseSimpleSvg, type SvgVector } from './svg-vector.js';
import { absolutePx } from './svg-subset.js';

/** A JPEG whose frame a PDF's DCTDecode reads as it is. */
function passesThrough(input: Uint8Array): boolean {
  const frame = jpegFrame(input);
  return frame !== undefined && isDctReadable(frame);
}

interface ImageSize {
  /** Intrinsic size in CSS px (SVG: its own size; raster: pixel size). */
  readonly intrinsicWidth: number;
  readonly intrinsicHeight: number;
  /**
   * The size an SVG's user units span when it has no viewBox, where it differs from the
   * intrinsic size (an image in a zoomed element keeps its drawing, only larger or smaller).
   */
  readonly userUnits?: { readonly width: number; readonly height: number };
  /** An SVG holding HTML in <foreignObject>, which neither the vector path nor librsvg draws. */
  readonly foreignObject?: true;
  /**
   * An SVG with a viewBox and no width or height of its own: it has no natural size, only an
   * aspect ratio (the intrinsic size is the viewBox's, which gives that ratio). The page sizes
   * it, as browsers do: to the width of its container.
   */
  readonly ratioOnly?: true;
}

/** An image with pixels: what backgrounds and page furniture need. */
export interface PixelImage extends ImageSize {
  readonly resource: ImageResource;
  /**
   * Set for an SVG inside the simple subset (see svg-vector.ts): replaced content draws these
   * paths instead of `resource`, which stays for uses that need pixels (backgrounds).
   */
  readonly vector?: SvgVector;
}

/**
 * A simple SVG decoded for replaced content only: its paths draw at least one item, so it
 * never needs a raster, and librsvg (and libvips with it) is not asked for one.
 */
export interface VectorImage extends ImageSize {
  readonly resource?: undefined;
  readonly vector: SvgVector;
}

/** What replaced content (<img>, inline <svg>) draws: pixels, or paths that need none. */
export type DecodedImage = PixelImage | VectorImage;

/** Largest decoded image accepted by default, in pixels (a decompression bomb stops here). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** SVG is rasterised at this many device pixels per CSS px so it prints sharply. */
const SVG_SCALE = 3;
/** Longest side kept for raster images (about A3 at 300 dpi). */
const MAX_RASTER_SIDE = 5000;
/** Longest side kept for raster output of SVGs; bounded so a huge viewBox cannot explode memory. */
const MAX_SVG_SIDE = 4000;

/**
 * Decodes an image for replaced content, where a simple SVG is drawn as paths: such an SVG
 * comes back without pixels when its size is known exactly without librsvg. Everything else
 * goes through decodeImage.
 */
export async function decodeImageForDrawing(
  bytes: Uint8Array,
  contentType: string,
  maxInputPixels = MAX_INPUT_PIXELS,
): Promise<DecodedImage> {
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!isSvg(input, contentType)) return decodePixels(input, contentType, maxInputPixels);
  const text = input.toString('utf8');
  // Parsed once: the raster path below keeps this vector form when the size needs librsvg.
  const vector = await parseSimpleSvg(text);
  const decoded =
    (vector && vectorOnly(vector, maxInputPixels)) ??
    (await decodePixels(input, contentType, maxInputPixels, { vector }));
  return FOREIGN_OBJECT.test(text) ? { ...decoded, foreignObject: true } : decoded;
}

/** Decodes an image to pixels (an SVG is rasterised, and keeps its vector form when simple). */
export async function decodeImage(
  bytes: Uint8Array,
  contentType: string,
  maxInputPixels = MAX_INPUT_PIXELS,
): Promise<PixelImage> {
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return decodePixels(input, contentType, maxInputPixels);
}

/** decodeImage's work; `parsed` is an SVG's vector form when the caller has parsed it already. */
async function decodePixels(
  input: Buffer,
  contentType: string,
  maxInputPixels: number,
  parsed?: { readonly vector: SvgVector | undefined },
): Promise<PixelImage> {
  const sharp = await loadSharp();
  const base = sharp(input, { limitInputPixels: maxInputPixels, failOn: 'error', pages: 1 });
  const meta = await base.metadata();
  if (!meta.width || !meta.height) throw new Error('image has no size');

  if (isSvg(input, contentType)) {
    const w = meta.width;
    const h = meta.height;
    const density = 72 * svgScale(w, h);
    const raster = sharp(input, { density, limitInputPixels: maxInputPixels });
    const out = await rawOf(raster);
    const text = input.toString('utf8');
    const vector = parsed ? parsed.vector : await parseSimpleSvg(text);
    return {
      resource: out,
      intrinsicWidth: w,
      intrinsicHeight: h,
      ...(vector ? { vector } : {}),
      ...(hasOnlyRatio(text) ? { ratioOnly: true as const } : {}),
    };
  }

  const upright = !meta.orientation || meta.orientation === 1;
  // A JPEG tagged with another colour profile (Adobe RGB, a camera profile) must be converted;
  // one without a profile, or with an sRGB one, is taken as sRGB as browsers do.
  const srgbProfile = !meta.hasProfile || (meta.icc !== undefined && meta.icc.includes('sRGB'));
  if (
    meta.format === 'jpeg' &&
    upright &&
    (meta.space === 'srgb' || meta.space === 'b-w') &&
    srgbProfile &&
    passesThrough(input) &&
    (meta.channels === 3 || meta.channels === 1)
  ) {
    const id = createHash('sha256').update(input).digest('hex').slice(0, 32);
    return {
      resource: {
        id,
        widthPx: meta.width,
        heightPx: meta.height,
        data: {
          encoding: 'jpeg',
          bytes: new Uint8Array(input),
          components: meta.channels === 1 ? 1 : 3,
        },
      },
      intrinsicWidth: meta.width,
      intrinsicHeight: meta.height,
    };
  }
  // Pixels beyond print resolution for any page only cost memory: cap the longest side (the
  // intrinsic size, which layout uses, stays the original).
  const swapped = (meta.orientation ?? 1) >= 5;
  const iw = swapped ? meta.height : meta.width;
  const ih = swapped ? meta.width : meta.height;
  const res = await rawOf(
    base.rotate().resize({
      width: MAX_RASTER_SIDE,
      height: MAX_RASTER_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    }),
  );
  return { resource: res, intrinsicWidth: iw, intrinsicHeight: ih };
}

const FOREIGN_OBJECT = /<(?:[\w-]+:)?foreignObject[\s>/]/;
const SVG_START_TAG = /<(?:[\w-]+:)?svg\b([^>]*)>/;

/**
 * Whether the outermost <svg> has a viewBox and neither width nor height in a unit of its own
 * (a percentage refers to the box it is drawn in, so it does not size the image either).
 */
function hasOnlyRatio(text: string): boolean {
  const tag = SVG_START_TAG.exec(text);
  if (!tag) return false;
  const attr = (name: string): string | undefined =>
    new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)
      .exec(tag[1])
      ?.slice(1)
      .find((v) => v !== undefined);
  if (attr('viewBox') === undefined) return false;
  const own = (v: string | undefined): boolean => v !== undefined && !v.trim().endsWith('%');
  return !own(attr('width')) && !own(attr('height'));
}

function isSvg(input: Buffer, contentType: string): boolean {
  return (
    contentType === 'image/svg+xml' ||
    /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(
      input.subarray(0, 512).toString('utf8'),
    )
  );
}

function svgScale(w: number, h: number): number {
  return Math.min(SVG_SCALE, MAX_SVG_SIDE / Math.max(w, h));
}

/**
 * The SVG as paths with its intrinsic size, when it is simple and draws something. The size is
 * the one browsers give an SVG image: width and height in absolute units (CSS px at 96 to the
 * inch); one of them with the viewBox's aspect ratio; neither (or percentages, which have no
 * containing box here) the viewBox's size. It is rounded to whole pixels as sharp rounds the
 * size it reports for the raster path. Anything else is left to librsvg, as is an SVG whose
 * raster would come near the pixel limit, so that it is refused exactly as before.
 */
function vectorOnly(vector: SvgVector, maxInputPixels: number): VectorImage | undefined {
  // An SVG that draws nothing keeps its raster, so its Figure still has content.
  if (vector.nodes.length === 0) return undefined;
  const w = absolutePx(vector.width);
  const h = absolutePx(vector.height);
  const unknown = (raw: string | undefined, px: number | undefined): boolean =>
    raw !== undefined && px === undefined && !raw.trim().endsWith('%');
  // A size in a unit the subset cannot resolve (em) is librsvg's to work out.
  if (unknown(vector.width, w) || unknown(vector.height, h)) return undefined;
  const vb = vector.viewBox;
  let size: readonly [number, number];
  if (w !== undefined && h !== undefined) size = [w, h];
  else if (vb && w !== undefined) size = [w, (w * vb[3]) / vb[2]];
  else if (vb && h !== undefined) size = [(h * vb[2]) / vb[3], h];
  else if (vb) size = [vb[2], vb[3]];
  else return undefined;
  // Neither width nor height of its own (a percentage refers to the box): only a ratio.
  const ratioOnly = w === undefined && h === undefined;
  const iw = Math.round(size[0]);
  const ih = Math.round(size[1]);
  if (iw < 1 || ih < 1) return undefined;
  const scale = svgScale(iw, ih);
  const rasterPixels = (Math.ceil(iw * scale) + 1) * (Math.ceil(ih * scale) + 1);
  if (iw * ih >= maxInputPixels || rasterPixels >= maxInputPixels) return undefined;
  return {
    vector,
    intrinsicWidth: iw,
    intrinsicHeight: ih,
    ...(ratioOnly ? { ratioOnly: true as const } : {}),
  };
}

async function rawOf(img: SharpInstance): Promise<ImageResource> {
  const meta = await img.clone().metadata();
  const gray =
    meta.space === 'b-w' || meta.channels === 1 || (meta.channels === 2 && meta.hasAlpha);
  const pipeline = gray ? img.toColourspace('b-w') : img.toColourspace('srgb');
  const { data, info } = await pipeline
    .ensureAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const colour = gray ? 1 : 3;
  const n = info.width * info.height;
  const stride = info.channels;
  const pixels = new Uint8Array(n * colour);
  const alpha = new Uint8Array(n);
  let opaque = true;
  for (let i = 0; i < n; i++) {
    const s = i * stride;
    for (let c = 0; c < colour; c++) pixels[i * colour + c] = data[s + c];
    const a = data[s + stride - 1];
    alpha[i] = a;
    if (a !== 255) opaque = false;
  }
  const hash = createHash('sha256').update(pixels);
  if (!opaque) hash.update(alpha);
  hash.update(`${info.width}x${info.height}x${colour}`);
  return {
    id: hash.digest('hex').slice(0, 32),
    widthPx: info.width,
    heightPx: info.height,
    data: opaque
      ? { encoding: 'raw', pixels, components: colour as 1 | 3 }
      : { encoding: 'raw', pixels, components: colour as 1 | 3, alpha },
  };
}

export interface FitResult {
  /** Where the image is drawn (may overflow the content box; the caller clips). */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** True when the drawn rect exceeds the box and needs a clip. */
  readonly clip: boolean;
}

/** object-fit inside a content box (object-position: center). */
export function objectFit(
  fit: string,
  box: { x: number; y: number; width: number; height: number },
  iw: number,
  ih: number,
): FitResult {
  if (iw <= 0 || ih <= 0 || fit === 'fill' || !fit) return { ...box, clip: false };
  const sx = box.width / iw;
  const sy = box.height / ih;
  let s: number;
  if (fit === 'contain') s = Math.min(sx, sy);
  else if (fit === 'cover') s = Math.max(sx, sy);
  else if (fit === 'none') s = 1;
  else if (fit === 'scale-down') s = Math.min(1, Math.min(sx, sy));
  else return { ...box, clip: false };
  const w = iw * s;
  const h = ih * s;
  return {
    x: box.x + (box.width - w) / 2,
    y: box.y + (box.height - h) / 2,
    width: w,
    height: h,
    clip: w > box.width + 0.01 || h > box.height + 0.01,
  };
}
