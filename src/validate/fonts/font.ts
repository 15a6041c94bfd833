/**
 * The font model the font rules read (ISO 32000-1, 9.5–9.10): one object per font dictionary
 * that splits shown strings into codes, maps codes to glyph names or CIDs, reads widths from
 * the dictionary and from the embedded program, decides glyph presence and Unicode mapping.
 *
 * Where the standard leaves room, the decisions follow what veraPDF does so reports agree:
 * code 0 always counts as present, TrueType lookups go through cmap (3,1) then (1,0) then the
 * post table, a symbolic TrueType font uses its (3,0) or (1,0) subtable, and a missing width
 * in the program falls back to the dictionary's default width.
 */
import type { CosArray, CosDict, CosObject, CosStream } from '../model/cos.js';
import type { PdfDocumentModel } from '../model/document.js';
import {
  asArray,
  asDict,
  asStream,
  asString,
  integerValue,
  latin1Text,
  nameValue,
  numberValue,
} from '../model/read.js';
import { type CffProgram, parseCff } from './cff.js';
import {
  type ParsedCMap,
  PREDEFINED_CMAPS,
  cmapCID,
  cmapUnicode,
  parseCMap,
  predefinedOrdering,
  splitCodes,
} from './cmap.js';
import {
  ENCODINGS,
  MAC_OS_ROMAN,
  STANDARD_ENCODING,
  SYMBOL_ENCODING,
  SYMBOL_NAMES,
  glyphNameToUnicode,
  isZapfDingbatsName,
} from './encodings.js';
import { type SfntProgram, parseSfnt } from './sfnt.js';
import { type Type1Program, parseType1 } from './type1.js';

export const STANDARD_14 = new Set([
  'Times-Roman',
  'Times-Bold',
  'Times-Italic',
  'Times-BoldItalic',
  'Helvetica',
  'Helvetica-Bold',
  'Helvetica-Oblique',
  'Helvetica-BoldOblique',
  'Courier',
  'Courier-Bold',
  'Courier-Oblique',
  'Courier-BoldOblique',
  'Symbol',
  'ZapfDingbats',
]);

export type ProgramKind = 'truetype' | 'cff' | 'type1' | 'opentype-cff';

export interface FontFile {
  readonly key: 'FontFile' | 'FontFile2' | 'FontFile3';
  readonly stream: CosStream;
  /** FontFile3 /Subtype. */
  readonly subtype: string | null;
}

export interface EmbeddedProgram {
  readonly kind: ProgramKind;
  readonly sfnt: SfntProgram | null;
  readonly cff: CffProgram | null;
  readonly type1: Type1Program | null;
}

/** A CID font's part of a Type 0 font, or the simple font itself. */
export class PdfFont {
  readonly subtype: string | null;
  readonly baseFont: string | null;
  /** For Type 0 fonts: the descendant CIDFont dictionary. */
  readonly cidFont: CosDict | null;
  readonly cidSubtype: string | null;
  /** The dictionary holding FontDescriptor/Widths: the CIDFont for Type 0, else the font itself. */
  readonly metricsDict: CosDict;
  readonly descriptor: CosDict | null;
  readonly fontFile: FontFile | null;
  readonly isSymbolic: boolean;
  private programCache: EmbeddedProgram | null | undefined;
  private cmapCache:
    | { cmap: ParsedCMap | null; name: string | null; identity: boolean; predefined: boolean }
    | undefined;
  private toUnicodeCache: ParsedCMap | null | undefined;
  private encodingCache: (string | undefined)[] | null | undefined;

