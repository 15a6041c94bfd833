/**
 * Decoded images kept across documents, by the hash of their encoded bytes. A service draws
 * the same logo or signature on every invoice; decoding it through sharp, converting it to
 * sRGB and hashing its pixels again each time was a visible part of an image-heavy render.
 * Failures are not kept: a bad image gets its error again, and a different limit decodes
 * afresh. Entries are immutable once stored, so documents share them safely.
 */
import { createHash } from 'node:crypto';
import { LruCache } from '../text/lru.js';
import { decodeImage, type DecodedImage } from './images.js';

/** Decoded bytes kept per thread (pixels, alpha planes and passed-through JPEGs). */
const CACHE_BYTES = 24 * 1024 * 1024;
const CACHE_ENTRIES = 256;

function weigh(key: string, img: DecodedImage): number {
  const d = img.resource.data;
  const data = d.encoding === 'jpeg' ? d.bytes.length : d.pixels.length + (d.alpha?.length ?? 0);
  // The vector form of a simple SVG is small next to its raster; count its markup-sized share.
  return key.length + data + (img.vector ? 4096 : 0);
}

const decoded = new LruCache<string, DecodedImage>(CACHE_ENTRIES, { bytes: CACHE_BYTES, weigh });

/** decodeImage, answered from the cache when the same bytes were decoded under the same limit. */
export async function decodeImageCached(
  bytes: Uint8Array,
  contentType: string,
  maxInputPixels?: number,
): Promise<DecodedImage> {
  const key = `${createHash('sha256').update(bytes).digest('base64')}|${contentType}|${maxInputPixels ?? ''}`;
  const hit = decoded.get(key);
  if (hit) return hit;
  const img = await decodeImage(bytes, contentType, maxInputPixels);
  decoded.set(key, img);
  return img;
}
