/**
 * The boundary between the cascade (src/html + src/style) and layout (src/layout).
 *
 * `styleDocument` turns HTML into a tree of `StyledNode`s whose `ComputedStyle` holds every value
 * already computed: lengths in CSS px (layout converts px to pt: 1px = 0.75pt), percentages kept
 * only where they depend on a layout size, colours as RGBA 0..1, keywords as string unions.
 * Layout never parses CSS text again.
 *
 * Conventions:
 * - A `Length` is a plain number in CSS px.
 * - A `LengthPercentage` is a number (px), a `Percentage` ({percent, px}: percent% of the
 *   reference size plus px, e.g. `calc(100% - 2em)` or `right 10px`), or a `CalcLength` for the
 *   non-linear cases (min/max/clamp mixing % and lengths). Resolve with `resolveLength` from
 *   ./length.js.
 * - 'auto', 'none', 'normal' stay literal strings where CSS keeps them at computed-value time.
 */
import type { Warning } from '../diagnostics.js';
import type { BlendMode, RgbaColor } from '../document/index.js';
import type { ResourceLoader } from '../resources/index.js';
import type { CssLimits } from './limits.js';
import type { ColorSpace, HueMethod } from './color-spaces.js';
import type { ParseOptions } from '../html/index.js';
import type { CounterStyleDef } from './counter-styles.js';

export type { RgbaColor };

/** CSS px. */
export type Length = number;

/** `percent`% of the reference size, plus `px` (0 for a plain percentage). */
export interface Percentage {
  readonly percent: number;
  readonly px: number;
}

/** A calc()/min()/max()/clamp() that cannot be folded to px + percent. */
export type CalcNode =
  | { readonly op: 'value'; readonly px: number; readonly percent: number }
  | { readonly op: 'min' | 'max'; readonly args: readonly CalcNode[] }
  | {
      readonly op: 'clamp';
      readonly min: CalcNode;
      readonly value: CalcNode;
      readonly max: CalcNode;
    }
  | { readonly op: '+' | '-'; readonly a: CalcNode; readonly b: CalcNode }
  | { readonly op: '*'; readonly a: CalcNode; readonly factor: number };

export interface CalcLength {
  readonly calc: CalcNode;
}

export type LengthPercentage = Length | Percentage | CalcLength;
export type LengthPercentageAuto = LengthPercentage | 'auto';

// ---------------------------------------------------------------------------------------------
// Keyword unions

export type Display =
  | 'block'
  | 'inline'
  | 'inline-block'
  | 'flow-root'
  | 'list-item'
  | 'flex'
  | 'inline-flex'
  | 'table'
  | 'inline-table'
  | 'grid'
  | 'inline-grid'
  | 'table-row-group'
  | 'table-header-group'
  | 'table-footer-group'
  | 'table-row'
  | 'table-cell'
  | 'table-column-group'
  | 'table-column'
  | 'table-caption'
  | 'contents'
  | 'none';

/** `running(name)`: a running element, taken out of the flow for page margin boxes. */
export type Position = 'static' | 'relative' | 'absolute' | 'fixed' | `running(${string})`;
/** 'footnote': the element becomes a footnote (CSS GCPM), moved to the page's footnote area. */
export type Float = 'none' | 'left' | 'right' | 'footnote';
export type Clear = 'none' | 'left' | 'right' | 'both';
export type BoxSizing = 'content-box' | 'border-box';
export type BorderStyle =
  | 'none'
  | 'hidden'
  | 'solid'
  | 'dashed'
  | 'dotted'
  | 'double'
  | 'groove'
  | 'ridge'
  | 'inset'
  | 'outset';
export type Overflow = 'visible' | 'hidden' | 'clip' | 'scroll' | 'auto';
export type Visibility = 'visible' | 'hidden' | 'collapse';
export type FontStyle = 'normal' | 'italic' | 'oblique';
export type TextAlign = 'left' | 'right' | 'center' | 'justify' | 'start' | 'end';
export type TextTransform = 'none' | 'uppercase' | 'lowercase' | 'capitalize';
export type TextDecorationLine = 'underline' | 'overline' | 'line-through';
export type TextDecorationStyle = 'solid' | 'double' | 'dotted' | 'dashed' | 'wavy';
/**
 * How white space is handled, as the legacy `white-space` keywords name it; 'pre-line-nowrap'
 * is `preserve-breaks nowrap` (CSS Text 4), which has no keyword of its own.
 */
export type WhiteSpace =
  'normal' | 'pre' | 'nowrap' | 'pre-wrap' | 'pre-line' | 'break-spaces' | 'pre-line-nowrap';
export type WhiteSpaceCollapse = 'collapse' | 'preserve' | 'preserve-breaks' | 'break-spaces';
export type TextWrapMode = 'wrap' | 'nowrap';
/** `stable` is computed as `auto`: both wrap greedily when the text is laid out once. */
export type TextWrapStyle = 'auto' | 'balance' | 'pretty';
/** What ends the last line before a line clamp (CSS Overflow 4 §5.2). */
export type BlockEllipsis = 'none' | 'auto' | { readonly string: string };
/** A drop cap (CSS Inline 3 §7.2): `size` lines tall, its baseline on line `sink`. */
export type InitialLetter = 'normal' | { readonly size: number; readonly sink: number };
/** `-webkit-legacy` is resolved to one of these once display is known. */
export type Continue = 'auto' | 'discard';

/** container-type: what an element answers of @container size queries and cq* units. */
export type ContainerType = 'normal' | 'size' | 'inline-size';
export type WordBreak = 'normal' | 'break-all' | 'keep-all' | 'break-word';
export type OverflowWrap = 'normal' | 'break-word' | 'anywhere';
export type VerticalAlignKeyword =
  'baseline' | 'sub' | 'super' | 'top' | 'text-top' | 'middle' | 'bottom' | 'text-bottom';
/**
 * A length raises (positive) or lowers the baseline, in px; percentages are already resolved
 * against the element's line-height (1.2 × font-size when line-height is normal).
 */
export type VerticalAlign = VerticalAlignKeyword | Length;
export type Direction = 'ltr' | 'rtl';
export type UnicodeBidi =
  'normal' | 'embed' | 'isolate' | 'bidi-override' | 'isolate-override' | 'plaintext';
export type Hyphens = 'none' | 'manual' | 'auto';
/** hyphenate-limit-chars: shortest word, fewest characters before and after a break. */
export interface HyphenateLimitChars {
  readonly word: number | 'auto';
  readonly before: number | 'auto';
  readonly after: number | 'auto';
}