  constructor(
    private readonly doc: PdfDocumentModel,
    readonly dict: CosDict,
  ) {
    this.subtype = nameValue(doc.get(dict, 'Subtype'));
    this.baseFont = nameValue(doc.get(dict, 'BaseFont'));
    const desc = this.subtype === 'Type0' ? asArray(doc.get(dict, 'DescendantFonts')) : null;
    this.cidFont = desc ? asDict(doc.resolve(desc.items[0])) : null;
    this.cidSubtype = this.cidFont ? nameValue(doc.get(this.cidFont, 'Subtype')) : null;
    this.metricsDict = this.cidFont ?? dict;
    this.descriptor = asDict(doc.get(this.metricsDict, 'FontDescriptor'));
    this.fontFile = null;
    if (this.descriptor) {
      for (const key of ['FontFile', 'FontFile2', 'FontFile3'] as const) {
        const s = asStream(doc.get(this.descriptor, key));
        if (s) {
          this.fontFile = { key, stream: s, subtype: nameValue(doc.get(s.dict, 'Subtype')) };
          break;
        }
      }
    }
    const flags = this.descriptor ? (integerValue(doc.get(this.descriptor, 'Flags')) ?? 0) : 0;
    this.isSymbolic = (flags & 4) !== 0;
  }

  get isType0(): boolean {
    return this.subtype === 'Type0';
  }

  get isSimple(): boolean {
    return (
      this.subtype === 'Type1' ||
      this.subtype === 'MMType1' ||
      this.subtype === 'TrueType' ||
      this.subtype === 'Type3'
    );
  }

  get isStandard14(): boolean {
    return !this.fontFile && this.baseFont !== null && STANDARD_14.has(this.baseFont);
  }

  /** The parsed embedded program, or null when there is none or it cannot be read. */
  program(): EmbeddedProgram | null {
    if (this.programCache !== undefined) return this.programCache;
    this.programCache = null;
    const ff = this.fontFile;
    if (!ff) return null;
    const data = this.doc.decodeStream(ff.stream).data;
    try {
      if (ff.key === 'FontFile2') {
        const sfnt = parseSfnt(data);
        if (sfnt) this.programCache = { kind: 'truetype', sfnt, cff: null, type1: null };
      } else if (ff.key === 'FontFile') {
        const length1 = integerValue(this.doc.get(ff.stream.dict, 'Length1'));
        const t1 = parseType1(data, length1);
        if (t1) this.programCache = { kind: 'type1', sfnt: null, cff: null, type1: t1 };
      } else if (ff.subtype === 'OpenType') {
        const sfnt = parseSfnt(data);
        if (sfnt?.cff) {
          const cff = parseCff(sfnt.cff);
          this.programCache = { kind: 'opentype-cff', sfnt, cff, type1: null };
        } else if (sfnt) this.programCache = { kind: 'truetype', sfnt, cff: null, type1: null };
      } else {
        const cff = parseCff(data);
        if (cff) this.programCache = { kind: 'cff', sfnt: null, cff, type1: null };
      }
    } catch {
      this.programCache = null;
    }
    // A program that is there but cannot be read leaves its glyphs and widths unchecked.
    if (this.programCache === null && data.length > 0)
      this.doc.noteUnread(
        `font ${this.baseFont ?? '(unnamed)'} / ${ff.key}`,
        'the embedded font program could not be parsed, so its glyphs and widths were not checked',
      );
    return this.programCache;
  }

  /** The Encoding CMap of a Type 0 font. */
  cmapInfo(): {
    cmap: ParsedCMap | null;
    name: string | null;
    identity: boolean;
    predefined: boolean;
  } {
    if (this.cmapCache) return this.cmapCache;
    const enc = this.doc.get(this.dict, 'Encoding');
    const name = nameValue(enc);
    if (name !== null) {
      this.cmapCache = {
        cmap: null,
        name,
        identity: name === 'Identity-H' || name === 'Identity-V',
        predefined: PREDEFINED_CMAPS.has(name),
      };
    } else {
      const stream = asStream(enc);
      const cmap = stream ? parseCMap(this.doc.decodeStream(stream).data) : null;
      const dictName = stream ? nameValue(this.doc.get(stream.dict, 'CMapName')) : null;
      this.cmapCache = {
        cmap,
        name: dictName ?? cmap?.name ?? null,
        identity: false,
        predefined: false,
      };
    }
    return this.cmapCache;
  }

