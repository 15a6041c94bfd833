/**
 * Internal representation of a shaped paragraph, shared by shaping, line breaking and
 * measurement. Everything here is in points and in logical order.
 */
import type { TextFontContext } from './context.js';
import type { LoadedFace } from './face.js';
import type { ObjectRun, ShapedParagraph, TextRun, TextStyle, Upright } from './types.js';

export const BREAK_NONE = 0;
export const BREAK_ALLOWED = 1;
export const BREAK_MANDATORY = 2;

/**
 * A piece: the smallest unit line breaking works with — one run, one bidi level, one face, one
 * script, and no break opportunity inside it (except hyphenation points).
 */
export interface Piece {
  readonly start: number;
  readonly end: number;
  readonly run: number;
  readonly level: number;
  /** null for atomic inlines and forced breaks. */
  readonly face: LoadedFace | null;
  readonly script: string;
  readonly size: number;
  readonly ids: Uint16Array;
  readonly advances: Float64Array;
  readonly dx: Float64Array;
  readonly dy: Float64Array;
  /**
   * Cluster start per glyph, logical order, as an offset from `clusterBase`: the shaping
   * cache's own array, shared by every piece of the same word (never written to).
   */
  readonly rel: Uint32Array;
  /** Where `rel` counts from in the paragraph text. */
  readonly clusterBase: number;
  /** 1 where the glyph is a word separator (word-spacing, justification, trailing spaces). */
  readonly spaces: Uint8Array;
  /** Glyph advances + insets. */
  readonly width: number;
  readonly insetStart: number;
  readonly insetEnd: number;
  /** Break opportunity after this piece. */
  readonly breakAfter: number;
  /** What an inserted hyphen draws: '' for the font's hyphen, else hyphenate-character. */
  readonly hyphenChars: string;
  /** Absolute offsets inside (start, end) where the word may be hyphenated. */
  readonly hyphenPoints: readonly number[];
  /** The last glyphs are an inserted hyphen (cluster === end). */
  readonly hyphenated: boolean;
  /** Glyph ↔ text mapping is not one-to-one in order (needs ActualText). */
  readonly needsActualText: boolean;
  /** Characters no font has, drawn with the replacement glyph. */
  readonly missing: boolean;
  readonly object?: ObjectRun<unknown>;
  /** Trailing word separators at line end are removed (white-space collapses). */
  readonly collapsible: boolean;
  /** Trailing word separators at line end do not count for fitting and alignment. */
  readonly hangs: boolean;
  /** overflow-wrap allows breaking the word anywhere when nothing else fits. */
  readonly emergencyBreak: boolean;
  /** overflow-wrap: anywhere — the break points also count for min-content (break-word's do not). */
  readonly breakAnywhere: boolean;
  readonly isForcedBreak: boolean;
  /** Glyphs set upright in vertical text (TextStyle.vertical, TextStyle.combine). */
  readonly upright?: Upright;
}

/** Cluster start of glyph `g` of a piece: its absolute offset in the paragraph text. */
export function clusterOf(piece: Piece, g: number): number {
  return piece.clusterBase + piece.rel[g];
}

/** The first cluster of a piece that starts after the piece's own start, or its end. */
export function secondCluster(piece: Piece): number {
  for (let g = 0; g < piece.rel.length; g++) {
    const c = clusterOf(piece, g);
    if (c > piece.start) return c;
  }
  return piece.end;
}

export class ParagraphImpl<S> implements ShapedParagraph<S> {
  readonly brand = 'ShapedParagraph' as const;
  constructor(
    readonly ctx: TextFontContext,
    readonly text: string,
    /** Text given to the shaper: same length, RTL mirrored characters swapped. */
    readonly shapingText: string,
    readonly direction: 'ltr' | 'rtl',
    readonly isEmpty: boolean,
    readonly runs: readonly (TextRun<S> | ObjectRun<S>)[],
    readonly anchors: readonly { readonly offset: number; readonly source: S }[],
    readonly pieces: readonly Piece[],
    /** Primary face per run (first available font of the family list). */
    readonly primaryFaces: readonly LoadedFace[],
    /** Text range of each run. */
    readonly runStart: Int32Array,
    readonly runEnd: Int32Array,
  ) {}

  styleOf(piece: Piece): TextStyle {
    return this.runs[piece.run].style;
  }
}

export function asParagraph<S>(p: ShapedParagraph<S>): ParagraphImpl<S> {
  if (!(p instanceof ParagraphImpl))
    throw new TypeError('ShapedParagraph must come from shapeParagraph()');
  return p as ParagraphImpl<S>;
}
