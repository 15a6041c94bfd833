/**
 * Table layout (CSS 2.1 ch. 17): grid placement with colspan/rowspan, column widths by the
 * automatic or fixed algorithm (table-widths.ts), separated or collapsed borders, caption,
 * header/body/footer order. For pagination each row (or group of rows joined by a rowspan) is
 * one atomic leaf; the header rows are one leaf that is kept with the first body row and
 * repeated on every later page the table spans.
 */
import type { ComputedStyle } from '../../style/index.js';
import type { BlockBox, TableBox, TableCellBox, TableRowBox } from '../box-tree/boxes.js';
import { placeCells } from '../box-tree/build.js';
import type { BoxGeometry, LayoutContext } from '../context.js';
import { boxFragment, flatten, leafOf, shiftFragment, sideBySide } from '../context.js';
import type { DisplayItem } from '../../document/index.js';
import { intrinsicOuter, layoutBlockLevel, type Placed } from './block.js';
import type { Anchor, BoxFragment, Fragment, LeafFragment } from '../paginate/fragments.js';
import { anchorsOf } from '../paginate/fragments.js';
import {
  backgroundItem,
  backgroundTag,
  bandItems,
  hasRadius,
  layoutTag,
  NO_RADII,
  solidOrHidden,
  type Band,
} from '../paint/decoration.js';
import {
  autoColumnWidths,
  fixedColumnWidths,
  type CellWidthInfo,
  type ColumnSpec,
} from './table-widths.js';
import { WeakKeyedMemo } from '../../util/index.js';
import {
  border,
  borderSides,
  isOverflowClipped,
  margin,
  padding,
  pt,
  radii,
  size,
} from '../units.js';

interface Grid {
  readonly rows: readonly TableRowBox[];
  /** Which section each row is in. */
  readonly sectionOf: readonly ('head' | 'body' | 'foot')[];
  readonly sectionStyle: readonly (ComputedStyle | undefined)[];
  readonly cols: readonly (readonly number[])[];
  readonly columnCount: number;
  /** Cells as laid out (borders resolved in collapse mode). */
  readonly cells: readonly (readonly BlockBox[])[];
  readonly collapse: boolean;
}

const grids = new WeakMap<TableBox, Grid>();

type BorderOverrides = Pick<
  ComputedStyle,
  | 'borderTopWidth'
  | 'borderTopStyle'
  | 'borderTopColor'
  | 'borderLeftWidth'
  | 'borderLeftStyle'
  | 'borderLeftColor'
  | 'borderRightWidth'
  | 'borderRightStyle'
  | 'borderRightColor'
  | 'borderBottomWidth'
  | 'borderBottomStyle'
  | 'borderBottomColor'
>;

/**
 * A cell's computed style with its collapsed borders. Cells of a table mostly share computed
 * styles and end up with the same few border combinations, so the copies (a computed style
 * has a couple of hundred properties) are shared too instead of made once per cell.
 */
const collapsedStyles = new WeakKeyedMemo<ComputedStyle, string, ComputedStyle>();

function collapsedStyle(s: ComputedStyle, borders: BorderOverrides): ComputedStyle {
  // Collapsed borders have no border image (CSS Backgrounds 3 §6: internal table elements).
  return collapsedStyles.get(s, JSON.stringify(borders), () => ({
    ...s,
    ...borders,
    borderImageSource: 'none',
  }));
}

/**
 * The collapsed style of a cell is a function of the styles that meet at its edges; keyed by
 * their identities it is found without building the border set or its string key, which
 * `collapsedStyle` would otherwise do for every cell of a long table.
 */
const byNeighbours = new WeakMap<ComputedStyle, Map<string, ComputedStyle>>();
const styleIds = new WeakMap<object, number>();
let nextStyleId = 1;

function idOf(o: object | undefined): number {
  if (!o) return 0;
  let id = styleIds.get(o);
  if (id === undefined) {
    id = nextStyleId++;
    styleIds.set(o, id);
  }
  return id;
}

function gridOf(table: TableBox): Grid {
  const hit = grids.get(table);
  if (hit) return hit;
  const rows: TableRowBox[] = [];
  const sectionOf: ('head' | 'body' | 'foot')[] = [];
  const sectionStyle: (ComputedStyle | undefined)[] = [];
  for (const s of table.sections) {
    for (const r of s.rows) {
      rows.push(r);
      sectionOf.push(s.kind);
      sectionStyle.push(s.style);
    }
  }
  const cols = placeCells(rows);
  let columnCount = table.columns.length;
  for (let i = 0; i < rows.length; i++) {
    const cells = rows[i].cells;
    for (let j = 0; j < cells.length; j++)
      columnCount = Math.max(columnCount, cols[i][j] + cells[j].colspan);
  }
  const collapse = table.style.borderCollapse === 'collapse';
  const cells = collapse ? collapsedCells(table, rows, cols, columnCount) : ownCells(rows);
  const g: Grid = { rows, sectionOf, sectionStyle, cols, columnCount, cells, collapse };
  grids.set(table, g);
  return g;
}