/** Counter styles the engine can render; anything else falls back to 'decimal' with a warning. */
export type CounterStyleName =
  | 'disc'
  | 'circle'
  | 'square'
  | 'disclosure-open'
  | 'disclosure-closed'
  | 'decimal'
  | 'decimal-leading-zero'
  | 'lower-roman'
  | 'upper-roman'
  | 'lower-alpha'
  | 'upper-alpha'
  | 'lower-latin'
  | 'upper-latin'
  | 'lower-greek'
  | 'arabic-indic'
  | 'hebrew';
/** A counter style: predefined, a string, or one an @counter-style rule names. */
export type ListStyleType =
  CounterStyleName | 'none' | { readonly string: string } | { readonly name: string };
export type ListStylePosition = 'inside' | 'outside';

export type TableLayout = 'auto' | 'fixed';
export type BorderCollapse = 'separate' | 'collapse';
export type CaptionSide = 'top' | 'bottom';
export type EmptyCells = 'show' | 'hide';

export type FlexDirection = 'row' | 'row-reverse' | 'column' | 'column-reverse';
export type FlexWrap = 'nowrap' | 'wrap' | 'wrap-reverse';
/**
 * 'start'/'left' are folded into 'flex-start', 'end'/'right' into 'flex-end'. 'normal' and
 * 'stretch' stay: flex containers treat both as 'flex-start', grid containers stretch their
 * auto tracks.
 */
export type JustifyContent =
  | 'normal'
  | 'stretch'
  | 'flex-start'
  | 'flex-end'
  | 'center'
  | 'space-between'
  | 'space-around'
  | 'space-evenly';
/** 'normal' is folded into 'stretch'; 'start'/'self-start' into 'flex-start', likewise for end. */
export type AlignItems = 'stretch' | 'flex-start' | 'flex-end' | 'center' | 'baseline';
export type AlignSelf = 'auto' | AlignItems;
export type AlignContent =
  | 'stretch'
  | 'flex-start'
  | 'flex-end'
  | 'center'
  | 'space-between'
  | 'space-around'
  | 'space-evenly';
export type FlexBasis = LengthPercentage | 'auto' | 'content';
/**
 * justify-items / justify-self (grid items in the inline axis). 'legacy' (the initial value of
 * justify-items) and 'normal' behave as 'stretch' for non-replaced grid items; 'left'/'right'
 * are kept (they differ from start/end in right-to-left text); 'self-start', 'flex-start' fold
 * into 'start', likewise for end; 'first baseline' is 'baseline'.
 */
export type JustifyItems =
  'legacy' | 'normal' | 'stretch' | 'start' | 'end' | 'center' | 'left' | 'right' | 'baseline';
export type JustifySelf = 'auto' | Exclude<JustifyItems, 'legacy'>;

// ---------------------------------------------------------------------------------------------
// Grid

/** One end of a track sizing function: a length, a percentage, a flex factor or a keyword. */
export type TrackBreadth =
  LengthPercentage | { readonly fr: number } | 'auto' | 'min-content' | 'max-content';

/**
 * A track sizing function, normalised: a plain breadth `b` is minmax(b, b), except `<n>fr`
 * which is minmax(auto, <n>fr); fit-content(L) is minmax(auto, max-content) whose growth is
 * capped at `fitContent`. `min` is never a flex factor.
 */
export interface TrackSize {
  readonly min: TrackBreadth;
  readonly max: TrackBreadth;
  readonly fitContent?: LengthPercentage;
}

/** Tracks of a grid-template-columns/rows value between its line-name groups. */
export type GridTrackEntry =
  | { readonly kind: 'track'; readonly size: TrackSize }
  | {
      readonly kind: 'repeat';
      /** A count, or auto-fill / auto-fit (as many as fit the container). */
      readonly count: number | 'auto-fill' | 'auto-fit';
      readonly tracks: readonly TrackSize[];
      /** Line names around the repeated tracks: tracks.length + 1 groups. */
      readonly lines: readonly (readonly string[])[];
    };

/** grid-template-columns / grid-template-rows as computed (not expanded: repeat() is kept). */
export interface GridTemplate {
  readonly entries: readonly GridTrackEntry[];
  /** Line names before each entry and after the last: entries.length + 1 groups. */
  readonly lines: readonly (readonly string[])[];
}

/** A named area of grid-template-areas, as 0-based line indices (end exclusive). */
export interface GridArea {
  readonly rowStart: number;
  readonly rowEnd: number;
  readonly columnStart: number;
  readonly columnEnd: number;
}

export interface GridTemplateAreas {
  readonly rows: number;
  readonly columns: number;
  readonly areas: ReadonlyMap<string, GridArea>;
}

/**
 * grid-row-start and its siblings: `auto`; a bare name (an area's edge or the first line of
 * that name); the n-th line (negative counts from the end), optionally of a name; or a span of
 * tracks, optionally up to the n-th line of a name.
 */
export type GridLine =
  | { readonly kind: 'auto' }
  | { readonly kind: 'ident'; readonly name: string }
  | { readonly kind: 'line'; readonly index: number; readonly name?: string }
  | { readonly kind: 'span'; readonly count: number; readonly name?: string };

export interface GridAutoFlow {
  readonly axis: 'row' | 'column';
  readonly dense: boolean;
}

// ---------------------------------------------------------------------------------------------
// Multi-column layout

export type ColumnSpan = 'none' | 'all';
export type ColumnFill = 'auto' | 'balance' | 'balance-all';
export type ObjectFit = 'fill' | 'contain' | 'cover' | 'none' | 'scale-down';

/** page-break-* aliases are folded in: always → 'page', avoid-page → 'avoid'. */
export type BreakBetween =
  'auto' | 'avoid' | 'page' | 'left' | 'right' | 'recto' | 'verso' | 'column' | 'avoid-column';
/** 'avoid-page' is folded into 'avoid'. */
export type BreakInside = 'auto' | 'avoid' | 'avoid-column';

/** width/height: intrinsic keywords are kept so layout can honour them or treat them as auto. */
export type SizeValue = LengthPercentageAuto | 'min-content' | 'max-content' | 'fit-content';
export type MaxSizeValue =
  LengthPercentage | 'none' | 'min-content' | 'max-content' | 'fit-content';

export type LineHeight =
  | { readonly kind: 'normal' }
  /** Unitless factor, inherited as a factor: used line height = value * font-size. */
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'length'; readonly px: number };

// ---------------------------------------------------------------------------------------------
// Backgrounds

export interface ColorStop {
  readonly color: RgbaColor;
  /**
   * Position along the gradient ray (a conic gradient's: percent of a turn, angles already
   * turned into percentages); null = spread evenly (CSS fix-up left to layout).
   */
  readonly position: LengthPercentage | null;
}

/** A transition hint between two colour stops: where their colours mix half and half. */
export interface ColorHint {
  readonly hint: LengthPercentage;
}

