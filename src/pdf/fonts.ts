/**
 * Font embedding: every FontResource becomes one Type0 font with Identity-H encoding whose
 * CIDs are the glyph ids of a subset (CID = subset GID, so CIDToGIDMap is Identity).
 * TrueType outlines go in as CIDFontType2 (FontFile2, truetype-subset.ts: fontkit's layout,
 * written from the font's bytes); CFF and CFF2 outlines as CIDFontType0 with a CID-keyed bare CFF (FontFile3 /CIDFontType0C) in the layout of
 * cff-program.ts: fontkit's CFF subset laid out again with explicit matrices, or, for CFF2 and
 * for instances of variable TrueType fonts, a CFF drawn from the instance's outlines.
 */
import { createHash } from 'node:crypto';
import * as fontkit from 'fontkit';
import { InputError, type Warning } from '../diagnostics.js';
import type { FontResource } from '../document/index.js';
import { parsedFont, postHeader } from '../text/index.js';
import { LruCache } from '../util/index.js';
import { parseCff, type CffFont } from './cff.js';
import { cidCffFromOutlines, withExplicitMatrices, type PathCommand } from './cff-program.js';
import { deflate, type PdfFile } from './file.js';
import { SubsetGlyphs, TrueTypeSubset, type GlyfFont } from './truetype-subset.js';
import { PdfRef, ascii, dict, name } from './objects.js';

/** The parts of fontkit's font object the writer uses (its published types are loose). */
interface KitGlyph {
  readonly id: number;
  readonly advanceWidth: number;
  readonly codePoints: number[];
  readonly path: { readonly commands: readonly PathCommand[] };
}
interface KitSubset {
  /** Included glyph ids in subset order (fontkit appends composite components on encode). */
  readonly glyphs: number[];
  includeGlyph(glyph: number): number;
  encode(): Uint8Array;
}
interface KitFont {
  readonly postscriptName: string;
  readonly unitsPerEm: number;
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  readonly xHeight: number;
  readonly italicAngle: number;
  readonly numGlyphs: number;
  readonly bbox: { minX: number; minY: number; maxX: number; maxY: number };
  readonly 'OS/2'?: {
    usWeightClass?: number;
    sFamilyClass?: number;
    fsSelection?: { italic?: boolean };
    fsType?: { noEmbedding?: boolean; bitmapOnly?: boolean; noSubsetting?: boolean };
  };
  readonly post?: { isFixedPitch?: number | boolean };
  readonly directory: { tables: Record<string, { offset: number; length: number } | undefined> };
  getGlyph(id: number): KitGlyph;
  /** Strings the font's cmap maps to this glyph (reverse lookup). */
  stringsForGlyph(id: number): string[];
  createSubset(): KitSubset;
  getVariation(settings: Readonly<Record<string, number>>): KitFont;
}

/** Parsed fonts by resource id: immutable after parsing, so sharing across renders is safe. */
const parsed = new Map<string, KitFont>();
const PARSED_LIMIT = 64;

/**
 * Glyph widths in 1/1000 em by glyph id, NaN until asked for: a function of the font alone, so
 * kept with the parsed font for every document that embeds it rather than allocated and filled
 * for each (an array of the font's glyph count, per document and font).
 */
const advanceTables = new WeakMap<KitFont, Float64Array>();

function advancesOf(font: KitFont): Float64Array {
  let table = advanceTables.get(font);
  if (!table) {
    table = new Float64Array(font.numGlyphs).fill(NaN);
    advanceTables.set(font, table);
  }
  return table;
}

function openFont(res: FontResource): KitFont {
  // The font text/ shaped with, when it came from there: parsing the program again would keep
  // a second copy of its tables and glyphs in every worker.
  const shaped = parsedFont(res) as KitFont | undefined;
  if (shaped) return shaped;
  const cached = parsed.get(res.id);
  if (cached) return cached;
  const buf = Buffer.from(res.program.buffer, res.program.byteOffset, res.program.byteLength);
  let font = fontkit.create(buf) as unknown as KitFont & { fonts?: KitFont[] };
  if (font.fonts) font = font.fonts[res.collectionIndex ?? 0] as KitFont & { fonts?: KitFont[] };
  if (!font) throw new Error(`font ${res.postscriptName}: collection index out of range`);
  if (res.variation) font = font.getVariation(res.variation) as KitFont & { fonts?: KitFont[] };
  if (parsed.size >= PARSED_LIMIT) parsed.delete(parsed.keys().next().value as string);
  parsed.set(res.id, font);
  return font;
}