/** The cells' boxes as they are (separated borders). */
function ownCells(rows: readonly TableRowBox[]): BlockBox[][] {
  const out: BlockBox[][] = [];
  for (const r of rows) {
    const boxes: BlockBox[] = [];
    for (const c of r.cells) boxes.push(c.box);
    out.push(boxes);
  }
  return out;
}

/** One side of a cell's border. */
interface Side {
  w: number;
  style: ComputedStyle['borderTopStyle'];
  color: ComputedStyle['borderTopColor'];
}

function pick(a: Side, b: Side): Side {
  return b.w > a.w ? b : a;
}

function side(s: ComputedStyle, k: 'Top' | 'Right' | 'Bottom' | 'Left'): Side {
  return {
    w: s[`border${k}Width`],
    style: s[`border${k}Style`],
    color: s[`border${k}Color`],
  };
}

/** The answer for the cell above in the same column, and what it depended on. */
interface SameAsAbove {
  s: ComputedStyle;
  above: ComputedStyle | undefined;
  before: ComputedStyle | undefined;
  below: ComputedStyle | undefined;
  lastCol: boolean;
  lastRow: boolean;
  firstRow: boolean;
  rails: string;
  style: ComputedStyle;
}

/** The widest of some borders of rows or row groups, and which styles' sides they were. */
interface Rail {
  readonly side: Side | undefined;
  /** Identifies the borders taken part, for the cache key. */
  readonly key: string;
}

const NO_RAIL: Rail = { side: undefined, key: '' };

function rail(parts: readonly (readonly [ComputedStyle | undefined, Edge])[]): Rail {
  let best: Side | undefined;
  let key = '';
  for (const [st, k] of parts) {
    if (!st) continue;
    const sd = side(st, k);
    if (sd.w <= 0) continue;
    best = best ? pick(best, sd) : sd;
    key += `${idOf(st)}${k[0]}`;
  }
  return best ? { side: best, key } : NO_RAIL;
}

type Edge = 'Top' | 'Right' | 'Bottom' | 'Left';

/**
 * Row and row-group borders, which collapse with the cells' (CSS 2.1 §17.6.2.1): per horizontal
 * grid line (0 to the row count), and per row at the table's left and right edges. A pandas
 * DataFrame rules its header off with a border on <thead>; pandoc rules its body with one on
 * <tbody>.
 */
function rowRails(
  table: TableBox,
  rows: readonly TableRowBox[],
): { h: Rail[]; left: Rail[]; right: Rail[] } {
  const group: (ComputedStyle | undefined)[] = [];
  const starts: boolean[] = [];
  for (const sec of table.sections)
    sec.rows.forEach((_, k) => {
      group.push(sec.style);
      starts.push(k === 0);
    });
  const n = rows.length;
  const h: Rail[] = [];
  for (let k = 0; k <= n; k++) {
    const parts: [ComputedStyle | undefined, Edge][] = [];
    if (k > 0) {
      parts.push([rows[k - 1].style, 'Bottom']);
      if (k === n || starts[k]) parts.push([group[k - 1], 'Bottom']);
    }
    if (k < n) {
      parts.push([rows[k].style, 'Top']);
      if (starts[k]) parts.push([group[k], 'Top']);
    }
    h.push(rail(parts));
  }
  const left = rows.map((r, i) =>
    rail([
      [r.style, 'Left'],
      [group[i], 'Left'],
    ]),
  );
  const right = rows.map((r, i) =>
    rail([
      [r.style, 'Right'],
      [group[i], 'Right'],
    ]),
  );
  return { h, left, right };
}

function withRail(a: Side, r: Rail): Side {
  return r.side ? pick(a, r.side) : a;
}

/**
 * Collapsed borders, simplified: each shared edge takes the wider of the two borders that meet
 * there (the table's own border on the outside) and is drawn once, by the cell above or to the
 * left of it, so a 1px grid stays 1px.
 */
