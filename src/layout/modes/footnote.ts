/**
 * Footnote bodies (CSS GCPM §2): each is laid out once, at the content width of the page's
 * footnote area, and travels with the line that calls it as a page mark; the paginator makes
 * room for it at the bottom of the page that line lands on.
 */
import type { ComputedStyle } from '../../style/index.js';
import type { BlockBox } from '../box-tree/boxes.js';
import type { LayoutContext } from '../context.js';
import { flatten } from '../context.js';
import { anchorsOf, type FootnoteBody } from '../paginate/fragments.js';
import { border, margin, padding } from '../units.js';
import { layoutBlockLevel } from './block.js';

/** Horizontal and vertical room the footnote area's margins, borders and padding take. */
export function footnoteAreaInsets(
  area: ComputedStyle,
  bodyWidth: number,
): { left: number; right: number; top: number; bottom: number } {
  const m = margin(area, bodyWidth);
  const b = border(area);
  const p = padding(area, bodyWidth);
  return {
    left: m.left + b.left + p.left,
    right: m.right + b.right + p.right,
    top: m.top + b.top + p.top,
    bottom: m.bottom + b.bottom + p.bottom,
  };
}

export function layoutFootnoteBody(box: BlockBox, ctx: LayoutContext): FootnoteBody {
  const insets = ctx.footnoteArea
    ? footnoteAreaInsets(ctx.footnoteArea, ctx.page.width)
    : { left: 0, right: 0 };
  const width = Math.max(0, ctx.page.width - insets.left - insets.right);
  const m = margin(box.style, width);
  const placed = layoutBlockLevel(box, 0, m.top, width, ctx, [], { root: true });
  return {
    items: flatten(placed.frag),
    anchors: anchorsOf(placed.frag).filter((a) => a.id !== ''),
    height: m.top + placed.height + m.bottom,
    frag: placed.frag,
    policy: box.style.footnotePolicy,
  };
}
