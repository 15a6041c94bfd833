/**
 * The Compact Font Format (Adobe Technical Note 5176) at the level the writer needs: reading a
 * CFF's INDEX and DICT structures with their operands kept byte for byte, and assembling a
 * CID-keyed CFF from parts with every offset laid out here. The font program embedded as
 * FontFile3 /CIDFontType0C always passes through `assembleCidCff`, so its Top DICT and Font
 * DICT matrices are whatever the caller sets, written out explicitly.
 */

/** A PostScript matrix [a b c d e f]: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Matrix = readonly [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
/** What a CFF reader assumes when a Top DICT has no FontMatrix. */
export const CFF_DEFAULT_MATRIX: Matrix = [0.001, 0, 0, 0.001, 0, 0];

/** DICT operators, escaped ones (12 x) as 1200 + x. */
export const Op = {
  charset: 15,
  Encoding: 16,
  CharStrings: 17,
  Private: 18,
  Subrs: 19,
  defaultWidthX: 20,
  nominalWidthX: 21,
  FontBBox: 5,
  FontMatrix: 1207,
  ROS: 1230,
  CIDCount: 1234,
  FDArray: 1236,
  FDSelect: 1237,
  FontName: 1238,
} as const;

/** The font program is not a CFF this code can read; the message says where it broke. */
export class CffFormatError extends Error {
  override readonly name = 'CffFormatError';
}

export interface DictEntry {
  readonly op: number;
  readonly operands: readonly number[];
  /** The operand bytes as they were read (reals keep their exact decimal form). */
  readonly raw: Uint8Array;
}

interface IndexRead {
  readonly items: Uint8Array[];
  readonly start: number;
  readonly end: number;
}

function need(ok: boolean, what: string): void {
  if (!ok) throw new CffFormatError(`CFF ${what}`);
}

export function readIndex(b: Uint8Array, pos: number): IndexRead {
  need(pos >= 0 && pos + 2 <= b.length, 'INDEX lies outside the data');
  const count = (b[pos] << 8) | b[pos + 1];
  if (count === 0) return { items: [], start: pos, end: pos + 2 };
  const offSize = b[pos + 2];
  need(offSize >= 1 && offSize <= 4, 'INDEX has a bad offset size');
  const offsetsAt = pos + 3;
  need(offsetsAt + (count + 1) * offSize <= b.length, 'INDEX offsets are truncated');
  const offset = (i: number): number => {
    let v = 0;
    for (let k = 0; k < offSize; k++) v = v * 256 + b[offsetsAt + i * offSize + k];
    return v;
  };
  const base = offsetsAt + (count + 1) * offSize - 1;
  const items: Uint8Array[] = [];
  let prev = offset(0);
  need(prev === 1, 'INDEX does not start at offset 1');
  for (let i = 1; i <= count; i++) {
    const next = offset(i);
    need(next >= prev && base + next <= b.length, 'INDEX data lies outside the data');
    items.push(b.subarray(base + prev, base + next));
    prev = next;
  }
  return { items, start: pos, end: base + prev };
}

/** Nibbles 0-9 digits, a '.', b 'E', c 'E-' and d (reserved) handled apart, e '-'. */
const REAL_NIBBLES = '0123456789.E??-';

function readReal(b: Uint8Array, pos: number): { value: number; end: number } {
  let s = '';
  for (let p = pos; p < b.length; p++) {
    for (const n of [b[p] >> 4, b[p] & 15]) {
      if (n === 15) return { value: Number(s), end: p + 1 };
      if (n === 12) s += 'E-';
      else if (n === 13) throw new CffFormatError('real number has a reserved nibble');
      else s += REAL_NIBBLES[n];
    }
  }
  throw new CffFormatError('real number is not terminated');
}

