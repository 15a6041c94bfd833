/**
 * Font container formats. The writer subsets plain sfnt (TrueType/OpenType) data, so web fonts
 * are turned back into sfnt here: WOFF by inflating each table, WOFF2 by brotli plus the glyf,
 * loca and hmtx reconstruction of the WOFF2 specification (see woff2.ts).
 */
import { inflateSync } from 'node:zlib';
import { decodeWoff2 } from './woff2.js';

export type FontFormat = 'truetype' | 'opentype' | 'collection' | 'woff' | 'woff2' | 'unknown';

export function detectFormat(bytes: Uint8Array): FontFormat {
  if (bytes.length < 12) return 'unknown';
  const tag = String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]);
  if (tag === 'wOFF') return 'woff';
  if (tag === 'wOF2') return 'woff2';
  if (tag === 'OTTO') return 'opentype';
  if (tag === 'ttcf') return 'collection';
  if (tag === 'true' || (bytes[0] === 0 && bytes[1] === 1 && bytes[2] === 0 && bytes[3] === 0))
    return 'truetype';
  return 'unknown';
}

/** Upper bound on a decompressed web font (sum of its tables), the same as for WOFF2. */
export const MAX_SFNT_BYTES = 64 * 1024 * 1024;

export class FontFormatError extends Error {
  override readonly name = 'FontFormatError';
}

export interface SfntTable {
  readonly tag: string;
  readonly data: Uint8Array;
}

function checksum(data: Uint8Array): number {
  let sum = 0;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const full = data.byteLength & ~3;
  for (let i = 0; i < full; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  if (full < data.byteLength) {
    let last = 0;
    for (let i = full; i < data.byteLength; i++) last |= data[i] << (24 - 8 * (i - full));
    sum = (sum + last) >>> 0;
  }
  return sum;
}

/** Assembles an sfnt file from tables (sorted by tag, 4-byte aligned, head checksum fixed). */
export function buildSfnt(flavor: number, tables: readonly SfntTable[]): Uint8Array {
  const sorted = [...tables].sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  const n = sorted.length;
  let size = 12 + 16 * n;
  for (const t of sorted) size += (t.data.byteLength + 3) & ~3;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let pow = 1;
  let log = 0;
  while (pow * 2 <= n) {
    pow *= 2;
    log++;
  }
  view.setUint32(0, flavor);
  view.setUint16(4, n);
  view.setUint16(6, pow * 16);
  view.setUint16(8, log);
  view.setUint16(10, n * 16 - pow * 16);
  let offset = 12 + 16 * n;
  let headOffset = -1;
  sorted.forEach((t, i) => {
    const rec = 12 + 16 * i;
    for (let k = 0; k < 4; k++) out[rec + k] = t.tag.charCodeAt(k);
    let data = t.data;
    if (t.tag === 'head' && data.byteLength >= 12) {
      data = data.slice();
      new DataView(data.buffer, data.byteOffset, data.byteLength).setUint32(8, 0);
      headOffset = offset;
    }
    view.setUint32(rec + 4, checksum(data));
    view.setUint32(rec + 8, offset);
    view.setUint32(rec + 12, data.byteLength);
    out.set(data, offset);
    offset += (data.byteLength + 3) & ~3;
  });
  if (headOffset >= 0) view.setUint32(headOffset + 8, (0xb1b0afba - checksum(out)) >>> 0);
  return out;
}

function decodeWoff(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 44) throw new FontFormatError('WOFF header is truncated');
  const flavor = view.getUint32(4);
  const numTables = view.getUint16(12);
  if (44 + numTables * 20 > bytes.byteLength)
    throw new FontFormatError('WOFF table directory is truncated');
  // Bound the whole font before inflating anything: entries may share one compressed stream,
  // so a small file could otherwise expand to origLength once per entry.
  let total = 12 + 16 * numTables;
  for (let i = 0; i < numTables; i++) total += (view.getUint32(44 + i * 20 + 12) + 3) & ~3;
  if (total > MAX_SFNT_BYTES || view.getUint32(16) > MAX_SFNT_BYTES)
    throw new FontFormatError(
      `WOFF font is too large (more than ${MAX_SFNT_BYTES / (1024 * 1024)} MB decompressed)`,
    );
  const tables: SfntTable[] = [];
  for (let i = 0; i < numTables; i++) {
    const rec = 44 + i * 20;
    const tag = String.fromCharCode(bytes[rec], bytes[rec + 1], bytes[rec + 2], bytes[rec + 3]);
    const offset = view.getUint32(rec + 4);
    const compLength = view.getUint32(rec + 8);
    const origLength = view.getUint32(rec + 12);
    if (offset + compLength > bytes.byteLength)
      throw new FontFormatError(`WOFF table ${tag} lies outside the file`);
    const raw = bytes.subarray(offset, offset + compLength);
    let data: Uint8Array;
    if (compLength < origLength) {
      data = new Uint8Array(inflateSync(raw, { maxOutputLength: origLength }));
      if (data.byteLength !== origLength)
        throw new FontFormatError(`WOFF table ${tag} has the wrong length`);
    } else data = raw.slice();
    tables.push({ tag, data });
  }
  return buildSfnt(flavor, tables);
}

/** Returns plain sfnt bytes (a single font or a collection) for TTF/OTF/TTC/WOFF/WOFF2 input; throws FontFormatError otherwise. */
export function toSfnt(bytes: Uint8Array): Uint8Array {
  const format = detectFormat(bytes);
  switch (format) {
    case 'truetype':
    case 'opentype':
    case 'collection':
      return bytes;
    case 'woff':
      return decodeWoff(bytes);
    case 'woff2':
      return decodeWoff2(bytes);
    default:
      throw new FontFormatError('not a TrueType, OpenType, WOFF or WOFF2 font');
  }
}