function collapsedCells(
  table: TableBox,
  rows: readonly TableRowBox[],
  cols: readonly (readonly number[])[],
  n: number,
): BlockBox[][] {
  const owner: (TableCellBox | undefined)[][] = [];
  for (let i = 0; i < rows.length; i++)
    owner.push(new Array<TableCellBox | undefined>(n).fill(undefined));
  for (let i = 0; i < rows.length; i++) {
    const cells = rows[i].cells;
    for (let j = 0; j < cells.length; j++) {
      const c = cells[j];
      for (let dr = 0; dr < c.rowspan && i + dr < rows.length; dr++)
        for (let dc = 0; dc < c.colspan && cols[i][j] + dc < n; dc++)
          owner[i + dr][cols[i][j] + dc] = c;
    }
  }
  const ts = table.style;
  const rtl = ts.direction === 'rtl';
  const rails = rowRails(table, rows);
  const same: (SameAsAbove | undefined)[] = new Array(n);
  const out: BlockBox[][] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const boxes: BlockBox[] = [];
    out.push(boxes);
    for (let j = 0; j < r.cells.length; j++) {
      const c = r.cells[j];
      const c0 = cols[i][j];
      const c1 = Math.min(n, c0 + c.colspan);
      const r1 = Math.min(rows.length, i + c.rowspan);
      const s = c.box.style;
      const above = i > 0 ? owner[i - 1][c0] : undefined;
      // `before` is the neighbour on the physical left and `lastCol` the physical right edge:
      // a right-to-left table places column 0 on the right.
      const before = rtl
        ? c1 < n
          ? owner[i][c1]
          : undefined
        : c0 > 0
          ? owner[i][c0 - 1]
          : undefined;
      const lastCol = rtl ? c0 === 0 : c1 >= n;
      const lastRow = r1 >= rows.length;
      const below = lastRow ? undefined : owner[r1]?.[c0];
      const firstCol = !before;
      const leftRail = firstCol ? rails.left[i] : NO_RAIL;
      const rightRail = lastCol ? rails.right[i] : NO_RAIL;
      const bottomRail = lastRow ? rails.h[r1] : NO_RAIL;
      const railKey = `${rails.h[i].key}|${bottomRail.key}|${leftRail.key}|${rightRail.key}`;
      // Long tables repeat the same cell styles row after row: the cell above usually had the
      // same neighbours, so its answer is reused without building a key.
      const p = same[c0];
      if (
        p &&
        !p.firstRow &&
        i > 0 &&
        p.s === s &&
        p.above === above?.box.style &&
        p.before === before?.box.style &&
        p.below === below?.box.style &&
        p.lastCol === lastCol &&
        p.lastRow === lastRow &&
        p.rails === railKey
      ) {
        boxes.push({ ...c.box, style: p.style });
        continue;
      }
      const key = `${idOf(ts)} ${idOf(above?.box.style)} ${idOf(before?.box.style)} ${idOf(
        below?.box.style,
      )} ${railKey} ${lastCol ? 1 : 0}${lastRow ? 1 : 0}`;
      let known = byNeighbours.get(s);
      if (!known) {
        known = new Map();
        byNeighbours.set(s, known);
      }
      let style = known.get(key);
      if (!style) {
        let top = side(s, 'Top');
        top = above ? pick(top, side(above.box.style, 'Bottom')) : pick(top, side(ts, 'Top'));
        top = withRail(top, rails.h[i]);
        let left = side(s, 'Left');
        left = before ? pick(left, side(before.box.style, 'Right')) : pick(left, side(ts, 'Left'));
        left = withRail(left, leftRail);
        let right = side(s, 'Right');
        if (lastCol) right = withRail(pick(right, side(ts, 'Right')), rightRail);
        let bottom = side(s, 'Bottom');
        if (lastRow) bottom = withRail(pick(bottom, side(ts, 'Bottom')), bottomRail);
        else if (below) bottom = pick(bottom, side(below.box.style, 'Top'));
        style = collapsedStyle(s, {
          borderTopWidth: top.w,
          borderTopStyle: top.style,
          borderTopColor: top.color,
          borderLeftWidth: left.w,
          borderLeftStyle: left.style,
          borderLeftColor: left.color,
          borderRightWidth: lastCol ? right.w : 0,
          borderRightStyle: right.style,
          borderRightColor: right.color,
          // The bottom edge belongs to the cell below, unless this is the last row (when a
          // page ends between them, the row above draws it again: its leaf's closingEdge).
          borderBottomWidth: lastRow ? bottom.w : 0,
          borderBottomStyle: bottom.style,
          borderBottomColor: bottom.color,
        });
        known.set(key, style);
      }
      same[c0] = {
        s,
        above: above?.box.style,
        before: before?.box.style,
        below: below?.box.style,
        lastCol,
        lastRow,
        firstRow: i === 0,
        rails: railKey,
        style,
      };
      boxes.push({ ...c.box, style });
    }
  }
  return out;
}

/**
 * Whether a cell of a collapsed table can have its borders drawn by the table as part of the
 * grid (solid bands) and its background as a plain rectangle. Other cells (dashed or double
 * borders, rounded corners, background images, opacity, hidden) keep their own decoration.
 */
const gridPaintable = new WeakMap<ComputedStyle, boolean>();