/** A gradient's stop list: colour stops, with at most one hint between two of them. */
export type TextOverflow = 'clip' | 'ellipsis' | { readonly string: string };

/** An OpenType feature tag and its value (0 off, 1 on, more: an alternate's index). */
export type FeatureSetting = readonly [string, number];

/** How colours are mixed: in which space, and for a polar one which way round the hue goes. */
export interface ColorInterpolation {
  readonly space: ColorSpace;
  readonly hue: HueMethod;
}

export type GradientStops = readonly (ColorStop | ColorHint)[];

export interface CssLinearGradient {
  readonly kind: 'linear-gradient';
  /**
   * Either an angle in degrees in CSS convention (0 = to top, 90 = to right, 180 = to bottom)
   * or a corner (`to top right`), whose angle depends on the box's aspect ratio.
   */
  readonly direction:
    | { readonly angle: number }
    | { readonly corner: { readonly x: 'left' | 'right'; readonly y: 'top' | 'bottom' } };
  readonly stops: GradientStops;
  readonly repeating: boolean;
  /** `in <colorspace>`: the space the stops mix in; absent, they mix in sRGB. */
  readonly interpolation?: ColorInterpolation;
}

export type RadialExtent = 'closest-side' | 'closest-corner' | 'farthest-side' | 'farthest-corner';

export interface CssRadialGradient {
  readonly kind: 'radial-gradient';
  readonly shape: 'circle' | 'ellipse';
  /** An extent keyword, or the radii (a circle's are one length, given twice). */
  readonly size: RadialExtent | { readonly rx: LengthPercentage; readonly ry: LengthPercentage };
  /** Centre, against the gradient box (keywords as percentages, as background-position). */
  readonly position: BackgroundPosition;
  readonly stops: GradientStops;
  readonly repeating: boolean;
  /** `in <colorspace>`: the space the stops mix in; absent, they mix in sRGB. */
  readonly interpolation?: ColorInterpolation;
}

export interface CssConicGradient {
  readonly kind: 'conic-gradient';
  /** Where the turn starts, degrees clockwise from up. */
  readonly from: number;
  readonly position: BackgroundPosition;
  readonly stops: GradientStops;
  readonly repeating: boolean;
  /** `in <colorspace>`: the space the stops mix in; absent, they mix in sRGB. */
  readonly interpolation?: ColorInterpolation;
}

export type CssGradient = CssLinearGradient | CssRadialGradient | CssConicGradient;

/** A filter function that maps each colour on its own (Filter Effects 1 §13.2). */
export interface ColorMatrixFilter {
  readonly fn:
    | 'grayscale'
    | 'sepia'
    | 'saturate'
    | 'hue-rotate'
    | 'invert'
    | 'opacity'
    | 'brightness'
    | 'contrast';
  /** A fraction (1 = 100%), clamped to 1 where CSS clamps it; degrees for hue-rotate. */
  readonly amount: number;
}

/** A drop-shadow() of `filter`: offsets and blur in px, the colour resolved (currentcolor). */
export interface DropShadowFilter {
  readonly fn: 'drop-shadow';
  readonly x: Length;
  readonly y: Length;
  readonly blur: Length;
  readonly color: RgbaColor;
}

/** One function of `filter`; blur and url() are kept to be reported. */
export type FilterFunction =
  | ColorMatrixFilter
  | { readonly fn: 'blur'; readonly radius: number }
  | DropShadowFilter
  | { readonly fn: 'url'; readonly url: string };

/** The box a basic shape is drawn against (SVG's fill/stroke/view boxes mean the border box). */
export type ShapeBox = 'border-box' | 'padding-box' | 'content-box' | 'margin-box';

/** A basic shape (CSS Shapes 1 §3), lengths computed, percentages of the reference box. */
export type BasicShape =
  | {
      readonly kind: 'inset';
      readonly top: LengthPercentage;
      readonly right: LengthPercentage;
      readonly bottom: LengthPercentage;
      readonly left: LengthPercentage;
      readonly radii: readonly [CornerRadius, CornerRadius, CornerRadius, CornerRadius];
    }
  | {
      readonly kind: 'circle';
      readonly radius: LengthPercentage | 'closest-side' | 'farthest-side';
      readonly position: BackgroundPosition;
    }
  | {
      readonly kind: 'ellipse';
      readonly rx: LengthPercentage | 'closest-side' | 'farthest-side';
      readonly ry: LengthPercentage | 'closest-side' | 'farthest-side';
      readonly position: BackgroundPosition;
    }
  | {
      readonly kind: 'polygon';
      readonly rule: 'nonzero' | 'evenodd';
      readonly points: readonly (readonly [LengthPercentage, LengthPercentage])[];
    }
  | { readonly kind: 'path'; readonly rule: 'nonzero' | 'evenodd'; readonly d: string };

/**
 * clip-path: none; a shape in its reference box (or the box alone, with its rounded corners);
 * or a url() to an SVG clipPath element, which is not drawn.
 */
export type ClipPath =
  'none' | { readonly url: string } | { readonly shape?: BasicShape; readonly box: ShapeBox };

/**
 * shape-outside (CSS Shapes 1 §6.1): none; a basic shape in its reference box (margin-box by
 * default), or the box alone with its rounded corners; or an image whose alpha gives the shape.
 */
export type ShapeOutside =
  'none' | { readonly shape?: BasicShape; readonly box: ShapeBox } | { readonly image: CssImage };

/** url() already resolved against the stylesheet's (or document's) base URL. */
export interface CssUrlImage {
  readonly kind: 'url';
  readonly url: string;
}

export type CssImage = CssUrlImage | CssGradient;

export type BackgroundRepeatKeyword = 'repeat' | 'no-repeat' | 'space' | 'round';
export type BackgroundBox = 'border-box' | 'padding-box' | 'content-box';
/** What a background is clipped to: a box, or the glyphs of the element's text. */
export type BackgroundClip = BackgroundBox | 'text';

export interface BackgroundPosition {
  /** Keywords become percentages: left 0%, center 50%, right 100%; `right 10px` → {100%, -10px}. */
  readonly x: LengthPercentage;
  readonly y: LengthPercentage;
}

export type BackgroundSize =
  | 'cover'
  | 'contain'
  | { readonly width: LengthPercentageAuto; readonly height: LengthPercentageAuto };

/** Something given once per side, in CSS order: top, right, bottom, left. */
export type Sides<T> = readonly [T, T, T, T];

/** border-image-slice: how far in from each edge of the image the slices are cut, and `fill`. */
export interface BorderImageSlice {
  /** A number is in the image's own pixels (CSS px); a percentage is of its size. */
  readonly sides: Sides<number | Percentage>;
  /** Whether the middle part of the image is drawn too. */
  readonly fill: boolean;
}