/** An encoded subset program with its Flate form, both immutable once cached. */
interface EncodedSubset {
  readonly program: Uint8Array;
  readonly compressed: Uint8Array;
}

/**
 * Encoded subsets by font and glyph list (PROFILE.md finding 3: fontkit's encoder is most of
 * the writer's time, and a service renders the same invoice glyph sets over and over).
 * Bounded by count and bytes; Map order gives least-recently-used first.
 */
const subsets = new Map<string, EncodedSubset>();
const SUBSET_LIMIT = 64;
const SUBSET_BYTES_LIMIT = 32 * 1024 * 1024;
let subsetBytes = 0;

/**
 * The key holds the glyph ids in CID order, not sorted: CIDs are assigned in the order glyphs
 * are first shown, and the subset's glyph order follows them, so the same set in another order
 * is a different program. Everything else the encoder reads comes from the font itself.
 */
function subsetKey(res: FontResource, glyphs: readonly number[]): string {
  return `${res.id}\u0000${res.collectionIndex ?? 0}\u0000${glyphs.join(',')}`;
}

/**
 * ToUnicode CMaps in Flate form by their text: a repeated document maps the same glyphs to the
 * same text, so its CMaps are compressed once per thread. At most 256 CMaps of 32 K characters.
 */
const CMAP_MAX_CHARS = 32 * 1024;
const cmaps = new LruCache<string, Uint8Array>(256);

/** Forgets the encoded subsets and CMaps of documents written so far. */
export function clearWriterFontCaches(): void {
  subsets.clear();
  subsetBytes = 0;
  cmaps.clear();
}

function compressedCMap(text: string): Uint8Array {
  const hit = cmaps.get(text);
  if (hit) return hit;
  const packed = deflate(Buffer.from(text, 'latin1'));
  // A CMap of thousands of glyphs (a long CJK document) is not worth holding as a key.
  if (text.length <= CMAP_MAX_CHARS) cmaps.set(text, packed);
  return packed;
}

function cachedSubset(key: string): EncodedSubset | undefined {
  const hit = subsets.get(key);
  if (hit) {
    subsets.delete(key);
    subsets.set(key, hit);
  }
  return hit;
}

function rememberSubset(key: string, entry: EncodedSubset): void {
  const size = entry.program.byteLength + entry.compressed.byteLength;
  if (size > SUBSET_BYTES_LIMIT) return;
  subsets.set(key, entry);
  subsetBytes += size;
  while (subsets.size > SUBSET_LIMIT || subsetBytes > SUBSET_BYTES_LIMIT) {
    const [oldKey, old] = subsets.entries().next().value as [string, EncodedSubset];
    subsets.delete(oldKey);
    subsetBytes -= old.program.byteLength + old.compressed.byteLength;
  }
}

function isForbiddenCodePoint(cp: number): boolean {
  return cp === 0 || cp === 0xfeff || cp === 0xfffe || (cp >= 0xd800 && cp <= 0xdfff);
}

/** Text cleaned of code points ToUnicode must never produce. */
export function cleanUnicode(s: string): string {
  let out = '';
  for (const ch of s) if (!isForbiddenCodePoint(ch.codePointAt(0) as number)) out += ch;
  return out;
}

/** A growing glyph subset that encodes to the embedded font program. */
interface ProgramSubset {
  readonly kind: 'truetype' | 'cff' | 'outlines';
  /** Included glyph ids in subset order (TrueType appends composite components on encode). */
  readonly glyphs: readonly number[];
  includeGlyph(glyph: number): number;
  /** Adds one more copy of a glyph (a CID of its own, drawn the same); returns its index. */
  copyGlyph(glyph: number): number;
  encode(): Uint8Array;
}