function paintsWithGrid(s: ComputedStyle): boolean {
  let ok = gridPaintable.get(s);
  if (ok === undefined) {
    const b = borderSides(s);
    ok =
      s.visibility === 'visible' &&
      s.opacity >= 1 &&
      s.backgroundLayers.length === 0 &&
      !hasRadius(radii(s, 100, 100)) &&
      solidOrHidden([b.top, b.right, b.bottom, b.left]);
    gridPaintable.set(s, ok);
  }
  return ok;
}

/**
 * The border bands of a cell's border box (collapsed: top and left, plus right and bottom on
 * the table's edge). Top and bottom span the full width; the sides fit between them, so the
 * bands tile without overlapping.
 */
function cellBands(
  s: ComputedStyle,
  x: number,
  y: number,
  w: number,
  h: number,
  horizontal: Band[],
  vertical: Band[],
  tops: Band[],
): void {
  const t = pt(s.borderTopWidth);
  const r = pt(s.borderRightWidth);
  const b = pt(s.borderBottomWidth);
  const l = pt(s.borderLeftWidth);
  if (shown(t, s.borderTopStyle)) {
    const top = { x, y, width: w, height: t, color: s.borderTopColor };
    horizontal.push(top);
    tops.push(top);
  }
  if (shown(b, s.borderBottomStyle))
    horizontal.push({ x, y: y + h - b, width: w, height: b, color: s.borderBottomColor });
  if (shown(l, s.borderLeftStyle))
    vertical.push({ x, y: y + t, width: l, height: h - t - b, color: s.borderLeftColor });
  if (shown(r, s.borderRightStyle))
    vertical.push({
      x: x + w - r,
      y: y + t,
      width: r,
      height: h - t - b,
      color: s.borderRightColor,
    });
}

function shown(width: number, style: string): boolean {
  return width > 0 && style !== 'none' && style !== 'hidden';
}

/**
 * A collapsed table's style without its borders (the cells draw them). Cached: a computed style
 * has a couple of hundred properties, and copying one cost more than the rest of laying out a
 * small table's frame.
 */
const borderless = new WeakMap<ComputedStyle, ComputedStyle>();

function withoutBorders(s: ComputedStyle): ComputedStyle {
  let out = borderless.get(s);
  if (!out) {
    out = {
      ...s,
      borderTopWidth: 0,
      borderRightWidth: 0,
      borderBottomWidth: 0,
      borderLeftWidth: 0,
      borderImageSource: 'none',
    };
    borderless.set(s, out);
  }
  return out;
}

function tableEdges(
  t: TableBox,
  collapse: boolean,
): { left: number; right: number; top: number; bottom: number } {
  if (collapse) return { left: 0, right: 0, top: 0, bottom: 0 };
  const b = border(t.style);
  const p = padding(t.style, 0);
  return {
    left: b.left + p.left,
    right: b.right + p.right,
    top: b.top + p.top,
    bottom: b.bottom + p.bottom,
  };
}

/** Width facts of the cells in the first `rowCount` rows (all rows by default). */
function cellInfos(g: Grid, ctx: LayoutContext, rowCount = g.rows.length): CellWidthInfo[] {
  const out: CellWidthInfo[] = [];
  const last = Math.min(rowCount, g.rows.length);
  for (let i = 0; i < last; i++) {
    const cells = g.rows[i].cells;
    for (let j = 0; j < cells.length; j++) {
      const box = g.cells[i][j];
      const io = intrinsicOuter(box, ctx);
      const w = box.style.width;
      const info: { -readonly [K in keyof CellWidthInfo]: CellWidthInfo[K] } = {
        col: g.cols[i][j],
        colspan: cells[j].colspan,
        min: io.min,
        max: io.max,
      };
      if (typeof w === 'number')
        info.fixed = pt(w) + (box.style.boxSizing === 'border-box' ? 0 : sumEdges(box.style));
      else if (typeof w === 'object' && 'percent' in w && w.px === 0) info.percent = w.percent;
      out.push(info);
    }
  }
  return out;
}

function sumEdges(s: ComputedStyle): number {
  const p = padding(s, 0);
  const b = border(s);
  return p.left + p.right + b.left + b.right;
}

function columnSpecs(t: TableBox): ColumnSpec[] {
  const out: ColumnSpec[] = [];
  for (const c of t.columns) out.push(columnSpec(c.style.width));
  return out;
}

function columnSpec(w: ComputedStyle['width']): ColumnSpec {
  if (typeof w === 'number') return { fixed: pt(w) };
  if (typeof w === 'object' && 'percent' in w && w.px === 0) return { percent: w.percent };
  return {};
}

/** min/max-content of the table's border box. */
export function tableIntrinsic(t: TableBox, ctx: LayoutContext): { min: number; max: number } {
  const g = gridOf(t);
  const n = g.columnCount;
  const sp = g.collapse ? 0 : pt(t.style.borderSpacingH);
  const e = tableEdges(t, g.collapse);
  const cells = cellInfos(g, ctx);
  const min = sum(autoColumnWidths(n, cells, 0, undefined, columnSpecs(t)));
  const max = sum(autoColumnWidths(n, cells, 1e9, undefined, columnSpecs(t)));
  const extra = sp * (n + 1) + e.left + e.right;
  let capMin = 0;
  if (t.caption) capMin = intrinsicOuter(t.caption, ctx).min;
  return { min: Math.max(min + extra, capMin), max: Math.max(max + extra, capMin) };
}