/** A side of border-image-width: a length-percentage, a multiple of the border width, or auto. */
export type BorderImageWidth = LengthPercentage | { readonly factor: number } | 'auto';

/** A side of border-image-outset: a length (px) or a multiple of the border width. */
export type BorderImageOutset = Length | { readonly factor: number };

export type BorderImageRepeat = 'stretch' | 'repeat' | 'round' | 'space';

/** mask-clip: a box, or no clipping at all. */
export type MaskClip = BackgroundBox | 'no-clip';
/** mask-composite: how a mask layer meets the layers under it. */
export type MaskComposite = 'add' | 'subtract' | 'intersect' | 'exclude';
/** mask-mode: match-source reads an image's alpha (and an SVG <mask>'s luminance). */
export type MaskMode = 'alpha' | 'luminance' | 'match-source';

/** One background layer; the first layer is painted on top (CSS order). */
export interface BackgroundLayer {
  readonly image: CssImage;
  readonly position: BackgroundPosition;
  readonly size: BackgroundSize;
  readonly repeatX: BackgroundRepeatKeyword;
  readonly repeatY: BackgroundRepeatKeyword;
  readonly origin: BackgroundBox;
  readonly clip: BackgroundClip;
  /** background-blend-mode other than normal: how the layer blends with those under it. */
  readonly blend?: BlendMode;
}

// ---------------------------------------------------------------------------------------------
// Generated content

export interface CounterChange {
  readonly name: string;
  readonly value: number;
}

/** The `content` property as computed (mainly for inspection; pseudo nodes carry it resolved). */
export type ContentItem =
  | { readonly kind: 'string'; readonly text: string }
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'attr'; readonly name: string }
  | { readonly kind: 'counter'; readonly name: string; readonly style: ListStyleType }
  | {
      readonly kind: 'counters';
      readonly name: string;
      readonly separator: string;
      readonly style: ListStyleType;
    }
  | {
      readonly kind: 'quote';
      readonly which: 'open-quote' | 'close-quote' | 'no-open-quote' | 'no-close-quote';
    }
  // Generated content for paged media (CSS GCPM): cross-references, leaders, running content.
  | {
      readonly kind: 'target-counter';
      readonly target: TargetRef;
      readonly name: string;
      readonly style: ListStyleType;
    }
  | {
      readonly kind: 'target-counters';
      readonly target: TargetRef;
      readonly name: string;
      readonly separator: string;
      readonly style: ListStyleType;
    }
  | { readonly kind: 'target-text'; readonly target: TargetRef; readonly part: TextPart }
  | { readonly kind: 'leader'; readonly fill: string }
  | { readonly kind: 'named-string'; readonly name: string; readonly which: RunningWhich }
  | { readonly kind: 'element'; readonly name: string; readonly which: RunningWhich }
  /** content(): only in string-set and bookmark-label. */
  | { readonly kind: 'content'; readonly part: TextPart | 'marker' };
/** The items of `content`, with the alternative text written after a '/', if any. */
export interface ContentList extends ReadonlyArray<ContentItem> {
  /** Alternative text (strings, attr(), counters); empty: the content is decorative. */
  readonly alt?: readonly ContentItem[];
}
export type ContentValue = 'normal' | 'none' | ContentList;

export type Quotes = 'auto' | 'none' | readonly (readonly [string, string])[];

/** The element a cross-reference points to: an attribute holding a URL, or a URL. */
export type TargetRef =
  { readonly kind: 'attr'; readonly name: string } | { readonly kind: 'url'; readonly url: string };

/** Which text of an element content() and target-text() take. */
export type TextPart = 'text' | 'before' | 'after' | 'first-letter';

/** Which assignment of a named string or running element on a page string()/element() take. */
export type RunningWhich = 'first' | 'start' | 'last' | 'first-except';

/** `string-set`: named strings assigned by an element (CSS GCPM). */
export type StringSetValue =
  'none' | readonly { readonly name: string; readonly items: readonly ContentItem[] }[];

/** One 2D transform function: angles in degrees, lengths computed (percentages of the box). */
export type TransformFunction =
  | { readonly kind: 'translate'; readonly x: LengthPercentage; readonly y: LengthPercentage }
  | { readonly kind: 'scale'; readonly x: number; readonly y: number }
  | { readonly kind: 'rotate'; readonly angle: number }
  | { readonly kind: 'skew'; readonly x: number; readonly y: number }
  | {
      readonly kind: 'matrix';
      readonly m: readonly [number, number, number, number, number, number];
    };

// ---------------------------------------------------------------------------------------------
// Computed style

export interface CornerRadius {
  readonly horizontal: LengthPercentage;
  readonly vertical: LengthPercentage;
}

/** One box-shadow: offsets, blur radius and spread in px, colour resolved. */
export interface BoxShadow {
  readonly inset: boolean;
  readonly x: Length;
  readonly y: Length;
  /** Never negative; the Gaussian's standard deviation is half of it. */
  readonly blur: Length;
  readonly spread: Length;
  readonly color: RgbaColor;
}

/**
 * One text-shadow: offsets and blur in px. A colour of currentcolor stays the keyword, so text
 * that inherits the shadow draws it in its own colour.
 */
export type FontSizeAdjustMetric =
  'ex-height' | 'cap-height' | 'ch-width' | 'ic-width' | 'ic-height';
export type FontSizeAdjust =
  'none' | { readonly metric: FontSizeAdjustMetric; readonly value: number };

/** text-emphasis-style: the mark's string (one grapheme), or none. */
export type TextEmphasisStyle = 'none' | string;
export type TextEmphasisPosition = 'over' | 'under';

export interface TextShadow {
  readonly x: Length;
  readonly y: Length;
  readonly blur: Length;
  readonly color: RgbaColor | 'currentcolor';
}

/** CSS Writing Modes: the block flow direction and how lines are set. */
export type WritingMode =
  'horizontal-tb' | 'vertical-rl' | 'vertical-lr' | 'sideways-rl' | 'sideways-lr';
export type TextOrientation = 'mixed' | 'upright' | 'sideways';
export type TextCombineUpright = 'none' | 'all' | 'digits';

export interface ComputedStyle {
  // Box generation and positioning
  readonly display: Display;
  readonly position: Position;
  readonly top: LengthPercentageAuto;
  readonly right: LengthPercentageAuto;
  readonly bottom: LengthPercentageAuto;
  readonly left: LengthPercentageAuto;
  readonly zIndex: number | 'auto';
  /** Parsed; layout may ignore floats (with a warning). */
  readonly float: Float;
  readonly clear: Clear;

