/**
 * A TrueType (glyf) subset written straight from the font's bytes, in the layout fontkit's
 * TTFSubset writes (the same tables in the same order, so the embedded programs do not change).
 * fontkit decodes every glyph's points and hinting instructions through its generic struct
 * reader only to learn whether the glyph is composite; that was most of a document's PDF
 * writing when its text was new, because each new set of glyphs is a new program. Here a simple
 * glyph is copied as bytes, a composite's component records are read where they lie, and the
 * tables that do not depend on the glyphs (head, hhea, maxp, cvt, prep, fpgm) are taken once
 * per font from fontkit's own encoding, with the two counts that change patched in.
 */

/** The parts of a fontkit TrueType font this writer reads. */
export interface GlyfFont {
  readonly stream: { readonly buffer: Uint8Array };
  readonly directory: { tables: Record<string, { offset: number; length: number } | undefined> };
  /** Glyph offsets in the glyf table, already in bytes (fontkit doubles the short form). */
  readonly loca: { readonly version: number; readonly offsets: ArrayLike<number> };
  readonly hmtx: {
    readonly metrics: LazyList<{ advance: number; bearing: number }>;
    readonly bearings: LazyList<number>;
  };
  createSubset(): { encode(): Uint8Array };
}

interface LazyList<T> {
  readonly length: number;
  get(index: number): T | undefined;
}

/** Component record flags (OpenType glyf table). */
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

/** Byte offsets of the counts rewritten in the glyph-independent tables. */
const HHEA_NUMBER_OF_METRICS = 34;
const MAXP_NUM_GLYPHS = 4;

/** The tables fontkit's TrueType subset writes, in its order. */
const TABLE_ORDER = ['head', 'hhea', 'loca', 'maxp', 'cvt ', 'prep', 'glyf', 'hmtx', 'fpgm'];

/** Glyph-independent tables of a font, as fontkit encodes them (tag → bytes). */
type StaticTables = ReadonlyMap<string, Uint8Array>;

const staticTablesOf = new WeakMap<GlyfFont, StaticTables>();

function readTables(program: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(program.buffer, program.byteOffset, program.byteLength);
  const count = view.getUint16(4);
  const tables = new Map<string, Uint8Array>();
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(
      program[at] as number,
      program[at + 1] as number,
      program[at + 2] as number,
      program[at + 3] as number,
    );
    const offset = view.getUint32(at + 8);
    const length = view.getUint32(at + 12);
    tables.set(tag, program.subarray(offset, offset + length));
  }
  return tables;
}

function staticTables(font: GlyfFont): StaticTables {
  let tables = staticTablesOf.get(font);
  if (!tables) {
    // A subset of glyph 0 alone: its glyph tables are dropped, the rest is what every subset of
    // this font carries.
    const all = readTables(font.createSubset().encode());
    const kept = new Map<string, Uint8Array>();
    for (const tag of ['head', 'hhea', 'maxp', 'cvt ', 'prep', 'fpgm']) {
      const bytes = all.get(tag);
      if (bytes) kept.set(tag, new Uint8Array(bytes));
    }
    tables = kept;
    staticTablesOf.set(font, tables);
  }
  return tables;
}

/** A glyph's advance and left side bearing, read as fontkit reads them for a subset. */
function metricsOf(font: GlyfFont, gid: number): { advance: number; bearing: number } {
  const { metrics, bearings } = font.hmtx;
  if (gid < metrics.length) return metrics.get(gid) as { advance: number; bearing: number };
  const last = metrics.get(metrics.length - 1);
  return { advance: last ? last.advance : 0, bearing: bearings.get(gid - metrics.length) || 0 };
}

function checkRange(buffer: Uint8Array, at: number, bytes: number): void {
  if (at < 0 || at + bytes > buffer.byteLength)
    throw new RangeError(`glyph data runs past the end of the font (offset ${at})`);
}

/**
 * The glyph list of a subset being built: glyph 0 first, each glyph once in the order first
 * shown (its index is its id in the subset), plus extra copies that get indices of their own.
 */
export class SubsetGlyphs {
  /** Included glyph ids in subset order. */
  readonly glyphs: number[] = [];
  private readonly mapping = new Map<number, number>();

  constructor() {
    this.includeGlyph(0);
  }

  includeGlyph(glyph: number): number {
    let index = this.mapping.get(glyph);
    if (index === undefined) {
      index = this.glyphs.length;
      this.glyphs.push(glyph);
      this.mapping.set(glyph, index);
    }
    return index;
  }

  /** Adds one more copy of a glyph (its own index, drawn the same). */
  copyGlyph(glyph: number): number {
    this.glyphs.push(glyph);
    return this.glyphs.length - 1;
  }
}

/** A growing TrueType subset, encoded on demand (encode appends the components of composites). */
export class TrueTypeSubset extends SubsetGlyphs {
  constructor(private readonly font: GlyfFont) {
    super();
  }

