/**
 * Fonts from outside (@font-face), parsed once per thread and kept by content hash, the way
 * the bundled faces are: a service that renders the same branded template all day would
 * otherwise decode the same WOFF2, parse the same tables and decode the same GSUB/GPOS on every
 * request (most of such a document's time). Only the parsed, immutable font is shared; each
 * document still builds its own face (its family name, weights, unicode-range, warnings and
 * damage flag), so one request's @font-face rules never change another's output.
 */
import { createHash } from 'node:crypto';
import { getHeapStatistics } from 'node:v8';
import { create, type Font } from 'fontkit';
import { sameBytes } from '../util/index.js';
import { kernInPlace } from './kern.js';
import { FontFormatError, toSfnt } from './sfnt.js';

/** A font from outside after the load checks: what every face made from these bytes shares. */
export interface ParsedWebFont {
  /** The sfnt (WOFF and WOFF2 decoded), as embedded in the PDF. */
  readonly program: Uint8Array;
  readonly font: Font;
  /** Index of the font in `program` when that is a collection (TTC/OTC). */
  readonly collectionIndex: number | undefined;
  /** Content hash of the bytes given: the same key for every face parsed from them. */
  readonly key: string;
  /** Estimated heap of the parsed font once used, beyond its program (see `decodedHeap`). */
  readonly decodedBytes: number;
}

/**
 * Heap fontkit builds per byte of a table it decodes into objects, measured (node 20, fonts of
 * fonts/ loaded as web fonts, used to lay out a paragraph of Latin text, heap after collection):
 * the OpenType layout tables dominate, decoded lookup by lookup on first use into 14-54 times
 * their bytes (coverage and class tables, anchors, pair sets; Lato 18x, Noto Serif 23x, Roboto
 * 44x). Glyph outlines (glyf, 40-90% of a file) are read from the program per glyph and cost
 * nothing until drawn; CFF, cmap, hmtx and loca decode into a few times their bytes.
 */
const DECODED_PER_BYTE: Readonly<Record<string, number>> = {
  GSUB: 32,
  GPOS: 32,
  GDEF: 32,
  morx: 32,
  // Only when fontkit decodes it (see kern.ts): 17x, one object per pair.
  kern: 17,
  'CFF ': 4,
  CFF2: 4,
  cmap: 4,
  hmtx: 4,
  loca: 4,
};
/** What any parsed font holds whatever its tables: directory, metrics, glyph objects. */
const DECODED_BASE = 128 * 1024;
/**
 * Per thread, in estimated heap: about five text faces with full OpenType layout tables (a
 * document's families and weights), or many more without.
 */
const CACHE_BYTES = 24 * 1024 * 1024;
const CACHE_ENTRIES = 64;
/** Past this share of the heap limit a new font is used for its document and not kept. */
const HEAP_SHARE = 0.6;

export interface WebFontCacheOptions {
  readonly bytes?: number;
  readonly entries?: number;
  /** Whether the thread has room to keep one more font (default: the V8 heap's use). */
  readonly hasRoom?: () => boolean;
}

const heapHasRoom = (): boolean => {
  const h = getHeapStatistics();
  return h.used_heap_size < HEAP_SHARE * h.heap_size_limit;
};

/** A kept font and the bytes it was parsed from, the proof that a lookup found the same file. */
interface Kept {
  readonly source: Uint8Array;
  readonly parsed: ParsedWebFont;
}

/** Bytes sampled for the lookup key, spread over the whole file. */
const PROBE_SAMPLES = 1024;

/**
 * Length and an FNV-1a hash of bytes sampled across the file: cheap, and distinct for distinct
 * fonts in practice; a collision only costs a parse, as the bytes are compared in full.
 */
function probeKey(bytes: Uint8Array): string {
  const n = bytes.length;
  const step = Math.max(1, Math.floor(n / PROBE_SAMPLES));
  let h = 0x811c9dc5;
  for (let i = 0; i < n; i += step) h = Math.imul(h ^ bytes[i], 0x01000193);
  return `${n}:${(h >>> 0).toString(36)}`;
}

/**
 * Least recently used first, exactly, by bytes: a document asks for each of its faces once
 * per render, in the same order every time, and a two-generation cache of the same budget
 * (which keeps only half of it for sure) dropped every face of a document with three Lato
 * faces before it came round again, so each render parsed them all anew.
 */
export class WebFontCache {
  private readonly kept = new Map<string, Kept>();
  private readonly maxBytes: number;
  private readonly maxEntries: number;
  private held = 0;
  private readonly hasRoom: () => boolean;

  constructor(options: WebFontCacheOptions = {}) {
    this.maxBytes = options.bytes ?? CACHE_BYTES;
    this.maxEntries = options.entries ?? CACHE_ENTRIES;
    this.hasRoom = options.hasRoom ?? heapHasRoom;
  }

  /**
   * The parsed font for these bytes, from the cache or parsed and checked now; throws
   * FontFormatError (or whatever fontkit throws) for a font that cannot be used. Refused
   * fonts are never kept, so damaged bytes are refused again on every document. Looked up by
   * a sample of the bytes and then compared in full with the bytes the font was parsed from:
   * hashing every file in full on every document cost more than the comparison.
   */
  load(bytes: Uint8Array): ParsedWebFont {
    const probe = probeKey(bytes);
    const hit = this.kept.get(probe);
    if (hit && sameBytes(hit.source, bytes)) {
      // Most recently used: to the end of the map's order.
      this.kept.delete(probe);
      this.kept.set(probe, hit);
      return hit.parsed;
    }
    // A copy, parsed and kept: the caller's buffer is its own to reuse, and a TrueType or
    // OpenType file is its own program, so the font and the lookup share one copy.
    const source = bytes.slice();
    const parsed = parseWebFont(source, createHash('sha256').update(source).digest('base64'));
    if (this.hasRoom()) this.keep(probe, { source, parsed });
    return parsed;
  }