  // Box model
  readonly marginTop: LengthPercentageAuto;
  readonly marginRight: LengthPercentageAuto;
  readonly marginBottom: LengthPercentageAuto;
  readonly marginLeft: LengthPercentageAuto;
  readonly paddingTop: LengthPercentage;
  readonly paddingRight: LengthPercentage;
  readonly paddingBottom: LengthPercentage;
  readonly paddingLeft: LengthPercentage;
  /** Border widths are already 0 when the matching style is none or hidden (CSS computed value). */
  readonly borderTopWidth: Length;
  readonly borderRightWidth: Length;
  readonly borderBottomWidth: Length;
  readonly borderLeftWidth: Length;
  readonly borderTopStyle: BorderStyle;
  readonly borderRightStyle: BorderStyle;
  readonly borderBottomStyle: BorderStyle;
  readonly borderLeftStyle: BorderStyle;
  readonly borderTopColor: RgbaColor;
  readonly borderRightColor: RgbaColor;
  readonly borderBottomColor: RgbaColor;
  readonly borderLeftColor: RgbaColor;
  readonly borderTopLeftRadius: CornerRadius;
  readonly borderTopRightRadius: CornerRadius;
  readonly borderBottomRightRadius: CornerRadius;
  readonly borderBottomLeftRadius: CornerRadius;
  /** border-image (CSS Backgrounds 3 §6); drawn instead of the border styles when it loads. */
  readonly borderImageSource: CssImage | 'none';
  readonly borderImageSlice: BorderImageSlice;
  readonly borderImageWidth: Sides<BorderImageWidth>;
  readonly borderImageOutset: Sides<BorderImageOutset>;
  /** Horizontal, then vertical. */
  readonly borderImageRepeat: readonly [BorderImageRepeat, BorderImageRepeat];
  readonly boxSizing: BoxSizing;
  readonly width: SizeValue;
  readonly height: SizeValue;
  readonly minWidth: SizeValue;
  readonly minHeight: SizeValue;
  readonly maxWidth: MaxSizeValue;
  readonly maxHeight: MaxSizeValue;
  /** Width / height, or 'auto'. */
  readonly aspectRatio: number | 'auto';

  // Painting
  readonly backgroundColor: RgbaColor;
  /** Layers from background-image and its sibling longhands (empty = no image). */
  readonly backgroundLayers: readonly BackgroundLayer[];
  /** The box background-color paints in: the bottom layer's background-clip. */
  readonly backgroundClip: BackgroundClip;
  /** Outline around the border box, px; drawn only when its style is not none. */
  readonly outlineWidth: number;
  readonly outlineStyle: BorderStyle;
  readonly outlineColor: RgbaColor;
  readonly outlineOffset: number;
  /** box-shadow, first shadow on top; empty for none. */
  readonly boxShadow: readonly BoxShadow[];
  /** text-shadow, first shadow on top; empty for none. */
  readonly textShadow: readonly TextShadow[];
  readonly overflowX: Overflow;
  readonly overflowY: Overflow;
  readonly opacity: number;
  readonly clipPath: ClipPath;
  /** The float area of a float (CSS Shapes 1): shape-outside, shape-margin, its alpha threshold. */
  readonly shapeOutside: ShapeOutside;
  readonly shapeMargin: LengthPercentage;
  readonly shapeImageThreshold: number;
  readonly filter: readonly FilterFunction[] | 'none';
  /** mix-blend-mode: how the box's composite blends with what lies behind it. */
  readonly mixBlendMode: BlendMode;
  readonly isolation: 'auto' | 'isolate';
  /** background-blend-mode, one per background layer (repeated as the layers need). */
  readonly backgroundBlendMode: readonly BlendMode[];
  /**
   * The mask layers' longhands (CSS Masking 1), each a list repeated to the number of
   * mask-image entries; the first layer is on top.
   */
  readonly maskImage: readonly (CssImage | 'none')[];
  readonly maskPosition: readonly BackgroundPosition[];
  readonly maskSize: readonly BackgroundSize[];
  readonly maskRepeat: readonly (readonly [BackgroundRepeatKeyword, BackgroundRepeatKeyword])[];
  readonly maskOrigin: readonly BackgroundBox[];
  readonly maskClip: readonly MaskClip[];
  readonly maskComposite: readonly MaskComposite[];
  readonly maskMode: readonly MaskMode[];
  /**
   * `clip` of an absolutely positioned box: the rectangle's top, right, bottom and left edges
   * as offsets from the border box's top-left corner ('auto': that border edge).
   */
  readonly clip: 'auto' | readonly (LengthPercentage | 'auto')[];
  /** The transform functions in order; empty for none. */
  readonly transform: readonly TransformFunction[];
  /** Point the transform is applied around, from the border box's top-left corner. */
  readonly transformOrigin: readonly [LengthPercentage, LengthPercentage];
  /** The individual transform properties (applied before `transform`); empty for none. */
  readonly translate: readonly TransformFunction[];
  readonly rotate: readonly TransformFunction[];
  readonly scale: readonly TransformFunction[];
  readonly visibility: Visibility;
  readonly color: RgbaColor;

  /**
   * Effective zoom (CSS Viewport): the product of the `zoom` factors from the root down. Lengths
   * are already multiplied by it; layout reads it only for images' natural sizes.
   */
  readonly zoom: number;
  // Fonts
  /** Family names in order; generic families lower-case ('serif', 'sans-serif', 'monospace', 'system-ui', 'cursive', 'fantasy'). */
  readonly fontFamily: readonly string[];
  readonly fontSize: Length;
  /** font-size-adjust, `from-font` resolved: the used size gives the metric value × fontSize. */
  readonly fontSizeAdjust: FontSizeAdjust;
  /** 1..1000; bolder/lighter already resolved against the parent. */
  readonly fontWeight: number;
  readonly fontStyle: FontStyle;
  readonly fontVariantCaps:
    | 'normal'
    | 'small-caps'
    | 'all-small-caps'
    | 'petite-caps'
    | 'all-petite-caps'
    | 'unicase'
    | 'titling-caps';
  /** The features font-variant-ligatures and -numeric ask for ([] for normal). */
  readonly fontVariantLigatures: readonly FeatureSetting[];
  readonly fontVariantNumeric: readonly FeatureSetting[];
  readonly fontVariantPosition: 'normal' | 'sub' | 'super';
  readonly fontKerning: 'auto' | 'normal' | 'none';
  /** font-feature-settings, in order ([] for normal). */
  readonly fontFeatureSettings: readonly FeatureSetting[];
  readonly lineHeight: LineHeight;

