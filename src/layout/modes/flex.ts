/**
 * Flex containers through yoga-layout. One yoga config (point scale factor 0: no rounding, we
 * work in points), a fresh node tree per container that is freed afterwards. Each item is a yoga
 * leaf whose measure function lays the item out with our own block layout at the width yoga
 * asks about; measurements are pure and memoised by (width, mode). After yoga has placed the
 * items, each is laid out again at its final size, so inline content wraps at the real width
 * (a block measured at that width keeps its content and only takes its final height).
 *
 * Nested containers: measuring an item that is itself a flex container runs a whole inner
 * layout, and yoga measures an item several times per pass, so without sharing the work each
 * level multiplied the cost of the levels inside it (fuzz finding F2: about ×1.5 per level).
 * Item layouts are therefore memoised per (item, size) for as long as the outermost container
 * is being laid out. Nesting depth itself is bounded when boxes are built (MAX_FLEX_DEPTH in
 * box-tree/build.ts), because every level is a nested yoga calculation on the wasm module's small stack.
 */
// The types and enumerations only: the wasm module is instantiated by loadFlexEngine().
import type { Config as YogaConfig, Node as YogaNode, Yoga } from 'yoga-layout/load';
import {
  Align,
  Direction,
  Edge,
  FlexDirection,
  Gutter,
  Justify,
  MeasureMode,
  Wrap,
} from 'yoga-layout/load';
import { LimitError } from '../../diagnostics.js';
import type { ComputedStyle } from '../../style/index.js';
import type { Box, FlexBox } from '../box-tree/boxes.js';
import type { LayoutContext } from '../context.js';
import { boxFragment, flatten, shiftFragment, sideBySide } from '../context.js';
import {
  blockAtHeight,
  intrinsicOuter,
  layoutBlockLevel,
  layoutFixed,
  positionedIn,
  type AbsCollector,
  type LayoutOptions,
  type Placed,
} from './block.js';
import { blockContained, withRecords, type ContainerEntries } from './containers.js';
import type { Fragment } from '../paginate/fragments.js';
import { anchorsOf } from '../paginate/fragments.js';
import { findBaseline, firstBaseline } from '../paginate/fragments.js';
import { border, len, margin, maxSize, padding, pt, ratioHeight, size } from '../units.js';

/**
 * Yoga's WebAssembly module is instantiated on the first document with a flex container, not
 * when the engine loads: most documents have none, and the module costs start-up time and
 * 16 MB of wasm memory per thread. layoutStyled awaits this before a layout that needs it.
 */
let engine: { readonly yoga: Yoga; readonly config: YogaConfig } | undefined;
let loading: Promise<void> | undefined;

export function loadFlexEngine(): Promise<void> {
  // The entry without a top-level await (the default one instantiates the module as it
  // loads), so a bundle can carry it: the service's workers then take it from their code cache.
  loading ??= import('yoga-layout/load').then(async ({ loadYoga }) => {
    const yoga = await loadYoga();
    const config = yoga.Config.create();
    config.setPointScaleFactor(0); // no rounding: we work in points
    engine = { yoga, config };
  });
  return loading;
}

function flexEngine(): { readonly yoga: Yoga; readonly config: YogaConfig } {
  if (!engine) throw new Error('flex layout before loadFlexEngine() finished');
  return engine;
}

/** An item laid out at the origin, with the absolutely positioned boxes it holds there. */
type ItemLayout = Placed & {
  marginLeft: number;
  abs: AbsCollector;
  /** Container sizes the layout recorded, recorded again when it is used (containers.ts). */
  containers?: ContainerEntries;
};

/**
 * Item layouts of the flex containers being laid out, by item and size: measured sizes by
 * border-box width, final layouts by width and height. Layout is pure in these inputs and
 * fragments are immutable, so a repeated request returns the first answer. Dropped when the
 * outermost container is done, so fragments are not kept past the layout that needed them.
 */
interface ItemMemo {
  readonly sizes: Map<Box, Map<number, Measured>>;
  readonly finals: Map<Box, Map<string, ItemLayout>>;
}

/** An item's size at a width, and the layout it was measured from (kept for the final one). */
interface Measured {
  readonly size: { readonly width: number; readonly height: number };
  readonly layout: ItemLayout;
}
let memo: ItemMemo | undefined;