function tableBytes(font: KitFont, res: FontResource, tag: string): Uint8Array {
  const entry = font.directory.tables[tag];
  const p = res.program;
  if (!entry || entry.offset + entry.length > p.byteLength)
    throw new Error(`the font's ${tag.trim()} table lies outside the font data`);
  return p.subarray(entry.offset, entry.offset + entry.length);
}

/** Glyphs drawn from their outlines into a new CFF (CFF2 fonts and variable-font instances). */
class OutlineSubset extends SubsetGlyphs implements ProgramSubset {
  readonly kind = 'outlines';

  constructor(
    private readonly font: KitFont,
    private readonly postscriptName: string,
  ) {
    super();
  }

  encode(): Uint8Array {
    const f = this.font;
    const outlines = this.glyphs.map((gid) => {
      const g = f.getGlyph(gid);
      return { commands: g.path.commands, advance: g.advanceWidth };
    });
    const { minX, minY, maxX, maxY } = f.bbox;
    return cidCffFromOutlines(this.postscriptName, outlines, f.unitsPerEm, [
      minX,
      minY,
      maxX,
      maxY,
    ]);
  }
}

function subsetFor(font: KitFont, res: FontResource): ProgramSubset {
  const tables = font.directory.tables;
  if (tables['CFF ']) {
    // Read the source's matrices now: a CFF we cannot parse makes the font unusable here,
    // before any text is drawn in it.
    const source: CffFont = parseCff(tableBytes(font, res, 'CFF '));
    const kit = font.createSubset();
    return {
      kind: 'cff',
      glyphs: kit.glyphs,
      includeGlyph: (g) => kit.includeGlyph(g),
      copyGlyph: (g) => copyInto(kit.glyphs, g),
      encode: () => withExplicitMatrices(kit.encode(), source, kit.glyphs, font.unitsPerEm),
    };
  }
  // CFF2 blends have no CFF form, and fontkit's encoder for instanced glyf outlines is broken
  // (2.0.4): both are drawn into a CFF from the instance's outlines.
  if (tables.CFF2 || (res.variation && tables.glyf))
    return new OutlineSubset(font, sanitizePsName(res.postscriptName || font.postscriptName));
  // A variation instance (none reaches here today) would need its outlines re-encoded: fontkit.
  if (
    tables.glyf &&
    tables.loca &&
    !(font as { _variationProcessor?: unknown })._variationProcessor
  ) {
    const subset = new TrueTypeSubset(font as unknown as GlyfFont);
    return {
      kind: 'truetype',
      glyphs: subset.glyphs,
      includeGlyph: (g) => subset.includeGlyph(g),
      copyGlyph: (g) => subset.copyGlyph(g),
      encode: () => subset.encode(),
    };
  }
  if (tables.glyf && tables.loca) {
    const kit = font.createSubset();
    return {
      kind: 'truetype',
      glyphs: kit.glyphs,
      includeGlyph: (g) => kit.includeGlyph(g),
      copyGlyph: (g) => copyInto(kit.glyphs, g),
      encode: () => kit.encode(),
    };
  }
  throw new Error('the font has no TrueType, CFF or CFF2 outlines');
}

/**
 * fontkit's subsets encode every entry of their glyph list, a repeated one included, and give
 * each its own index (charset and CIDToGIDMap stay identities).
 */
function copyInto(glyphs: number[], glyph: number): number {
  glyphs.push(glyph);
  return glyphs.length - 1;
}

/**
 * Copies of glyphs kept per font at most, so that one glyph can stand for several characters
 * (the replacement glyph drawn for every character no font has, a capital drawn for a
 * lowercase letter in synthesized small capitals) and each still extracts as its own character. Past this, a glyph
 * shown for yet another character reuses its first code and text.
 */
const MAX_GLYPH_COPIES = 4096;
/** Two-byte codes: a subset never grows past them. */
const MAX_CID = 0xffff;

/** Whether `s` is exactly one code point. */
function isOneCodePoint(s: string): boolean {
  return s.length === 1 || (s.length === 2 && s.codePointAt(0)! > 0xffff);
}

/**
 * A two-byte code as it goes inside a literal string: `(`, `)` and `\\` escaped, and the two
 * end-of-line bytes too (a reader turns an unescaped CR, or CR LF, into LF). Written as bytes
 * rather than in hex, a line of text is half the size, so half the work to build and compress.
 */