export function readDict(b: Uint8Array): DictEntry[] {
  const entries: DictEntry[] = [];
  let operands: number[] = [];
  let start = 0;
  let p = 0;
  while (p < b.length) {
    const b0 = b[p];
    if (b0 <= 21) {
      let op = b0;
      if (b0 === 12) {
        need(p + 1 < b.length, 'DICT operator is truncated');
        op = 1200 + b[p + 1];
      }
      entries.push({ op, operands, raw: b.subarray(start, p) });
      p += b0 === 12 ? 2 : 1;
      operands = [];
      start = p;
    } else if (b0 === 28) {
      need(p + 3 <= b.length, 'DICT operand is truncated');
      operands.push(((b[p + 1] << 24) | (b[p + 2] << 16)) >> 16);
      p += 3;
    } else if (b0 === 29) {
      need(p + 5 <= b.length, 'DICT operand is truncated');
      operands.push((b[p + 1] << 24) | (b[p + 2] << 16) | (b[p + 3] << 8) | b[p + 4]);
      p += 5;
    } else if (b0 === 30) {
      const r = readReal(b, p + 1);
      operands.push(r.value);
      p = r.end;
    } else if (b0 >= 32 && b0 <= 246) {
      operands.push(b0 - 139);
      p += 1;
    } else if (b0 >= 247 && b0 <= 254) {
      need(p + 2 <= b.length, 'DICT operand is truncated');
      const v = (b0 - (b0 <= 250 ? 247 : 251)) * 256 + b[p + 1] + 108;
      operands.push(b0 <= 250 ? v : -v);
      p += 2;
    } else throw new CffFormatError(`DICT has a reserved byte ${b0}`);
  }
  need(operands.length === 0, 'DICT ends with operands but no operator');
  return entries;
}

export function dictValue(dict: readonly DictEntry[], op: number): readonly number[] | undefined {
  return dict.find((e) => e.op === op)?.operands;
}

function matrixOf(dict: readonly DictEntry[]): Matrix | undefined {
  const m = dictValue(dict, Op.FontMatrix);
  return m && m.length === 6 ? (m as unknown as Matrix) : undefined;
}

/** One Font DICT of a CID-keyed font (or the Top DICT's Private of a name-keyed one). */
export interface FontDictPart {
  /** Entries other than Private and FontMatrix. */
  readonly entries: readonly DictEntry[];
  readonly matrix: Matrix | undefined;
  /** Private DICT entries other than Subrs. */
  readonly privateEntries: readonly DictEntry[];
  /** The local Subrs INDEX as bytes, when the Private DICT has one. */
  readonly subrs: Uint8Array | undefined;
}

/** A parsed CFF (version 1, one font), its blocks as bytes ready to be laid out again. */
export interface CffFont {
  readonly nameIndex: Uint8Array;
  readonly top: readonly DictEntry[];
  /** The Top DICT's FontMatrix when written out; undefined means the 0.001 default. */
  readonly topMatrix: Matrix | undefined;
  readonly stringIndex: Uint8Array;
  readonly globalSubrIndex: Uint8Array;
  readonly charStrings: readonly Uint8Array[];
  readonly isCid: boolean;
  /** CID-keyed fonts only: the charset and FDSelect blocks as bytes. */
  readonly charset: Uint8Array | undefined;
  readonly fdSelect: Uint8Array | undefined;
  /** The Font DICTs (CID-keyed), or one part holding the Top DICT's Private (name-keyed). */
  readonly fontDicts: readonly FontDictPart[];
  /** Font DICT index of a glyph. */
  fdOf(gid: number): number;
}

function charsetLength(b: Uint8Array, pos: number, glyphs: number): number {
  need(pos < b.length, 'charset lies outside the data');
  const format = b[pos];
  if (format === 0) return 1 + 2 * (glyphs - 1);
  need(format === 1 || format === 2, `charset format ${format} is unknown`);
  const rangeSize = format === 1 ? 3 : 4;
  let covered = 0;
  let p = pos + 1;
  while (covered < glyphs - 1) {
    need(p + rangeSize <= b.length, 'charset is truncated');
    const nLeft = format === 1 ? b[p + 2] : (b[p + 2] << 8) | b[p + 3];
    covered += nLeft + 1;
    p += rangeSize;
  }
  return p - pos;
}