  /** Whether ToUnicode names an Identity CMap: a name, or a stream whose CMapName is one. */
  private identityToUnicode(): boolean {
    const raw = this.doc.get(this.dict, 'ToUnicode');
    const s = asStream(raw);
    const n = s ? nameValue(this.doc.get(s.dict, 'CMapName')) : nameValue(raw);
    return n !== null && n.startsWith('Identity-');
  }

  toUnicodeCMap(): ParsedCMap | null {
    if (this.toUnicodeCache !== undefined) return this.toUnicodeCache;
    const s = asStream(this.doc.get(this.dict, 'ToUnicode'));
    this.toUnicodeCache = s ? parseCMap(this.doc.decodeStream(s).data) : null;
    return this.toUnicodeCache;
  }

  /** Splits a shown string into character codes. */
  codes(bytes: Uint8Array): { code: number; bytes: number }[] {
    if (!this.isType0) return Array.from(bytes, (b) => ({ code: b, bytes: 1 }));
    const info = this.cmapInfo();
    if (info.cmap && info.cmap.codespaces.length > 0)
      return splitCodes(bytes, info.cmap.codespaces);
    // Identity and the UCS2/UTF16 CMaps use two-byte codes.
    const out: { code: number; bytes: number }[] = [];
    for (let i = 0; i + 1 < bytes.length; i += 2)
      out.push({ code: (bytes[i] << 8) | bytes[i + 1], bytes: 2 });
    if (bytes.length % 2 === 1) out.push({ code: bytes[bytes.length - 1], bytes: 1 });
    return out;
  }

  /** Calls `fn` for each character code of a shown string, without building an array for simple fonts. */
  eachCode(bytes: Uint8Array, fn: (code: number, length: number) => void): void {
    if (!this.isType0) {
      for (let i = 0; i < bytes.length; i++) fn(bytes[i], 1);
      return;
    }
    for (const c of this.codes(bytes)) fn(c.code, c.bytes);
  }

  /**
   * Whether a code of a Type 0 font was cut short by the end of its string: fewer bytes than
   * the shortest codespace range (two for Identity and the predefined two-byte CMaps). Such a
   * code selects no glyph of the font, so it cannot be rendered as the writer meant.
   */
  incompleteCode(bytes: number): boolean {
    if (!this.isType0) return false;
    const info = this.cmapInfo();
    if (info.cmap && info.cmap.codespaces.length > 0) {
      let shortest = 4;
      for (const c of info.cmap.codespaces) shortest = Math.min(shortest, c.bytes);
      return bytes < shortest;
    }
    return bytes < 2;
  }

  /** CID for a code of a Type 0 font, or null when the CMap cannot be read here. */
  cid(code: number, bytes: number): number | null {
    const info = this.cmapInfo();
    if (info.identity) return code;
    if (info.cmap) return cmapCID(info.cmap, code, bytes) ?? 0;
    return null;
  }

  /** The simple font's code -> glyph name table (Encoding, BaseEncoding, Differences, built-in). */
  encoding(): (string | undefined)[] | null {
    if (this.encodingCache !== undefined) return this.encodingCache;
    const enc = this.doc.get(this.dict, 'Encoding');
    const named = nameValue(enc);
    const encDict = asDict(enc);
    let base: (string | undefined)[] | null = null;
    const baseName = named ?? (encDict ? nameValue(this.doc.get(encDict, 'BaseEncoding')) : null);
    if (baseName && ENCODINGS[baseName]) base = [...ENCODINGS[baseName]];
    if (!base) base = this.builtInEncoding();
    if (encDict) {
      const diffs = asArray(this.doc.get(encDict, 'Differences'));
      const out = base ? [...base] : new Array<string | undefined>(256).fill(undefined);
      let code = 0;
      for (const item of diffs?.items ?? []) {
        const v = this.doc.resolve(item);
        const n = numberValue(v);
        if (n !== null) code = n;
        else {
          const g = nameValue(v);
          if (g !== null && code >= 0 && code < 256) out[code++] = g;
        }
      }
      base = out;
    }
    this.encodingCache = base;
    return base;
  }