function measuredSize(
  item: Box,
  width: number,
  ctx: LayoutContext,
  m: ItemMemo,
): { width: number; height: number } {
  let byWidth = m.sizes.get(item);
  if (!byWidth) m.sizes.set(item, (byWidth = new Map()));
  const hit = byWidth.get(width);
  if (hit) return hit.size;
  const abs: AbsCollector = [];
  const laid = withRecords(ctx.containers, () =>
    layoutBlockLevel(item, 0, 0, width, ctx, abs, { root: true, forcedWidth: width }),
  );
  const size = { width: laid.width, height: laid.height };
  byWidth.set(width, { size, layout: { ...laid, abs } });
  return size;
}

function finalLayout(
  item: Box,
  width: number,
  height: number,
  ctx: LayoutContext,
  m: ItemMemo,
): ItemLayout {
  let bySize = m.finals.get(item);
  if (!bySize) m.finals.set(item, (bySize = new Map()));
  const key = `${width}x${height}`;
  const hit = bySize.get(key);
  if (hit) {
    ctx.containers?.replay(hit.containers);
    return hit;
  }
  // Measured at this width already: a block's content stays as it was, only its box takes the
  // height yoga gave it (yoga rounds sizes to single precision, so heights rarely match).
  const measured = m.sizes.get(item)?.get(width)?.layout;
  const same = measured && blockAtHeight(item, measured, measured.marginLeft, height, ctx);
  if (same) {
    ctx.containers?.replay(measured.containers);
    const out = { ...same, marginLeft: measured.marginLeft, abs: measured.abs };
    bySize.set(key, out);
    return out;
  }
  const abs: AbsCollector = [];
  const r = withRecords(ctx.containers, () =>
    layoutBlockLevel(item, 0, 0, width, ctx, abs, {
      root: true,
      forcedWidth: width,
      forcedHeight: height,
      cbHeight: height,
    }),
  );
  const out = { ...r, abs };
  bySize.set(key, out);
  return out;
}

const ZERO_SIZE = { width: 0, height: 0 };

/** Passes that freeze flex items below their minimum before the rest are frozen at once. */
const MAX_FREEZE_PASSES = 4;

