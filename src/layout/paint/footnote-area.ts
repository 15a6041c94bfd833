/**
 * The footnote area (CSS GCPM §2.2) at the bottom of a page's body: the @footnote box with its
 * margins, border (the footnote rule) and padding, and the page's footnote bodies stacked in it
 * in the order of their calls.
 */
import type { DisplayItem } from '../../document/index.js';
import type { LayoutContext } from '../context.js';
import { decorateBox } from '../context.js';
import { moveAnchor, type Anchor, type FootnoteBody } from '../paginate/fragments.js';
import { border, margin, padding } from '../units.js';
import { moveItem } from './decoration.js';
import type { PageGeometry } from './page-furniture.js';

export function footnoteArea(
  g: PageGeometry,
  bodies: readonly FootnoteBody[],
  ctx: LayoutContext,
): { items: DisplayItem[]; anchors: Anchor[] } {
  if (bodies.length === 0) return { items: [], anchors: [] };
  const s = g.style.footnote;
  const m = margin(s, g.bodyWidth);
  const b = border(s);
  const p = padding(s, g.bodyWidth);
  const content = bodies.reduce((h, x) => h + x.height, 0);
  const height = b.top + p.top + content + p.bottom + b.bottom;
  const x = g.bodyLeft + m.left;
  const width = Math.max(0, g.bodyWidth - m.left - m.right);
  const top = g.bodyTop + g.bodyHeight - m.bottom - height;
  const out: DisplayItem[] = decorateBox(
    s,
    x,
    width,
    {
      top,
      bottom: top + height,
      continuedAbove: false,
      continuedBelow: false,
      flowTop: top,
      flowBottom: top + height,
      shift: 0,
    },
    ctx,
  );
  let y = top + b.top + p.top;
  const left = x + b.left + p.left;
  const anchors: Anchor[] = [];
  for (const body of bodies) {
    for (const it of body.items) out.push(moveItem(it, left, y));
    for (const a of body.anchors) anchors.push(moveAnchor(a, left, y));
    y += body.height;
  }
  return { items: out, anchors };
}
