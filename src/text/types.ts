/**
 * The typed boundary of text/: font matching, shaping, line breaking and measurement.
 *
 * Flow for one inline formatting context (one paragraph):
 *   const ctx = createFontContext();            // once per render
 *   ctx.addFontFace({...});                      // each @font-face whose bytes were loaded
 *   const para = shapeParagraph(ctx, runs, { direction: 'ltr' });
 *   const { minContent, maxContent } = measureIntrinsic(para);      // tables, flex
 *   const lines = breakLines(para, width, { textAlign: 'justify', textIndent: 0, strut });
 *   // each GlyphFragment of each line becomes one GlyphRun display item
 *
 * Units: points everywhere, y grows downwards (as in src/document/display-list.ts). Font metrics
 * in `FontMetrics` are normalised to 1 em (multiply by the size in points).
 *
 * Functions are exported from src/text/index.ts: createFontContext, shapeParagraph, breakLines,
 * measureIntrinsic, measureText (signatures at the end of this file), plus warmUpText (optional
 * start-up work for a service) and toSfnt (WOFF/WOFF2 → sfnt).
 *
 * CSS units that need font metrics (ex, ch) come from `ctx.matchFont(...).metrics`.
 */
import type { Warning } from '../diagnostics.js';
import type { FontResource, GlyphList, RgbaColor } from '../document/index.js';

export type FontStyle = 'normal' | 'italic' | 'oblique';

/** Vertical metrics and decoration geometry, in em (multiply by font size in points). */
export interface FontMetrics {
  /** Distance from baseline up to the ascender line (positive). */
  readonly ascent: number;
  /** Distance from baseline down to the descender line (positive). */
  readonly descent: number;
  readonly lineGap: number;
  /** Height of lowercase x (CSS `ex`). */
  readonly xHeight: number;
  readonly capHeight: number;
  /** Advance of '0' (CSS `ch`). */
  readonly zeroAdvance: number;
  /** Advance of U+0020. */
  readonly spaceAdvance: number;
  /** Underline centre below the baseline (positive = down, y-down convention). */
  readonly underlineOffset: number;
  readonly underlineThickness: number;
  /** Strike-through centre above the baseline (positive = up). */
  readonly strikeoutOffset: number;
  readonly strikeoutThickness: number;
}

/** A concrete face (one file, or one face of a collection) chosen by matching. */
export interface FontFace {
  /** Family name as registered (bundled name or the @font-face family). */
  readonly family: string;
  readonly weight: number;
  readonly style: FontStyle;
  /** What the writer embeds and the rasteriser outlines; `id` stable per program bytes. */
  readonly resource: FontResource;
  readonly metrics: FontMetrics;
  /** True when the face has a real glyph (not .notdef) for this code point. */
  hasCodePoint(codePoint: number): boolean;
}

/** One @font-face rule whose source has been loaded. */
export interface FontFaceRule {
  readonly family: string;
  /** One weight, or a [min, max] range (variable fonts; each weight is matched within it). */
  readonly weight?: number | readonly [number, number];
  readonly style?: FontStyle;
  /** unicode-range as inclusive [first, last] code point pairs; absent = everything the font has. */
  readonly unicodeRange?: readonly (readonly [number, number])[];
  /** TTF, OTF, TTC (first face), WOFF or WOFF2 bytes. */
  readonly bytes: Uint8Array;
  /** Where it came from (URL or 'data:'), only for warnings. */
  readonly source?: string;
}

export type AddFontFaceResult =
  | { readonly ok: true; readonly face: FontFace }
  /** The bytes were not a usable font; the warning says why (also recorded on the context). */
  | { readonly ok: false; readonly warning: Warning };

/**
 * Per-render font state: the @font-face registrations of one document plus the warnings raised
 * while shaping it. Bundled fonts are parsed once per process into an immutable shared cache;
 * nothing that grows per render is kept outside a FontContext. Drop the context after the render.
 */