export function literalCode(code: number): string {
  return literalByte(code >> 8) + literalByte(code & 0xff);
}

function literalByte(b: number): string {
  switch (b) {
    case 0x28:
      return '\\(';
    case 0x29:
      return '\\)';
    case 0x5c:
      return '\\\\';
    case 0x0d:
      return '\\r';
    case 0x0a:
      return '\\n';
    default:
      return String.fromCharCode(b);
  }
}

export class EmbeddedFont {
  readonly ref: PdfRef;
  readonly resourceName: string;
  private readonly font: KitFont;
  private readonly subset: ProgramSubset;
  private readonly isCff: boolean;
  /** cid -> width in 1/1000 em, and cid -> Unicode text. */
  private readonly widths = new Map<number, number>();
  private readonly unicode = new Map<number, string>();
  private readonly cidByGid = new Map<number, number>();
  /** The one-code-point text each glyph was first shown for, and the copies made for others. */
  private readonly firstText = new Map<number, string>();
  private readonly copies = new Map<string, number>();
  /** Per-glyph caches: fontkit's getters re-read tables on every call. */
  private readonly advance: Float64Array;
  private readonly codeByGid = new Map<number, string>();
  private readonly upem: number;
  readonly numGlyphs: number;

  constructor(
    readonly resource: FontResource,
    ref: PdfRef,
    resourceName: string,
  ) {
    this.ref = ref;
    this.resourceName = resourceName;
    this.font = openFont(resource);
    this.upem = this.font.unitsPerEm;
    this.numGlyphs = this.font.numGlyphs;
    this.advance = advancesOf(this.font);
    this.subset = subsetFor(this.font, resource);
    this.isCff = this.subset.kind !== 'truetype';
  }

  /** Width of a glyph in 1/1000 em, as the font program defines it. */
  widthOf(gid: number): number {
    let w = this.advance[gid] as number;
    if (Number.isNaN(w)) {
      w = (this.font.getGlyph(gid).advanceWidth * 1000) / this.upem;
      this.advance[gid] = w;
    }
    return w;
  }

  /**
   * The glyph as bytes of a content-stream literal string (one char per byte): its CID, two
   * bytes, escaped where a literal string needs it.
   */
  show(gid: number, text: string, clusterText: string): string {
    let code = this.codeByGid.get(gid);
    if (code !== undefined && isOneCodePoint(text) && this.firstText.get(gid) !== text)
      return literalCode(this.use(gid, text, clusterText));
    if (code === undefined) {
      code = literalCode(this.use(gid, text, clusterText));
      this.codeByGid.set(gid, code);
    }
    return code;
  }

  /**
   * CID for a glyph id, recording its width and Unicode text. `text` is the source text the
   * glyph stands for; glyphs without one (2nd..nth glyph of a cluster) fall back to the font's
   * own cmap, then to `clusterText`.
   */
  use(gid: number, text: string, clusterText: string): number {
    let cid = this.cidByGid.get(gid);
    if (cid === undefined) {
      cid = this.subset.includeGlyph(gid);
      this.cidByGid.set(gid, cid);
      this.widths.set(cid, this.widthOf(gid));
      if (isOneCodePoint(text)) this.firstText.set(gid, text);
    } else if (isOneCodePoint(text)) {
      const first = this.firstText.get(gid);
      if (first === undefined && this.unicode.get(cid) === visualOrder(cleanUnicode(text)))
        this.firstText.set(gid, text);
      else if (first !== text) return this.copyFor(gid, text) ?? cid;
    }
    if (!this.unicode.has(cid)) {
      let u = cleanUnicode(text);
      if (u === '') u = cleanUnicode(this.font.stringsForGlyph(gid)[0] ?? '');
      if (u === '') u = cleanUnicode(clusterText);
      // U+FFFD keeps every shown glyph mapped (PDF/A 6.2.11.7.2) when nothing better is known.
      this.unicode.set(cid, u === '' ? '\ufffd' : visualOrder(u));
    }
    return cid;
  }