  // Text
  readonly textAlign: TextAlign;
  readonly textAlignLast: 'auto' | TextAlign;
  readonly textIndent: LengthPercentage;
  readonly textTransform: TextTransform;
  /**
   * Not inherited (CSS): layout propagates decorations from the element that declares them to its
   * inline descendants, drawn in that element's decoration colour.
   */
  readonly textDecorationLine: readonly TextDecorationLine[];
  readonly textDecorationColor: RgbaColor;
  readonly textDecorationStyle: TextDecorationStyle;
  /** Thickness of the lines in px; 'auto' (and from-font) takes the font's. */
  readonly textDecorationThickness: number | 'auto';
  /** Distance of an underline below the baseline in px; 'auto' takes the font's position. */
  readonly textUnderlineOffset: number | 'auto';
  /** -webkit-text-stroke-width, px: a line of this width drawn along the glyph outlines. */
  readonly textStrokeWidth: number;
  /** Emphasis marks: the mark drawn over (or under) each character, its colour and side. */
  readonly textEmphasisStyle: TextEmphasisStyle;
  readonly textEmphasisColor: RgbaColor | 'currentcolor';
  readonly textEmphasisPosition: TextEmphasisPosition;
  readonly textStrokeColor: 'currentcolor' | RgbaColor;
  /** -webkit-text-fill-color: the glyphs' fill (`color` still colours decorations). */
  readonly textFillColor: 'currentcolor' | RgbaColor;
  readonly textUnderlinePosition: 'auto' | 'under' | 'from-font';
  /** What marks inline content cut at the end edge of a box that clips its overflow. */
  readonly textOverflow: TextOverflow;
  readonly letterSpacing: Length;
  readonly wordSpacing: Length;
  /** Derived from white-space-collapse and text-wrap-mode (white-space is their shorthand). */
  readonly whiteSpace: WhiteSpace;
  readonly whiteSpaceCollapse: WhiteSpaceCollapse;
  readonly textWrapMode: TextWrapMode;
  readonly textWrapStyle: TextWrapStyle;
  /** Line clamp (CSS Overflow 4): lines kept by a block container whose `continue` discards. */
  readonly maxLines: number | 'none';
  readonly blockEllipsis: BlockEllipsis;
  readonly continue: Continue;
  /** A query container (CSS Conditional 5): its type and names (case kept). */
  readonly containerType: ContainerType;
  readonly containerName: readonly string[];
  /** On ::first-letter, which it floats to the start side; sized in layout. */
  readonly initialLetter: InitialLetter;
  readonly wordBreak: WordBreak;
  readonly overflowWrap: OverflowWrap;
  /** A number of space advances, or a length in px. */
  readonly tabSize: number | { readonly px: number };
  readonly verticalAlign: VerticalAlign;
  readonly direction: Direction;
  readonly unicodeBidi: UnicodeBidi;
  readonly writingMode: WritingMode;
  readonly textOrientation: TextOrientation;
  readonly textCombineUpright: TextCombineUpright;
  readonly hyphens: Hyphens;
  /** hyphenate-character: 'auto' (the font's hyphen) or the string an inserted hyphen draws. */
  readonly hyphenateCharacter: string;
  readonly hyphenateLimitChars: HyphenateLimitChars;
  /** hyphenate-limit-zone: the unfilled room at a line's end below which no word is hyphenated. */
  readonly hyphenateLimitZone: LengthPercentage;

  // Lists
  readonly listStyleType: ListStyleType;
  readonly listStylePosition: ListStylePosition;
  readonly listStyleImage: CssUrlImage | 'none';

  // Tables
  readonly tableLayout: TableLayout;
  readonly borderCollapse: BorderCollapse;
  readonly borderSpacingH: Length;
  readonly borderSpacingV: Length;
  readonly captionSide: CaptionSide;
  readonly emptyCells: EmptyCells;

  // Flex
  readonly flexDirection: FlexDirection;
  readonly flexWrap: FlexWrap;
  readonly flexGrow: number;
  readonly flexShrink: number;
  readonly flexBasis: FlexBasis;
  readonly justifyContent: JustifyContent;
  readonly alignItems: AlignItems;
  readonly alignSelf: AlignSelf;
  readonly alignContent: AlignContent;
  /** 'normal' computes to 0 (flex and grid semantics). */
  readonly rowGap: LengthPercentage;
  /** 'normal' is kept: 0 between flex items and grid tracks, 1em between columns. */
  readonly columnGap: LengthPercentage | 'normal';
  readonly order: number;

  // Grid
  readonly gridTemplateColumns: GridTemplate | 'none';
  readonly gridTemplateRows: GridTemplate | 'none';
  readonly gridTemplateAreas: GridTemplateAreas | 'none';
  readonly gridAutoColumns: readonly TrackSize[];
  readonly gridAutoRows: readonly TrackSize[];
  readonly gridAutoFlow: GridAutoFlow;
  readonly gridRowStart: GridLine;
  readonly gridRowEnd: GridLine;
  readonly gridColumnStart: GridLine;
  readonly gridColumnEnd: GridLine;
  readonly justifyItems: JustifyItems;
  readonly justifySelf: JustifySelf;

  // Multi-column layout
  readonly columnCount: number | 'auto';
  /** px, or 'auto'. */
  readonly columnWidth: Length | 'auto';
  readonly columnRuleWidth: Length;
  readonly columnRuleStyle: BorderStyle;
  readonly columnRuleColor: RgbaColor;
  readonly columnSpan: ColumnSpan;
  readonly columnFill: ColumnFill;

  // Replaced content
  readonly objectFit: ObjectFit;
  readonly objectPosition: BackgroundPosition;

  // Fragmentation
  readonly breakBefore: BreakBetween;
  readonly breakAfter: BreakBetween;
  readonly breakInside: BreakInside;
  readonly orphans: number;
  readonly widows: number;
  /** Named page, or 'auto'. */
  readonly page: string;
  /** clone: every fragment of a box broken across pages gets its own borders and padding. */
  readonly boxDecorationBreak: 'slice' | 'clone';

  // Paged media (CSS GCPM)
  readonly stringSet: StringSetValue;
  readonly bookmarkLevel: number | 'none';
  readonly bookmarkLabel: readonly ContentItem[];
  readonly bookmarkState: 'open' | 'closed';
  readonly footnoteDisplay: 'block' | 'inline' | 'compact';
  readonly footnotePolicy: 'auto' | 'line' | 'block';

  // Form controls
  /** 'none' draws a control with its CSS box only (no check mark, arrow or bar). */
  readonly appearance: 'auto' | 'none';
  readonly accentColor: 'auto' | RgbaColor;

  // Generated content (already applied to pseudo nodes; kept for inspection)
  readonly content: ContentValue;
  readonly counterReset: readonly CounterChange[];
  readonly counterIncrement: readonly CounterChange[];
  readonly counterSet: readonly CounterChange[];
  readonly quotes: Quotes;
}

// ---------------------------------------------------------------------------------------------
// Styled tree

