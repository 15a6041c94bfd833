/**
 * CSS Grid Layout (level 1, with what printing needs): a grid container's explicit and implicit
 * grid, item placement, the track sizing algorithm in both axes (columns first, then rows with
 * every item measured at its column width), content and self alignment, baseline alignment of
 * first baselines in a row, and the grid's own min-/max-content widths for the containers
 * around it. The module files beside this one hold each step; this one runs them in order
 * (CSS Grid §11.1) and turns the placed items into fragments for the paginator.
 */
import type {
  ComputedStyle,
  LengthPercentage,
  TrackBreadth,
  TrackSize,
} from '../../../style/index.js';
import type { Box, GridBox } from '../../box-tree/boxes.js';
import type { LayoutContext } from '../../context.js';
import { boxFragment } from '../../context.js';
import {
  layoutAbsolute,
  layoutFixed,
  type AbsCollector,
  type LayoutOptions,
  type Placed,
} from '../block.js';
import { firstBaseline, type Fragment } from '../../paginate/fragments.js';
import { len, margin, pt } from '../../units.js';
import { contentBox } from '../content-box.js';
import { alignSelf, justifySelf, selfOffset, spanOf, trackPositions } from './align.js';
import { rowUnits, type PlacedItem } from './fragments.js';
import {
  heightIsAuto,
  inlineContributions,
  itemBox,
  itemWidth,
  layoutItem,
  placeLayout,
  stretchLayout,
  stretchedHeight,
  type ItemLayout,
  type ItemMemo,
} from './items.js';
import { placeItems, type Area } from './placement.js';
import { autoRepeatCount, expandTemplate, withAreas, type AxisTemplate } from './template.js';
import { sizeTracks, type SizingItem, type SizingMode } from './tracks.js';
import { blockContained } from '../containers.js';

let memo: ItemMemo | undefined;

/** Runs `f` with the item memo of the outermost grid container being laid out. */
function withMemo<T>(f: (m: ItemMemo) => T): T {
  const outermost = memo === undefined;
  const m = (memo ??= new Map());
  try {
    return f(m);
  } finally {
    if (outermost) memo = undefined;
  }
}

const isOutOfFlow = (b: Box): boolean =>
  b.style.position === 'absolute' || b.style.position === 'fixed';

/** In-flow items in order-modified document order (painting and auto-placement order). */
function orderedItems(box: GridBox): Box[] {
  return box.children
    .filter((b) => !isOutOfFlow(b))
    .map((b, i) => ({ b, i }))
    .sort((a, b) => a.b.style.order - b.b.style.order || a.i - b.i)
    .map((e) => e.b);
}

/** A track breadth in points against `basis`. */
function breadthPt(b: TrackBreadth, basis: number): number {
  return len(b as LengthPercentage, basis);
}

function resolvable(basis: number | undefined): (b: TrackBreadth) => number | undefined {
  return (b) => {
    if (typeof b === 'string' || (typeof b === 'object' && 'fr' in b)) return undefined;
    if (typeof b !== 'number' && basis === undefined) return undefined;
    return breadthPt(b, basis ?? 0);
  };
}

/** A gap in points; a percentage against an indefinite size is 0. */
function gapPt(v: ComputedStyle['columnGap'], basis: number | undefined): number {
  if (v === 'normal') return 0;
  if (typeof v !== 'number' && basis === undefined) return 0;
  return len(v, basis ?? 0);
}

/** The grid of one container: templates expanded, items placed, tracks listed per axis. */
interface GridModel {
  readonly items: readonly Box[];
  readonly areas: readonly Area[];
  readonly columns: readonly TrackSize[];
  readonly rows: readonly TrackSize[];
  readonly collapsedColumns: ReadonlySet<number>;
  readonly collapsedRows: ReadonlySet<number>;
}