export interface FontContext {
  addFontFace(rule: FontFaceRule): AddFontFaceResult;
  /**
   * CSS font matching over a family list (generic names and common aliases resolved: serif →
   * Liberation Serif, sans-serif/Arial/Helvetica → Liberation Sans, monospace/Courier →
   * Liberation Mono, system-ui → Noto Sans). Never fails: with no family matched it returns the
   * default face (Liberation Sans in the nearest weight/style).
   */
  matchFont(families: readonly string[], weight: number, style: FontStyle): FontFace;
  /** Warnings recorded so far (missing glyphs, invalid font data); each distinct one once. */
  readonly warnings: readonly Warning[];
}

export type TextTransform = 'none' | 'uppercase' | 'lowercase' | 'capitalize' | 'full-width';
export type WhiteSpace =
  | 'normal'
  | 'nowrap'
  | 'pre'
  | 'pre-wrap'
  | 'pre-line'
  | 'break-spaces'
  // preserve-breaks nowrap (CSS Text 4): newlines kept, no wrapping.
  | 'pre-line-nowrap';
export type Hyphens = 'none' | 'manual' | 'auto';

/** CSS line-height as computed: `normal`, a unitless factor (times font size), or a length. */
export type LineHeight =
  | { readonly kind: 'normal' }
  | { readonly kind: 'factor'; readonly value: number }
  | { readonly kind: 'length'; readonly value: number };

/**
 * CSS vertical-align as computed; percentages already resolved by the cascade to a length.
 * `length` raises the box by that many points (positive = up, as in CSS).
 */
export type VerticalAlign =
  | 'baseline'
  | 'sub'
  | 'super'
  | 'text-top'
  | 'text-bottom'
  | 'middle'
  | 'top'
  | 'bottom'
  | { readonly length: number };

export interface TextDecoration {
  readonly lines: readonly ('underline' | 'overline' | 'line-through')[];
  readonly style?: 'solid' | 'double' | 'dotted' | 'dashed' | 'wavy';
  /** Defaults to the text colour. */
  readonly color?: RgbaColor;
  /** Points; default from the font's underline thickness. */
  readonly thickness?: number;
  /** Points below the baseline to the top of an underline; default from the font. */
  readonly underlineOffset?: number;
  /** Underline below the descenders rather than where the font puts it. */
  readonly underlineUnder?: boolean;
}

/** Computed style of one text run (all lengths already in points). */
export interface TextStyle {
  readonly families: readonly string[];
  /** Font size in points. */
  readonly size: number;
  readonly weight: number;
  readonly style: FontStyle;
  readonly color: RgbaColor;
  /** Extra space after every character (points). Never baked into widths of the font program. */
  readonly letterSpacing: number;
  /** Extra space added to each word separator (points). */
  readonly wordSpacing: number;
  readonly textTransform: TextTransform;
  readonly whiteSpace: WhiteSpace;
  readonly hyphens: Hyphens;
  /** hyphenate-character: what an inserted hyphen draws; absent: the font's hyphen. */
  readonly hyphenateCharacter?: string;
  /** hyphenate-limit-chars where not auto: shortest word, characters before and after. */
  readonly hyphenateLimits?: {
    readonly word?: number;
    readonly before?: number;
    readonly after?: number;
  };
  /** BCP 47 language (hyphenation patterns, shaping language, capitalisation rules). */
  readonly lang?: string;
  readonly lineHeight: LineHeight;
  /** Relative to the block's baseline and font (nested inline boxes are not a separate parent). */
  readonly verticalAlign?: VerticalAlign;
  /**
   * Text of vertical lines (laid out turned a quarter turn): 'upright' stands every glyph
   * upright, 'mixed' those of scripts set upright in vertical text (CJK); the others stay
   * sideways. Upright glyphs advance by their vertical advance (see GlyphFragment.upright).
   */
  readonly vertical?: 'mixed' | 'upright';
  /**
   * text-combine-upright: all in vertical text: the run is set horizontally within one em
   * box standing in the line (GlyphFragment.upright 'combined').
   */
  readonly combine?: true;
  /**
   * Decorations in effect on this text, including those propagated from ancestor inline boxes
   * (the caller propagates; text/ only measures where to draw them).
   */
  readonly textDecoration?: TextDecoration;
  /**
   * OpenType features on top of the defaults, e.g. { liga: false, smcp: true, tnum: true }
   * (font-feature-settings, font-variant-*).
   */
  readonly fontFeatures?: Readonly<Record<string, boolean>>;
  readonly overflowWrap?: 'normal' | 'break-word' | 'anywhere';
  readonly wordBreak?: 'normal' | 'break-all' | 'keep-all' | 'break-word';
  /** tab-size in spaces (default 8). */
  readonly tabSize?: number;
  /**
   * font-size-adjust: the text is drawn at the size that makes the first available font's
   * `metric` `value` × `size`; `size` stays the basis of numeric line heights.
   */
  readonly fontSizeAdjust?: { readonly metric: FontSizeAdjustMetric; readonly value: number };
  /**
   * Emphasis marks (text-emphasis): the mark drawn at half the font size over or under each
   * character. text/ only makes room for them in the line; the caller draws them.
   */
  readonly emphasis?: {
    readonly mark: string;
    readonly color: RgbaColor;
    readonly position: 'over' | 'under';
  };
}

