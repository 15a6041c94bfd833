/**
 * Decoded images kept across documents, by the hash of their encoded bytes. A service draws
 * the same logo or signature on every invoice; decoding it through sharp, converting it to
 * sRGB and hashing its pixels again each time was a visible part of an image-heavy render.
 * Failures are not kept: a bad image gets its error again, and a different limit decodes
 * afresh. Entries are immutable once stored, so documents share them safely.
 */
import { createHash } from 'node:crypto';
import { LruCache } from '../util/index.js';
import {
  decodeImage,
  decodeImageForDrawing,
  type DecodedImage,
  type PixelImage,
} from './decode.js';
import type { SvgVectorNode } from './svg-vector.js';

/** Decoded bytes kept per thread (pixels, alpha planes and passed-through JPEGs). */
const CACHE_BYTES = 24 * 1024 * 1024;
const CACHE_ENTRIES = 256;

function weigh(key: string, img: DecodedImage): number {
  const d = img.resource?.data;
  const data = !d
    ? 0
    : d.encoding === 'jpeg'
      ? d.bytes.length
      : d.pixels.length + (d.alpha?.length ?? 0);
  // The vector form of a simple SVG is small next to a raster, but a QR code without one is
  // thousands of path operations: count them (about 64 bytes each as objects).
  return key.length + data + (img.vector ? 1024 + 64 * opCount(img.vector.nodes) : 0);
}

function opCount(nodes: readonly SvgVectorNode[]): number {
  let n = 0;
  for (const node of nodes) {
    if (node.kind === 'group') n += opCount(node.children);
    else if (node.kind === 'shape') n += node.ops.length;
    // A text run weighs about as much as a few path operations.
    else for (const c of node.chunks) n += 4 * c.runs.length;
  }
  return n;
}

const decoded = new LruCache<string, DecodedImage>(CACHE_ENTRIES, { bytes: CACHE_BYTES, weigh });

function keyOf(bytes: Uint8Array, contentType: string, maxInputPixels: number | undefined): string {
  return `${createHash('sha256').update(bytes).digest('base64')}|${contentType}|${maxInputPixels ?? ''}`;
}

/** decodeImage, answered from the cache when the same bytes were decoded under the same limit. */
export async function decodeImageCached(
  bytes: Uint8Array,
  contentType: string,
  maxInputPixels?: number,
): Promise<PixelImage> {
  const key = keyOf(bytes, contentType, maxInputPixels);
  const hit = decoded.get(key);
  // Only decodes with pixels are stored under the plain key.
  if (hit?.resource) return hit;
  const img = await decodeImage(bytes, contentType, maxInputPixels);
  decoded.set(key, img);
  return img;
}

/**
 * decodeImageForDrawing, cached. A decode with pixels serves it too; one without is kept under
 * its own key, so a later request for pixels never receives it.
 */
export async function decodeImageForDrawingCached(
  bytes: Uint8Array,
  contentType: string,
  maxInputPixels?: number,
): Promise<DecodedImage> {
  const key = keyOf(bytes, contentType, maxInputPixels);
  const vectorKey = `${key}|vector`;
  const hit = decoded.get(key) ?? decoded.get(vectorKey);
  if (hit) return hit;
  const img = await decodeImageForDrawing(bytes, contentType, maxInputPixels);
  decoded.set(img.resource ? key : vectorKey, img);
  return img;
}
