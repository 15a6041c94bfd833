/**
 * A Compact Font Format reader (Adobe technical note 5176) for the font rules: glyph names or
 * CIDs from the charset, and glyph advance widths from the Type 2 charstrings (the optional
 * first operand before the first stack-clearing operator), scaled by the FontMatrix to 1/1000
 * em. Name-keyed and CID-keyed fonts are both read; damaged data yields partial results.
 */
import { CFF_DEFAULT_MATRIX, type Matrix, asMatrix, cidMatrixReadings } from './matrix.js';

export interface CffProgram {
  readonly isCID: boolean;
  /** The Top DICT FontMatrix (12 7), when written. */
  readonly topMatrix: Matrix | null;
  /** CID-keyed fonts: each Font DICT's FontMatrix, when written (null entries otherwise). */
  readonly fdMatrices: readonly (Matrix | null)[];
  /** CID-keyed fonts: the Font DICTs FDSelect assigns to at least one glyph. */
  readonly usedFDs: readonly number[];
  readonly numGlyphs: number;
  /** Glyph id for a glyph name (name-keyed fonts). */
  gidForName(name: string): number | null;
  /** Glyph id for a CID (CID-keyed fonts; identity for name-keyed ones). */
  gidForCID(cid: number): number | null;
  /** Glyph names of every glyph (name-keyed fonts), in glyph order. */
  readonly glyphNames: readonly string[];
  /** Every CID present (CID-keyed fonts). */
  readonly cids: readonly number[];
  /**
   * Advance width in 1/1000 em, or null when it cannot be determined. Scaled by the glyph's own
   * matrix: for CID-keyed fonts its Font DICT's, read as FreeType reads it.
   */
  width(gid: number): number | null;
  /** The built-in encoding: code -> glyph name (name-keyed fonts), when the font has one. */
  readonly encoding: Map<number, string> | null;
}

/** CFF standard strings 0..228 (the ISOAdobe charset); later standard strings are rare expert glyphs. */
const STANDARD_STRINGS = (
  '.notdef space exclam quotedbl numbersign dollar percent ampersand quoteright parenleft parenright asterisk plus comma hyphen period slash ' +
  'zero one two three four five six seven eight nine colon semicolon less equal greater question at ' +
  'A B C D E F G H I J K L M N O P Q R S T U V W X Y Z bracketleft backslash bracketright asciicircum underscore quoteleft ' +
  'a b c d e f g h i j k l m n o p q r s t u v w x y z braceleft bar braceright asciitilde exclamdown cent sterling fraction yen florin ' +
  'section currency quotesingle quotedblleft guillemotleft guilsinglleft guilsinglright fi fl endash dagger daggerdbl periodcentered ' +
  'paragraph bullet quotesinglbase quotedblbase quotedblright guillemotright ellipsis perthousand questiondown grave acute circumflex ' +
  'tilde macron breve dotaccent dieresis ring cedilla hungarumlaut ogonek caron emdash AE ordfeminine Lslash Oslash OE ordmasculine ae ' +
  'dotlessi lslash oslash oe germandbls onesuperior logicalnot mu trademark Eth onehalf plusminus Thorn onequarter divide brokenbar ' +
  'degree thorn threequarters twosuperior registered minus eth multiply threesuperior copyright Aacute Acircumflex Adieresis Agrave ' +
  'Aring Atilde Ccedilla Eacute Ecircumflex Edieresis Egrave Iacute Icircumflex Idieresis Igrave Ntilde Oacute Ocircumflex Odieresis ' +
  'Ograve Otilde Scaron Uacute Ucircumflex Udieresis Ugrave Yacute Ydieresis Zcaron aacute acircumflex adieresis agrave aring atilde ' +
  'ccedilla eacute ecircumflex edieresis egrave iacute icircumflex idieresis igrave ntilde oacute ocircumflex odieresis ograve otilde ' +
  'scaron uacute ucircumflex udieresis ugrave yacute ydieresis zcaron'
).split(' ');
const N_STD_STRINGS = 391;

interface Index {
  readonly count: number;
  item(i: number): Uint8Array;
  readonly end: number;
}

