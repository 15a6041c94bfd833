/**
 * The shaper SVG text is placed with (images/svg-text.ts). Each run is shaped as one line of
 * the document's own text (textLine: its fonts, @font-face rules and fallback chain), so SVG
 * labels use the faces, glyph fallback and ActualText rules everything else does.
 */
import type { GlyphRun } from '../../document/index.js';
import type { ShapedSvgText, SvgTextFont, SvgTextHost, SvgTextShaper } from '../../images/index.js';
import { UA_TEXT_HOST } from '../../images/index.js';
import type { ComputedStyle } from '../../style/index.js';
import type { TextStyle } from '../../text/index.js';
import type { LayoutContext } from '../context.js';
import { textLine } from '../modes/inline.js';
import { layoutTag } from './decoration.js';

/** Wide enough that one line of SVG text never wraps (white-space: pre does not either). */
const NO_WRAP = 1e9;
const BLACK = { r: 0, g: 0, b: 0, a: 1 };

/**
 * A shaper for the SVG drawn by a replaced box. An inline <svg> inherits the font and colour
 * of the element around it, as in browsers (`inline` is the <svg> element's computed style);
 * an SVG loaded as an image starts from the UA default font.
 */
export function svgTextShaper(
  ctx: LayoutContext,
  inline?: { readonly style: ComputedStyle; readonly lang?: string },
): SvgTextShaper {
  const host: SvgTextHost = inline
    ? {
        families: inline.style.fontFamily,
        size: inline.style.fontSize,
        weight: inline.style.fontWeight,
        style: inline.style.fontStyle,
        color: inline.style.color,
      }
    : UA_TEXT_HOST;
  const lang = inline?.lang;
  return {
    host,
    shape: (text, font) => shapeLine(ctx, text, font, lang),
  };
}

function shapeLine(
  ctx: LayoutContext,
  text: string,
  font: SvgTextFont,
  lang: string | undefined,
): ShapedSvgText {
  const style: TextStyle = {
    families: font.families,
    size: font.size,
    weight: font.weight,
    style: font.style,
    color: BLACK,
    letterSpacing: font.letterSpacing,
    wordSpacing: font.wordSpacing,
    textTransform: 'none',
    // The SVG parser has already collapsed what collapses; the spaces left all count.
    whiteSpace: 'pre',
    hyphens: 'none',
    lineHeight: { kind: 'normal' },
    ...(lang ? { lang } : {}),
  };
  const line = textLine(text, style, 0, 0, NO_WRAP, 'left', layoutTag(), ctx);
  const runs = line.items.filter((i): i is GlyphRun => i.kind === 'glyphs');
  const metrics = ctx.fonts.matchFont(font.families, font.weight, font.style).metrics;
  return {
    glyphs: runs.map((r) => ({
      font: r.font,
      size: r.size,
      x: r.x,
      y: r.y - line.baseline,
      glyphs: r.glyphs,
      ...(r.actualText !== undefined ? { actualText: r.actualText } : {}),
    })),
    advance: runs.reduce((end, r) => Math.max(end, r.x + sum(r.glyphs.advances)), 0),
    ascent: metrics.ascent * font.size,
    descent: metrics.descent * font.size,
    xHeight: metrics.xHeight * font.size,
  };
}

function sum(values: readonly number[]): number {
  let s = 0;
  for (const v of values) s += v;
  return s;
}