/** The sum of `values`, added up from the first. */
function sum(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

/** One empty list per row. */
function perRow<T>(count: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < count; i++) out.push([]);
  return out;
}

// The phases of table layout are module-level functions rather than closures inside
// `layoutTable`: functions made anew on every call lose their optimized code at each major
// garbage collection (Node 20), and one very large function is slow to optimize.

/** Whether a cell of the grid spans more than one row. */
function spansRows(g: Grid): boolean {
  for (const r of g.rows) for (const c of r.cells) if (c.rowspan !== 1) return true;
  return false;
}

/** A cell laid out at its column width. */
interface Laid {
  box: BlockBox;
  r: number;
  c0: number;
  c1: number;
  rowspan: number;
  placed: Placed;
  /** Where it was laid out (the row's top, or 0 when it is moved there afterwards). */
  at: number;
  /** Border-box height: the content's, or the cell's own height when taller. */
  h: number;
  x: number;
  w: number;
}

/**
 * Lays out every cell at its column width; `rowH` (the rows' own heights) grows to the
 * tallest cell of each row that does not span rows.
 */
function layCells(
  g: Grid,
  colX: readonly number[],
  spH: number,
  spV: number,
  gridTop: number,
  rtl: boolean,
  rowH: number[],
  ctx: LayoutContext,
): Laid[] {
  const n = g.columnCount;
  const laid: Laid[] = [];
  // Without row spans a row's top is known once the rows above it are laid out, so its cells
  // are laid out in place rather than at 0 and moved (a copy of every line and glyph run).
  const inPlace = !spansRows(g);
  let rowTop = gridTop + spV;
  for (let i = 0; i < g.rows.length; i++) {
    const r = g.rows[i];
    if (i > 0) rowTop += rowH[i - 1] + spV;
    const at = inPlace ? rowTop : 0;
    for (let j = 0; j < r.cells.length; j++) {
      const c = r.cells[j];
      const box = g.cells[i][j];
      const c0 = g.cols[i][j];
      const c1 = Math.min(n, c0 + c.colspan);
      const w = colX[c1] - colX[c0] - spH;
      // Right-to-left tables put the first column on the right: mirror within the grid.
      const cellX = rtl ? colX[0] + colX[n] - spH - (colX[c0] + w) : colX[c0];
      const placed = layoutBlockLevel(box, cellX, at, w, ctx, [], {
        root: true,
        forcedWidth: w,
        heightFromContent: true,
      });
      const h = Math.max(placed.height, cellOwnHeight(box.style));
      laid.push({
        box,
        r: i,
        c0,
        c1,
        rowspan: Math.min(c.rowspan, g.rows.length - i),
        placed,
        at,
        h,
        x: cellX,
        w,
      });
      if (c.rowspan === 1) rowH[i] = Math.max(rowH[i], h);
    }
  }
  return laid;
}

/** A cell's height property as a border-box height: the least height of its row. */
function cellOwnHeight(s: ComputedStyle): number {
  const own = size(s.height, undefined);
  if (own === undefined) return 0;
  if (s.boxSizing === 'border-box') return own;
  const p = padding(s, 0);
  const b = border(s);
  return own + p.top + p.bottom + b.top + b.bottom;
}

/**
 * A cell's box fragment. It is only needed when its row is cut between pages (or the cell
 * draws its own decoration), so it is made on demand unless `made` already holds it.
 */
class CellFrag {
  /** The fragment, when it was made at once. */
  made: Fragment | undefined = undefined;

  constructor(
    readonly box: BlockBox,
    readonly geometry: BoxGeometry,
    readonly kids: readonly Fragment[],
    readonly showEmpty: boolean,
  ) {}

  fragment(ctx: LayoutContext): Fragment {
    return this.made ?? this.make(ctx);
  }

  make(ctx: LayoutContext): BoxFragment {
    const box = this.box;
    return boxFragment(
      this.showEmpty
        ? box
        : {
            ...box,
            style: {
              ...box.style,
              backgroundColor: { r: 0, g: 0, b: 0, a: 0 },
              backgroundLayers: [],
            },
          },
      this.geometry,
      this.kids,
      ctx,
    );
  }
}