class Reader {
  constructor(readonly d: Uint8Array) {}
  u8(at: number): number {
    return at < this.d.length ? this.d[at] : 0;
  }
  u16(at: number): number {
    return (this.u8(at) << 8) | this.u8(at + 1);
  }
  off(at: number, size: number): number {
    let v = 0;
    for (let i = 0; i < size; i++) v = v * 256 + this.u8(at + i);
    return v;
  }
  index(at: number): Index {
    const count = this.u16(at);
    if (count === 0) return { count: 0, item: () => new Uint8Array(0), end: at + 2 };
    const offSize = this.u8(at + 2);
    const offsets = at + 3;
    const dataStart = offsets + (count + 1) * offSize - 1;
    const end = dataStart + this.off(offsets + count * offSize, offSize);
    return {
      count,
      end,
      item: (i: number) => {
        const s = dataStart + this.off(offsets + i * offSize, offSize);
        const e = dataStart + this.off(offsets + (i + 1) * offSize, offSize);
        return this.d.subarray(Math.min(s, this.d.length), Math.min(Math.max(s, e), this.d.length));
      },
    };
  }
}

type DictValue = number[];

function parseDict(b: Uint8Array): Map<number, DictValue> {
  const out = new Map<number, DictValue>();
  let operands: number[] = [];
  let i = 0;
  while (i < b.length) {
    const v = b[i];
    if (v <= 21) {
      let op = v;
      i++;
      if (v === 12) {
        op = 1200 + (b[i] ?? 0);
        i++;
      }
      out.set(op, operands);
      operands = [];
    } else if (v === 28) {
      operands.push((((b[i + 1] << 8) | b[i + 2]) << 16) >> 16);
      i += 3;
    } else if (v === 29) {
      operands.push((b[i + 1] << 24) | (b[i + 2] << 16) | (b[i + 3] << 8) | b[i + 4]);
      i += 5;
    } else if (v === 30) {
      let s = '';
      i++;
      const nib = '0123456789.EE?-';
      let done = false;
      while (i < b.length && !done) {
        for (const n of [b[i] >> 4, b[i] & 15]) {
          if (n === 15) {
            done = true;
            break;
          }
          s += n === 11 ? 'E' : n === 12 ? 'E-' : nib[n];
        }
        i++;
      }
      operands.push(Number(s) || 0);
    } else if (v >= 32 && v <= 246) {
      operands.push(v - 139);
      i++;
    } else if (v >= 247 && v <= 250) {
      operands.push((v - 247) * 256 + b[i + 1] + 108);
      i += 2;
    } else if (v >= 251 && v <= 254) {
      operands.push(-(v - 251) * 256 - b[i + 1] - 108);
      i += 2;
    } else {
      i++;
    }
  }
  return out;
}

