/**
 * A small TrueType/OpenType reader for the font rules: table directory, cmap subtables
 * (formats 0, 4, 6, 12), glyph count, advance widths in 1/1000 em and, through fontkit, post
 * table glyph names. Bounds are checked everywhere: a damaged program gives null values rather
 * than an exception.
 */
import { create } from 'fontkit';

export interface CmapSubtable {
  readonly platform: number;
  readonly encoding: number;
  readonly format: number;
  /** Glyph id for a character code; 0 when unmapped. */
  lookup(code: number): number;
  /** Whether the subtable maps the code at all (even to glyph 0). */
  has(code: number): boolean;
  /** Some code the subtable maps (used to find the high byte of a (3,0) table). */
  readonly sampleCode: number | null;
}

export interface SfntProgram {
  readonly numGlyphs: number;
  readonly unitsPerEm: number;
  /** head.unitsPerEm as written; null when the font has no head table. */
  readonly headUnitsPerEm: number | null;
  readonly cmaps: readonly CmapSubtable[];
  /** Advance width of a glyph in 1/1000 em, or null when unknown. */
  advance(gid: number): number | null;
  /** Glyph id for a glyph name from the post table, or 0. */
  gidForName(name: string): number;
  /** The raw 'CFF ' table when the program is CFF-flavoured OpenType. */
  readonly cff: Uint8Array | null;
  cmap(platform: number, encoding: number): CmapSubtable | null;
}

const tag = (b: Uint8Array, at: number): string =>
  String.fromCharCode(b[at], b[at + 1], b[at + 2], b[at + 3]);

export function parseSfnt(data: Uint8Array): SfntProgram | null {
  if (data.length < 12) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const u16 = (at: number): number => (at + 2 <= data.length ? view.getUint16(at) : 0);
  const i16 = (at: number): number => (at + 2 <= data.length ? view.getInt16(at) : 0);
  const u32 = (at: number): number => (at + 4 <= data.length ? view.getUint32(at) : 0);
  const version = tag(data, 0);
  if (!['\x00\x01\x00\x00', 'OTTO', 'true', 'typ1'].includes(version)) return null;
  const numTables = u16(4);
  const tables = new Map<string, { offset: number; length: number }>();
  for (let i = 0; i < numTables && 12 + i * 16 + 16 <= data.length; i++) {
    const rec = 12 + i * 16;
    const offset = u32(rec + 8);
    const length = u32(rec + 12);
    if (offset > data.length) continue;
    tables.set(tag(data, rec), { offset, length: Math.min(length, data.length - offset) });
  }
  const maxp = tables.get('maxp');
  const numGlyphs = maxp ? u16(maxp.offset + 4) : 0;
  const head = tables.get('head');
  const unitsPerEm = head ? u16(head.offset + 18) || 1000 : 1000;
  const hhea = tables.get('hhea');
  const numHMetrics = hhea ? u16(hhea.offset + 34) : 0;
  const hmtx = tables.get('hmtx');

  const cmaps: CmapSubtable[] = [];
  const cmapTable = tables.get('cmap');
  if (cmapTable) {
    const base = cmapTable.offset;
    const n = u16(base + 2);
    for (let i = 0; i < n && i < 64; i++) {
      const rec = base + 4 + i * 8;
      if (rec + 8 > data.length) break;
      const sub = readSubtable(u16(rec), u16(rec + 2), base + u32(rec + 4), data, u16, u32, i16);
      if (sub) cmaps.push(sub);
    }
  }

  const cffTable = tables.get('CFF ');
  let postNames: Map<string, number> | null = null;
  return {
    numGlyphs,
    unitsPerEm,
    headUnitsPerEm: head ? u16(head.offset + 18) : null,
    cmaps,
    cff: cffTable ? data.subarray(cffTable.offset, cffTable.offset + cffTable.length) : null,
    advance(gid: number): number | null {
      if (!hmtx || numHMetrics === 0 || gid < 0) return null;
      const idx = Math.min(gid, numHMetrics - 1);
      const at = hmtx.offset + idx * 4;
      if (at + 2 > hmtx.offset + hmtx.length) return null;
      return (u16(at) * 1000) / unitsPerEm;
    },
    gidForName(name: string): number {
      if (postNames === null) postNames = readPostNames(data, numGlyphs);
      return postNames.get(name) ?? 0;
    },
    cmap(platform: number, encoding: number): CmapSubtable | null {
      return cmaps.find((c) => c.platform === platform && c.encoding === encoding) ?? null;
    },
  };
}

