/**
 * Multi-column layout (CSS Multi-column Layout 1): the used column count and width (§3.4), the
 * content split into runs around `column-span: all` spanners, each run laid out once at the
 * column width. A run's fragment carries that content for the paginator, which fills columns
 * page by page and balances the last set; its children hold the same content balanced into
 * columns here, for containers that are not paginated (a flex item, a table cell, a fixed
 * height) and for runs that fit one page's set. A run in the page flow that needs more is left
 * to the paginator alone.
 */
import type { ComputedStyle } from '../../style/index.js';
import type { BlockBox, Box } from '../box-tree/boxes.js';
import { anonymousStyle } from '../box-tree/boxes.js';
import type { LayoutContext } from '../context.js';
import { boxFragment } from '../context.js';
import type { PlacedBox } from '../options.js';
import type {
  Anchor,
  BoxFragment,
  ColumnSpec,
  Fragment,
  LeafFragment,
} from '../paginate/fragments.js';
import { balancedHeight, columnOffset, ruleItems } from '../paginate/columns.js';
import { PageLimit, paginate } from '../paginate/paginator.js';
import { moveItem } from '../paint/decoration.js';
import { len, margin, pt } from '../units.js';
import { contentBox } from './content-box.js';
import { layoutBlockLevel, type AbsCollector, type LayoutOptions, type Placed } from './block.js';

/** Is this a multi-column container (a block container with a column count or width)? */
export function isMulticol(s: ComputedStyle): boolean {
  if (s.columnCount === 'auto' && s.columnWidth === 'auto') return false;
  const d = s.display;
  return (
    d === 'block' ||
    d === 'flow-root' ||
    d === 'list-item' ||
    d === 'inline-block' ||
    d === 'table-cell'
  );
}

/** column-gap: `normal` is 1em between columns. */
function columnGap(s: ComputedStyle, contentWidth: number): number {
  return s.columnGap === 'normal' ? pt(s.fontSize) : len(s.columnGap, contentWidth);
}

/** The used column count and width for a content box `available` wide (multicol §3.4). */
export function usedColumns(
  s: ComputedStyle,
  available: number,
): { count: number; width: number; gap: number } {
  const gap = columnGap(s, available);
  const u = Math.max(0, available);
  const cw = s.columnWidth === 'auto' ? undefined : Math.max(pt(s.columnWidth), 0);
  let count: number;
  if (cw === undefined) count = s.columnCount === 'auto' ? 1 : s.columnCount;
  else {
    const fit = Math.max(1, Math.floor((u + gap) / (cw + gap > 0 ? cw + gap : 1)));
    count = s.columnCount === 'auto' ? fit : Math.min(s.columnCount, fit);
  }
  const width = Math.max(0, (u - (count - 1) * gap) / count);
  return { count, width, gap };
}

/** min-content and max-content width of a multi-column container's content box. */
export function multicolIntrinsic(
  box: BlockBox,
  content: { min: number; max: number },
): { min: number; max: number } {
  const s = box.style;
  const gap = s.columnGap === 'normal' ? pt(s.fontSize) : len(s.columnGap, 0);
  const cw = s.columnWidth === 'auto' ? undefined : pt(s.columnWidth);
  const n = s.columnCount === 'auto' ? 1 : s.columnCount;
  const colMin = cw === undefined ? content.min : Math.min(cw, content.min);
  const colMax = cw === undefined ? content.max : Math.max(cw, content.max);
  return { min: colMin, max: n * colMax + (n - 1) * gap };
}

/** Content runs (each in an anonymous block holding it) between spanners, and the spanners. */
type Segment = { readonly run: BlockBox } | { readonly spanner: Box };

/** Segments by container: derived from the box alone, kept so inline content is shaped once. */
const segmentCache = new WeakMap<BlockBox, Segment[]>();

function segments(box: BlockBox): Segment[] {
  const hit = segmentCache.get(box);
  if (hit) return hit;
  const style = anonymousStyle(box.style);
  const holder = (children: Box[], inline?: BlockBox['inline']): BlockBox => ({
    kind: 'block',
    id: -Math.abs(box.id),
    style,
    lang: box.lang,
    children,
    ...(inline ? { inline } : {}),
  });
  const out: Segment[] = [];
  if (box.inline) {
    out.push({ run: holder([], box.inline) });
    segmentCache.set(box, out);
    return out;
  }
  let run: Box[] = [];
  for (const k of box.children) {
    const spans =
      k.style.columnSpan === 'all' &&
      k.style.float === 'none' &&
      k.style.position !== 'absolute' &&
      k.style.position !== 'fixed';
    if (!spans) {
      run.push(k);
      continue;
    }
    if (run.length > 0) out.push({ run: holder(run) });
    run = [];
    out.push({ spanner: k });
  }
  if (run.length > 0) out.push({ run: holder(run) });
  segmentCache.set(box, out);
  return out;
}