function fdSelectReader(b: Uint8Array, pos: number, glyphs: number) {
  need(pos < b.length, 'FDSelect lies outside the data');
  const format = b[pos];
  if (format === 0) {
    need(pos + 1 + glyphs <= b.length, 'FDSelect is truncated');
    return { length: 1 + glyphs, fdOf: (gid: number) => b[pos + 1 + gid] ?? 0 };
  }
  need(format === 3, `FDSelect format ${format} is unknown`);
  const nRanges = (b[pos + 1] << 8) | b[pos + 2];
  const length = 1 + 2 + 3 * nRanges + 2;
  need(pos + length <= b.length, 'FDSelect is truncated');
  const fdOf = (gid: number): number => {
    let fd = 0;
    for (let i = 0; i < nRanges; i++) {
      const at = pos + 3 + 3 * i;
      if (((b[at] << 8) | b[at + 1]) > gid) break;
      fd = b[at + 2];
    }
    return fd;
  };
  return { length, fdOf };
}

function readFontDictPart(b: Uint8Array, dict: readonly DictEntry[]): FontDictPart {
  const priv = dictValue(dict, Op.Private);
  let privateEntries: DictEntry[] = [];
  let subrs: Uint8Array | undefined;
  if (priv && priv.length === 2 && priv[0] > 0) {
    const [size, offset] = priv;
    need(offset >= 0 && offset + size <= b.length, 'Private DICT lies outside the data');
    const all = readDict(b.subarray(offset, offset + size));
    privateEntries = all.filter((e) => e.op !== Op.Subrs);
    const subrsOffset = dictValue(all, Op.Subrs)?.[0];
    if (subrsOffset !== undefined) {
      const index = readIndex(b, offset + subrsOffset);
      subrs = b.subarray(index.start, index.end);
    }
  }
  return {
    entries: dict.filter((e) => e.op !== Op.Private && e.op !== Op.FontMatrix),
    matrix: matrixOf(dict),
    privateEntries,
    subrs,
  };
}

/** Parses a bare CFF (the CFF table of an OpenType font, or a FontFile3 program). */
export function parseCff(b: Uint8Array): CffFont {
  need(b.length >= 4 && b[0] === 1, 'data is not a version 1 CFF');
  const names = readIndex(b, b[2]);
  const tops = readIndex(b, names.end);
  need(tops.items.length >= 1, 'has no Top DICT');
  const strings = readIndex(b, tops.end);
  const gsubrs = readIndex(b, strings.end);
  const top = readDict(tops.items[0] as Uint8Array);
  const charStringsAt = dictValue(top, Op.CharStrings)?.[0];
  need(charStringsAt !== undefined, 'Top DICT has no CharStrings');
  const charStrings = readIndex(b, charStringsAt as number).items;
  const glyphs = charStrings.length;
  need(glyphs >= 1, 'has no glyphs');
  const isCid = top.some((e) => e.op === Op.ROS);
  let charset: Uint8Array | undefined;
  let fdSelect: Uint8Array | undefined;
  let fontDicts: FontDictPart[];
  let fdOf: (gid: number) => number = () => 0;
  if (isCid) {
    const charsetAt = dictValue(top, Op.charset)?.[0];
    const fdArrayAt = dictValue(top, Op.FDArray)?.[0];
    const fdSelectAt = dictValue(top, Op.FDSelect)?.[0];
    need(
      charsetAt !== undefined && charsetAt > 2 && fdArrayAt !== undefined,
      'CID-keyed font lacks its charset or FDArray',
    );
    charset = b.subarray(
      charsetAt as number,
      (charsetAt as number) + charsetLength(b, charsetAt as number, glyphs),
    );
    fontDicts = readIndex(b, fdArrayAt as number).items.map((d) =>
      readFontDictPart(b, readDict(d)),
    );
    need(fontDicts.length >= 1, 'FDArray is empty');
    if (fdSelectAt !== undefined) {
      const reader = fdSelectReader(b, fdSelectAt, glyphs);
      fdSelect = b.subarray(fdSelectAt, fdSelectAt + reader.length);
      fdOf = reader.fdOf;
    } else need(fontDicts.length === 1, 'has several Font DICTs but no FDSelect');
  } else {
    fontDicts = [readFontDictPart(b, top)];
  }
  return {
    nameIndex: b.subarray(names.start, names.end),
    top,
    topMatrix: matrixOf(top),
    stringIndex: b.subarray(strings.start, strings.end),
    globalSubrIndex: b.subarray(gsubrs.start, gsubrs.end),
    charStrings,
    isCid,
    charset,
    fdSelect,
    fontDicts,
    fdOf,
  };
}