  private builtInEncoding(): (string | undefined)[] | null {
    if (this.subtype === 'TrueType') return null;
    if (this.subtype === 'Type3') return null;
    const prog = this.program();
    const builtIn = prog?.type1?.encoding ?? prog?.cff?.encoding ?? null;
    if (builtIn) {
      const out = new Array<string | undefined>(256).fill(undefined);
      for (const [c, n] of builtIn) if (c >= 0 && c < 256) out[c] = n;
      return out;
    }
    if (this.baseFont === 'Symbol') return [...SYMBOL_ENCODING];
    if (this.baseFont === 'ZapfDingbats') return null;
    return [...STANDARD_ENCODING];
  }

  glyphName(code: number): string | null {
    const enc = this.encoding();
    // A code the encoding does not define selects .notdef.
    if (enc) return enc[code] ?? '.notdef';
    if (this.subtype === 'TrueType' && code === 0) return '.notdef';
    return null;
  }

  /** Width from the font dictionary (Widths / W, falling back to MissingWidth / DW), in 1/1000 em. */
  widthFromDictionary(code: number, cid: number | null): number | null {
    if (this.isType0) {
      if (cid === null) return null;
      const w = asArray(this.doc.get(this.metricsDict, 'W'));
      const found = w ? lookupW(this.doc, w, cid) : null;
      if (found !== null) return found;
      return numberValue(this.doc.get(this.metricsDict, 'DW')) ?? 1000;
    }
    const first = integerValue(this.doc.get(this.dict, 'FirstChar'));
    const widths = asArray(this.doc.get(this.dict, 'Widths'));
    if (first !== null && widths && code >= first && code - first < widths.items.length) {
      const v = numberValue(this.doc.resolve(widths.items[code - first]));
      if (v !== null) return v;
    }
    if (!widths) return null;
    return this.descriptor ? (numberValue(this.doc.get(this.descriptor, 'MissingWidth')) ?? 0) : 0;
  }

  private defaultWidth(): number {
    if (this.isType0) return numberValue(this.doc.get(this.metricsDict, 'DW')) ?? 1000;
    return this.descriptor ? (numberValue(this.doc.get(this.descriptor, 'MissingWidth')) ?? 0) : 0;
  }

  /** GID for a CID of a CIDFontType2 (CIDToGIDMap Identity or stream). */
  private gidForCID(cid: number): number {
    const map = this.doc.get(this.metricsDict, 'CIDToGIDMap');
    const stream = asStream(map);
    if (stream) {
      const data = this.doc.decodeStream(stream).data;
      return 2 * cid + 1 < data.length ? (data[2 * cid] << 8) | data[2 * cid + 1] : 0;
    }
    return cid;
  }

  /** Glyph id in a TrueType program for a simple-font code (ISO 32000-1, 9.6.6.4), or 0. */
  private trueTypeGid(sfnt: SfntProgram, code: number): number {
    const encodingPresent = this.dict.entries.has('Encoding');
    if (!this.isSymbolic && encodingPresent) {
      const enc = this.encoding();
      let name = enc?.[code];
      if (!name || name === '.notdef') name = STANDARD_ENCODING[code];
      if (!name || name === '.notdef') return 0;
      return this.trueTypeGidForName(sfnt, name);
    }
    const c30 = sfnt.cmap(3, 0);
    if (c30) {
      const high = (c30.sampleCode ?? 0) & 0xff00;
      if ([0x0000, 0xf000, 0xf100, 0xf200].includes(high)) return c30.lookup(high + code);
      return 0;
    }
    const c10 = sfnt.cmap(1, 0);
    if (c10) return c10.lookup(code);
    return sfnt.cmaps[0]?.lookup(code) ?? 0;
  }