function buildModel(
  box: GridBox,
  contentW: number | undefined,
  minW: number | undefined,
  contentH: number | undefined,
  minH: number | undefined,
  colGap: number,
  rowGap: number,
): GridModel {
  const s = box.style;
  const items = orderedItems(box);
  const axis = (
    template: ComputedStyle['gridTemplateColumns'],
    space: number | undefined,
    min: number | undefined,
    gap: number,
    which: 'row' | 'column',
  ): { t: AxisTemplate; unsized: number } => {
    const count =
      template === 'none'
        ? 0
        : autoRepeatCount(template, space, min, gap, resolvable(space ?? min));
    const r = withAreas(expandTemplate(template, count), s.gridTemplateAreas, which);
    return { t: r.template, unsized: r.unsized };
  };
  const cols = axis(s.gridTemplateColumns, contentW, minW, colGap, 'column');
  const rows = axis(s.gridTemplateRows, contentH, minH, rowGap, 'row');
  const placed = placeItems(
    items.map((b) => ({
      rowStart: b.style.gridRowStart,
      rowEnd: b.style.gridRowEnd,
      columnStart: b.style.gridColumnStart,
      columnEnd: b.style.gridColumnEnd,
    })),
    { count: rows.t.tracks.length + rows.unsized, names: rows.t.lineNames },
    { count: cols.t.tracks.length + cols.unsized, names: cols.t.lineNames },
    s.gridAutoFlow,
  );
  const trackList = (
    t: AxisTemplate,
    total: number,
    offset: number,
    auto: readonly TrackSize[],
  ): TrackSize[] => {
    const out: TrackSize[] = [];
    const n = Math.max(1, auto.length);
    const pattern = auto.length > 0 ? auto : [{ min: 'auto', max: 'auto' } as TrackSize];
    for (let i = 0; i < total; i++) {
      const k = i - offset;
      if (k >= 0 && k < t.tracks.length) out.push(t.tracks[k]);
      else if (k >= t.tracks.length) out.push(pattern[(k - t.tracks.length) % n]);
      else out.push(pattern[(n - (-k % n)) % n]);
    }
    return out;
  };
  const collapsed = (
    t: AxisTemplate,
    offset: number,
    used: (i: number) => boolean,
  ): Set<number> => {
    const out = new Set<number>();
    for (const k of t.autoFit) if (!used(k + offset)) out.add(k + offset);
    return out;
  };
  const usedColumns = new Set<number>();
  const usedRows = new Set<number>();
  for (const a of placed.areas) {
    for (let c = a.columnStart; c < a.columnEnd; c++) usedColumns.add(c);
    for (let r = a.rowStart; r < a.rowEnd; r++) usedRows.add(r);
  }
  return {
    items,
    areas: placed.areas,
    columns: trackList(cols.t, placed.columns, placed.columnOffset, s.gridAutoColumns),
    rows: trackList(rows.t, placed.rows, placed.rowOffset, s.gridAutoRows),
    collapsedColumns: collapsed(cols.t, placed.columnOffset, (i) => usedColumns.has(i)),
    collapsedRows: collapsed(rows.t, placed.rowOffset, (i) => usedRows.has(i)),
  };
}

/** Does an item span a track whose min sizing is auto (and, spanning several, no flexible one)? */
function hasAutoMinimum(tracks: readonly TrackSize[], start: number, end: number): boolean {
  let auto = false;
  let flex = false;
  for (let i = start; i < end; i++) {
    if (tracks[i].min === 'auto') auto = true;
    const m = tracks[i].max;
    if (typeof m === 'object' && 'fr' in m) flex = true;
  }
  return auto && (end - start === 1 || !flex);
}

function columnItems(model: GridModel, ctx: LayoutContext): SizingItem[] {
  return model.items.map((item, i) => {
    const a = model.areas[i];
    const c = inlineContributions(
      item,
      hasAutoMinimum(model.columns, a.columnStart, a.columnEnd),
      ctx,
    );
    return { start: a.columnStart, end: a.columnEnd, ...c };
  });
}

function stretchContent(
  v: ComputedStyle['justifyContent'] | ComputedStyle['alignContent'],
): boolean {
  return v === 'normal' || v === 'stretch';
}

/** min-content and max-content width of a grid container's content box. */
export function gridIntrinsic(box: GridBox, ctx: LayoutContext): { min: number; max: number } {
  const s = box.style;
  const colGap = gapPt(s.columnGap, undefined);
  const model = buildModel(box, undefined, undefined, undefined, undefined, colGap, 0);
  const items = columnItems(model, ctx);
  const widthFor = (mode: SizingMode): number => {
    const sizes = sizeTracks(
      {
        tracks: model.columns,
        collapsed: model.collapsedColumns,
        items,
        gap: colGap,
        percentBasis: undefined,
        mode,
        stretch: false,
      },
      breadthPt,
    );
    const open = sizes.filter((_, i) => !model.collapsedColumns.has(i)).length;
    return sizes.reduce((a, b) => a + b, 0) + colGap * Math.max(0, open - 1);
  };
  const min = widthFor({ kind: 'min-content' });
  const max = Math.max(min, widthFor({ kind: 'max-content' }));
  return { min, max };
}

/** Lays out a grid container whose border box is `width` wide at (x, y). */
export function layoutGrid(
  box: GridBox,
  x: number,
  y: number,
  width: number,
  ctx: LayoutContext,
  abs: AbsCollector,
  opts: LayoutOptions,
): Placed {
  return withMemo((m) => layoutGridIn(box, x, y, width, ctx, abs, opts, m));
}

