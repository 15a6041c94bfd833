/**
 * Kerning from a font's legacy `kern` table, read in place. fontkit decodes such a table in full
 * into one object per pair on first use: about 18,000 pairs (110 KB) in a common Open Sans
 * build became 1.9 MB of heap and 50-70 ms of the first render, per face. The pairs of a
 * format 0 subtable are sorted, so a binary search over the bytes finds a pair as fast without
 * decoding any. Tables with other subtable formats (Apple's class-based formats 2 and 3) stay
 * with fontkit, which reads those lazily anyway.
 */
import type { Font, Glyph, GlyphPosition } from 'fontkit';

/** One horizontal format 0 subtable: where its pairs start, how many, how they combine. */
interface PairSubtable {
  readonly pairs: number;
  readonly count: number;
  /** The subtable's value replaces the sum so far rather than adding to it. */
  readonly override: boolean;
}

/** A `kern` table whose horizontal subtables are all format 0, read from the font's bytes. */
export class KernPairs {
  private readonly view: DataView;

  constructor(
    bytes: Uint8Array,
    private readonly subtables: readonly PairSubtable[],
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** The kerning between two glyphs in font units, summed over the subtables as fontkit does. */
  get(left: number, right: number): number {
    let result = 0;
    for (const s of this.subtables) {
      const value = this.search(s, left, right);
      result = s.override ? value : result + value;
    }
    return result;
  }

  /** fontkit's kern processor's contract: adjusts each glyph's advance by its pair's value. */
  process(glyphs: readonly Glyph[], positions: GlyphPosition[]): void {
    for (let i = 0; i < glyphs.length - 1; i++)
      positions[i].xAdvance += this.get(glyphs[i].id, glyphs[i + 1].id);
  }

  /** The same bisection as fontkit's, so even a badly sorted table kerns as it did. */
  private search(s: PairSubtable, left: number, right: number): number {
    let lo = 0;
    let hi = s.count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = s.pairs + mid * 6;
      const cmp = left - this.view.getUint16(at) || right - this.view.getUint16(at + 2);
      if (cmp < 0) hi = mid - 1;
      else if (cmp > 0) lo = mid + 1;
      else return this.view.getInt16(at + 4);
    }
    return 0;
  }
}

/**
 * The `kern` table at `offset` in `bytes` when every subtable fontkit would apply is format 0
 * and lies inside the table, or undefined (no usable subtable, another format, a damaged
 * table): fontkit then decodes it as before. Subtables follow each other at their declared
 * length, as fontkit walks them; flags are read as fontkit reads them (Microsoft's version 0:
 * horizontal, cross-stream, override; Apple's version 1: vertical, cross-stream, variation).
 */
export function readKernTable(
  bytes: Uint8Array,
  offset: number,
  length: number,
): KernPairs | undefined {
  if (offset < 0 || length < 4 || offset + length > bytes.length) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = offset + length;
  const version = view.getUint16(offset);
  const apple = version === 1;
  if (version !== 0 && !apple) return undefined;
  if (apple && length < 8) return undefined;
  const count = apple ? view.getUint32(offset + 4) : view.getUint16(offset + 2);
  let at = offset + (apple ? 8 : 4);
  const subtables: PairSubtable[] = [];
  for (let i = 0; i < count; i++) {
    const header = apple ? 8 : 6;
    if (at + header > end) return undefined;
    const declared = apple ? view.getUint32(at) : view.getUint16(at + 2);
    const format = apple ? view.getUint8(at + 5) : view.getUint8(at + 4);
    const flags = apple ? view.getUint8(at + 4) : view.getUint8(at + 5);
    if (format !== 0) return undefined;
    const body = at + header;
    if (body + 8 > end) return undefined;
    const pairs = view.getUint16(body);
    if (body + 8 + pairs * 6 > end) return undefined;
    const crossStream = apple ? (flags & 0x40) !== 0 : (flags & 0x04) !== 0;
    const applies = apple ? (flags & 0xa0) === 0 : (flags & 0x01) !== 0;
    if (!crossStream && applies)
      subtables.push({ pairs: body + 8, count: pairs, override: !apple && (flags & 0x08) !== 0 });
    // A length that overflowed its 16 bits (large single subtables) only matters when another
    // subtable follows, and then fontkit read it from the same place; one shorter than a
    // subtable would walk backwards, which only a damaged table asks for.
    if (i < count - 1 && declared < header + 8) return undefined;
    at += declared;
  }
  return subtables.length > 0 ? new KernPairs(bytes, subtables) : undefined;
}

const INSTALLED = Symbol('kern table read in place');

interface FontkitInternals {
  [INSTALLED]?: KernPairs | null;
  type?: string;
  stream?: { buffer?: Uint8Array };
  directory?: { tables?: Record<string, { offset: number; length: number } | undefined> };
  _tables?: Record<string, unknown>;
  _layoutEngine?: { kernProcessor?: unknown };
}

/**
 * Makes fontkit kern this font (and its variation instances, which share its tables) from the
 * bytes in place: the table's decoded slot holds the reader, so fontkit never decodes it, and
 * the layout engine's kern processor is the reader. Does nothing when the table is missing,
 * already decoded, or not one the reader takes. True when the font kerns from the bytes.
 */
export function kernInPlace(font: Font): boolean {
  const f = font as unknown as FontkitInternals;
  if (f[INSTALLED] !== undefined) return f[INSTALLED] !== null;
  const tables = f._tables;
  let pairs: KernPairs | undefined;
  if (tables && tables.kern instanceof KernPairs) pairs = tables.kern;
  else {
    const entry = f.directory?.tables?.kern;
    const bytes = f.stream?.buffer;
    if (f.type === 'TTF' && tables && !('kern' in tables) && entry && bytes)
      pairs = readKernTable(bytes, entry.offset, entry.length);
  }
  f[INSTALLED] = null;
  if (!pairs || !tables) return false;
  let engine: FontkitInternals['_layoutEngine'];
  try {
    engine = f._layoutEngine;
  } catch {
    // Damaged GSUB or GPOS: layout throws for this font anyway and the face shapes by its cmap.
    return false;
  }
  if (!engine) return false;
  tables.kern = pairs;
  engine.kernProcessor = pairs;
  f[INSTALLED] = pairs;
  return true;
}