  private trueTypeGidForName(sfnt: SfntProgram, name: string): number {
    const c31 = sfnt.cmap(3, 1);
    const uni = glyphNameToUnicode(name);
    if (c31 && uni) {
      const g = c31.lookup(uni.codePointAt(0) ?? 0);
      if (g !== 0) return g;
    }
    const c10 = sfnt.cmap(1, 0);
    if (c10) {
      const macCode = MAC_OS_ROMAN.indexOf(name);
      if (macCode >= 0) {
        const g = c10.lookup(macCode);
        if (g !== 0) return g;
      }
    }
    return sfnt.gidForName(name);
  }

  /** Whether the embedded program has a glyph for the code; null when it cannot be told. */
  glyphPresent(code: number, cid: number | null): boolean | null {
    if (this.subtype === 'Type3') {
      const name = this.glyphName(code);
      const procs = asDict(this.doc.get(this.dict, 'CharProcs'));
      return !!name && !!procs && procs.entries.has(name);
    }
    const prog = this.program();
    if (!prog) return null;
    if (code === 0 && !this.isType0) return true;
    if (this.isType0) {
      if (cid === null) return null;
      if (cid === 0) return true;
      if (prog.cff) {
        const g = prog.cff.isCID ? prog.cff.gidForCID(cid) : cid < prog.cff.numGlyphs ? cid : null;
        return g !== null && g > 0;
      }
      if (prog.sfnt) {
        const gid = this.cidSubtype === 'CIDFontType2' ? this.gidForCID(cid) : cid;
        return gid > 0 && gid < prog.sfnt.numGlyphs;
      }
      return null;
    }
    const name = this.glyphName(code);
    if (prog.type1) return !!name && name !== '.notdef' && prog.type1.glyphs.has(name);
    if (prog.cff && !prog.cff.isCID)
      return !!name && name !== '.notdef' && prog.cff.gidForName(name) !== null;
    if (prog.sfnt) {
      if (!this.isSymbolic && this.dict.entries.has('Encoding')) {
        const enc = this.encoding();
        let n = enc?.[code];
        if (!n || n === '.notdef') n = STANDARD_ENCODING[code];
        if (!n || n === '.notdef') return false;
        const gid = this.trueTypeGidForName(prog.sfnt, n);
        return gid > 0 && gid < prog.sfnt.numGlyphs;
      }
      const c30 = prog.sfnt.cmap(3, 0);
      if (c30) {
        const high = (c30.sampleCode ?? 0) & 0xff00;
        if (![0x0000, 0xf000, 0xf100, 0xf200].includes(high)) return false;
        return c30.has(high + code) && c30.lookup(high + code) !== 0;
      }
      const c10 = prog.sfnt.cmap(1, 0);
      return !!c10 && c10.has(code) && c10.lookup(code) !== 0;
    }
    return null;
  }

  /** Width from the embedded program in 1/1000 em; the dictionary default when the program has none. */
  widthFromProgram(code: number, cid: number | null): number | null {
    const prog = this.program();
    if (!prog || this.subtype === 'Type3') return null;
    let w: number | null = null;
    if (this.isType0) {
      if (cid === null) return null;
      if (prog.cff) {
        const g = prog.cff.isCID ? prog.cff.gidForCID(cid) : cid;
        w = g !== null ? prog.cff.width(g) : null;
      } else if (prog.sfnt) {
        const gid = this.cidSubtype === 'CIDFontType2' ? this.gidForCID(cid) : cid;
        w = gid < prog.sfnt.numGlyphs ? prog.sfnt.advance(gid) : null;
      }
    } else {
      const name = this.glyphName(code);
      if (prog.type1) {
        const v = name ? prog.type1.glyphs.get(name) : undefined;
        w = v === undefined ? null : v;
      } else if (prog.cff && !prog.cff.isCID) {
        // A name the CFF font lacks takes the .notdef width (glyph 0), as veraPDF reads it.
        const g = name ? prog.cff.gidForName(name) : null;
        w = prog.cff.width(g ?? 0);
      } else if (prog.sfnt) {
        const gid = this.trueTypeGid(prog.sfnt, code);
        w = prog.sfnt.advance(gid);
      }
    }
    return w ?? this.defaultWidth();
  }

