/**
 * Unit conversion and computed-style helpers. The cascade works in CSS px; layout, text and the
 * display list work in points (1px = 0.75pt). Everything leaving this file is in points.
 */
import { resolveLength } from '../style/index.js';
import type {
  ComputedStyle,
  LengthPercentage,
  LengthPercentageAuto,
  MaxSizeValue,
  SizeValue,
} from '../style/index.js';
import type { TextDecoration, TextStyle, VerticalAlign } from '../text/index.js';
import { fontFeaturesOf } from './font-features.js';
import type { Radii, BorderSide } from './paint/decoration.js';

export const PX = 0.75;

export function pt(px: number): number {
  return px * PX;
}

/** A length or percentage in points against a reference size in points. */
export function len(v: LengthPercentage, basisPt: number | undefined): number {
  return pt(resolveLength(v, basisPt === undefined ? undefined : basisPt / PX));
}

export function lenAuto(v: LengthPercentageAuto, basisPt: number | undefined): number | undefined {
  return v === 'auto' ? undefined : len(v, basisPt);
}

/** width/height: undefined for auto (and intrinsic keywords, and % against an unknown basis). */
export function size(v: SizeValue, basisPt: number | undefined): number | undefined {
  if (v === 'auto' || v === 'min-content' || v === 'max-content' || v === 'fit-content')
    return undefined;
  if (typeof v !== 'number' && basisPt === undefined) return undefined;
  return len(v, basisPt);
}

export function maxSize(v: MaxSizeValue, basisPt: number | undefined): number | undefined {
  if (v === 'none' || v === 'min-content' || v === 'max-content' || v === 'fit-content')
    return undefined;
  if (typeof v !== 'number' && basisPt === undefined) return undefined;
  return len(v, basisPt);
}

/**
 * The content-box height `aspect-ratio` gives a box of auto height at its used border-box width
 * (CSS Box Sizing 4 §5): the ratio is of the box `box-sizing` names. Undefined without a ratio.
 */
export function ratioHeight(
  s: ComputedStyle,
  borderBoxWidth: number,
  pad: Edges,
  bord: Edges,
): number | undefined {
  if (s.aspectRatio === 'auto') return undefined;
  const edgesW = pad.left + pad.right + bord.left + bord.right;
  const edgesH = pad.top + pad.bottom + bord.top + bord.bottom;
  return s.boxSizing === 'border-box'
    ? Math.max(0, borderBoxWidth / s.aspectRatio - edgesH)
    : Math.max(0, borderBoxWidth - edgesW) / s.aspectRatio;
}

