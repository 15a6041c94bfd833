/**
 * Image XObjects: JPEG passes through (DCTDecode); raw samples become Flate images with the
 * alpha plane as a soft mask. Interpolate is never written (PDF/A forbids true).
 */
import type { Warning } from '../diagnostics.js';
import type { ImageResource } from '../layout/display-list.js';
import type { PdfFile } from './file.js';
import { PdfRef, dict, name } from './objects.js';

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
  let smask: PdfRef | undefined;
  if (data.alpha) {
    if (data.alpha.length !== w * h)
      return bad(`expected ${w * h} alpha bytes, got ${data.alpha.length}`);
    // A fully opaque alpha plane needs no mask.
    if (data.alpha.some((a) => a !== 255)) {
      smask = file.addStream(
        dict({
          Type: name('XObject'),
          Subtype: name('Image'),
          Width: w,
          Height: h,
          ColorSpace: name('DeviceGray'),
          BitsPerComponent: 8,
        }),
        data.alpha,
      );
    }
  }
  return file.addStream(
    dict({
      Type: name('XObject'),
      Subtype: name('Image'),
      Width: w,
      Height: h,
      ColorSpace: colorSpace,
      BitsPerComponent: 8,
      SMask: smask,
    }),
    data.pixels,
  );
}