  /**
   * The code of a copy of glyph `gid` that extracts as `text`, made on first use: one glyph
   * shown for several characters would otherwise map to the first of them in ToUnicode.
   */
  private copyFor(gid: number, text: string): number | undefined {
    const key = `${gid}:${text}`;
    let cid = this.copies.get(key);
    if (cid !== undefined) return cid;
    const u = cleanUnicode(text);
    if (u === '' || this.copies.size >= MAX_GLYPH_COPIES) return undefined;
    if (this.subset.glyphs.length >= MAX_CID) return undefined;
    cid = this.subset.copyGlyph(gid);
    this.copies.set(key, cid);
    this.widths.set(cid, this.widthOf(gid));
    this.unicode.set(cid, visualOrder(u));
    return cid;
  }

  get used(): boolean {
    return this.cidByGid.size > 0;
  }

  /** Writes the font objects into `file` at this.ref. Call once, after all content is drawn. */
  write(file: PdfFile, warnings: Warning[]): void {
    const fsType = this.font['OS/2']?.fsType;
    if (fsType?.noEmbedding || fsType?.noSubsetting) {
      // PDF/A needs the font embedded; the licence flag is the caller's to honour, so say so.
      warnings.push({
        code: 'pdf.font-licence',
        message: `font ${this.resource.postscriptName} is marked ${fsType.noEmbedding ? 'not embeddable' : 'not to be subset'} by its licence flags (OS/2 fsType); it was embedded as a subset`,
        source: this.resource.postscriptName,
      });
    }
    const key = subsetKey(this.resource, this.subset.glyphs);
    let encoded = cachedSubset(key);
    if (!encoded) {
      let program: Uint8Array;
      try {
        program = this.subset.encode();
      } catch (e) {
        // A damaged font can pass the checks made when it is loaded and still fail here, where
        // the glyphs used are read in full: say which font, never an untyped crash.
        const name = this.resource.postscriptName || this.font.postscriptName || 'a font';
        throw new InputError(
          `the font ${name} is damaged: its glyphs could not be read for embedding (${e instanceof Error ? e.message : String(e)})`,
          [],
          422,
          'font-damaged',
        );
      }
      encoded = { program, compressed: deflate(program) };
      rememberSubset(key, encoded);
    }
    const program = encoded.program;
    const cids = [...this.widths.keys()].sort(ascending);
    const tag = subsetTag(this.resource.id, cids);
    const baseName = `${tag}+${sanitizePsName(this.resource.postscriptName || this.font.postscriptName)}`;
    const f = this.font;
    const scale = 1000 / f.unitsPerEm;
    const os2 = f['OS/2'];
    const post = postHeader(f as unknown as Parameters<typeof postHeader>[0]);
    const fixed = post.isFixedPitch;
    const familyClass = (os2?.sFamilyClass ?? 0) >> 8;
    const serif = familyClass >= 1 && familyClass <= 7;
    const italic = post.italicAngle !== 0 || os2?.fsSelection?.italic === true;
    // Flags (Table 123): FixedPitch 1, Serif 2, Symbolic 4, Italic 64. Identity-H fonts use
    // their own glyph set, which is what Symbolic means.
    const flags = (fixed ? 1 : 0) | (serif ? 2 : 0) | 4 | (italic ? 64 : 0);
    const weight = os2?.usWeightClass ?? 400;
    // The cached Flate form goes in as is: the named filter tells addStream not to compress again.
    const fontFile = file.addStream(
      this.isCff
        ? dict({ Subtype: name('CIDFontType0C'), Filter: name('FlateDecode') })
        : dict({ Length1: program.length, Filter: name('FlateDecode') }),
      encoded.compressed,
    );
    const descriptor = file.add(
      dict({
        Type: name('FontDescriptor'),
        FontName: name(baseName),
        Flags: flags,
        FontBBox: [
          f.bbox.minX * scale,
          f.bbox.minY * scale,
          f.bbox.maxX * scale,
          f.bbox.maxY * scale,
        ].map(Math.round),
        ItalicAngle: post.italicAngle,
        Ascent: Math.round(f.ascent * scale),
        Descent: Math.round(f.descent * scale),
        CapHeight: Math.round((f.capHeight || f.ascent) * scale),
        XHeight: f.xHeight ? Math.round(f.xHeight * scale) : undefined,
        // No font format stores the dominant stem; this estimate from the weight class is the usual one.
        StemV: Math.round(10 + (220 * Math.max(0, weight - 50)) / 900),
        [this.isCff ? 'FontFile3' : 'FontFile2']: fontFile,
      }),
    );
    const w: (number | number[])[] = [];
    for (let i = 0; i < cids.length;) {
      const start = cids[i] as number;
      const run: number[] = [];
      while (i < cids.length && cids[i] === start + run.length) {
        run.push(Math.round((this.widths.get(cids[i] as number) as number) * 1000) / 1000);
        i++;
      }
      w.push(start, run);
    }
    const cidFont = file.add(
      dict({
        Type: name('Font'),
        Subtype: name(this.isCff ? 'CIDFontType0' : 'CIDFontType2'),
        BaseFont: name(baseName),
        CIDSystemInfo: dict({
          Registry: ascii('Adobe'),
          Ordering: ascii('Identity'),
          Supplement: 0,
        }),
        FontDescriptor: descriptor,
        DW: 0,
        W: w,
        CIDToGIDMap: this.isCff ? undefined : name('Identity'),
      }),
    );
    const toUnicode = file.addStream(
      dict({ Filter: name('FlateDecode') }),
      compressedCMap(toUnicodeCMap(this.unicode)),
    );
    file.put(
      this.ref,
      dict({
        Type: name('Font'),
        Subtype: name('Type0'),
        BaseFont: name(baseName),
        Encoding: name('Identity-H'),
        DescendantFonts: [cidFont],
        ToUnicode: toUnicode,
      }),
    );
    if (program.length === 0)
      warnings.push({
        code: 'pdf.font-empty',
        message: `font ${baseName} produced an empty program`,
      });
  }
}

