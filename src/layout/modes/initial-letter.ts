/**
 * initial-letter (CSS Inline 3 §7): a ::first-letter made a drop cap. The cascade floats it to
 * the start side; here it is sized from the paragraph it opens: its cap height spans `size`
 * lines (from the first line's cap height down to the last of them's baseline), its baseline
 * sits on the baseline of line `sink`, and its float box ends at the bottom of that line, so
 * exactly `sink` lines wrap around it. The line metrics are those of the paragraph's strut.
 */
import type { ComputedStyle, LineHeight } from '../../style/index.js';
import type { BlockBox, Box, InlineItem } from '../box-tree/boxes.js';
import type { LayoutContext } from '../context.js';
import { pt, PX } from '../units.js';

/** Vertical metrics of a style's primary face, in points. */
function metrics(s: ComputedStyle, ctx: LayoutContext) {
  const m = ctx.fonts.matchFont(s.fontFamily, s.fontWeight, s.fontStyle).metrics;
  return { ascent: m.ascent, descent: m.descent, gap: m.lineGap, cap: m.capHeight };
}

/** Line height and first baseline (from the line's top) of a paragraph's strut, in points. */
function strut(s: ComputedStyle, ctx: LayoutContext): { height: number; baseline: number } {
  const m = metrics(s, ctx);
  const size = pt(s.fontSize);
  const lh: LineHeight = s.lineHeight;
  if (lh.kind === 'normal') {
    return {
      height: (m.ascent + m.descent + m.gap) * size,
      baseline: (m.ascent + m.gap / 2) * size,
    };
  }
  const height = lh.kind === 'number' ? lh.value * size : pt(lh.px);
  return { height, baseline: m.ascent * size + (height - (m.ascent + m.descent) * size) / 2 };
}

/**
 * The drop cap `box` (a floated ::first-letter) restyled for the paragraph `para` it opens:
 * font size, line height and top margin in px. Anything else comes back as it was.
 */
export function initialLetterBox(box: Box, para: ComputedStyle, ctx: LayoutContext): Box {
  const il = box.style.initialLetter;
  if (il === 'normal' || box.kind !== 'block') return box;
  const line = strut(para, ctx);
  const p = metrics(para, ctx);
  const q = metrics(box.style, ctx);
  if (!(q.cap > 0) || !(p.cap > 0)) return box;
  const L = line.height;
  // Cap height of the letter = from the first line's cap height to line `size`'s baseline.
  const size = ((il.size - 1) * L + p.cap * pt(para.fontSize)) / q.cap;
  const target = (il.sink - 1) * L + line.baseline;
  // With line height h, the letter's baseline is h/2 + c below its box's top.
  const c = ((q.ascent - q.descent) * size) / 2;
  const height = Math.max(0, 2 * (il.sink * L - target + c));
  const marginTop = target - height / 2 - c;
  const restyle = (s: ComputedStyle): ComputedStyle => ({
    ...s,
    fontSize: size / PX,
    lineHeight: { kind: 'length', px: height / PX },
  });
  const style: ComputedStyle = {
    ...restyle(box.style),
    marginTop: marginTop / PX,
    marginBottom: 0,
    paddingTop: 0,
    paddingBottom: 0,
    borderTopWidth: 0,
    borderBottomWidth: 0,
    height: 'auto',
  };
  const inline = box.inline?.map((it): InlineItem =>
    it.kind === 'text' ? { ...it, style: restyle(it.style) } : it,
  );
  const out: BlockBox = { ...box, style, ...(inline ? { inline } : {}) };
  return out;
}