interface StyledNodeBase {
  /** Unique per document, increasing in document order (pseudo nodes included). */
  readonly nodeId: number;
  readonly style: ComputedStyle;
}

export interface StyledElement extends StyledNodeBase {
  readonly kind: 'element';
  /** Lower-case local name (HTML), case kept for SVG/MathML local names. */
  readonly tag: string;
  readonly namespace: 'html' | 'svg' | 'mathml';
  /** Attribute names lower-case (HTML). */
  readonly attrs: ReadonlyMap<string, string>;
  /** Language from the nearest lang/xml:lang (BCP 47 as written, '' when unknown). */
  readonly lang: string;
  /** For an outer <svg> element: its markup, serialised, to rasterise or draw as vectors. */
  readonly svgMarkup?: string;
  /**
   * Children in box order: ::marker, ::before, DOM children, ::after. A footnote element
   * (float: footnote) starts with its ::footnote-call, then its ::footnote-marker.
   */
  readonly children: readonly StyledNode[];
  /** Named strings this element assigns (string-set), resolved to text. */
  readonly stringSet?: readonly StringAssignment[];
  /** The PDF outline entry this element makes (bookmark-level other than none). */
  readonly bookmark?: Bookmark;
  /** A text field or text area with a placeholder: the style of its ::placeholder. */
  readonly placeholderStyle?: ComputedStyle;
  /** A block container with ::first-line rules: the style of its first formatted line. */
  readonly firstLineStyle?: ComputedStyle;
  /**
   * A <progress> or range <input>: the styles of its track, its filled part and (range) its
   * thumb (::-webkit-progress-bar, ::-webkit-progress-value, ::-moz-progress-bar,
   * ::-webkit-slider-runnable-track, ::-moz-range-progress, ::-webkit-slider-thumb...), which
   * draw it when appearance is none.
   */
  readonly sliderStyles?: SliderStyles;
}

export interface SliderStyles {
  readonly track: ComputedStyle;
  readonly fill: ComputedStyle;
  /** A range input's thumb; its parent style is the input's. */
  readonly thumb?: ComputedStyle;
}

export interface StringAssignment {
  readonly name: string;
  readonly value: string;
}

export interface Bookmark {
  /** 1 = top level. */
  readonly level: number;
  readonly label: string;
  readonly open: boolean;
}

export interface StyledText extends StyledNodeBase {
  readonly kind: 'text';
  /** Text as in the DOM: whitespace NOT collapsed (layout collapses it per white-space). */
  readonly text: string;
  /** `style` is the parent element's (or pseudo-element's) computed style. */
}

/**
 * Resolved generated content: counters, quotes and attr() already turned into text. What
 * depends on pagination (page numbers, cross-references to pages, leaders) and on elements
 * later in the document stays symbolic for layout to resolve.
 */
export type GeneratedContent =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'image'; readonly url: string }
  /** counter(page) / counter(pages) in the flow: the page the content lands on, the page count. */
  | {
      readonly kind: 'page-counter';
      readonly name: 'page' | 'pages';
      readonly style: ListStyleType;
    }
  /**
   * target-counter() (no separator) or target-counters() of the element with this id; the
   * counters of elements come from StyledDocument.targets, page and pages from pagination.
   */
  | {
      readonly kind: 'target-counter';
      readonly id: string;
      readonly name: string;
      readonly style: ListStyleType;
      readonly separator?: string;
    }
  | { readonly kind: 'target-text'; readonly id: string; readonly part: TextPart }
  /**
   * counter(footnote) / counters(footnote) in a footnote's call or marker: `values` are the
   * document's values there; a page context that restarts the footnote counter changes the
   * last one to the count on the page the call lands on (layout resolves it).
   */
  | {
      readonly kind: 'footnote-counter';
      readonly values: readonly number[];
      readonly style: ListStyleType;
      readonly separator?: string;
    }
  /** leader(): fills the rest of the line with `fill` repeated. */
  | { readonly kind: 'leader'; readonly fill: string };

export interface StyledPseudo extends StyledNodeBase {
  readonly kind: 'pseudo';
  readonly pseudo: 'before' | 'after' | 'marker' | 'footnote-call' | 'footnote-marker';
  /** The element the pseudo-element belongs to. */
  readonly parentNodeId: number;
  /** Language of the originating element. */
  readonly lang: string;
  readonly content: readonly GeneratedContent[];
  /**
   * Alternative text from `content: ... / "alt"`, resolved; '' when the author marked the
   * content decorative; absent when none was given.
   */
  readonly alt?: string;
}

export type StyledNode = StyledElement | StyledText | StyledPseudo;

// ---------------------------------------------------------------------------------------------
// @page

export type PageMarginBoxName =
  | 'top-left-corner'
  | 'top-left'
  | 'top-center'
  | 'top-right'
  | 'top-right-corner'
  | 'right-top'
  | 'right-middle'
  | 'right-bottom'
  | 'bottom-right-corner'
  | 'bottom-right'
  | 'bottom-center'
  | 'bottom-left'
  | 'bottom-left-corner'
  | 'left-bottom'
  | 'left-middle'
  | 'left-top';

/**
 * Content of a page margin box, resolved per page after pagination: counters of the page
 * context (page, pages, and any the @page rules reset or increment), named strings and running
 * elements.
 */
export type PageContentItem =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'image'; readonly url: string }
  | { readonly kind: 'counter'; readonly name: string; readonly style: ListStyleType }
  | {
      readonly kind: 'counters';
      readonly name: string;
      readonly separator: string;
      readonly style: ListStyleType;
    }
  | { readonly kind: 'string'; readonly name: string; readonly which: RunningWhich }
  | { readonly kind: 'element'; readonly name: string; readonly which: RunningWhich }
  | { readonly kind: 'leader'; readonly fill: string };

export interface PageMarginBox {
  readonly name: PageMarginBoxName;
  readonly content: readonly PageContentItem[];
  /** Computed against the page context (which inherits from the root element). */
  readonly style: ComputedStyle;
}

/** Which page is being asked about; `pageStyleFor` in ./page.js cascades the @page rules. */
export interface PageSelectorContext {
  /** 0-based page index. */
  readonly index: number;
  /** Named page (the `page` property of the first box on it), or undefined. */
  readonly name?: string;
  /** Blank page inserted by a left/right break. */
  readonly blank?: boolean;
}