  private keep(key: string, entry: Kept): void {
    const weight = weigh(key, entry);
    if (weight > this.maxBytes) return;
    const old = this.kept.get(key);
    if (old) {
      this.kept.delete(key);
      this.held -= weigh(key, old);
    }
    for (const [k, v] of this.kept) {
      if (this.held + weight <= this.maxBytes && this.kept.size < this.maxEntries) break;
      this.kept.delete(k);
      this.held -= weigh(k, v);
    }
    this.kept.set(key, entry);
    this.held += weight;
  }

  /** Drops every kept font (for diagnostics: measuring what the kept fonts hold). */
  clear(): void {
    this.kept.clear();
    this.held = 0;
  }

  /** Fonts held. */
  get size(): number {
    return this.kept.size;
  }

  /** Estimated bytes held. */
  get bytes(): number {
    return this.held;
  }
}

/**
 * Estimated heap of a kept font: the program, the bytes kept for lookups when they are not the
 * program (WOFF and WOFF2), and what the parsed font decodes.
 */
function weigh(key: string, v: Kept): number {
  const { program, decodedBytes } = v.parsed;
  return (
    key.length * 2 +
    program.byteLength +
    (v.source === program ? 0 : v.source.byteLength) +
    decodedBytes
  );
}

/** Estimated heap a parsed font builds as it is used, from the tables fontkit will decode. */
function decodedHeap(
  tables: Readonly<Record<string, { length: number } | undefined>>,
  kernFromBytes: boolean,
): number {
  let bytes = DECODED_BASE;
  for (const [tag, perByte] of Object.entries(DECODED_PER_BYTE)) {
    const t = tables[tag];
    if (t && !(tag === 'kern' && kernFromBytes)) bytes += perByte * t.length;
  }
  return bytes;
}

/** The thread's cache, shared by every font context of the thread. */
export const webFonts = new WebFontCache();

/**
 * Parses a font from outside and checks what shaping and embedding will read, so a broken
 * file fails here rather than in the middle of a render.
 */
export function parseWebFont(bytes: Uint8Array, key: string): ParsedWebFont {
  const program = toSfnt(bytes);
  let parsed = create(Buffer.from(program.buffer, program.byteOffset, program.byteLength));
  let collectionIndex: number | undefined;
  if ('fonts' in parsed) {
    // A collection (TTC/OTC): its first font, as browsers and WeasyPrint take it.
    collectionIndex = 0;
    parsed = (parsed as unknown as { fonts: Font[] }).fonts[0] as Font;
  }
  if (!parsed || !('unitsPerEm' in parsed) || typeof parsed.layout !== 'function')
    throw new FontFormatError('not a single font');
  const font = parsed;
  void font.unitsPerEm;
  font.glyphForCodePoint(0x20);
  void font.numGlyphs;
  const tables = (font as unknown as { directory: { tables: Record<string, unknown> } }).directory
    .tables;
  if (!tables['CFF '] && !tables.CFF2 && !(tables.glyf && tables.loca))
    throw new FontFormatError(
      'it has no TrueType, CFF or CFF2 outlines (bitmap or colour-only fonts cannot be embedded)',
    );
  checkGlyphTables(font, program);
  const decodedBytes = decodedHeap(tables as Record<string, { length: number }>, kernInPlace(font));
  return { program, font, collectionIndex, key, decodedBytes };
}

/**
 * The glyph tables of a font from outside, checked against the file's bounds before any glyph
 * is read: every table inside the file, loca's offsets rising within glyf, hmtx long enough.
 * fontkit reads a glyph only when it is used, so damage found here would otherwise surface
 * in the middle of a render.
 */
function checkGlyphTables(font: Font, program: Uint8Array): void {
  const f = font as unknown as {
    directory: { tables: Record<string, { offset: number; length: number } | undefined> };
    numGlyphs: number;
    loca?: { offsets?: ArrayLike<number> };
    hhea?: { numberOfMetrics?: number };
  };
  const tables = f.directory.tables;
  for (const [tag, t] of Object.entries(tables))
    if (t && (t.offset < 0 || t.length < 0 || t.offset + t.length > program.length))
      throw new FontFormatError(`its ${tag.trim()} table lies outside the file`);
  const glyf = tables.glyf;
  if (glyf && tables.loca) {
    const offsets = f.loca?.offsets;
    if (!offsets || offsets.length < Math.min(f.numGlyphs, 1) + 1)
      throw new FontFormatError('its loca table is shorter than its glyph count');
    for (let i = 1; i < offsets.length; i++)
      if (offsets[i] < offsets[i - 1] || offsets[i] > glyf.length)
        throw new FontFormatError(`its loca table points outside glyf (glyph ${i - 1})`);
  }
  const hmtx = tables.hmtx;
  const metrics = f.hhea?.numberOfMetrics ?? 0;
  if (hmtx && hmtx.length < metrics * 4 + Math.max(0, f.numGlyphs - metrics) * 2)
    throw new FontFormatError('its hmtx table is shorter than its glyph count');
}
