/**
 * sharp (libvips) loaded on first use: a document without images never needs it, and loading
 * it maps about 10 MB of native code into the process.
 */
import type sharpType from 'sharp';

export type Sharp = typeof sharpType;

let loading: Promise<Sharp> | undefined;

export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // libvips keeps up to 50 MB / 100 recent operations with their pixels for reuse, but every
    // call here hands sharp fresh buffers (decoded images are cached by content hash above it,
    // raster pages are new SVGs), so its cache never hits and only holds memory.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