// ---------------------------------------------------------------------------------- writing

export function writeIndex(items: readonly Uint8Array[]): Uint8Array {
  if (items.length === 0) return new Uint8Array([0, 0]);
  let dataSize = 0;
  for (const it of items) dataSize += it.length;
  const last = dataSize + 1;
  const offSize = last < 0x100 ? 1 : last < 0x10000 ? 2 : last < 0x1000000 ? 3 : 4;
  const out = new Uint8Array(3 + (items.length + 1) * offSize + dataSize);
  out[0] = items.length >> 8;
  out[1] = items.length & 0xff;
  out[2] = offSize;
  let offset = 1;
  let p = 3;
  const putOffset = (v: number): void => {
    for (let k = offSize - 1, rest = v; k >= 0; k--, rest = Math.floor(rest / 256))
      out[p + k] = rest & 0xff;
    p += offSize;
  };
  putOffset(offset);
  for (const it of items) {
    offset += it.length;
    putOffset(offset);
  }
  for (const it of items) {
    out.set(it, p);
    p += it.length;
  }
  return out;
}

/** A DICT integer in its shortest form. */
export function dictInt(v: number): number[] {
  if (v >= -107 && v <= 107) return [v + 139];
  if (v >= 108 && v <= 1131) return [((v - 108) >> 8) + 247, (v - 108) & 0xff];
  if (v >= -1131 && v <= -108) return [((-v - 108) >> 8) + 251, (-v - 108) & 0xff];
  if (v >= -32768 && v <= 32767) return [28, (v >> 8) & 0xff, v & 0xff];
  return dictInt32(v);
}

/** A DICT integer always five bytes long, so offsets can be laid out before they are known. */
export function dictInt32(v: number): number[] {
  return [29, (v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
}

/** A DICT number: an integer when it is one, else a real with ten significant digits. */
export function dictNumber(v: number): number[] {
  if (!Number.isFinite(v)) throw new RangeError(`CFF number ${v} is not finite`);
  if (Number.isInteger(v) && Math.abs(v) <= 0x7fffffff) return dictInt(v);
  const text = String(Number(v.toPrecision(10)))
    .toUpperCase()
    .replace('E+', 'E');
  const nibbles: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === 'E' && text[i + 1] === '-') {
      nibbles.push(12);
      i++;
    } else if (ch === 'E') nibbles.push(11);
    else if (ch === '.') nibbles.push(10);
    else if (ch === '-') nibbles.push(14);
    else nibbles.push(ch.charCodeAt(0) - 48);
  }
  nibbles.push(15);
  if (nibbles.length % 2 === 1) nibbles.push(15);
  const out = [30];
  for (let i = 0; i < nibbles.length; i += 2)
    out.push(((nibbles[i] as number) << 4) | (nibbles[i + 1] as number));
  return out;
}

function operatorBytes(op: number): number[] {
  return op >= 1200 ? [12, op - 1200] : [op];
}

