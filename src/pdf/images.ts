/**
 * Image XObjects: JPEG passes through (DCTDecode); raw samples become Flate images with the
 * alpha plane as a soft mask. Interpolate is never written (PDF/A forbids true).
 */
import type { Warning } from '../diagnostics.js';
import type { ImageResource } from '../document/index.js';
import { jpegFrame } from '../images/index.js';
import { deflate, type PdfFile } from './file.js';
import { PdfRef, dict, name } from './objects.js';

/**
 * Flate forms of raw image samples, held as long as the samples themselves: decoded images are
 * shared across documents (images/cache.ts), so the same logo on every invoice is
 * compressed once per thread. Keyed by the sample array's identity, so two images can never be
 * confused, and nothing is held once the decoded image is dropped.
 */
interface CompressedImage {
  readonly pixels: Uint8Array;
  /** Present when the alpha plane is not fully opaque (it then becomes a soft mask). */
  readonly alpha: Uint8Array | null;
}
const compressed = new WeakMap<Uint8Array, CompressedImage>();

function compressedImage(pixels: Uint8Array, alpha: Uint8Array | undefined): CompressedImage {
  const hit = compressed.get(pixels);
  if (hit) return hit;
  // A fully opaque alpha plane needs no mask.
  const masked = alpha !== undefined && alpha.some((a) => a !== 255);
  const entry = { pixels: deflate(pixels), alpha: masked ? deflate(alpha) : null };
  compressed.set(pixels, entry);
  return entry;
}

export function writeImage(
  file: PdfFile,
  img: ImageResource,
  warn: (w: Warning) => void,
): PdfRef | undefined {
  const { widthPx: w, heightPx: h, data } = img;
  const bad = (why: string): undefined => {
    warn({
      code: 'pdf.image-invalid',
      message: `image ${img.id} was left out: ${why}`,
      source: img.id,
    });
    return undefined;
  };
  if (!Number.isInteger(w) || !Number.isInteger(h) || w < 1 || h < 1)
    return bad(`size ${w}x${h} is not a positive integer size`);
  const colorSpace = name(data.components === 1 ? 'DeviceGray' : 'DeviceRGB');
  if (data.encoding === 'jpeg') {
    const b = data.bytes;
    if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8)
      return bad('the bytes are not a JPEG stream');
    const frame = jpegFrame(b);
    if (!frame) return bad('the JPEG stream has no frame header');
    if (frame.components !== data.components) {
      // A CMYK or YCCK JPEG under DeviceRGB would render in wrong colours.
      return bad(
        `the JPEG has ${frame.components} colour components, ${data.components} were declared`,
      );
    }
    if (frame.width !== w || frame.height !== h) {
      return bad(`the JPEG is ${frame.width}x${frame.height}, not ${w}x${h}`);
    }
    return file.addStream(
      dict({
        Type: name('XObject'),
        Subtype: name('Image'),
        Width: w,
        Height: h,
        ColorSpace: colorSpace,
        BitsPerComponent: 8,
        Filter: name('DCTDecode'),
      }),
      b,
      false,
    );
  }
  if (data.pixels.length !== w * h * data.components)
    return bad(`expected ${w * h * data.components} sample bytes, got ${data.pixels.length}`);
  if (data.alpha && data.alpha.length !== w * h)
    return bad(`expected ${w * h} alpha bytes, got ${data.alpha.length}`);
  const packed = compressedImage(data.pixels, data.alpha);
  // The cached Flate forms go in as they are: the named filter tells addStream not to compress.
  const smask = packed.alpha
    ? file.addStream(
        dict({
          Type: name('XObject'),
          Subtype: name('Image'),
          Width: w,
          Height: h,
          ColorSpace: name('DeviceGray'),
          BitsPerComponent: 8,
          Filter: name('FlateDecode'),
        }),
        packed.alpha,
      )
    : undefined;
  return file.addStream(
    dict({
      Type: name('XObject'),
      Subtype: name('Image'),
      Width: w,
      Height: h,
      ColorSpace: colorSpace,
      BitsPerComponent: 8,
      SMask: smask,
      Filter: name('FlateDecode'),
    }),
    packed.pixels,
  );
}