function readPostNames(data: Uint8Array, numGlyphs: number): Map<string, number> {
  const names = new Map<string, number>();
  try {
    const font = create(Buffer.from(data.buffer, data.byteOffset, data.byteLength)) as unknown as {
      getGlyph(id: number): { name: string };
    };
    for (let gid = 0; gid < Math.min(numGlyphs, 65536); gid++) {
      const n = font.getGlyph(gid).name;
      if (n && !names.has(n)) names.set(n, gid);
    }
  } catch {
    // A program fontkit cannot read has no usable post names; lookups by name then fail.
  }
  return names;
}

function readSubtable(
  platform: number,
  encoding: number,
  off: number,
  data: Uint8Array,
  u16: (at: number) => number,
  u32: (at: number) => number,
  i16: (at: number) => number,
): CmapSubtable | null {
  if (off + 4 > data.length) return null;
  const format = u16(off);
  if (format === 0) {
    const map = (code: number): number =>
      code >= 0 && code < 256 && off + 6 + code < data.length ? data[off + 6 + code] : 0;
    let sample: number | null = null;
    for (let c = 0; c < 256; c++)
      if (map(c) !== 0) {
        sample = c;
        break;
      }
    return {
      platform,
      encoding,
      format,
      lookup: map,
      has: (c) => c >= 0 && c < 256,
      sampleCode: sample,
    };
  }
  if (format === 4) {
    const segX2 = u16(off + 6);
    const segs = segX2 / 2;
    const ends = off + 14;
    const starts = ends + segX2 + 2;
    const deltas = starts + segX2;
    const ranges = deltas + segX2;
    const find = (code: number): { gid: number; inRange: boolean } => {
      // Segments are sorted by end code: binary search for the first end >= code.
      let lo = 0;
      let hi = segs - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (u16(ends + mid * 2) < code) lo = mid + 1;
        else hi = mid;
      }
      const seg = lo;
      if (segs === 0 || u16(ends + seg * 2) < code) return { gid: 0, inRange: false };
      const start = u16(starts + seg * 2);
      if (code < start) return { gid: 0, inRange: false };
      const delta = i16(deltas + seg * 2);
      const ro = u16(ranges + seg * 2);
      if (ro === 0) return { gid: (code + delta) & 0xffff, inRange: true };
      const g = u16(ranges + seg * 2 + ro + (code - start) * 2);
      return { gid: g === 0 ? 0 : (g + delta) & 0xffff, inRange: true };
    };
    let sample: number | null = null;
    for (let s = 0; s < segs && sample === null; s++) {
      const start = u16(starts + s * 2);
      if (start !== 0xffff) sample = start;
    }
    return {
      platform,
      encoding,
      format,
      lookup: (c) => find(c).gid,
      // The final 0xFFFF segment is a required terminator, not a mapping.
      has: (c) => c !== 0xffff && find(c).inRange,
      sampleCode: sample,
    };
  }
  if (format === 6) {
    const first = u16(off + 6);
    const count = u16(off + 8);
    const map = (c: number): number =>
      c >= first && c < first + count ? u16(off + 10 + (c - first) * 2) : 0;
    return {
      platform,
      encoding,
      format,
      lookup: map,
      has: (c) => c >= first && c < first + count,
      sampleCode: count > 0 ? first : null,
    };
  }
  if (format === 12) {
    const groups = u32(off + 12);
    const count = Math.min(groups, Math.floor((data.length - off - 16) / 12));
    const find = (c: number): { gid: number; inRange: boolean } => {
      // Groups are sorted by start code: binary search for the last start <= c.
      let lo = 0;
      let hi = count - 1;
      let found = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (u32(off + 16 + mid * 12) <= c) {
          found = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      if (found < 0) return { gid: 0, inRange: false };
      const at = off + 16 + found * 12;
      const start = u32(at);
      if (c > u32(at + 4)) return { gid: 0, inRange: false };
      return { gid: u32(at + 8) + (c - start), inRange: true };
    };
    return {
      platform,
      encoding,
      format,
      lookup: (c) => find(c).gid,
      has: (c) => find(c).inRange,
      sampleCode: groups > 0 ? u32(off + 16) : null,
    };
  }
  // Other formats (2, 8, 10, 13, 14) are counted as present but not read.
  return { platform, encoding, format, lookup: () => 0, has: () => false, sampleCode: null };
}
