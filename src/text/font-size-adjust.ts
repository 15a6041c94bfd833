/**
 * font-size-adjust at the text stage: a run's style is swapped for one whose size gives its
 * first available font the wanted metric. The computed size stays the basis of numeric line
 * heights (they are turned into lengths first), as CSS Fonts 5 keeps em and line-height on it.
 */
import type { TextFontContext } from './context.js';
import type { LoadedFace } from './face.js';
import type { FontSizeAdjustMetric, TextStyle } from './types.js';

/** U+6C34 (水): CSS's stand-in for an ideograph's advance. */
const WATER = 0x6c34;

/** The face's metric as a fraction of the em. */
function metricOf(face: LoadedFace, metric: FontSizeAdjustMetric): number {
  const m = face.metrics;
  switch (metric) {
    case 'ex-height':
      return m.xHeight;
    case 'cap-height':
      return m.capHeight;
    case 'ch-width':
      return m.zeroAdvance;
    case 'ic-width': {
      if (!face.hasCodePoint(WATER)) return 1;
      return face.advanceOf(face.glyphId(WATER)) / face.unitsPerEm;
    }
    case 'ic-height':
      // Vertical advances are not read: an ideograph is taken as 1em tall.
      return 1;
  }
}

const adjusted = new WeakMap<TextFontContext, WeakMap<TextStyle, TextStyle>>();

/** `style` at its adjusted size, or `style` itself when it has no adjustment. */
export function adjustedStyle(ctx: TextFontContext, style: TextStyle): TextStyle {
  const adjust = style.fontSizeAdjust;
  if (!adjust) return style;
  let memo = adjusted.get(ctx);
  if (!memo) {
    memo = new WeakMap();
    adjusted.set(ctx, memo);
  }
  const known = memo.get(style);
  if (known) return known;
  const face = ctx.matchFont(style.families, style.weight, style.style);
  const metric = metricOf(face, adjust.metric);
  const size = metric > 0 ? (style.size * adjust.value) / metric : style.size;
  const lh = style.lineHeight;
  // Without the adjustment, so that adjusting again changes nothing.
  const { fontSizeAdjust: _done, ...rest } = style;
  const out: TextStyle = {
    ...rest,
    size,
    lineHeight: lh.kind === 'factor' ? { kind: 'length', value: lh.value * style.size } : lh,
  };
  memo.set(style, out);
  return out;
}
