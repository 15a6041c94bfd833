/**
 * Raster output: a laid-out page drawn as SVG (glyph outlines, no system fonts) and rasterised
 * by sharp (librsvg) to PNG or JPEG. The same display list feeds the PDF writer, so an image
 * and a PDF of one input show the same thing.
 */
import sharp from 'sharp';
import { LimitError } from '../diagnostics.js';
import type { DisplayItem, ImageItem, ImageResource, Page } from '../layout/display-list.js';
import { pageToSvg } from './svg.js';

export { pageToSvg } from './svg.js';

export interface RasterOptions {
  readonly format: 'png' | 'jpeg';
  /** Device pixel ratio 1..4; one CSS pixel is 0.75 pt. */
  readonly scale: number;
  /** JPEG quality 1..100. */
  readonly quality: number;
  /** Upper bound on width × height in device pixels (default 40 million). */
  readonly maxPixels?: number;
}

export interface RasterResult {
  readonly image: Uint8Array;
  readonly width: number;
  readonly height: number;
}

const CSS_PX_PER_PT = 4 / 3;
const WHITE = { r: 1, g: 1, b: 1, a: 1 } as const;

function collectImages(items: readonly DisplayItem[], into: Map<string, ImageResource>): void {
  for (const item of items) {
    if (item.kind === 'image') into.set(item.image.id, item.image);
    else if (item.kind === 'group') collectImages(item.items, into);
  }
}

/** Every distinct image as a data URI: JPEG as it is, raw pixels encoded to PNG once. */
async function imageDataUris(page: Page): Promise<Map<string, string>> {
  const images = new Map<string, ImageResource>();
  collectImages(page.items, images);
  const uris = new Map<string, string>();
  await Promise.all(
    [...images.values()].map(async (img) => {
      if (img.data.encoding === 'jpeg') {
        uris.set(
          img.id,
          `data:image/jpeg;base64,${Buffer.from(img.data.bytes).toString('base64')}`,
        );
        return;
      }
      const { pixels, components, alpha } = img.data;
      let raw: Buffer;
      let channels: 1 | 2 | 3 | 4 = components;
      if (alpha) {
        channels = components === 1 ? 2 : 4;
        raw = Buffer.alloc(img.widthPx * img.heightPx * channels);
        for (let i = 0, p = 0; i < img.widthPx * img.heightPx; i++) {
          for (let c = 0; c < components; c++) raw[p++] = pixels[i * components + c];
          raw[p++] = alpha[i];
        }
      } else {
        raw = Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength);
      }
      const png = await sharp(raw, { raw: { width: img.widthPx, height: img.heightPx, channels } })
        .png({ compressionLevel: 1 })
        .toBuffer();
      uris.set(img.id, `data:image/png;base64,${png.toString('base64')}`);
    }),
  );
  return uris;
}

export async function rasterizePage(page: Page, opts: RasterOptions): Promise<RasterResult> {
  const pixelsPerPoint = CSS_PX_PER_PT * opts.scale;
  const width = Math.max(1, Math.round(page.width * pixelsPerPoint));
  const height = Math.max(1, Math.round(page.height * pixelsPerPoint));
  const maxPixels = opts.maxPixels ?? 40_000_000;
  if (width * height > maxPixels) {
    throw new LimitError(
      `the image would be ${width}×${height} pixels, over the limit of ${maxPixels}`,
      'pixels',
      400,
    );
  }
  const uris = await imageDataUris(page);
  const { svg } = pageToSvg(page, {
    pixelsPerPoint,
    imageHref: (item: ImageItem) => uris.get(item.image.id) ?? '',
    // JPEG has no alpha: paint white first so transparent areas are not black.
    ...(opts.format === 'jpeg' ? { background: WHITE } : {}),
  });
  const pipeline = sharp(Buffer.from(svg), {
    density: 72,
    limitInputPixels: maxPixels,
    unlimited: true,
  });
  const out =
    opts.format === 'jpeg'
      ? await pipeline
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: opts.quality, mozjpeg: false })
          .toBuffer({ resolveWithObject: true })
      : await pipeline.png({ compressionLevel: 6 }).toBuffer({ resolveWithObject: true });
  return { image: out.data, width: out.info.width, height: out.info.height };
}
