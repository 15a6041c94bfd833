/**
 * Grid fragmentation: the grid's children handed to the paginator, one unit per group of rows
 * that items join (an item spanning rows binds them). A unit that fits a page moves to the next
 * page whole when it does not fit the rest of this one; a taller unit splits where its items'
 * own lines allow, like a table row taller than a page, with every item's decoration sliced
 * cleanly. A unit holding a single item keeps that item's own structure (its paragraphs, its
 * break rules) and only asks not to be broken when it can move whole.
 */
import type { LayoutContext } from '../../context.js';
import { flatten, sideBySide } from '../../context.js';
import type { BoxFragment, Fragment, LeafFragment } from '../../paginate/fragments.js';
import { anchorsOf } from '../../paginate/fragments.js';

export interface PlacedItem {
  readonly frag: Fragment;
  readonly rowStart: number;
  readonly rowEnd: number;
}

/** Units of rows, in row order; items keep their painting order inside a unit. */
export function rowUnits(items: readonly PlacedItem[], ctx: LayoutContext): Fragment[] {
  const byRow = items
    .map((it, paint) => ({ it, paint }))
    .sort((a, b) => a.it.rowStart - b.it.rowStart || a.paint - b.paint);
  const groups: { end: number; members: { it: PlacedItem; paint: number }[] }[] = [];
  for (const m of byRow) {
    const g = groups[groups.length - 1];
    if (g && m.it.rowStart < g.end) {
      g.members.push(m);
      g.end = Math.max(g.end, m.it.rowEnd);
    } else groups.push({ end: m.it.rowEnd, members: [m] });
  }
  return groups.map((g) =>
    unitOf(
      g.members.sort((a, b) => a.paint - b.paint).map((m) => m.it.frag),
      ctx,
    ),
  );
}

function unitOf(frags: readonly Fragment[], ctx: LayoutContext): Fragment {
  const top = Math.min(...frags.map((f) => f.top));
  const bottom = Math.max(...frags.map((f) => f.bottom));
  if (frags.length === 1) {
    const only = frags[0];
    if (only.kind === 'leaf') return only;
    const keep: BoxFragment = { kind: 'box', top, bottom, children: [only], breakInside: 'avoid' };
    return keep;
  }
  if (bottom - top > ctx.page.height) return sideBySide(frags, top, bottom);
  const leaf: LeafFragment = {
    kind: 'leaf',
    top,
    bottom,
    items: frags.flatMap((f) => flatten(f)),
    anchors: frags.flatMap(anchorsOf),
  };
  return leaf;
}
