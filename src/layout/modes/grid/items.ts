/**
 * Grid items as the track sizing algorithm and the final placement see them: their size
 * contributions in each axis, their used widths in an area, and their layouts.
 *
 * An item is laid out at the origin and moved into place. Measuring the rows lays every item
 * out at its column width, and the final placement lays it out again only when it is
 * stretched to a different height; a nested grid or flex container inside repeats this one
 * level down. So that nesting does not multiply the work, layouts are memoised per (item, size)
 * for as long as the outermost grid container is being laid out (the memo is dropped with it).
 */
import type { Box } from '../../box-tree/boxes.js';
import type { LayoutContext } from '../../context.js';
import { shiftFragment } from '../../context.js';
import {
  blockAtHeight,
  intrinsicOuter,
  layoutBlockLevel,
  replacedSize,
  type AbsCollector,
  type Placed,
} from '../block.js';
import { withRecords, type ContainerEntries } from '../containers.js';
import type { Fragment } from '../../paginate/fragments.js';
import { border, margin, maxSize, padding, pt, size, type Edges } from '../../units.js';

export type ItemLayout = Placed & {
  readonly marginLeft: number;
  /** Absolutely positioned descendants waiting for a containing block, at origin coordinates. */
  readonly abs: AbsCollector;
  /** Container sizes the layout recorded, recorded again when it is used (containers.ts). */
  readonly containers?: ContainerEntries;
};

/** Layouts by item and by (area width, width, height, cb height). */
export type ItemMemo = Map<Box, Map<string, ItemLayout>>;

/** Lays out `item` (border box `width` wide, `height` tall when given) at the origin. */
export function layoutItem(
  item: Box,
  areaWidth: number,
  width: number,
  height: number | undefined,
  cbHeight: number | undefined,
  ctx: LayoutContext,
  memo: ItemMemo,
): ItemLayout {
  let bySize = memo.get(item);
  if (!bySize) memo.set(item, (bySize = new Map()));
  const key = `${areaWidth}:${width}:${height ?? 'a'}:${cbHeight ?? 'a'}`;
  const hit = bySize.get(key);
  if (hit) {
    ctx.containers?.replay(hit.containers);
    return hit;
  }
  const abs: AbsCollector = [];
  const r = withRecords(ctx.containers, () =>
    layoutBlockLevel(item, 0, 0, areaWidth, ctx, abs, {
      root: true,
      forcedWidth: width,
      ...(height !== undefined ? { forcedHeight: height } : {}),
      ...(cbHeight !== undefined ? { cbHeight } : {}),
    }),
  );
  const out = { ...r, abs };
  bySize.set(key, out);
  return out;
}

/**
 * `l` (laid out at its auto height) stretched to border-box height `height`: its own box made
 * again around the same content where that content cannot change, else laid out again.
 */
export function stretchLayout(
  l: ItemLayout,
  item: Box,
  areaWidth: number,
  width: number,
  height: number,
  cbHeight: number,
  ctx: LayoutContext,
  memo: ItemMemo,
): ItemLayout {
  const same = blockAtHeight(item, l, l.marginLeft, height, ctx);
  if (same) ctx.containers?.replay(l.containers);
  return same
    ? { ...same, marginLeft: l.marginLeft, abs: l.abs }
    : layoutItem(item, areaWidth, width, height, cbHeight, ctx, memo);
}

/** The fragment of a layout moved so its border box's top-left corner is at (x, y). */
export function placeLayout(l: ItemLayout, x: number, y: number): Fragment {
  return shiftFragment(l.frag, x - l.marginLeft, y);
}

export interface ItemBox {
  readonly margin: Edges;
  readonly autoMargin: { left: boolean; right: boolean; top: boolean; bottom: boolean };
  /** Padding + border, horizontal and vertical. */
  readonly edgesH: number;
  readonly edgesV: number;
}