/** The advance operand of a Type 2 charstring: the odd operand before the first clearing operator. */
function charstringWidth(
  cs: Uint8Array,
  subrs: Index | null,
  gsubrs: Index | null,
): { hasWidth: boolean; width: number } | null {
  const stack: number[] = [];
  const bias = (n: number): number => (n < 1240 ? 107 : n < 33900 ? 1131 : 32768);
  type Outcome = { hasWidth: boolean; width: number } | null | 'return';
  const run = (b: Uint8Array, depth: number): Outcome => {
    if (depth > 10) return null;
    let i = 0;
    while (i < b.length) {
      const v = b[i];
      if (v === 28) {
        stack.push((((b[i + 1] << 8) | b[i + 2]) << 16) >> 16);
        i += 3;
      } else if (v >= 32 && v <= 246) {
        stack.push(v - 139);
        i++;
      } else if (v >= 247 && v <= 250) {
        stack.push((v - 247) * 256 + b[i + 1] + 108);
        i += 2;
      } else if (v >= 251 && v <= 254) {
        stack.push(-(v - 251) * 256 - b[i + 1] - 108);
        i += 2;
      } else if (v === 255) {
        stack.push(((b[i + 1] << 24) | (b[i + 2] << 16) | (b[i + 3] << 8) | b[i + 4]) / 65536);
        i += 5;
      } else if (v === 10 || v === 29) {
        // callsubr / callgsubr
        const idx = v === 10 ? subrs : gsubrs;
        const n = stack.pop();
        if (!idx || n === undefined) return null;
        const r = run(idx.item(n + bias(idx.count)), depth + 1);
        if (r !== 'return') return r;
        i++;
      } else if (v === 11) {
        return 'return'; // back to the caller, still undecided
      } else {
        // First operator that clears the stack decides whether a width was given.
        const args = stack.length;
        switch (v) {
          case 1: // hstem
          case 3: // vstem
          case 18: // hstemhm
          case 23: // vstemhm
          case 19: // hintmask
          case 20: // cntrmask
            return { hasWidth: args % 2 === 1, width: stack[0] ?? 0 };
          case 21: // rmoveto
            return { hasWidth: args > 2, width: stack[0] ?? 0 };
          case 22: // hmoveto
          case 4: // vmoveto
            return { hasWidth: args > 1, width: stack[0] ?? 0 };
          case 14: // endchar
            return { hasWidth: args === 1 || args === 5, width: stack[0] ?? 0 };
          default:
            return { hasWidth: false, width: 0 };
        }
      }
    }
    return depth > 0 ? 'return' : null;
  };
  const out = run(cs, 0);
  return out === 'return' ? null : out;
}