/** Lays out a multi-column container whose border box is `width` wide at (x, y). */
export function layoutMulticol(
  box: BlockBox,
  x: number,
  y: number,
  width: number,
  ctx: LayoutContext,
  abs: AbsCollector,
  opts: LayoutOptions,
): Placed {
  const s = box.style;
  const cb = contentBox(s, width, opts);
  const { pad, bord, edgesV } = cb;
  const contentX = x + bord.left + pad.left;
  const contentY = y + bord.top + pad.top;
  const contentW = cb.width;
  const minH = cb.minHeight;
  const maxH = cb.maxHeight;
  const fixedH = cb.height;
  const cols = usedColumns(s, contentW);
  const rule =
    s.columnRuleStyle !== 'none' && s.columnRuleStyle !== 'hidden' && s.columnRuleWidth > 0
      ? { width: pt(s.columnRuleWidth), style: s.columnRuleStyle, color: s.columnRuleColor }
      : undefined;
  const segs = segments(box);

  const children: Fragment[] = [];
  let cursor = contentY;
  for (const seg of segs) {
    if ('spanner' in seg) {
      const m = margin(seg.spanner.style, contentW);
      const r = layoutBlockLevel(seg.spanner, contentX, cursor + m.top, contentW, ctx, abs);
      children.push(r.frag);
      cursor += m.top + r.height + m.bottom;
      continue;
    }
    const laid = layoutBlockLevel(seg.run, contentX, cursor, cols.width, ctx, abs, {
      root: true,
      forcedWidth: cols.width,
    });
    const spec: ColumnSpec = {
      count: cols.count,
      x: contentX,
      width: cols.width,
      gap: cols.gap,
      rtl: s.direction === 'rtl',
      fill: s.columnFill === 'auto' ? 'auto' : 'balance',
      ...(rule ? { rule } : {}),
      content: [laid.frag],
    };
    const room = fixedH !== undefined ? Math.max(0, fixedH - (cursor - contentY)) : undefined;
    const inPageFlow = opts.pageFlow === true && room === undefined;
    const placed = !inPageFlow
      ? balanceInPlace(spec, cursor, laid.height, room, ctx)
      : fitsOneSet(spec, cursor, laid.height, ctx.page.height)
        ? balancedInPageFlow(spec, cursor, laid.height)
        : leftToPages(spec, laid.height, ctx.page.height);
    const run: BoxFragment = {
      kind: 'box',
      top: cursor,
      bottom: cursor + placed.height,
      children: placed.columns,
      // A container of fixed height keeps its columns; otherwise the paginator fills them.
      ...(fixedH === undefined ? { columns: spec } : {}),
    };
    children.push(run);
    cursor += placed.height;
  }

  let innerH = fixedH ?? cursor - contentY;
  if (fixedH === undefined) {
    if (maxH !== undefined) innerH = Math.min(innerH, maxH);
    if (minH !== undefined) innerH = Math.max(innerH, minH);
  }
  const height = innerH + edgesV;
  const frag = boxFragment(box, { x, width, top: y, height }, children, ctx);
  const mb = margin(s, width).bottom;
  return { frag, height, width, marginBottom: { pos: Math.max(0, mb), neg: Math.min(0, mb) } };
}

/** The run's content as one box, `contentHeight` tall from `top`. */
function contentRoot(spec: ColumnSpec, top: number, contentHeight: number): BoxFragment {
  return { kind: 'box', top, bottom: top + contentHeight, children: spec.content };
}

/** Does the run's content (`contentHeight` tall in one column) fit one set `height` tall? */
function fitsOneSet(spec: ColumnSpec, top: number, contentHeight: number, height: number): boolean {
  const root = contentRoot(spec, top, contentHeight);
  try {
    // Stops after the set's last column: the cost of one page, however long the content.
    const cols = paginate(root, () => ({ top, height }), {
      maxPages: spec.count,
      forcedBreaks: false,
      measureOnly: true,
      columns: { flowStart: top, perPage: spec.count },
    });
    return cols.length <= spec.count;
  } catch (e) {
    if (e instanceof PageLimit) return false;
    throw e;
  }
}