export function itemBox(item: Box, areaWidth: number): ItemBox {
  const s = item.style;
  const p = padding(s, areaWidth);
  const b = border(s);
  return {
    margin: margin(s, areaWidth),
    autoMargin: {
      left: s.marginLeft === 'auto',
      right: s.marginRight === 'auto',
      top: s.marginTop === 'auto',
      bottom: s.marginBottom === 'auto',
    },
    edgesH: p.left + p.right + b.left + b.right,
    edgesV: p.top + p.bottom + b.top + b.bottom,
  };
}

/** Clamps a border-box size by min-/max-width (or height), honouring box-sizing. */
function clampSize(
  v: number,
  min: number | undefined,
  max: number | undefined,
  edges: number,
  borderBox: boolean,
): number {
  const conv = (x: number | undefined): number | undefined =>
    x === undefined ? undefined : borderBox ? x : x + edges;
  const lo = conv(min) ?? edges;
  const hi = conv(max);
  return Math.max(lo, hi !== undefined ? Math.min(v, hi) : v);
}

/**
 * Border-box width of an item in an area `areaWidth` wide: its specified width, the area less
 * its margins when stretched, or its fit-content width.
 */
export function itemWidth(
  item: Box,
  areaWidth: number,
  stretch: boolean,
  ctx: LayoutContext,
): number {
  const s = item.style;
  const ib = itemBox(item, areaWidth);
  const borderBox = s.boxSizing === 'border-box';
  const minW = size(s.minWidth, areaWidth);
  const maxW = maxSize(s.maxWidth, areaWidth);
  const available = Math.max(0, areaWidth - ib.margin.left - ib.margin.right);
  let w: number;
  // A replaced element keeps its own size (normal alignment does not stretch it).
  if (item.kind === 'image') return replacedSize(item, areaWidth).width + ib.edgesH;
  const spec = size(s.width, areaWidth);
  if (spec !== undefined) w = borderBox ? spec : spec + ib.edgesH;
  else if (stretch && !ib.autoMargin.left && !ib.autoMargin.right) w = available;
  else {
    const io = intrinsicOuter(item, ctx);
    const outer = ib.margin.left + ib.margin.right;
    w = Math.min(Math.max(io.min - outer, available), io.max - outer);
  }
  return clampSize(w, minW, maxW, ib.edgesH, borderBox);
}

/** Border-box height of a stretched item in an area `areaHeight` tall. */
export function stretchedHeight(item: Box, areaHeight: number, areaWidth: number): number {
  const s = item.style;
  const ib = itemBox(item, areaWidth);
  const h = Math.max(0, areaHeight - ib.margin.top - ib.margin.bottom);
  return clampSize(
    h,
    size(s.minHeight, areaHeight),
    maxSize(s.maxHeight, areaHeight),
    ib.edgesV,
    s.boxSizing === 'border-box',
  );
}

/** Is this item's height auto (so stretching may set it)? */
export function heightIsAuto(item: Box): boolean {
  return item.style.height === 'auto' && item.kind !== 'image';
}

/**
 * Inline-axis contributions (outer): min-content, max-content, and the minimum contribution
 * (min-width, or for `auto` the content-based minimum when the item may have one).
 */
export function inlineContributions(
  item: Box,
  autoMinimum: boolean,
  ctx: LayoutContext,
): { minContent: number; maxContent: number; minimum: number } {
  const io = intrinsicOuter(item, ctx);
  const s = item.style;
  const m = margin(s, 0);
  const outer = m.left + m.right;
  const minContent = io.min;
  const maxContent = io.max;
  const edges = outer + itemBox(item, 0).edgesH;
  let minimum: number;
  if (typeof s.minWidth === 'number')
    minimum =
      pt(s.minWidth) + (s.boxSizing === 'border-box' ? edges - itemBox(item, 0).edgesH : edges);
  else if (s.minWidth === 'min-content') minimum = minContent;
  else if (s.minWidth === 'max-content') minimum = maxContent;
  else if (s.minWidth === 'auto' && autoMinimum && s.overflowX === 'visible') minimum = minContent;
  else minimum = edges;
  return { minContent, maxContent, minimum };
}