export type FontSizeAdjustMetric =
  'ex-height' | 'cap-height' | 'ch-width' | 'ic-width' | 'ic-height';

/**
 * One piece of a paragraph in logical order. A `<br>` is a run whose text is U+2028 (LINE
 * SEPARATOR): a forced break in every white-space mode. Whitespace may arrive collapsed or not;
 * shapeParagraph applies each run's white-space rules (collapsing across run boundaries). `source` is anything the caller wants back on the
 * fragments this run produces (e.g. the box or its structure slot); text/ never inspects it.
 */
export interface TextRun<S> {
  readonly kind: 'text';
  readonly text: string;
  readonly style: TextStyle;
  readonly source: S;
  /**
   * Extra space before the first / after the last character of this run, for the margin +
   * border + padding of inline boxes that start or end here (points). Not breakable from the
   * adjacent text.
   */
  readonly insetStart?: number;
  readonly insetEnd?: number;
  /** unicode-bidi isolate/embed of the owning inline box, with its direction. */
  readonly bidiOverride?: {
    readonly direction: 'ltr' | 'rtl';
    readonly mode: 'embed' | 'isolate' | 'bidi-override';
  };
}

/**
 * An atomic inline (image, inline-block, inline-table): an unbreakable box that takes part in
 * line breaking (break opportunities on both sides, like U+FFFC) and bidi reordering.
 */
export interface ObjectRun<S> {
  readonly kind: 'object';
  /** Margin-box size in points. */
  readonly width: number;
  readonly height: number;
  /** Distance from the margin-box top to its baseline (height when it has none, e.g. images). */
  readonly baseline: number;
  readonly verticalAlign?: VerticalAlign;
  readonly source: S;
  /** Style of the parent inline box: its font and line-height affect vertical alignment. */
  readonly style: TextStyle;
}

/**
 * The place of an out-of-flow box (a float, an absolutely positioned box) in the inline
 * content: no text, no width, no break opportunity and no line box of its own. A LineBreaker
 * reports it (`onAnchor`) while it fills the line that holds that place.
 */
export interface AnchorRun<S> {
  readonly kind: 'anchor';
  readonly source: S;
}

export type InlineRun<S> = TextRun<S> | ObjectRun<S> | AnchorRun<S>;

export interface ParagraphOptions {
  /** Base direction from dir / direction of the block; 'auto' = first strong character (dir=auto). */
  readonly direction: 'ltr' | 'rtl' | 'auto';
}

/**
 * A shaped, itemised paragraph, independent of the available width. Build once; break at as
 * many widths as needed (flex and table measurement re-use it). Treat as opaque.
 */