/**
 * A run in the page flow that needs more than one page's set of columns: the paginator fills
 * it set after set and balances only the last, so balancing all of it here would be wasted.
 * Its height in the flow only stands in for the columns (the flow after them continues below
 * the last set the paginator fills): the content's share of its columns, at least the page
 * height it does not fit in.
 */
function leftToPages(
  spec: ColumnSpec,
  contentHeight: number,
  pageHeight: number,
): { height: number; columns: LeafFragment[] } {
  return { height: Math.max(contentHeight / spec.count, pageHeight), columns: [] };
}

/**
 * A run in the page flow that fits one set of columns: the paginator fills and balances it
 * again where it lands, drawing its columns then, so here only the balanced height is needed
 * (the flow after the run is laid out below it).
 */
function balancedInPageFlow(
  spec: ColumnSpec,
  top: number,
  contentHeight: number,
): { height: number; columns: LeafFragment[] } {
  const fits = (probe: number): boolean => fitsOneSet(spec, top, contentHeight, probe);
  const h = balancedHeight(contentHeight, fits, contentHeight / spec.count);
  const laid = paginate(contentRoot(spec, top, contentHeight), () => ({ top, height: h }), {
    maxPages: Number.MAX_SAFE_INTEGER,
    forcedBreaks: false,
    measureOnly: true,
    columns: { flowStart: top, perPage: spec.count },
  });
  let height = 0;
  for (const c of laid) height = Math.max(height, (c.contentBottom ?? top) - top);
  return { height, columns: [] };
}

/**
 * The run balanced into columns without pages: the shortest column height up to `room` (or
 * any, when the height is not fixed) that holds the content in `count` columns; with a fixed
 * height and column-fill: auto, columns are filled to that height one after another. Content
 * that does not fit goes on into columns beyond the last one, as browsers show it.
 */
function balanceInPlace(
  spec: ColumnSpec,
  top: number,
  contentHeight: number,
  room: number | undefined,
  ctx: LayoutContext,
): { height: number; columns: LeafFragment[] } {
  const root = contentRoot(spec, top, contentHeight);
  const fill = (h: number, max: number, boxes?: Map<string, PlacedBox[]>) =>
    paginate(root, () => ({ top, height: h }), {
      maxPages: max,
      forcedBreaks: false,
      ...(boxes ? { boxes } : {}),
      columns: { flowStart: top, perPage: spec.count },
    });
  let h = room ?? contentHeight;
  if (room === undefined || spec.fill === 'balance') {
    const fits = (probe: number): boolean => fitsOneSet(spec, top, contentHeight, probe);
    h = balancedHeight(Math.min(h, contentHeight), fits, contentHeight / spec.count);
  }
  const boxes = ctx.recordBoxes ? new Map<string, PlacedBox[]>() : undefined;
  const laid = fill(h, Number.MAX_SAFE_INTEGER, boxes);
  const anchors = new Map<number, Anchor[]>();
  for (const [id, list] of boxes ?? []) {
    const first = list[0];
    const a: Anchor = {
      id,
      y: first.y,
      box: {
        x:
          first.x +
          columnOffset(spec, first.pageIndex % spec.count) +
          overflowOffset(spec, first.pageIndex),
        width: first.width,
        height: first.height,
      },
    };
    const at = anchors.get(first.pageIndex);
    if (at) at.push(a);
    else anchors.set(first.pageIndex, [a]);
  }
  let used = 0;
  for (const c of laid) used = Math.max(used, (c.contentBottom ?? top) - top);
  const height = room !== undefined ? room : used;
  const columns: LeafFragment[] = laid.map((c, i) => {
    const dx = columnOffset(spec, i % spec.count) + overflowOffset(spec, i);
    return {
      kind: 'leaf',
      top,
      bottom: top + height,
      items: dx === 0 ? c.items : c.items.map((it) => moveItem(it, dx, 0)),
      ...(anchors.has(i) ? { anchors: anchors.get(i)! } : {}),
    };
  });
  const filled = laid.map((c) => c.items.length > 0);
  const rules = ruleItems(spec, spec.x, top, height, filled.slice(0, spec.count));
  if (rules.length > 0 && columns.length > 0)
    columns[0] = { ...columns[0], items: [...rules, ...columns[0].items] };
  return { height, columns };
}

/** Columns past the count (overflow columns) continue to the side of the last one. */
function overflowOffset(spec: ColumnSpec, i: number): number {
  const set = Math.floor(i / spec.count);
  const step = spec.count * (spec.width + spec.gap);
  return set * (spec.rtl ? -step : step);
}