/** The rows of a table with their cells placed: what `rowLeaf` makes leaves of. */
interface PlacedRows {
  readonly g: Grid;
  readonly colX: readonly number[];
  readonly spH: number;
  readonly gridWidth: number;
  readonly rowY: readonly number[];
  readonly rowH: readonly number[];
  readonly cellItems: DisplayItem[][];
  readonly cellFrags: CellFrag[][];
  readonly cellAnchors: Anchor[][];
  readonly cellBgs: Band[][];
  readonly hBands: Band[][];
  readonly vBands: Band[][];
  readonly topBands: Band[][];
  /** The last row each row is joined to by a rowspan. */
  readonly rowEnd: number[];
}

/** Cells placed at their row, stretched to the row height, content aligned vertically. */
function placeInRows(
  g: Grid,
  laid: readonly Laid[],
  colX: readonly number[],
  spH: number,
  spV: number,
  gridWidth: number,
  rowY: readonly number[],
  rowH: readonly number[],
  ctx: LayoutContext,
): PlacedRows {
  const count = g.rows.length;
  const cellItems = perRow<DisplayItem>(count);
  // A cell's box fragment is only needed when its row is cut between pages (or the cell draws
  // its own decoration): made on demand.
  const cellFrags = perRow<CellFrag>(count);
  const cellAnchors = perRow<Anchor>(count);
  // Collapsed grid: cell backgrounds, then the border bands, by the row where the cell starts.
  const cellBgs = perRow<Band>(count);
  const hBands = perRow<Band>(count);
  const vBands = perRow<Band>(count);
  // Each row's top border bands again: the row above draws them when a page ends between them.
  const topBands = perRow<Band>(count);
  const rowEnd: number[] = [];
  for (let i = 0; i < count; i++) rowEnd.push(i);
  for (const l of laid) {
    const top = rowY[l.r];
    const h = rowY[l.r + l.rowspan] - spV - top;
    const natural = l.placed.frag;
    const contentH = l.placed.height;
    const va = l.box.style.verticalAlign;
    const off = va === 'middle' ? (h - contentH) / 2 : va === 'bottom' ? h - contentH : 0;
    const dy = top - l.at;
    let kids: Fragment[];
    if (natural.kind === 'box') {
      kids = [];
      for (const k of natural.children) kids.push(shiftFragment(k, 0, dy + Math.max(0, off)));
    } else kids = [shiftFragment(natural, 0, dy)];
    const showEmpty = !(l.box.style.emptyCells === 'hide' && kids.length === 0 && !g.collapse);
    const geometry = { x: l.x, width: l.w, top, height: h };
    const cell = new CellFrag(l.box, geometry, kids, showEmpty);
    const cs = l.box.style;
    if (g.collapse && paintsWithGrid(cs) && !isOverflowClipped(cs)) {
      if (cs.backgroundColor.a > 0)
        cellBgs[l.r].push({ x: l.x, y: top, width: l.w, height: h, color: cs.backgroundColor });
      cellBands(cs, l.x, top, l.w, h, hBands[l.r], vBands[l.r], topBands[l.r]);
      const items = cellItems[l.r];
      const anchors = cellAnchors[l.r];
      if (l.box.anchor)
        anchors.push({
          id: l.box.anchor,
          y: top,
          ...(ctx.recordBoxes ? { box: { x: l.x, width: l.w, height: h } } : {}),
        });
      for (const k of kids) {
        items.push(...flatten(k));
        anchors.push(...anchorsOf(k));
      }
      cellFrags[l.r].push(cell);
    } else {
      const f = cell.make(ctx);
      cell.made = f;
      cellItems[l.r].push(...flatten(f));
      cellAnchors[l.r].push(...anchorsOf(f));
      cellFrags[l.r].push(cell);
    }
    for (let k = l.r; k < l.r + l.rowspan; k++)
      rowEnd[k] = Math.max(rowEnd[k], l.r + l.rowspan - 1);
  }
  return {
    g,
    colX,
    spH,
    gridWidth,
    rowY,
    rowH,
    cellItems,
    cellFrags,
    cellAnchors,
    cellBgs,
    hBands,
    vBands,
    topBands,
    rowEnd,
  };
}