export interface ShapedParagraph<S> {
  readonly brand: 'ShapedParagraph';
  /** Logical text after white-space processing and text-transform (objects as U+FFFC). */
  readonly text: string;
  /** Resolved base direction. */
  readonly direction: 'ltr' | 'rtl';
  /** True when there is nothing that would create a line box (no text, no objects). */
  readonly isEmpty: boolean;
  /** The text and object runs (anchors are kept apart, in `anchors`). */
  readonly runs: readonly (TextRun<S> | ObjectRun<S>)[];
  /** Anchor runs with the text offset where each stands, in order. */
  readonly anchors: readonly { readonly offset: number; readonly source: S }[];
}

export type TextAlign = 'left' | 'right' | 'center' | 'justify' | 'start' | 'end';

export interface LineContext {
  /** 0 for the first line of the paragraph. */
  readonly index: number;
  /** Top of this line relative to the top of the first line (sum of previous line heights). */
  readonly top: number;
}

export interface BreakOptions {
  readonly textAlign: TextAlign;
  /** text-align-last; default: like textAlign except that justify becomes start. */
  readonly textAlignLast?: TextAlign;
  /** Indent of the first line in points (percentages resolved by the caller). */
  readonly textIndent: number;
  /**
   * The block container's own style: its font and line-height make the strut every line
   * box starts with (CSS 2.1 §10.8.1).
   */
  readonly strut: TextStyle;
  /**
   * hyphenate-limit-zone: a word that does not fit is hyphenated only when the line would
   * otherwise leave more than `length` + `ofWidth` × its width (points) unfilled.
   */
  readonly hyphenateLimitZone?: { readonly length: number; readonly ofWidth: number };
}

/** Available inline size: one width for every line, or per line (floats). */
export type AvailableWidth = number | ((line: LineContext) => number);

/**
 * Called for an anchor met while a line is being filled, with the width the line's content
 * takes so far; returns the line's new available width (a float placed beside the line
 * narrows it), or undefined when it stays.
 */
export type AnchorHandler<S> = (source: S, used: number) => number | undefined;

/** Where a LineBreaker stands in its paragraph (opaque; see LineBreaker.save). */
export interface LineBreakerState {
  readonly brand: 'LineBreakerState';
}

/**
 * Breaks a paragraph one line at a time, each at its own width and top: what text beside
 * floats needs (the width of a line depends on where it lands, and a line may be broken again
 * at another width once its height is known).
 */
export interface LineBreaker<S> {
  /** Every piece and every anchor of the paragraph has been given out. */
  readonly done: boolean;
  /** The position now, to break the same line again (restore) at another width or top. */
  save(): LineBreakerState;
  restore(state: LineBreakerState): void;
  /**
   * Fills and builds the next line with `width` available and its top at `top` (relative to
   * the paragraph's first line). Anchors met on the way are reported to `onAnchor`. Returns
   * undefined when no content is left (anchors after the last line are reported then, with
   * `used` 0). With `fill`, the line takes content up to that narrower width only, and is
   * still aligned in `width` (balanced text: text-wrap: balance and pretty).
   */
  next(
    width: number,
    top: number,
    onAnchor?: AnchorHandler<S>,
    fill?: number,
  ): LineBox<S> | undefined;
}

export interface Decoration {
  readonly kind: 'underline' | 'overline' | 'line-through';
  /** Centre of the line relative to the fragment baseline (y down: negative = above). */
  readonly y: number;
  readonly thickness: number;
  readonly style: 'solid' | 'double' | 'dotted' | 'dashed' | 'wavy';
  readonly color: RgbaColor;
}