function layoutGridIn(
  box: GridBox,
  x: number,
  y: number,
  width: number,
  ctx: LayoutContext,
  outerAbs: AbsCollector,
  opts: LayoutOptions,
  memoMap: ItemMemo,
): Placed {
  const s = box.style;
  const cb = contentBox(s, width, opts);
  const { pad, bord, edgesV } = cb;
  const contentW = cb.width;
  const maxH = cb.maxHeight;
  const minH = cb.minHeight ?? 0;
  const definiteH = cb.height;
  const colGap = gapPt(s.columnGap, contentW);
  const rowGap = gapPt(s.rowGap, definiteH);
  const model = buildModel(
    box,
    contentW,
    undefined,
    definiteH ?? maxH,
    minH > 0 ? minH : undefined,
    colGap,
    rowGap,
  );
  const rtl = s.direction === 'rtl';

  // Columns.
  const colSizes = sizeTracks(
    {
      tracks: model.columns,
      collapsed: model.collapsedColumns,
      items: columnItems(model, ctx),
      gap: colGap,
      percentBasis: contentW,
      mode: { kind: 'layout', available: contentW },
      stretch: stretchContent(s.justifyContent),
    },
    breadthPt,
  );
  const colUsed = colSizes.reduce((a, b) => a + b, 0);
  const colPos = trackPositions(
    colSizes,
    colGap,
    model.collapsedColumns,
    contentW - colUsed - gapsBetween(colSizes, model.collapsedColumns, colGap),
    s.justifyContent,
  );

  // Rows: every item measured at its width in its column area.
  const justify = model.items.map((item) => justifySelf(item.style, s));
  const align = model.items.map((item) => alignSelf(item.style, s));
  const areaW = model.areas.map((a) => spanOf(colPos, a.columnStart, a.columnEnd).size);
  const widths = model.items.map((item, i) =>
    itemWidth(item, areaW[i], justify[i] === 'stretch', ctx),
  );
  const fixedRowsHeight = (a: Area): number | undefined => {
    let h = rowGap * (a.rowEnd - a.rowStart - 1);
    for (let r = a.rowStart; r < a.rowEnd; r++) {
      const t = model.rows[r];
      if (t.min !== t.max) return undefined;
      const v = resolvable(definiteH)(t.min);
      if (v === undefined) return undefined;
      h += v;
    }
    return h;
  };
  const measured: ItemLayout[] = model.items.map((item, i) =>
    layoutItem(item, areaW[i], widths[i], undefined, fixedRowsHeight(model.areas[i]), ctx, memoMap),
  );
  const outerH = model.items.map((item, i) => {
    const ib = itemBox(item, areaW[i]);
    return measured[i].height + ib.margin.top + ib.margin.bottom;
  });
  // Baseline alignment: items aligned to the first baseline of their (single) row share it.
  const baselines = model.items.map((item, i) =>
    align[i] === 'baseline' && model.areas[i].rowEnd - model.areas[i].rowStart === 1
      ? firstBaseline(measured[i].frag, measured[i].frag.top, measured[i].height) +
        itemBox(item, areaW[i]).margin.top
      : undefined,
  );
  const rowBaseline = new Map<number, number>();
  baselines.forEach((b, i) => {
    if (b === undefined) return;
    const r = model.areas[i].rowStart;
    rowBaseline.set(r, Math.max(rowBaseline.get(r) ?? 0, b));
  });
  const shim = (i: number): number => {
    const b = baselines[i];
    return b === undefined ? 0 : (rowBaseline.get(model.areas[i].rowStart) ?? b) - b;
  };
  const rowItems: SizingItem[] = model.items.map((item, i) => {
    const a = model.areas[i];
    const h = outerH[i] + shim(i);
    const st = item.style;
    const ib = itemBox(item, areaW[i]);
    const minHeight =
      typeof st.minHeight === 'number'
        ? pt(st.minHeight) +
          (st.boxSizing === 'border-box' ? 0 : ib.edgesV) +
          ib.margin.top +
          ib.margin.bottom
        : hasAutoMinimum(model.rows, a.rowStart, a.rowEnd) && st.overflowY === 'visible'
          ? h
          : ib.edgesV + ib.margin.top + ib.margin.bottom;
    return { start: a.rowStart, end: a.rowEnd, minContent: h, maxContent: h, minimum: minHeight };
  });
  const rowSizes = sizeTracks(
    {
      tracks: model.rows,
      collapsed: model.collapsedRows,
      items: rowItems,
      gap: rowGap,
      percentBasis: definiteH,
      mode: {
        kind: 'layout',
        available: definiteH,
        ...(definiteH === undefined && minH > 0 ? { minimum: minH } : {}),
      },
      stretch: stretchContent(s.alignContent),
    },
    breadthPt,
  );
  const rowUsed =
    rowSizes.reduce((a, b) => a + b, 0) + gapsBetween(rowSizes, model.collapsedRows, rowGap);
  let contentH =
    definiteH ?? Math.max(minH, maxH !== undefined ? Math.min(rowUsed, maxH) : rowUsed);
  if (definiteH === undefined) contentH = Math.max(contentH, minH);
  const rowPos = trackPositions(
    rowSizes,
    rowGap,
    model.collapsedRows,
    contentH - rowUsed,
    s.alignContent,
  );

  // Items: final sizes, self alignment, placement.
  const contentX = x + bord.left + pad.left;
  const contentY = y + bord.top + pad.top;
  const placedItems: PlacedItem[] = [];
  const itemAbs: AbsCollector = [];
  model.items.forEach((item, i) => {
    const a = model.areas[i];
    const aw = areaW[i];
    const rowSpan = spanOf(rowPos, a.rowStart, a.rowEnd);
    const ah = rowSpan.size;
    const ib = itemBox(item, aw);
    const w = widths[i];
    const stretchV =
      align[i] === 'stretch' && heightIsAuto(item) && !ib.autoMargin.top && !ib.autoMargin.bottom;
    let l = measured[i];
    if (stretchV) {
      const h = stretchedHeight(item, ah, aw);
      if (Math.abs(h - l.height) > 0.01 || fixedRowsHeight(a) !== ah)
        l = stretchLayout(l, item, aw, w, h, ah, ctx, memoMap);
    } else if (fixedRowsHeight(a) === undefined && item.style.height !== 'auto') {
      // A percentage height resolves against the area once the rows are sized.
      l = layoutItem(item, aw, w, undefined, ah, ctx, memoMap);
    }
    const outerW = w + ib.margin.left + ib.margin.right;
    const outerHt = l.height + ib.margin.top + ib.margin.bottom;
    const dx = selfOffset(justify[i], aw, outerW, ib.autoMargin.left, ib.autoMargin.right);
    const dy =
      align[i] === 'baseline' && baselines[i] !== undefined
        ? shim(i)
        : selfOffset(align[i], ah, outerHt, ib.autoMargin.top, ib.autoMargin.bottom);
    const logicalX = spanOf(colPos, a.columnStart, a.columnEnd).from + dx + ib.margin.left;
    const bx = rtl ? contentX + contentW - logicalX - w : contentX + logicalX;
    const by = contentY + rowSpan.from + dy + ib.margin.top;
    placedItems.push({ frag: placeLayout(l, bx, by), rowStart: a.rowStart, rowEnd: a.rowEnd });
    for (const e of l.abs)
      itemAbs.push({ box: e.box, staticX: e.staticX + bx - l.marginLeft, staticY: e.staticY + by });
  });

  // Block-size containment: an auto height is that of an empty box; the rows overflow it.
  const contained = definiteH === undefined && blockContained(s);
  const height = (contained ? minH : contentH) + edgesV;
  const children = rowUnits(placedItems, ctx);

  // Absolutely positioned children: against the grid when it is positioned (its padding box,
  // or the area their grid lines name), else they wait for an ancestor's containing block.
  const positioned = s.position !== 'static';
  const ownAbs: AbsCollector = positioned ? [] : outerAbs;
  for (const e of itemAbs) ownAbs.push(e);
  const padBox = {
    x: x + bord.left,
    y: y + bord.top,
    width: width - bord.left - bord.right,
    height: height - bord.top - bord.bottom,
  };
  for (const k of box.children) {
    if (!isOutOfFlow(k)) continue;
    if (k.style.position === 'fixed') layoutFixed(k, ctx);
    else if (positioned)
      children.push(
        ...layoutAbsolute([{ box: k, staticX: contentX, staticY: contentY }], padBox, ctx),
      );
    else ownAbs.push({ box: k, staticX: contentX, staticY: contentY });
  }
  if (positioned && ownAbs.length > 0) children.push(...layoutAbsolute(ownAbs, padBox, ctx));

  const frag = boxFragment(box, { x, width, top: y, height }, children as Fragment[], ctx);
  const mb = margin(s, width).bottom;
  return { frag, height, width, marginBottom: { pos: Math.max(0, mb), neg: Math.min(0, mb) } };
}

/** Sum of the gaps between open tracks. */
function gapsBetween(
  sizes: readonly number[],
  collapsed: ReadonlySet<number>,
  gap: number,
): number {
  const open = sizes.filter((_, i) => !collapsed.has(i)).length;
  return gap * Math.max(0, open - 1);
}