/** Rows into leaves: rows joined by a rowspan stay together; header rows form one leaf. */
function rowLeaf(
  p: PlacedRows,
  from: number,
  to: number,
  sectionBg: boolean,
  ctx: LayoutContext,
): Fragment {
  const { g, colX, spH, rowY, rowH } = p;
  const n = g.columnCount;
  const items: DisplayItem[] = [];
  for (let i = from; i <= to; i++) {
    const rs = g.rows[i].style;
    const rect = { x: colX[0] - spH, y: rowY[i], width: p.gridWidth, height: rowH[i] };
    if (sectionBg) {
      const ss = g.sectionStyle[i];
      if (ss && ss.backgroundColor.a > 0)
        items.push(backgroundItem(rect, ss.backgroundColor, NO_RADII));
    }
    if (rs.backgroundColor.a > 0)
      items.push(
        backgroundItem(
          { ...rect, x: colX[0], width: colX[n] - colX[0] - spH },
          rs.backgroundColor,
          NO_RADII,
        ),
      );
  }
  const top = rowY[from];
  const bottom = rowY[to] + rowH[to];
  // Rows are kept whole when they fit a page; a taller one is cut between its lines.
  if (bottom - top > ctx.page.height) {
    const frags: Fragment[] = [];
    for (let i = from; i <= to; i++) for (const f of p.cellFrags[i]) frags.push(f.fragment(ctx));
    return sideBySide(frags, top, bottom, items);
  }
  // Backgrounds, then the collapsed borders over them, then the cells' content (CSS 2.1
  // appendix E paints a table's collapsed borders after all cell backgrounds).
  const bgs: Band[] = [];
  const bands: Band[] = [];
  for (let i = from; i <= to; i++) {
    bgs.push(...p.cellBgs[i]);
    bands.push(...p.hBands[i]);
  }
  for (let i = from; i <= to; i++) bands.push(...p.vBands[i]);
  if (bgs.length > 0) items.push(...bandItems(bgs, backgroundTag));
  if (bands.length > 0) items.push(...bandItems(bands, layoutTag));
  for (let i = from; i <= to; i++) items.push(...p.cellItems[i]);
  const anchors: Anchor[] = [];
  for (let i = from; i <= to; i++) anchors.push(...p.cellAnchors[i]);
  // The next row's top border closes this one when a page ends between them.
  const below = to + 1 < g.rows.length ? p.topBands[to + 1] : [];
  return {
    kind: 'leaf',
    top,
    bottom,
    items,
    ...(anchors.length > 0 ? { anchors } : {}),
    ...(below.length > 0 ? { closingEdge: bandItems(below, layoutTag) } : {}),
  };
}

/** How many rows of the grid are in `section`. */
function rowsIn(g: Grid, section: 'head' | 'body' | 'foot'): number {
  let count = 0;
  for (const k of g.sectionOf) if (k === section) count++;
  return count;
}

/**
 * The rows' leaves, added to `frags`: the header rows' leaf (kept with the first body row),
 * the body rows' and the footer rows' leaf.
 */
function rowLeaves(
  p: PlacedRows,
  frags: Fragment[],
  ctx: LayoutContext,
): { head: LeafFragment | undefined; foot: LeafFragment | undefined; bodyCount: number } {
  const { g, rowEnd } = p;
  let head: LeafFragment | undefined;
  const headRows = rowsIn(g, 'head');
  if (headRows > 0) {
    let end = headRows - 1;
    for (let i = 0; i <= end; i++) end = Math.max(end, rowEnd[i]);
    const h = rowLeaf(p, 0, end, true, ctx);
    head = { ...leafOf(h), keepWithNext: true };
    frags.push(head);
  }
  // Footer rows (last in the grid) form one leaf, drawn again below the rows of every page.
  const footRows = rowsIn(g, 'foot');
  const footStart = g.rows.length - footRows;
  let bodyRows = footRows > 0;
  for (let k = 0; bodyRows && k < footStart; k++) if (rowEnd[k] >= footStart) bodyRows = false;
  let foot: LeafFragment | undefined;
  let bodyCount = 0;
  let i = head ? headRows : 0;
  while (i < g.rows.length) {
    if (bodyRows && i === footStart) {
      foot = leafOf(rowLeaf(p, footStart, g.rows.length - 1, true, ctx));
      frags.push(foot);
      break;
    }
    let end = rowEnd[i];
    for (let k = i; k <= end; k++) end = Math.max(end, rowEnd[k]);
    frags.push(rowLeaf(p, i, end, true, ctx));
    bodyCount++;
    i = end + 1;
  }
  return { head, foot, bodyCount };
}

/**
 * The decoration of a table's own box from `top` to `bottom` (flow coordinates), for the
 * slices of the box around it that also holds its caption.
 */
function boxOnly(
  box: { style: ComputedStyle },
  x: number,
  width: number,
  top: number,
  bottom: number,
  ctx: LayoutContext,
): BoxFragment['decorate'] {
  const own = boxFragment(box, { x, width, top, height: bottom - top }, [], ctx).decorate;
  if (!own) return undefined;
  return (slice) => {
    const from = top + slice.shift;
    const to = bottom + slice.shift;
    const clipped = {
      ...slice,
      top: Math.max(slice.top, from),
      bottom: Math.min(slice.bottom, to),
      continuedAbove: slice.continuedAbove && slice.top > from,
      continuedBelow: slice.continuedBelow && slice.bottom < to,
    };
    return clipped.bottom > clipped.top ? own(clipped) : [];
  };
}