interface ItemRect {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

function alignsByBaseline(item: ComputedStyle, container: ComputedStyle): boolean {
  const a = item.alignSelf === 'auto' ? container.alignItems : item.alignSelf;
  return a === 'baseline';
}

/** A fault inside the yoga wasm module (its stack or heap exhausted) as a typed limit. */
function yogaFault(e: unknown): unknown {
  // WebAssembly.RuntimeError (the project's lib settings do not declare the WebAssembly global).
  if (e instanceof Error && e.name === 'RuntimeError')
    return new LimitError(`flex layout failed inside yoga: ${e.message}`, 'flex');
  return e;
}

function isRow(s: ComputedStyle): boolean {
  return s.flexDirection === 'row' || s.flexDirection === 'row-reverse';
}

function inFlow(b: Box): boolean {
  return b.style.position !== 'absolute' && b.style.position !== 'fixed';
}

export function flexIntrinsic(box: FlexBox, ctx: LayoutContext): { min: number; max: number } {
  const row = isRow(box.style);
  const kids = box.children.filter(inFlow).map((k) => intrinsicOuter(k, ctx));
  const gap =
    pt(typeof box.style.columnGap === 'number' ? box.style.columnGap : 0) *
    Math.max(0, kids.length - 1);
  if (row) {
    const wrap = box.style.flexWrap !== 'nowrap';
    return {
      min: wrap
        ? Math.max(0, ...kids.map((k) => k.min))
        : kids.reduce((a, k) => a + k.min, 0) + gap,
      max: kids.reduce((a, k) => a + k.max, 0) + gap,
    };
  }
  return {
    min: Math.max(0, ...kids.map((k) => k.min)),
    max: Math.max(0, ...kids.map((k) => k.max)),
  };
}

const JUSTIFY: Record<ComputedStyle['justifyContent'], Justify> = {
  normal: Justify.FlexStart,
  stretch: Justify.FlexStart,
  'flex-start': Justify.FlexStart,
  'flex-end': Justify.FlexEnd,
  center: Justify.Center,
  'space-between': Justify.SpaceBetween,
  'space-around': Justify.SpaceAround,
  'space-evenly': Justify.SpaceEvenly,
};

const ALIGN: Record<string, Align> = {
  auto: Align.Auto,
  stretch: Align.Stretch,
  'flex-start': Align.FlexStart,
  'flex-end': Align.FlexEnd,
  center: Align.Center,
  baseline: Align.Baseline,
  'space-between': Align.SpaceBetween,
  'space-around': Align.SpaceAround,
  'space-evenly': Align.SpaceEvenly,
};

const DIRECTION: Record<ComputedStyle['flexDirection'], FlexDirection> = {
  row: FlexDirection.Row,
  'row-reverse': FlexDirection.RowReverse,
  column: FlexDirection.Column,
  'column-reverse': FlexDirection.ColumnReverse,
};

/** `width` is the container's border-box width. */
export function layoutFlex(
  box: FlexBox,
  x: number,
  y: number,
  width: number,
  ctx: LayoutContext,
  abs: AbsCollector,
  opts: LayoutOptions,
): Placed {
  const outermost = memo === undefined;
  const m = (memo ??= { sizes: new Map(), finals: new Map() });
  try {
    return layoutFlexIn(box, x, y, width, ctx, abs, opts, m);
  } finally {
    if (outermost) memo = undefined;
  }
}

function layoutFlexIn(
  box: FlexBox,
  x: number,
  y: number,
  width: number,
  ctx: LayoutContext,
  outerAbs: AbsCollector,
  opts: LayoutOptions,
  itemMemo: ItemMemo,
): Placed {
  const s = box.style;
  // A positioned container is the containing block of the positioned boxes inside it.
  const abs: AbsCollector = s.position !== 'static' ? [] : outerAbs;
  const pad = padding(s, width);
  const bord = border(s);
  const contentW = Math.max(0, width - pad.left - pad.right - bord.left - bord.right);
  const specifiedH =
    opts.forcedHeight !== undefined
      ? opts.forcedHeight - pad.top - pad.bottom - bord.top - bord.bottom
      : size(s.height, opts.cbHeight);
  // aspect-ratio sets an auto height, which the items can still push taller; that height is
  // definite, so the items' percentage heights resolve against it (CSS Sizing 4 §5.1).
  const fromRatio = specifiedH === undefined ? ratioHeight(s, width, pad, bord) : undefined;
  const percentBasisH = specifiedH ?? fromRatio;
  const row = isRow(s);
  const items = box.children
    .filter(inFlow)
    .map((b, i) => ({ b, i }))
    .sort((a, b) => a.b.style.order - b.b.style.order || a.i - b.i)
    .map((e) => e.b);

  // Yoga places the items; its tree is freed before the items' final layouts, which may build
  // trees of their own (nested containers), so only the levels being measured hold one.
  const deferred = new Map<number, number>();
  const place = (pass: {
    /** Items held at a main size (a minimum they fell below). */
    readonly frozen?: ReadonlyMap<number, number>;
    /** Items placed by their baselines, at the sizes of an earlier pass. */
    readonly baselines?: ReadonlyMap<number, ItemRect & { readonly baseline: number }>;
  }): { laidItems: ItemRect[]; innerH: number } => {
    let root: YogaNode | undefined;
    /** The first exception thrown by an item's measurement (see setMeasureFunc below). */
    let measureError: { error: unknown } | undefined;
    const nodes: YogaNode[] = [];
    const probes: YogaNode[] = [];
    let laidItems: ItemRect[];
    let innerH: number;
    const { yoga, config } = flexEngine();
    try {
      root = yoga.Node.create(config);
      root.setFlexDirection(DIRECTION[s.flexDirection]);
      root.setFlexWrap(
        s.flexWrap === 'wrap'
          ? Wrap.Wrap
          : s.flexWrap === 'wrap-reverse'
            ? Wrap.WrapReverse
            : Wrap.NoWrap,
      );
      root.setJustifyContent(JUSTIFY[s.justifyContent]);
      root.setAlignItems(ALIGN[s.alignItems]);
      root.setAlignContent(ALIGN[s.alignContent]);
      const columnGap = s.columnGap === 'normal' ? 0 : len(s.columnGap, contentW);
      const rowGap = len(s.rowGap, specifiedH ?? 0);
      if (columnGap !== 0) root.setGap(Gutter.Column, columnGap);
      if (rowGap !== 0) root.setGap(Gutter.Row, rowGap);
      root.setWidth(contentW);
      if (specifiedH !== undefined)
        root.setHeight(
          Math.max(
            0,
            s.boxSizing === 'border-box' && opts.forcedHeight === undefined
              ? specifiedH - pad.top - pad.bottom - bord.top - bord.bottom
              : specifiedH,
          ),
        );
      const minH = size(s.minHeight, opts.cbHeight);
      if (minH !== undefined || fromRatio !== undefined)
        root.setMinHeight(Math.max(minH ?? 0, fromRatio ?? 0));

      items.forEach((item, idx) => {
        const n = yoga.Node.create(config);
        nodes.push(n);
        const is = item.style;
        const m = margin(is, contentW);
        // yoga's own defaults (margins 0, grow 0, align-self auto) are left unset: its setters
        // for lengths go through a JavaScript wrapper that costs more than the layout of a
        // small item, and form rows have dozens of items.
        if (m.top !== 0) n.setMargin(Edge.Top, m.top);
        if (m.bottom !== 0) n.setMargin(Edge.Bottom, m.bottom);
        if (is.marginLeft === 'auto') n.setMarginAuto(Edge.Left);
        else if (m.left !== 0) n.setMargin(Edge.Left, m.left);
        if (is.marginRight === 'auto') n.setMarginAuto(Edge.Right);
        else if (m.right !== 0) n.setMargin(Edge.Right, m.right);
        if (is.flexGrow !== 0) n.setFlexGrow(is.flexGrow);
        n.setFlexShrink(is.flexShrink);
        const ip = padding(is, contentW);
        const ib = border(is);
        const edgesW = ip.left + ip.right + ib.left + ib.right;
        const edgesH = ip.top + ip.bottom + ib.top + ib.bottom;
        const toBorderW = (v: number | undefined): number | undefined =>
          v === undefined ? undefined : is.boxSizing === 'border-box' ? v : v + edgesW;
        const toBorderH = (v: number | undefined): number | undefined =>
          v === undefined ? undefined : is.boxSizing === 'border-box' ? v : v + edgesH;
        const basis = is.flexBasis;
        let definiteBasis: number | undefined;
        if (basis !== 'auto' && basis !== 'content') {
          const bv = len(basis, row ? contentW : specifiedH);
          definiteBasis = row ? toBorderW(bv)! : toBorderH(bv)!;
          n.setFlexBasis(definiteBasis);
        }
        const w = toBorderW(item.kind === 'image' ? undefined : size(is.width, contentW));
        const h = toBorderH(size(is.height, percentBasisH));
        if (w !== undefined) n.setWidth(w);
        if (h !== undefined) n.setHeight(h);
        const minW = toBorderW(size(is.minWidth, contentW));
        const maxW = toBorderW(maxSize(is.maxWidth, contentW));
        const minHh = toBorderH(size(is.minHeight, percentBasisH));
        const maxHh = toBorderH(maxSize(is.maxHeight, percentBasisH));
        // CSS min-width: auto for flex items = min-content (yoga's default is 0).
        const least =
          minW ??
          (row && is.overflowX === 'visible'
            ? intrinsicOuter(item, ctx).min - m.left - m.right
            : undefined);
        const frozenAt = pass.frozen?.get(idx);
        if (frozenAt !== undefined) {
          n.setFlexGrow(0);
          n.setFlexShrink(0);
          n.setFlexBasis(frozenAt);
        } else if (least !== undefined) {
          // Yoga clamps a flex base size to the minimum before it shares out the free space;
          // CSS shares the space from the base sizes and then freezes an item below its
          // minimum there. A growing item with a smaller base size is left unclamped here, and
          // frozen at its minimum in a further pass when it ends up below it.
          if (row && is.flexGrow > 0 && definiteBasis !== undefined && definiteBasis < least)
            deferred.set(idx, least);
          else n.setMinWidth(least);
        }
        if (maxW !== undefined) n.setMaxWidth(maxW);
        if (minHh !== undefined) n.setMinHeight(minHh);
        if (maxHh !== undefined) n.setMaxHeight(maxHh);
        if (is.alignSelf !== 'auto') n.setAlignSelf(ALIGN[is.alignSelf]);
        const known = pass.baselines?.get(idx);
        if (known) {
          // Yoga finds a node's baseline in its first child: a probe as tall as the item's first
          // baseline, in an item held at the size the first pass gave it.
          n.setFlexGrow(0);
          n.setFlexShrink(0);
          n.setFlexBasis(row ? known.width : known.height);
          n.setWidth(known.width);
          n.setHeight(known.height);
          const probe = yoga.Node.create(config);
          probes.push(probe);
          probe.setWidth(0);
          probe.setHeight(Math.max(0, known.baseline));
          n.insertChild(probe, 0);
          root!.insertChild(n, idx);
          return;
        }
        const seen = new Map<string, { width: number; height: number }>();
        n.setMeasureFunc((mw, wMode, _mh, _hMode) => {
          // An exception must not unwind through yoga's wasm frames (that leaves its stack
          // pointer behind and breaks every later layout in the process): keep the first one,
          // answer a size, and rethrow once calculateLayout has returned.
          if (measureError !== undefined) return ZERO_SIZE;
          try {
            const key = `${wMode}:${Number.isFinite(mw) ? Math.round(mw * 100) : 'inf'}`;
            const hit = seen.get(key);
            if (hit) return hit;
            const io = intrinsicOuter(item, ctx);
            const maxContent = io.max - m.left - m.right;
            const minContent = io.min - m.left - m.right;
            let bw: number;
            if (wMode === MeasureMode.Exactly) bw = mw;
            else if (wMode === MeasureMode.AtMost)
              bw = Math.max(Math.min(maxContent, mw), Math.min(minContent, mw));
            else bw = maxContent;
            const out = measuredSize(item, bw, ctx, itemMemo);
            seen.set(key, out);
            return out;
          } catch (e) {
            measureError = { error: e };
            return ZERO_SIZE;
          }
        });
        root!.insertChild(n, idx);
      });

      root.calculateLayout(
        contentW,
        specifiedH ?? undefined,
        s.direction === 'rtl' ? Direction.RTL : Direction.LTR,
      );
      if (measureError !== undefined) throw measureError.error;
      // Four plain getters each: getComputedLayout builds an object of six fields through the
      // bindings, several times slower, and only these four are used.
      laidItems = nodes.map((n) => ({
        left: n.getComputedLeft(),
        top: n.getComputedTop(),
        width: n.getComputedWidth(),
        height: n.getComputedHeight(),
      }));
      innerH = root.getComputedHeight();
    } catch (e) {
      throw yogaFault(e);
    } finally {
      try {
        // Each node by itself (freeRecursive walks the tree through the bindings, and would
        // miss a node made before a fault stopped it being inserted).
        for (const n of probes) n.free();
        for (const n of nodes) n.free();
        root?.free();
      } catch (e) {
        // eslint-disable-next-line no-unsafe-finally -- a fault while freeing is still typed
        throw yogaFault(e);
      }
    }
    return { laidItems, innerH };
  };
  const frozen = new Map<number, number>();
  let { laidItems, innerH } = place({});
  // Items that fell below their minimum are frozen there and the others placed again; each
  // pass freezes at least one more item, and after a few passes (a contrived row where each
  // freeze starves the next item) every item left is held at its minimum at once.
  for (let pass = 0; ; pass++) {
    let more = false;
    for (const [idx, least] of deferred)
      if (!frozen.has(idx) && (pass >= MAX_FREEZE_PASSES || laidItems[idx].width < least - 0.01)) {
        frozen.set(idx, least);
        more = true;
      }
    if (!more) break;
    ({ laidItems, innerH } = place({ frozen }));
    if (pass >= MAX_FREEZE_PASSES) break;
  }
  // Yoga takes the bottom edge of a measured item for its baseline: items aligned by their
  // baselines are placed again with their real first baselines (a row's cross axis only).
  if (row && items.some((b) => alignsByBaseline(b.style, s))) {
    const fixed = new Map<number, ItemRect & { baseline: number }>();
    items.forEach((item, idx) => {
      if (!alignsByBaseline(item.style, s)) return;
      const l = laidItems[idx];
      const r = finalLayout(item, l.width, l.height, ctx, itemMemo);
      fixed.set(idx, { ...l, baseline: firstBaseline(r.frag, r.frag.top, l.height) });
    });
    ({ laidItems, innerH } = place({ frozen, baselines: fixed }));
  }

  // Block-size containment: an auto height is that of an empty box; the items overflow it.
  if (specifiedH === undefined && blockContained(s))
    innerH = Math.max(0, size(s.minHeight, opts.cbHeight) ?? 0, fromRatio ?? 0);
  const contentX = x + bord.left + pad.left;
  const contentY = y + bord.top + pad.top;
  const placed: Fragment[] = [];
  items.forEach((item, idx) => {
    const l = laidItems[idx];
    const r = finalLayout(item, l.width, l.height, ctx, itemMemo);
    const dx = contentX + l.left - r.marginLeft;
    const dy = contentY + l.top;
    placed.push(shiftFragment(r.frag, dx, dy));
    for (const e of r.abs) abs.push({ ...e, staticX: e.staticX + dx, staticY: e.staticY + dy });
  });
  // Absolutely positioned children: their static position is the content box's corner.
  for (const k of box.children) {
    if (inFlow(k)) continue;
    if (k.style.position === 'fixed') layoutFixed(k, ctx);
    else abs.push({ box: k, staticX: contentX, staticY: contentY });
  }
  const height = innerH + pad.top + pad.bottom + bord.top + bord.bottom;
  // Items side by side cannot be cut by a page break independently: a row container's
  // lines become atomic; a column container's items flow on like blocks.
  const inner: Fragment[] = row ? rowLeaves(placed, ctx.page.height) : placed;
  const children: Fragment[] =
    abs !== outerAbs && abs.length > 0
      ? [...inner, ...positionedIn(abs, { x, y, width, height }, s, ctx)]
      : inner;
  const frag = boxFragment(box, { x, width, top: y, height }, children, ctx);
  return {
    frag,
    height,
    width,
    marginBottom: {
      pos: Math.max(0, margin(s, width).bottom),
      neg: Math.min(0, margin(s, width).bottom),
    },
  };
}

/** Items of a row container grouped into flex lines (overlapping vertical extents). */
function rowLeaves(items: readonly Fragment[], pageHeight: number): Fragment[] {
  const sorted = [...items].sort((a, b) => a.top - b.top);
  const lines: Fragment[][] = [];
  let bottom = -Infinity;
  for (const f of sorted) {
    if (lines.length === 0 || f.top >= bottom - 0.01) {
      lines.push([f]);
      bottom = f.bottom;
    } else {
      lines[lines.length - 1].push(f);
      bottom = Math.max(bottom, f.bottom);
    }
  }
  // Keep painting in source order within a line.
  return lines.map((line): Fragment => {
    const ordered = items.filter((f) => line.includes(f));
    // A line of one item (items wrapped one per line, as a grid's columns stack on a narrow
    // page) has nothing beside it: it breaks across pages as a block would.
    if (ordered.length === 1) return ordered[0];
    const top = Math.min(...line.map((f) => f.top));
    const bottom = Math.max(...line.map((f) => f.bottom));
    // A flex line taller than a page (sidebar layouts) is cut between its items' lines.
    if (bottom - top > pageHeight) return sideBySide(ordered, top, bottom);
    // The line's baseline is its first item's that has one: an inline-flex box (a select,
    // a badge) sits on the surrounding line by it, and a list marker beside it aligns to it.
    let baseline: number | undefined;
    for (const f of ordered) if ((baseline = findBaseline(f)) !== undefined) break;
    return {
      kind: 'leaf' as const,
      top: Math.min(...line.map((f) => f.top)),
      bottom: Math.max(...line.map((f) => f.bottom)),
      items: ordered.flatMap((f) => flatten(f)),
      anchors: ordered.flatMap(anchorsOf),
      ...(baseline !== undefined ? { baseline } : {}),
    };
  });
}