/** Glyphs of one face and size on one line, already in visual (left-to-right) order. */
export interface GlyphFragment<S> {
  readonly kind: 'glyphs';
  /** Pen start relative to the line box's left edge (alignment and indent applied). */
  readonly x: number;
  /** Baseline relative to the line box's top. */
  readonly baseline: number;
  /** Sum of glyph advances incl. justification space. */
  readonly width: number;
  readonly face: FontFace;
  readonly font: FontResource;
  readonly size: number;
  readonly color: RgbaColor;
  readonly glyphs: GlyphList;
  /**
   * The logical source text of these glyphs. Each glyph's own text is its cluster's text on
   * the cluster's first glyph in array order ('' on the others); an inserted hyphen's glyph
   * (the font's soft-hyphen glyph where it has one) carries U+00AD.
   */
  readonly text: string;
  /**
   * Set when the glyphs in visual order do not spell `text` one-to-one (RTL, ligatures that
   * changed text, inserted hyphens): copy to GlyphRun.actualText.
   */
  readonly actualText?: string;
  /** Resolved bidi level (odd = right-to-left). */
  readonly bidiLevel: number;
  readonly decorations: readonly Decoration[];
  readonly style: TextStyle;
  readonly source: S;
  /** Ascent and descent of this fragment's inline box around its baseline (points, positive). */
  readonly ascent: number;
  readonly descent: number;
  /**
   * Glyphs set upright in vertical text. 'glyphs': each advance is the glyph's vertical
   * advance, and offsets.dx holds minus half its horizontal advance (where its centre line
   * goes). 'combined': the glyphs side by side in one em box, the last advancing by it, each
   * offsets.dx where the glyph starts from the box's centre line. Whoever draws the line
   * turned stands them up, centred on the line.
   */
  readonly upright?: Upright;
}

/** How glyphs stand in vertical text (GlyphFragment.upright). */
export type Upright = 'glyphs' | 'combined';

/** An atomic inline placed on a line. */
export interface ObjectFragment<S> {
  readonly kind: 'object';
  /** Margin-box left edge relative to the line box's left edge. */
  readonly x: number;
  /** Margin-box top relative to the line box's top. */
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly source: S;
}

/**
 * Inline-box edges (insetStart/insetEnd) are not fragments: the glyph fragment of the first
 * run of a box starts `insetStart` after the space reserved for it.
 */
export type LineFragment<S> = GlyphFragment<S> | ObjectFragment<S>;

export interface LineBox<S> {
  /** Top of this line relative to the top of the first line. */
  readonly top: number;
  readonly height: number;
  /** Baseline relative to this line's top. */
  readonly baseline: number;
  /** The width this line was broken against. */
  readonly availableWidth: number;
  /** Width of the content before alignment/justification (may exceed availableWidth when nothing fits). */
  readonly contentWidth: number;
  /** Fragments in visual order (left to right). */
  readonly fragments: readonly LineFragment<S>[];
  /** Line ends with a forced break (newline in pre*, <br>) or the paragraph end. */
  readonly hardBreak: boolean;
  /** Line ends with an inserted hyphen. */
  readonly hyphenated: boolean;
}

export interface IntrinsicSizes {
  /** Widest unbreakable piece (incl. first-line indent where given). */
  readonly minContent: number;
  /** Widest line when broken only at forced breaks. */
  readonly maxContent: number;
}

/** Width and vertical extent of a single unbroken line of text (list markers, counters). */
export interface TextMeasure {
  readonly width: number;
  readonly ascent: number;
  readonly descent: number;
}

/* Signatures of the functions exported by src/text/index.ts. */
export type CreateFontContext = () => FontContext;
export type ShapeParagraph = <S>(
  ctx: FontContext,
  runs: readonly InlineRun<S>[],
  options: ParagraphOptions,
) => ShapedParagraph<S>;
export type BreakLines = <S>(
  paragraph: ShapedParagraph<S>,
  width: AvailableWidth,
  options: BreakOptions,
) => LineBox<S>[];
export type CreateLineBreaker = <S>(
  paragraph: ShapedParagraph<S>,
  options: BreakOptions,
) => LineBreaker<S>;
export type MeasureIntrinsic = <S>(
  paragraph: ShapedParagraph<S>,
  textIndent?: number,
) => IntrinsicSizes;
export type MeasureText = (ctx: FontContext, text: string, style: TextStyle) => TextMeasure;
