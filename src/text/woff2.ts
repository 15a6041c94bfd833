/**
 * WOFF2 → sfnt, written from the W3C WOFF2 specification: brotli-decompress the table data,
 * then undo the glyf/loca transform (separate streams of contour counts, point counts, flags,
 * triplet-encoded coordinates, composites, bounding boxes and instructions) and the optional
 * hmtx transform. Collections are rejected. Every read is bounds-checked: bad input throws
 * FontFormatError, never reads past the buffer.
 */
import { brotliDecompressSync } from 'node:zlib';
import { buildSfnt, FontFormatError, MAX_SFNT_BYTES, type SfntTable } from './sfnt.js';

const KNOWN_TAGS = [
  'cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'OS/2', 'post', 'cvt ', 'fpgm', 'glyf', 'loca', 'prep',
  'CFF ', 'VORG', 'EBDT', 'EBLC', 'gasp', 'hdmx', 'kern', 'LTSH', 'PCLT', 'VDMX', 'vhea', 'vmtx', 'BASE',
  'GDEF', 'GPOS', 'GSUB', 'EBSC', 'JSTF', 'MATH', 'CBDT', 'CBLC', 'COLR', 'CPAL', 'SVG ', 'sbix', 'acnt',
  'avar', 'bdat', 'bloc', 'bsln', 'cvar', 'fdsc', 'feat', 'fmtx', 'fvar', 'gvar', 'hsty', 'just', 'lcar',
  'mort', 'morx', 'opbd', 'prop', 'trak', 'Zapf', 'Silf', 'Glat', 'Gloc', 'Feat', 'Sill',
]; // prettier-ignore

/** Sequential big-endian reader over a byte range. */
class Reader {
  pos = 0;
  private readonly view: DataView;
  constructor(
    private readonly bytes: Uint8Array,
    private readonly what: string,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  private need(n: number): void {
    if (this.pos + n > this.bytes.byteLength)
      throw new FontFormatError(`WOFF2 ${this.what} is truncated`);
  }
  u8(): number {
    this.need(1);
    return this.bytes[this.pos++];
  }
  u16(): number {
    this.need(2);
    const v = this.view.getUint16(this.pos);
    this.pos += 2;
    return v;
  }
  i16(): number {
    this.need(2);
    const v = this.view.getInt16(this.pos);
    this.pos += 2;
    return v;
  }
  u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.pos);
    this.pos += 4;
    return v;
  }
  bytesOf(n: number): Uint8Array {
    this.need(n);
    const out = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
  /** UIntBase128: up to five bytes, seven bits each, high bit = more. */
  base128(): number {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const b = this.u8();
      if (i === 0 && b === 0x80) throw new FontFormatError('WOFF2 number has a leading zero');
      if (value > 0x1ffffff) throw new FontFormatError('WOFF2 number overflows');
      value = value * 128 + (b & 0x7f);
      if ((b & 0x80) === 0) return value;
    }
    throw new FontFormatError('WOFF2 number is too long');
  }
  /** 255UInt16 variable-length encoding. */
  u255(): number {
    const code = this.u8();
    if (code === 253) return this.u16();
    if (code === 255) return this.u8() + 253;
    if (code === 254) return this.u8() + 506;
    return code;
  }
}

interface DirEntry {
  readonly tag: string;
  readonly origLength: number;
  readonly transformed: boolean;
  readonly length: number;
}