  /**
   * Unicode for a code: the ToUnicode CMap first, then (simple fonts) the glyph name; Symbol
   * and ZapfDingbats names count as mapped; Type 0 fonts with a predefined CMap of the Adobe
   * CJK collections are mapped through that collection. ' ' stands for "mapped, value unknown".
   */
  toUnicode(code: number, bytes: number): string | null {
    if (this.identityToUnicode()) {
      // veraPDF maps every code of a ToUnicode CMap named Identity-* to the UTF-16 unit of the
      // code itself (so code 0 gives U+0000, which 6.2.11.7.2 test 2 then rejects).
      return String.fromCharCode(code & 0xffff);
    }
    const tu = this.toUnicodeCMap();
    if (tu) {
      const v = cmapUnicode(tu, code, bytes);
      if (v !== null) return v;
    }
    if (this.isType0) {
      // Without ToUnicode, the Adobe CJK collections map CIDs to Unicode through their UCS2
      // CMaps; those tables are not bundled here, so a code of such a font counts as mapped.
      const info = this.cmapInfo();
      let registry: string | null = null;
      let ordering: string | null = null;
      if (info.identity) {
        const csi = this.cidFont ? asDict(this.doc.get(this.cidFont, 'CIDSystemInfo')) : null;
        registry = csi ? latin1Text(asString(this.doc.get(csi, 'Registry'))) : null;
        ordering = csi ? latin1Text(asString(this.doc.get(csi, 'Ordering'))) : null;
      } else if (info.cmap) {
        registry = info.cmap.registry;
        ordering = info.cmap.ordering;
      } else if (info.predefined && info.name) {
        registry = 'Adobe';
        ordering = predefinedOrdering(info.name);
      }
      if (
        registry === 'Adobe' &&
        ordering !== null &&
        ['GB1', 'CNS1', 'Japan1', 'Korea1', 'KR'].includes(ordering)
      ) {
        return ' ';
      }
      return null;
    }
    const name = this.glyphName(code);
    if (!name) return null;
    const u = glyphNameToUnicode(name);
    if (u !== null) return u;
    if (SYMBOL_NAMES.has(name) || isZapfDingbatsName(name)) return ' ';
    return null;
  }
}

function lookupW(doc: PdfDocumentModel, w: CosArray, cid: number): number | null {
  const items = w.items.map((v) => doc.resolve(v));
  let i = 0;
  while (i < items.length) {
    const first = numberValue(items[i]);
    if (first === null) return null;
    const next = items[i + 1];
    const arr = asArray(next);
    if (arr) {
      if (cid >= first && cid < first + arr.items.length)
        return numberValue(doc.resolve(arr.items[cid - first]));
      i += 2;
    } else {
      const last = numberValue(next);
      const width = numberValue(items[i + 2]);
      if (last === null) return null;
      if (cid >= first && cid <= last) return width;
      i += 3;
    }
  }
  return null;
}

/** Whether a Unicode string contains a Private Use Area code point. */
export function hasPUA(text: string): boolean {
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (
      (c >= 0xe000 && c <= 0xf8ff) ||
      (c >= 0xf0000 && c <= 0xffffd) ||
      (c >= 0x100000 && c <= 0x10fffd)
    )
      return true;
  }
  return false;
}

const fontCaches = new WeakMap<PdfDocumentModel, (dict: CosDict) => PdfFont>();

/** One font model per font dictionary, shared by every flavour run on the same document. */
export function fontCache(doc: PdfDocumentModel): (dict: CosDict) => PdfFont {
  const existing = fontCaches.get(doc);
  if (existing) return existing;
  const cache = new WeakMap<CosDict, PdfFont>();
  const get = (dict: CosDict): PdfFont => {
    let f = cache.get(dict);
    if (!f) {
      f = new PdfFont(doc, dict);
      cache.set(dict, f);
    }
    return f;
  };
  fontCaches.set(doc, get);
  return get;
}

export type { CosObject };