export function layoutTable(
  t: TableBox,
  x: number,
  y: number,
  width: number,
  cbWidth: number,
  ctx: LayoutContext,
): Placed {
  const g = gridOf(t);
  const n = g.columnCount;
  const s = t.style;
  const spH = g.collapse ? 0 : pt(s.borderSpacingH);
  const spV = g.collapse ? 0 : pt(s.borderSpacingV);
  const e = tableEdges(t, g.collapse);
  const specified = size(s.width, cbWidth) !== undefined;
  const avail = Math.max(0, width - e.left - e.right - spH * (n + 1));
  const widths =
    s.tableLayout === 'fixed' && specified
      ? fixedColumnWidths(
          n,
          // The fixed algorithm reads the first row only: sizing the others is wasted work.
          cellInfos(g, ctx, 1),
          avail,
          columnSpecs(t),
        )
      : autoColumnWidths(
          n,
          cellInfos(g, ctx),
          avail,
          specified ? avail : undefined,
          columnSpecs(t),
        );
  const gridWidth = sum(widths) + spH * (n + 1);
  const tableWidth = Math.max(width, gridWidth + e.left + e.right);
  const colX: number[] = [];
  let cx = x + e.left + spH;
  for (let c = 0; c <= n; c++) {
    colX.push(cx);
    cx += (widths[c] ?? 0) + spH;
  }

  const frags: Fragment[] = [];
  // Captions sit outside the table's border box, in the box around it (CSS 2.1 §17.4).
  let cursor = y;
  if (t.caption && t.caption.style.captionSide !== 'bottom') {
    const cap = layoutBlockLevel(
      t.caption,
      x,
      cursor + margin(t.caption.style, tableWidth).top,
      tableWidth,
      ctx,
      [],
    );
    frags.push(cap.frag);
    cursor +=
      cap.height +
      margin(t.caption.style, tableWidth).top +
      margin(t.caption.style, tableWidth).bottom;
  }
  const boxTop = cursor;
  cursor += e.top;
  const gridTop = cursor;

  // Natural height of every cell at its column width.
  const rowH: number[] = [];
  for (const r of g.rows) rowH.push(size(r.style.height, undefined) ?? 0);
  const laid = layCells(g, colX, spH, spV, gridTop, s.direction === 'rtl', rowH, ctx);
  for (const l of laid) {
    if (l.rowspan <= 1) continue;
    let span = 0;
    for (let k = l.r; k < l.r + l.rowspan; k++) span += rowH[k];
    span += spV * (l.rowspan - 1);
    if (l.h > span) rowH[l.r + l.rowspan - 1] += l.h - span;
  }
  const rowY: number[] = [];
  let ry = gridTop + spV;
  for (let i = 0; i < g.rows.length; i++) {
    rowY.push(ry);
    ry += rowH[i] + spV;
  }
  rowY.push(ry);

  // Cells placed at their row, then rows into leaves: rows joined by a rowspan stay together;
  // header rows form one leaf.
  const placedRows = placeInRows(g, laid, colX, spH, spV, gridWidth, rowY, rowH, ctx);
  const { head, foot, bodyCount } = rowLeaves(placedRows, frags, ctx);
  const boxBottom = Math.max(
    rowY[g.rows.length] + e.bottom,
    boxTop + (size(s.height, undefined) ?? 0),
  );
  cursor = boxBottom;
  if (t.caption && t.caption.style.captionSide === 'bottom') {
    const mt = margin(t.caption.style, tableWidth).top;
    const cap = layoutBlockLevel(t.caption, x, cursor + mt, tableWidth, ctx, []);
    frags.push(cap.frag);
    cursor += mt + cap.height + margin(t.caption.style, tableWidth).bottom;
  }
  const height = cursor - y;
  const tableStyle = g.collapse ? { ...t, style: withoutBorders(s) } : t;
  // With a caption, the table's background and borders cover the rows' box only.
  const captioned =
    t.caption && (boxTop > y || boxBottom < y + height)
      ? { decorate: boxOnly(tableStyle, x, tableWidth, boxTop, boxBottom, ctx) }
      : {};
  // Repeated headers and footers only make sense when there are body rows between them.
  const repeat = head && frags.length > 1 ? { repeat: head } : {};
  // A footer repeats only while it leaves most of each page to the rows (as browsers do).
  const repeated = (foot ? foot.bottom - foot.top : 0) + (head ? head.bottom - head.top : 0);
  const repeatFooter =
    foot && bodyCount > 0 && repeated <= ctx.page.height / 2 ? { repeatFooter: foot } : {};
  const frag: BoxFragment = boxFragment(
    tableStyle,
    { x, width: tableWidth, top: y, height },
    frags,
    ctx,
    { ...repeat, ...repeatFooter, ...captioned },
  );
  return {
    frag,
    height,
    width: tableWidth,
    marginBottom: {
      pos: Math.max(0, margin(s, cbWidth).bottom),
      neg: Math.min(0, margin(s, cbWidth).bottom),
    },
  };
}