export function parseCff(data: Uint8Array): CffProgram | null {
  if (data.length < 4 || data[0] !== 1) return null;
  const r = new Reader(data);
  const hdrSize = r.u8(2);
  const names = r.index(hdrSize);
  const topDicts = r.index(names.end);
  const strings = r.index(topDicts.end);
  const gsubrs = r.index(strings.end);
  if (topDicts.count === 0) return null;
  const top = parseDict(topDicts.item(0));
  const sid = (n: number): string => {
    if (n < STANDARD_STRINGS.length) return STANDARD_STRINGS[n];
    if (n < N_STD_STRINGS) return `.sid${n}`;
    const k = n - N_STD_STRINGS;
    return k < strings.count ? new TextDecoder('latin1').decode(strings.item(k)) : `.sid${n}`;
  };
  const csOffset = top.get(17)?.[0];
  if (csOffset === undefined || csOffset <= 0 || csOffset >= data.length) return null;
  const charStrings = r.index(csOffset);
  const numGlyphs = charStrings.count;
  const isCID = top.has(1230);
  const topMatrix = asMatrix(top.get(1207));
  const fdMatrices: (Matrix | null)[] = [];

  // charset: gid -> SID (name-keyed) or CID
  const charset: number[] = [0];
  const csetOff = top.get(15)?.[0] ?? 0;
  if (csetOff > 2) {
    const fmt = r.u8(csetOff);
    let p = csetOff + 1;
    while (charset.length < numGlyphs && p < data.length) {
      if (fmt === 0) {
        charset.push(r.u16(p));
        p += 2;
      } else if (fmt === 1 || fmt === 2) {
        const first = r.u16(p);
        const nLeft = fmt === 1 ? r.u8(p + 2) : r.u16(p + 2);
        p += fmt === 1 ? 3 : 4;
        for (let k = 0; k <= nLeft && charset.length < numGlyphs; k++) charset.push(first + k);
      } else break;
    }
  } else {
    // Predefined charsets: ISOAdobe (0) maps gid to SID directly for our purposes.
    for (let g = 1; g < numGlyphs; g++) charset.push(g);
  }

  // Private dicts: one for name-keyed fonts, one per font dict for CID-keyed fonts.
  const privates: { defaultW: number; nominalW: number; subrs: Index | null }[] = [];
  const readPrivate = (
    dict: Map<number, DictValue>,
  ): { defaultW: number; nominalW: number; subrs: Index | null } => {
    const pv = dict.get(18);
    if (!pv || pv.length < 2) return { defaultW: 0, nominalW: 0, subrs: null };
    const [size, off] = pv;
    const pd = parseDict(
      data.subarray(Math.min(off, data.length), Math.min(off + size, data.length)),
    );
    const subrOff = pd.get(19)?.[0];
    return {
      defaultW: pd.get(20)?.[0] ?? 0,
      nominalW: pd.get(21)?.[0] ?? 0,
      subrs: subrOff !== undefined ? r.index(off + subrOff) : null,
    };
  };
  let fdSelect: (gid: number) => number = () => 0;
  if (isCID) {
    const fdArrayOff = top.get(1236)?.[0];
    if (fdArrayOff !== undefined) {
      const fds = r.index(fdArrayOff);
      for (let i = 0; i < fds.count && i < 256; i++) {
        const fd = parseDict(fds.item(i));
        privates.push(readPrivate(fd));
        fdMatrices.push(asMatrix(fd.get(1207)));
      }
    }
    const fdsOff = top.get(1237)?.[0];
    if (fdsOff !== undefined) {
      const fmt = r.u8(fdsOff);
      if (fmt === 0) fdSelect = (g) => r.u8(fdsOff + 1 + g);
      else if (fmt === 3) {
        const nRanges = r.u16(fdsOff + 1);
        fdSelect = (g) => {
          for (let k = 0; k < nRanges; k++) {
            const at = fdsOff + 3 + k * 3;
            const first = r.u16(at);
            const next = r.u16(at + 3);
            if (g >= first && g < next) return r.u8(at + 2);
          }
          return 0;
        };
      }
    }
  } else {
    privates.push(readPrivate(top));
  }

  const usedFDs = new Set<number>();
  if (isCID) for (let g = 0; g < numGlyphs; g++) usedFDs.add(fdSelect(g));
  const scaleOf = (gid: number): number => {
    if (!isCID) return (topMatrix ?? CFF_DEFAULT_MATRIX)[0] * 1000;
    const m = cidMatrixReadings(topMatrix, fdMatrices[fdSelect(gid)] ?? null).freetype;
    return m[0] * 1000;
  };

  const glyphNames = isCID ? [] : charset.map((s) => sid(s));
  const nameToGid = new Map<string, number>();
  glyphNames.forEach((n, g) => {
    if (!nameToGid.has(n)) nameToGid.set(n, g);
  });
  const cidToGid = new Map<number, number>();
  if (isCID) charset.forEach((c, g) => cidToGid.set(c, g));

  let encoding: Map<number, string> | null = null;
  const encOff = top.get(16)?.[0] ?? 0;
  if (!isCID && encOff > 1) {
    encoding = new Map();
    const fmt = r.u8(encOff) & 0x7f;
    if (fmt === 0) {
      const n = r.u8(encOff + 1);
      for (let k = 0; k < n; k++)
        encoding.set(r.u8(encOff + 2 + k), glyphNames[k + 1] ?? '.notdef');
    } else if (fmt === 1) {
      const nRanges = r.u8(encOff + 1);
      let g = 1;
      for (let k = 0; k < nRanges; k++) {
        const first = r.u8(encOff + 2 + k * 2);
        const left = r.u8(encOff + 3 + k * 2);
        for (let c = first; c <= first + left; c++) encoding.set(c, glyphNames[g++] ?? '.notdef');
      }
    }
  }

  return {
    isCID,
    topMatrix,
    fdMatrices,
    usedFDs: [...usedFDs].sort((a, b) => a - b),
    numGlyphs,
    glyphNames,
    cids: isCID ? charset.slice(0, numGlyphs) : [],
    encoding,
    gidForName: (n) => nameToGid.get(n) ?? null,
    gidForCID: (c) => (isCID ? (cidToGid.get(c) ?? null) : c < numGlyphs ? c : null),
    width(gid: number): number | null {
      if (gid < 0 || gid >= numGlyphs) return null;
      const pv = privates[isCID ? fdSelect(gid) : 0] ??
        privates[0] ?? { defaultW: 0, nominalW: 0, subrs: null };
      const w = charstringWidth(charStrings.item(gid), pv.subrs, gsubrs);
      const scale = scaleOf(gid);
      if (!w) return pv.defaultW * scale;
      return (w.hasWidth ? pv.nominalW + w.width : pv.defaultW) * scale;
    },
  };
}