/** The used page for one page: sizes in CSS px, margins resolved. */
export interface PageStyle {
  /** Named page this style is for ('' = unnamed). */
  readonly name: string;
  readonly width: Length;
  readonly height: Length;
  readonly marginTop: Length;
  readonly marginRight: Length;
  readonly marginBottom: Length;
  readonly marginLeft: Length;
  readonly backgroundColor: RgbaColor;
  readonly marginBoxes: readonly PageMarginBox[];
  /**
   * The page context's computed style (it inherits from the root element): background layers,
   * border and padding of the page box, counter-reset / -increment / -set of page counters.
   */
  readonly context: ComputedStyle;
  /** The @footnote area's computed style (inherits from the page context). */
  readonly footnote: ComputedStyle;
  /** Bleed area beyond the page box, px (CSS `bleed`; auto: 6pt with crop marks). */
  readonly bleed: {
    readonly top: Length;
    readonly right: Length;
    readonly bottom: Length;
    readonly left: Length;
  };
  /** Printer's marks drawn in the bleed area (CSS `marks`). */
  readonly marks: { readonly crop: boolean; readonly cross: boolean };
}

export type PagePseudoClass = 'first' | 'left' | 'right' | 'blank';

export interface PageRuleSelector {
  readonly name?: string;
  readonly pseudo?: PagePseudoClass;
  /** Further pseudo-classes of a compound selector (`:first:left`); all must match. */
  readonly more?: readonly PagePseudoClass[];
}

/** One parsed @page rule (page-level properties only; margin boxes are cascaded per variant). */
export interface PageRule {
  readonly selectors: readonly PageRuleSelector[];
  /** Order of appearance, for the cascade among equal specificity. */
  readonly order: number;
  /** Page size in px; null when the rule does not set it (or says auto). */
  readonly size: { readonly width: Length; readonly height: Length } | null;
  readonly marginTop?: LengthPercentageAuto;
  readonly marginRight?: LengthPercentageAuto;
  readonly marginBottom?: LengthPercentageAuto;
  readonly marginLeft?: LengthPercentageAuto;
  /** Names of the margin boxes this rule declares. */
  readonly marginBoxNames: readonly PageMarginBoxName[];
}

export interface PageRules {
  /** UA default page first, then author rules in order. */
  readonly rules: readonly PageRule[];
  /**
   * The used page for every combination of page name (author names plus '' for unnamed),
   * first, left/right and blank, keyed by `pageVariantKey`. Use `pageStyleFor` from ./page.js.
   */
  readonly variants: ReadonlyMap<string, PageStyle>;
}

// ---------------------------------------------------------------------------------------------
// @font-face

export interface FontFaceSource {
  /** Absolute URL (http(s) or data:), or a local() name. */
  readonly url?: string;
  readonly local?: string;
  readonly format?: string;
}

export interface CssFontFaceRule {
  readonly family: string;
  readonly sources: readonly FontFaceSource[];
  /** Range [min, max]; a single weight has min === max. Absent: `auto` (a variable font's own range). */
  readonly weight?: readonly [number, number];
  readonly style: FontStyle;
  /** Code point ranges [from, to]; empty = all. */
  readonly unicodeRange: readonly (readonly [number, number])[];
}

// ---------------------------------------------------------------------------------------------
// Entry point

/** Font metrics from src/text/ for ex and ch; both as fractions of the font size. */
export type FontMetricsProvider = (
  family: readonly string[],
  weight: number,
  style: FontStyle,
) => { readonly xHeight: number; readonly zeroAdvance: number } | undefined;

export interface StyleOptions {
  /** Base URL for relative URLs (a <base href> in the document overrides it). */
  readonly baseUrl?: string;
  readonly loader: ResourceLoader;
  /**
   * Size of the page area (or viewport in continuous mode) in px for vw/vh. Absent: the first
   * page's area from the document's own @page rules.
   */
  readonly viewport?: { readonly width: Length; readonly height: Length };
  /** Metrics for ex/ch; absent or undefined result: 0.5em approximations. */
  readonly fontMetrics?: FontMetricsProvider;
  /** Fail (throw ResourceError) on a stylesheet that cannot be loaded instead of warning. */
  readonly strict?: boolean;
  readonly signal?: AbortSignal;
  /**
   * Called every thousand or so elements of the cascade; it throws to stop (the caller's
   * deadline reads the clock here, which an abort timer cannot do inside synchronous work).
   */
  readonly checkpoint?: () => void;
  /** Rules and bytes of author CSS per document (LimitError beyond); absent: the defaults. */
  readonly cssLimits?: CssLimits;
  /** The HTML parser's checkpoint and limits. */
  readonly parse?: ParseOptions;
  /**
   * Sheets of the caller, applied after the document's own with author origin (WeasyPrint's
   * `stylesheets`, the command line's `-s`); each resolves its URLs against its own baseUrl.
   */
  readonly userStylesheets?: readonly UserStylesheet[];
  /** The media type for @media rules and media attributes (default print). */
  readonly media?: 'print' | 'screen';
}

/** A style sheet the caller adds to a document. */
export interface UserStylesheet {
  readonly css: string;
  /** Base for the sheet's url() and @import (a file: URL of the sheet on the command line). */
  readonly baseUrl?: string;
}

export interface StyledDocument {
  /** The <html> element. */
  readonly root: StyledElement;
  readonly pageRules: PageRules;
  readonly fontFaces: readonly CssFontFaceRule[];
  /** Text of <title>, whitespace collapsed; null when missing or empty. */
  readonly title: string | null;
  /** lang of <html>, or null. */
  readonly lang: string | null;
  /** Effective document base URL (after <base href>), for img src and a href. */
  readonly baseUrl?: string;
  readonly warnings: readonly Warning[];
  /**
   * Elements that some attribute points to ('#id'), by id: what target-counter() and
   * target-text() read. Absent: no cross-references.
   */
  readonly targets?: ReadonlyMap<string, TargetInfo>;
  /** The author's @counter-style rules by name; absent when there are none. */
  readonly counterStyles?: ReadonlyMap<string, CounterStyleDef>;
  /**
   * Present when styles depend on the sizes of query containers (@container size queries or
   * cq* units inside a size container): layout measures the containers and styles again.
   */
  readonly containerQueries?: ContainerRestyle;
}

/** A size container's content box, CSS px. */
export interface ContainerSize {
  readonly width: number;
  readonly height: number;
}

export interface ContainerRestyle {
  /**
   * The document styled again for the content boxes a layout measured, keyed by the node id of
   * each size container (StyledElement.nodeId of this document); null when they are the sizes
   * this document was styled with, so its styles already hold.
   */
  restyle(measured: ReadonlyMap<number, ContainerSize>): StyledDocument | null;
}

/** What cross-references can read of an element. */
export interface TargetInfo {
  /** Every counter in scope at the element (after its own counter changes), outermost first. */
  readonly counters: ReadonlyMap<string, readonly number[]>;
  /** Its text (content()), ::before and ::after text, and first letter, whitespace collapsed. */
  readonly text: { readonly [P in TextPart]: string };
}