export interface DictOut {
  readonly op: number;
  readonly operands: Uint8Array | readonly number[];
}

export function entryOut(e: DictEntry): DictOut {
  return { op: e.op, operands: e.raw };
}

export function numbersOut(op: number, values: readonly number[]): DictOut {
  return { op, operands: values.flatMap(dictNumber) };
}

export function writeDict(entries: readonly DictOut[]): Uint8Array {
  const bytes: number[] = [];
  for (const e of entries) {
    for (const b of e.operands) bytes.push(b);
    bytes.push(...operatorBytes(e.op));
  }
  return Uint8Array.from(bytes);
}

export interface CidFontDictOut {
  /** Font DICT entries other than Private and FontMatrix. */
  readonly entries: readonly DictOut[];
  readonly matrix: Matrix;
  /** Private DICT entries other than Subrs. */
  readonly privateEntries: readonly DictOut[];
  readonly subrs: Uint8Array | undefined;
}

export interface CidCffParts {
  readonly nameIndex: Uint8Array;
  /** Top DICT entries other than the offsets, FontMatrix and ROS; ROS is written first. */
  readonly topEntries: readonly DictOut[];
  readonly ros: DictOut;
  readonly topMatrix: Matrix;
  readonly stringIndex: Uint8Array;
  readonly globalSubrIndex: Uint8Array;
  readonly charset: Uint8Array;
  readonly fdSelect: Uint8Array;
  readonly charStrings: readonly Uint8Array[];
  readonly fontDicts: readonly CidFontDictOut[];
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Lays a CID-keyed CFF out as header, Name, Top DICT, String and Global Subr INDEXes, charset,
 * FDSelect, CharStrings, FDArray, then each Private DICT followed by its Subrs. Offsets are
 * five-byte integers, so every block's size is known before any offset is.
 */
export function assembleCidCff(parts: CidCffParts): Uint8Array {
  const header = new Uint8Array([1, 0, 4, 4]);
  const charStrings = writeIndex(parts.charStrings);
  const privates = parts.fontDicts.map((fd) => {
    const withoutSubrs = writeDict(fd.privateEntries);
    if (!fd.subrs) return { dict: withoutSubrs, subrs: new Uint8Array(0) };
    const size = withoutSubrs.length + 6; // Subrs: a five-byte offset and its operator
    const dict = writeDict([...fd.privateEntries, { op: Op.Subrs, operands: dictInt32(size) }]);
    return { dict, subrs: fd.subrs };
  });
  const fontDictsAt = (privateAt: readonly number[]): Uint8Array =>
    writeIndex(
      parts.fontDicts.map((fd, i) =>
        writeDict([
          ...fd.entries,
          numbersOut(Op.FontMatrix, fd.matrix),
          {
            op: Op.Private,
            operands: [
              ...dictInt32((privates[i] as { dict: Uint8Array }).dict.length),
              ...dictInt32(privateAt[i] as number),
            ],
          },
        ]),
      ),
    );
  const topAt = (offsets: {
    charset: number;
    fdSelect: number;
    charStrings: number;
    fdArray: number;
  }): Uint8Array =>
    writeIndex([
      writeDict([
        parts.ros,
        ...parts.topEntries,
        numbersOut(Op.FontMatrix, parts.topMatrix),
        { op: Op.charset, operands: dictInt32(offsets.charset) },
        { op: Op.FDSelect, operands: dictInt32(offsets.fdSelect) },
        { op: Op.CharStrings, operands: dictInt32(offsets.charStrings) },
        { op: Op.FDArray, operands: dictInt32(offsets.fdArray) },
      ]),
    ]);
  // Sizes first (placeholder offsets have the same five-byte size as the real ones).
  const topSize = topAt({ charset: 0, fdSelect: 0, charStrings: 0, fdArray: 0 }).length;
  const fdArraySize = fontDictsAt(parts.fontDicts.map(() => 0)).length;
  const charsetAt =
    header.length +
    parts.nameIndex.length +
    topSize +
    parts.stringIndex.length +
    parts.globalSubrIndex.length;
  const fdSelectAt = charsetAt + parts.charset.length;
  const charStringsAt = fdSelectAt + parts.fdSelect.length;
  const fdArrayAt = charStringsAt + charStrings.length;
  const privateAt: number[] = [];
  let at = fdArrayAt + fdArraySize;
  for (const p of privates) {
    privateAt.push(at);
    at += p.dict.length + p.subrs.length;
  }
  const out = concat([
    header,
    parts.nameIndex,
    topAt({
      charset: charsetAt,
      fdSelect: fdSelectAt,
      charStrings: charStringsAt,
      fdArray: fdArrayAt,
    }),
    parts.stringIndex,
    parts.globalSubrIndex,
    parts.charset,
    parts.fdSelect,
    charStrings,
    fontDictsAt(privateAt),
    ...privates.flatMap((p) => [p.dict, p.subrs]),
  ]);
  if (out.length !== at) throw new Error('CFF layout disagrees with its own sizes');
  return out;
}

// --------------------------------------------------------------------------------- matrices

/** `first` then `second` (row-vector convention, as PostScript concatenates matrices). */
export function multiply(first: Matrix, second: Matrix): Matrix {
  const [a, b, c, d, e, f] = first;
  const [A, B, C, D, E, F] = second;
  return [
    a * A + b * C,
    a * B + b * D,
    c * A + d * C,
    c * B + d * D,
    e * A + f * C + E,
    e * B + f * D + F,
  ];
}

/**
 * A glyph-to-text matrix that draws glyphs at a plausible size for a font of this em: each
 * axis scales by between half and twice 1/unitsPerEm, and it is invertible.
 */
export function isPlausibleGlyphMatrix(m: Matrix, unitsPerEm: number): boolean {
  if (!m.every(Number.isFinite)) return false;
  const [a, b, c, d] = m;
  const sx = Math.hypot(a, b) * unitsPerEm;
  const sy = Math.hypot(c, d) * unitsPerEm;
  const det = (a * d - b * c) * unitsPerEm * unitsPerEm;
  return sx >= 0.5 && sx <= 2 && sy >= 0.5 && sy <= 2 && Math.abs(det) >= 0.25;
}

/**
 * The glyph-to-text matrix a font means for glyphs of one Font DICT. Readers disagree on how
 * a CID-keyed font's Top DICT and Font DICT matrices combine (PostScript concatenates them;
 * FreeType and pdf.js also let either stand alone), so the readings are tried in turn and the
 * first that fits the font's em wins; when none does, the em itself (1/unitsPerEm) is used,
 * which is what the font's advance widths and our layout are measured in.
 */
export function glyphMatrix(font: CffFont, fd: number, unitsPerEm: number): Matrix {
  const em: Matrix = [1 / unitsPerEm, 0, 0, 1 / unitsPerEm, 0, 0];
  const top = font.topMatrix;
  const own = font.isCid ? font.fontDicts[fd]?.matrix : undefined;
  const readings: (Matrix | undefined)[] = font.isCid
    ? [own && top ? multiply(own, top) : undefined, own, top ?? CFF_DEFAULT_MATRIX]
    : [top ?? CFF_DEFAULT_MATRIX];
  for (const m of readings) if (m && isPlausibleGlyphMatrix(m, unitsPerEm)) return m;
  return em;
}

/**
 * Values within 1/10,000 of an integer become that integer: fonts store their matrix with five
 * or six digits (Inter's 0.00035511 for 1/2816), and a Font DICT matrix of 0.99999 instead of
 * identity would only carry that rounding into the PDF.
 */
export function tidyMatrix(m: Matrix): Matrix {
  return m.map((v) => {
    const r = Math.round(v);
    return Math.abs(v - r) < 1e-4 ? r : v;
  }) as unknown as Matrix;
}