  /** The glyph's data, composite components renumbered into this subset. */
  private glyphData(gid: number): Uint8Array {
    const font = this.font;
    const source = font.stream.buffer;
    const glyfTable = font.directory.tables.glyf;
    if (!glyfTable) throw new Error('the font has no glyf table');
    const start = font.loca.offsets[gid] as number;
    const end = font.loca.offsets[gid + 1] as number;
    const base = glyfTable.offset + start;
    // Cut short at the end of the font, as fontkit reads it; a header or component record
    // that is not there is an error.
    const data = source.subarray(base, base + Math.max(0, end - start));
    if (start === end) return data;
    checkRange(source, base, 2);
    const contours = (((source[base] as number) << 24) >> 16) | (source[base + 1] as number);
    if (contours >= 0) return data;
    // A copy, never a view: the font's bytes are shared (Buffer's slice() would be a view).
    const copy = new Uint8Array(data);
    const view = new DataView(copy.buffer, copy.byteOffset, copy.byteLength);
    // Component records follow the 10-byte header; each names the glyph it draws.
    let at = base + 10;
    let flags = MORE_COMPONENTS;
    while (flags & MORE_COMPONENTS) {
      checkRange(source, at, 4);
      flags = ((source[at] as number) << 8) | (source[at + 1] as number);
      const component = ((source[at + 2] as number) << 8) | (source[at + 3] as number);
      const position = at + 2 - base;
      at += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
      if (flags & WE_HAVE_A_SCALE) at += 2;
      else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) at += 4;
      else if (flags & WE_HAVE_A_TWO_BY_TWO) at += 8;
      checkRange(source, at - 1, 1);
      view.setUint16(position, this.includeGlyph(component));
    }
    return copy;
  }

  encode(): Uint8Array {
    const font = this.font;
    const statics = staticTables(font);
    const datas: Uint8Array[] = [];
    const offsets: number[] = [];
    const advances: number[] = [];
    const bearings: number[] = [];
    let glyfLength = 0;
    // The list grows while it is read: composites add their components at the end.
    for (let i = 0; i < this.glyphs.length; i++) {
      const gid = this.glyphs[i] as number;
      const data = this.glyphData(gid);
      const m = metricsOf(font, gid);
      datas.push(data);
      offsets.push(glyfLength);
      advances.push(m.advance);
      bearings.push(m.bearing);
      glyfLength += data.byteLength;
    }
    offsets.push(glyfLength);
    const count = datas.length;
    const shortLoca = font.loca.version === 0;

    const bodies = new Map<string, { size: number; write: (out: DataView, at: number) => void }>();
    for (const tag of TABLE_ORDER) {
      const bytes = statics.get(tag);
      if (bytes) bodies.set(tag, { size: bytes.byteLength, write: copyTable(tag, bytes, count) });
      else if (tag === 'loca')
        bodies.set(tag, {
          size: offsets.length * (shortLoca ? 2 : 4),
          write: (out, at) => {
            for (let i = 0; i < offsets.length; i++)
              if (shortLoca) out.setUint16(at + i * 2, (offsets[i] as number) >>> 1);
              else out.setUint32(at + i * 4, offsets[i] as number);
          },
        });
      else if (tag === 'glyf')
        bodies.set(tag, {
          size: glyfLength,
          write: (out, at) => {
            const bytes = new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
            for (const data of datas) {
              bytes.set(data, at);
              at += data.byteLength;
            }
          },
        });
      else if (tag === 'hmtx')
        bodies.set(tag, {
          size: count * 4,
          write: (out, at) => {
            for (let i = 0; i < count; i++) {
              out.setUint16(at + i * 4, advances[i] as number);
              out.setInt16(at + i * 4 + 2, bearings[i] as number);
            }
          },
        });
    }

    const numTables = bodies.size;
    let size = 12 + numTables * 16;
    for (const body of bodies.values()) size += body.size;
    const out = new Uint8Array(size);
    const view = new DataView(out.buffer);
    // fontkit's directory: tag 'true', zero checksums, tables laid end to end.
    out.set([0x74, 0x72, 0x75, 0x65], 0);
    const exponent = Math.floor(Math.log(numTables) / Math.LN2);
    const searchRange = Math.pow(2, exponent) * 16;
    view.setUint16(4, numTables);
    view.setUint16(6, searchRange);
    view.setUint16(8, exponent);
    view.setUint16(10, numTables * 16 - searchRange);
    let entry = 12;
    let at = 12 + numTables * 16;
    for (const [tag, body] of bodies) {
      for (let k = 0; k < 4; k++) out[entry + k] = tag.charCodeAt(k);
      view.setUint32(entry + 4, 0);
      view.setUint32(entry + 8, at);
      view.setUint32(entry + 12, body.size);
      body.write(view, at);
      entry += 16;
      at += body.size;
    }
    return out;
  }
}

/** Writes a glyph-independent table, with the glyph count where the table holds it. */
function copyTable(
  tag: string,
  bytes: Uint8Array,
  count: number,
): (out: DataView, at: number) => void {
  return (out, at) => {
    new Uint8Array(out.buffer, out.byteOffset, out.byteLength).set(bytes, at);
    if (tag === 'hhea') out.setUint16(at + HHEA_NUMBER_OF_METRICS, count);
    else if (tag === 'maxp') out.setUint16(at + MAXP_NUM_GLYPHS, count);
  };
}