/** A growable byte buffer for the rebuilt glyf table. */
class Writer {
  buf = new Uint8Array(1024);
  len = 0;
  private ensure(n: number): void {
    if (this.len + n <= this.buf.byteLength) return;
    let cap = this.buf.byteLength * 2;
    while (cap < this.len + n) cap *= 2;
    if (cap > MAX_SFNT_BYTES * 2) throw new FontFormatError('WOFF2 glyph data is too large');
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }
  u8(v: number): void {
    this.ensure(1);
    this.buf[this.len++] = v & 0xff;
  }
  u16(v: number): void {
    this.ensure(2);
    this.buf[this.len++] = (v >> 8) & 0xff;
    this.buf[this.len++] = v & 0xff;
  }
  bytes(b: Uint8Array): void {
    this.ensure(b.byteLength);
    this.buf.set(b, this.len);
    this.len += b.byteLength;
  }
  pad4(): void {
    while (this.len & 3) this.u8(0);
  }
  result(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}

function withSign(flag: number, value: number): number {
  return flag & 1 ? value : -value;
}

interface GlyfResult {
  readonly glyf: Uint8Array;
  readonly loca: Uint8Array;
  /** xMin per glyph (0 for empty glyphs), for the hmtx transform. */
  readonly xMins: Int16Array;
}

function rebuildGlyf(data: Uint8Array): GlyfResult {
  const h = new Reader(data, 'glyf header');
  h.u16(); // reserved
  const optionFlags = h.u16();
  const numGlyphs = h.u16();
  const indexFormat = h.u16();
  const sizes: number[] = [];
  for (let i = 0; i < 7; i++) sizes.push(h.u32());
  let offset = h.pos;
  const streams: Uint8Array[] = [];
  for (const size of sizes) {
    if (offset + size > data.byteLength)
      throw new FontFormatError('WOFF2 glyf stream lies outside the table');
    streams.push(data.subarray(offset, offset + size));
    offset += size;
  }
  const nContourS = new Reader(streams[0], 'contour stream');
  const nPointsS = new Reader(streams[1], 'point stream');
  const flagS = new Reader(streams[2], 'flag stream');
  const glyphS = new Reader(streams[3], 'glyph stream');
  const compositeS = new Reader(streams[4], 'composite stream');
  const bboxS = new Reader(streams[5], 'bbox stream');
  const instrS = new Reader(streams[6], 'instruction stream');
  let overlap: Uint8Array | undefined;
  if (optionFlags & 1) {
    const size = (numGlyphs + 7) >> 3;
    if (offset + size > data.byteLength)
      throw new FontFormatError('WOFF2 overlap bitmap is truncated');
    overlap = data.subarray(offset, offset + size);
  }
  const bboxBitmap = bboxS.bytesOf(4 * ((numGlyphs + 31) >> 5));
  const hasBbox = (g: number): boolean => (bboxBitmap[g >> 3] & (0x80 >> (g & 7))) !== 0;

  const out = new Writer();
  // Scratch buffers for one glyph's coordinates, reused across glyphs.
  const xBytes = new Writer();
  const yBytes = new Writer();
  const locaOffsets = new Uint32Array(numGlyphs + 1);
  const xMins = new Int16Array(numGlyphs);
  for (let g = 0; g < numGlyphs; g++) {
    locaOffsets[g] = out.len;
    const nContours = nContourS.i16();
    if (nContours === 0) {
      if (hasBbox(g)) throw new FontFormatError('WOFF2 empty glyph has a bounding box');
      continue;
    }
    if (nContours < 0) {
      if (!hasBbox(g)) throw new FontFormatError('WOFF2 composite glyph lacks a bounding box');
      const bbox = [bboxS.i16(), bboxS.i16(), bboxS.i16(), bboxS.i16()];
      xMins[g] = bbox[0];
      const start = compositeS.pos;
      let flags: number;
      let haveInstructions = false;
      do {
        flags = compositeS.u16();
        compositeS.u16(); // glyph index
        let skip = flags & 0x0001 ? 4 : 2;
        if (flags & 0x0008) skip += 2;
        else if (flags & 0x0040) skip += 4;
        else if (flags & 0x0080) skip += 8;
        compositeS.bytesOf(skip);
        if (flags & 0x0100) haveInstructions = true;
      } while (flags & 0x0020);
      const components = streams[4].subarray(start, compositeS.pos);
      out.u16(0xffff);
      for (const v of bbox) out.u16(v & 0xffff);
      out.bytes(components);
      if (haveInstructions) {
        const n = glyphS.u255();
        out.u16(n);
        out.bytes(instrS.bytesOf(n));
      }
      out.pad4();
      continue;
    }
    const endPts: number[] = [];
    let total = 0;
    for (let c = 0; c < nContours; c++) {
      total += nPointsS.u255();
      if (total > 0xffff) throw new FontFormatError('WOFF2 glyph has too many points');
      endPts.push(total - 1);
    }
    const xs = new Int32Array(total);
    const ys = new Int32Array(total);
    const onCurve = new Uint8Array(total);
    let x = 0;
    let y = 0;
    for (let p = 0; p < total; p++) {
      const raw = flagS.u8();
      onCurve[p] = raw & 0x80 ? 0 : 1;
      const f = raw & 0x7f;
      let dx: number;
      let dy: number;
      if (f < 10) {
        dx = 0;
        dy = withSign(f, ((f & 14) << 7) + glyphS.u8());
      } else if (f < 20) {
        dx = withSign(f, (((f - 10) & 14) << 7) + glyphS.u8());
        dy = 0;
      } else if (f < 84) {
        const b0 = f - 20;
        const b1 = glyphS.u8();
        dx = withSign(f, 1 + (b0 & 0x30) + (b1 >> 4));
        dy = withSign(f >> 1, 1 + ((b0 & 0x0c) << 2) + (b1 & 0x0f));
      } else if (f < 120) {
        const b0 = f - 84;
        dx = withSign(f, 1 + (Math.floor(b0 / 12) << 8) + glyphS.u8());
        dy = withSign(f >> 1, 1 + (((b0 % 12) >> 2) << 8) + glyphS.u8());
      } else if (f < 124) {
        const b1 = glyphS.u8();
        const b2 = glyphS.u8();
        const b3 = glyphS.u8();
        dx = withSign(f, (b1 << 4) + (b2 >> 4));
        dy = withSign(f >> 1, ((b2 & 0x0f) << 8) + b3);
      } else {
        const b1 = glyphS.u8();
        const b2 = glyphS.u8();
        const b3 = glyphS.u8();
        const b4 = glyphS.u8();
        dx = withSign(f, (b1 << 8) + b2);
        dy = withSign(f >> 1, (b3 << 8) + b4);
      }
      x += dx;
      y += dy;
      xs[p] = x;
      ys[p] = y;
    }
    const instructionLength = glyphS.u255();
    const instructions = instrS.bytesOf(instructionLength);
    let bbox: number[];
    if (hasBbox(g)) bbox = [bboxS.i16(), bboxS.i16(), bboxS.i16(), bboxS.i16()];
    else if (total === 0) bbox = [0, 0, 0, 0];
    else {
      let x0 = xs[0];
      let y0 = ys[0];
      let x1 = xs[0];
      let y1 = ys[0];
      for (let p = 1; p < total; p++) {
        x0 = Math.min(x0, xs[p]);
        x1 = Math.max(x1, xs[p]);
        y0 = Math.min(y0, ys[p]);
        y1 = Math.max(y1, ys[p]);
      }
      bbox = [x0, y0, x1, y1];
    }
    xMins[g] = bbox[0];
    out.u16(nContours);
    for (const v of bbox) out.u16(v & 0xffff);
    for (const e of endPts) out.u16(e);
    out.u16(instructionLength);
    out.bytes(instructions);
    // Flags and coordinates in the plain glyf encoding (no repeat compression).
    const overlapFirst = overlap !== undefined && (overlap[g >> 3] & (0x80 >> (g & 7))) !== 0;
    let px = 0;
    let py = 0;
    xBytes.len = 0;
    yBytes.len = 0;
    for (let p = 0; p < total; p++) {
      let flag = onCurve[p];
      if (p === 0 && overlapFirst) flag |= 0x40;
      const dx = xs[p] - px;
      const dy = ys[p] - py;
      px = xs[p];
      py = ys[p];
      if (dx === 0) flag |= 0x10;
      else if (dx >= -255 && dx <= 255) {
        flag |= 0x02 | (dx > 0 ? 0x10 : 0);
        xBytes.u8(Math.abs(dx));
      } else xBytes.u16(dx & 0xffff);
      if (dy === 0) flag |= 0x20;
      else if (dy >= -255 && dy <= 255) {
        flag |= 0x04 | (dy > 0 ? 0x20 : 0);
        yBytes.u8(Math.abs(dy));
      } else yBytes.u16(dy & 0xffff);
      out.u8(flag);
    }
    out.bytes(xBytes.buf.subarray(0, xBytes.len));
    out.bytes(yBytes.buf.subarray(0, yBytes.len));
    out.pad4();
  }
  locaOffsets[numGlyphs] = out.len;
  const glyf = out.result();
  let loca: Uint8Array;
  if (indexFormat === 0) {
    if (glyf.byteLength > 0x1fffe)
      throw new FontFormatError('WOFF2 glyf is too large for short loca offsets');
    loca = new Uint8Array(2 * (numGlyphs + 1));
    const v = new DataView(loca.buffer);
    locaOffsets.forEach((o, i) => v.setUint16(2 * i, o / 2));
  } else {
    loca = new Uint8Array(4 * (numGlyphs + 1));
    const v = new DataView(loca.buffer);
    locaOffsets.forEach((o, i) => v.setUint32(4 * i, o));
  }
  return { glyf, loca, xMins };
}

function rebuildHmtx(
  data: Uint8Array,
  numGlyphs: number,
  numHMetrics: number,
  xMins: Int16Array,
): Uint8Array {
  const r = new Reader(data, 'hmtx');
  const flags = r.u8();
  if (numHMetrics < 1 || numHMetrics > numGlyphs)
    throw new FontFormatError('WOFF2 hhea numberOfHMetrics is invalid');
  const advances: number[] = [];
  for (let i = 0; i < numHMetrics; i++) advances.push(r.u16());
  const lsbs = new Int16Array(numGlyphs);
  for (let i = 0; i < numHMetrics; i++) lsbs[i] = flags & 1 ? xMins[i] : r.i16();
  for (let i = numHMetrics; i < numGlyphs; i++) lsbs[i] = flags & 2 ? xMins[i] : r.i16();
  const out = new Uint8Array(4 * numHMetrics + 2 * (numGlyphs - numHMetrics));
  const v = new DataView(out.buffer);
  for (let i = 0; i < numHMetrics; i++) {
    v.setUint16(4 * i, advances[i]);
    v.setInt16(4 * i + 2, lsbs[i]);
  }
  for (let i = numHMetrics; i < numGlyphs; i++)
    v.setInt16(4 * numHMetrics + 2 * (i - numHMetrics), lsbs[i]);
  return out;
}

export function decodeWoff2(bytes: Uint8Array): Uint8Array {
  const r = new Reader(bytes, 'header');
  r.u32(); // signature
  const flavor = r.u32();
  r.u32(); // length
  const numTables = r.u16();
  r.u16();
  const totalSfntSize = r.u32();
  const totalCompressedSize = r.u32();
  r.bytesOf(24); // versions, metadata and private block locations
  if (flavor === 0x74746366) throw new FontFormatError('WOFF2 font collections are not supported');
  if (totalSfntSize > MAX_SFNT_BYTES) throw new FontFormatError('WOFF2 font is too large');
  const entries: DirEntry[] = [];
  let totalLength = 0;
  for (let i = 0; i < numTables; i++) {
    const flags = r.u8();
    const index = flags & 0x3f;
    let tag: string;
    if (index === 0x3f) {
      const t = r.bytesOf(4);
      tag = String.fromCharCode(t[0], t[1], t[2], t[3]);
    } else {
      const known = KNOWN_TAGS[index];
      if (known === undefined) throw new FontFormatError('WOFF2 table has an unknown tag index');
      tag = known;
    }
    const version = flags >> 6;
    const origLength = r.base128();
    let transformed: boolean;
    if (tag === 'glyf' || tag === 'loca') transformed = version === 0;
    else if (tag === 'hmtx') transformed = version === 1;
    else if (version === 0) transformed = false;
    else throw new FontFormatError(`WOFF2 table ${tag} uses an unknown transform`);
    const length = transformed ? r.base128() : origLength;
    entries.push({ tag, origLength, transformed, length });
    totalLength += length;
  }
  if (totalLength > MAX_SFNT_BYTES) throw new FontFormatError('WOFF2 font is too large');
  const compressed = r.bytesOf(totalCompressedSize);
  let data: Uint8Array;
  try {
    data = new Uint8Array(
      brotliDecompressSync(compressed, { maxOutputLength: Math.max(totalLength, 1) }),
    );
  } catch {
    throw new FontFormatError('WOFF2 table data does not decompress');
  }
  if (data.byteLength !== totalLength)
    throw new FontFormatError('WOFF2 table data has the wrong length');

  const raw = new Map<string, { entry: DirEntry; data: Uint8Array }>();
  let offset = 0;
  for (const entry of entries) {
    raw.set(entry.tag, { entry, data: data.subarray(offset, offset + entry.length) });
    offset += entry.length;
  }
  const tables: SfntTable[] = [];
  const glyf = raw.get('glyf');
  const loca = raw.get('loca');
  let xMins: Int16Array | undefined;
  if (glyf?.entry.transformed) {
    if (!loca || !loca.entry.transformed)
      throw new FontFormatError('WOFF2 transformed glyf needs a transformed loca');
    const rebuilt = rebuildGlyf(glyf.data);
    xMins = rebuilt.xMins;
    tables.push({ tag: 'glyf', data: rebuilt.glyf }, { tag: 'loca', data: rebuilt.loca });
  } else if (loca?.entry.transformed)
    throw new FontFormatError('WOFF2 transformed loca without transformed glyf');
  for (const [tag, { entry, data: tableData }] of raw) {
    if (tag === 'glyf' && entry.transformed) continue;
    if (tag === 'loca' && entry.transformed) continue;
    if (tag === 'hmtx' && entry.transformed) {
      const maxp = raw.get('maxp')?.data;
      const hhea = raw.get('hhea')?.data;
      if (!maxp || maxp.byteLength < 6 || !hhea || hhea.byteLength < 36 || !xMins)
        throw new FontFormatError('WOFF2 transformed hmtx needs maxp, hhea and a transformed glyf');
      const numGlyphs = new DataView(maxp.buffer, maxp.byteOffset).getUint16(4);
      const numHMetrics = new DataView(hhea.buffer, hhea.byteOffset).getUint16(34);
      if (numGlyphs !== xMins.length)
        throw new FontFormatError('WOFF2 glyph count differs between maxp and glyf');
      tables.push({ tag, data: rebuildHmtx(tableData, numGlyphs, numHMetrics, xMins) });
      continue;
    }
    tables.push({ tag, data: tableData.slice() });
  }
  return buildSfnt(flavor, tables);
}