export interface Edges {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

export function padding(s: ComputedStyle, cbWidth: number): Edges {
  return {
    top: len(s.paddingTop, cbWidth),
    right: len(s.paddingRight, cbWidth),
    bottom: len(s.paddingBottom, cbWidth),
    left: len(s.paddingLeft, cbWidth),
  };
}

export function border(s: ComputedStyle): Edges {
  return {
    top: pt(s.borderTopWidth),
    right: pt(s.borderRightWidth),
    bottom: pt(s.borderBottomWidth),
    left: pt(s.borderLeftWidth),
  };
}

/** Margins; auto counts as 0 here (callers that centre boxes look at the raw value). */
export function margin(s: ComputedStyle, cbWidth: number): Edges {
  return {
    top: lenAuto(s.marginTop, cbWidth) ?? 0,
    right: lenAuto(s.marginRight, cbWidth) ?? 0,
    bottom: lenAuto(s.marginBottom, cbWidth) ?? 0,
    left: lenAuto(s.marginLeft, cbWidth) ?? 0,
  };
}

export function borderSides(s: ComputedStyle): {
  top: BorderSide;
  right: BorderSide;
  bottom: BorderSide;
  left: BorderSide;
} {
  return {
    top: { width: pt(s.borderTopWidth), style: s.borderTopStyle, color: s.borderTopColor },
    right: { width: pt(s.borderRightWidth), style: s.borderRightStyle, color: s.borderRightColor },
    bottom: {
      width: pt(s.borderBottomWidth),
      style: s.borderBottomStyle,
      color: s.borderBottomColor,
    },
    left: { width: pt(s.borderLeftWidth), style: s.borderLeftStyle, color: s.borderLeftColor },
  };
}

export function radii(s: ComputedStyle, w: number, h: number): Radii {
  const c = (r: ComputedStyle['borderTopLeftRadius']): [number, number] => [
    len(r.horizontal, w),
    len(r.vertical, h),
  ];
  return {
    tl: c(s.borderTopLeftRadius),
    tr: c(s.borderTopRightRadius),
    br: c(s.borderBottomRightRadius),
    bl: c(s.borderBottomLeftRadius),
  };
}

export function sum(e: Edges, axis: 'h' | 'v'): number {
  return axis === 'h' ? e.left + e.right : e.top + e.bottom;
}

/**
 * Text of vertical lines whose orientation stands (some) glyphs upright: vertical-rl and
 * vertical-lr, not the sideways modes, and not text-orientation: sideways.
 */
function uprightText(s: ComputedStyle): boolean {
  return stands(s) && s.textOrientation !== 'sideways';
}

/** Vertical lines in which glyphs may stand upright (the sideways modes turn them all). */
function stands(s: ComputedStyle): boolean {
  return s.writingMode === 'vertical-rl' || s.writingMode === 'vertical-lr';
}

function verticalAlign(s: ComputedStyle): VerticalAlign | undefined {
  const v = s.verticalAlign;
  if (typeof v === 'string') return v === 'baseline' ? undefined : v;
  // Percentages of vertical-align refer to the element's own line-height.
  const lh = s.lineHeight;
  const lineHeightPx =
    lh.kind === 'length' ? lh.px : lh.kind === 'number' ? lh.value * s.fontSize : s.fontSize * 1.2;
  return { length: pt(resolveLength(v, lineHeightPx)) };
}

/**
 * Text styles without decoration, per computed style and language: computed styles are shared
 * by many elements, and a text style was built for every text run and inline box.
 */
const plainTextStyles = new WeakMap<ComputedStyle, Map<string, TextStyle>>();

/** Text style of a run; `decoration` carries the decorations propagated from ancestors. */
export function textStyle(
  s: ComputedStyle,
  lang: string | undefined,
  decoration?: TextDecoration,
): TextStyle {
  if (decoration && decoration.lines.length > 0) return buildTextStyle(s, lang, decoration);
  let byLang = plainTextStyles.get(s);
  if (!byLang) {
    byLang = new Map();
    plainTextStyles.set(s, byLang);
  }
  const key = lang ?? '';
  let t = byLang.get(key);
  if (!t) {
    t = buildTextStyle(s, lang, undefined);
    byLang.set(key, t);
  }
  return t;
}

function buildTextStyle(
  s: ComputedStyle,
  lang: string | undefined,
  decoration: TextDecoration | undefined,
): TextStyle {
  const lh = s.lineHeight;
  const va = verticalAlign(s);
  const features = fontFeaturesOf(s);
  return {
    families: s.fontFamily,
    size: pt(s.fontSize),
    weight: s.fontWeight,
    style: s.fontStyle,
    color: s.color,
    letterSpacing: pt(s.letterSpacing),
    wordSpacing: pt(s.wordSpacing),
    textTransform: s.textTransform,
    whiteSpace: s.whiteSpace,
    hyphens: s.hyphens,
    ...(s.hyphenateCharacter !== 'auto' ? { hyphenateCharacter: s.hyphenateCharacter } : {}),
    ...hyphenateLimits(s.hyphenateLimitChars),
    ...(lang ? { lang } : {}),
    lineHeight:
      lh.kind === 'normal'
        ? { kind: 'normal' }
        : lh.kind === 'number'
          ? { kind: 'factor', value: lh.value }
          : { kind: 'length', value: pt(lh.px) },
    ...(va !== undefined ? { verticalAlign: va } : {}),
    ...(uprightText(s) ? { vertical: s.textOrientation as 'mixed' | 'upright' } : {}),
    ...(s.textCombineUpright === 'all' && stands(s) ? { combine: true as const } : {}),
    ...(decoration && decoration.lines.length > 0 ? { textDecoration: decoration } : {}),
    ...(features ? { fontFeatures: features } : {}),
    overflowWrap:
      s.overflowWrap === 'normal'
        ? 'normal'
        : s.overflowWrap === 'anywhere'
          ? 'anywhere'
          : 'break-word',
    wordBreak: s.wordBreak === 'break-word' ? 'normal' : s.wordBreak,
    ...(typeof s.tabSize === 'number' ? { tabSize: s.tabSize } : {}),
    ...(s.fontSizeAdjust !== 'none' ? { fontSizeAdjust: s.fontSizeAdjust } : {}),
    ...(s.textEmphasisStyle !== 'none'
      ? {
          emphasis: {
            mark: s.textEmphasisStyle,
            color: s.textEmphasisColor === 'currentcolor' ? s.color : s.textEmphasisColor,
            position: s.textEmphasisPosition,
          },
        }
      : {}),
  };
}

export function isOverflowClipped(s: ComputedStyle): boolean {
  return s.overflowX !== 'visible' || s.overflowY !== 'visible';
}

/** Whether a box draws anything of its own: background, shadow, border or outline. */
export function paintsDecoration(s: ComputedStyle): boolean {
  return (
    s.backgroundColor.a > 0 ||
    s.backgroundLayers.length > 0 ||
    s.boxShadow.length > 0 ||
    s.borderImageSource !== 'none' ||
    s.borderTopWidth + s.borderRightWidth + s.borderBottomWidth + s.borderLeftWidth > 0 ||
    (s.outlineStyle !== 'none' && s.outlineWidth > 0)
  );
}

/** hyphenate-limit-chars for text/: the limits that are not auto, or nothing. */
function hyphenateLimits(l: ComputedStyle['hyphenateLimitChars']): {
  hyphenateLimits?: { word?: number; before?: number; after?: number };
} {
  if (l.word === 'auto' && l.before === 'auto' && l.after === 'auto') return {};
  return {
    hyphenateLimits: {
      ...(l.word !== 'auto' ? { word: l.word } : {}),
      ...(l.before !== 'auto' ? { before: l.before } : {}),
      ...(l.after !== 'auto' ? { after: l.after } : {}),
    },
  };
}

/**
 * hyphenate-limit-zone for text/: a length and a share of each line's width (lines beside
 * floats differ); a calc() mixing both is resolved against the block's width.
 */
export function hyphenateLimitZone(
  v: LengthPercentage,
  widthPt: number,
): { hyphenateLimitZone?: { length: number; ofWidth: number } } {
  if (v === 0) return {};
  if (typeof v === 'object' && 'percent' in v)
    return { hyphenateLimitZone: { length: pt(v.px), ofWidth: v.percent / 100 } };
  return { hyphenateLimitZone: { length: len(v, widthPt), ofWidth: 0 } };
}