function sanitizePsName(s: string): string {
  const clean = s.replace(/[^A-Za-z0-9\-_.]/g, '').slice(0, 100);
  return clean === '' ? 'Font' : clean;
}

/** Six capital letters derived from the font and glyph set, so equal input gives equal names. */
function subsetTag(id: string, cids: readonly number[]): string {
  const h = createHash('sha256').update(id).update(Uint32Array.from(cids)).digest();
  let tag = '';
  for (let i = 0; i < 6; i++) tag += String.fromCharCode(65 + ((h[i] as number) % 26));
  return tag;
}

function utf16Hex(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += s.charCodeAt(i).toString(16).padStart(4, '0');
  return out;
}

const STRONG_RTL =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/**
 * The text of one right-to-left glyph standing for several characters (lam-alef, a letter with
 * its marks) in visual order. Text extractors (pdf.js, poppler, Acrobat) concatenate glyph texts
 * in drawing order and then reverse right-to-left runs character by character, so a ligature
 * mapped in logical order comes out backwards ("سالم" for "سلام"); mapped in visual order it
 * comes out right.
 */
export function visualOrder(text: string): string {
  const chars = [...text];
  if (chars.length < 2 || !STRONG_RTL.test(text)) return text;
  if (chars.some((c) => /\p{L}/u.test(c) && !STRONG_RTL.test(c))) return text;
  return chars.reverse().join('');
}

// Sort orders, made once rather than per font and file (see the page drawer, content.ts).
function ascending(a: number, b: number): number {
  return a - b;
}

function byCode(a: [number, string], b: [number, string]): number {
  return a[0] - b[0];
}

/** ToUnicode CMap (ISO 32000-1, 9.10.3) with bfchar entries; ligatures map to all their characters. */
export function toUnicodeCMap(map: ReadonlyMap<number, string>): string {
  const entries = [...map.entries()].sort(byCode);
  const lines = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
  ];
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    lines.push(`${chunk.length} beginbfchar`);
    for (const [cid, u] of chunk)
      lines.push(`<${cid.toString(16).padStart(4, '0')}> <${utf16Hex(u)}>`);
    lines.push('endbfchar');
  }
  lines.push('endcmap', 'CMapName currentdict /CMap defineresource pop', 'end', 'end');
  return lines.join('\n');
}
