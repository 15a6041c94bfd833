/**
 * Column widths by the table layout algorithms of CSS 2.1 (17.5.2) as browsers refine them
 * (CSS Tables 3): automatic layout from each cell's min-content and max-content widths, and
 * fixed layout from the first row. Pure function
 * over plain numbers so it can be tested on its own.
 */

export interface CellWidthInfo {
  readonly col: number;
  readonly colspan: number;
  /** Outer min-content and max-content widths (padding and borders included). */
  readonly min: number;
  readonly max: number;
  /** Specified width: absolute (points) or percent of the table, when set. */
  readonly fixed?: number;
  readonly percent?: number;
}

export interface ColumnSpec {
  readonly fixed?: number;
  readonly percent?: number;
}

/**
 * Automatic layout. `available` is the width the columns may share (table width minus border
 * spacing); `tableWidth` is set when the table's width is specified (columns then stretch to it).
 */
export function autoColumnWidths(
  columnCount: number,
  cells: readonly CellWidthInfo[],
  available: number,
  tableWidth: number | undefined,
  columns: readonly ColumnSpec[] = [],
): number[] {
  const n = columnCount;
  if (n === 0) return [];
  const min = new Array<number>(n).fill(0);
  const max = new Array<number>(n).fill(0);
  const fixed = new Array<number | undefined>(n).fill(undefined);
  const pct = new Array<number | undefined>(n).fill(undefined);
  columns.forEach((c, i) => {
    if (i >= n) return;
    if (c.fixed !== undefined) fixed[i] = c.fixed;
    if (c.percent !== undefined) pct[i] = c.percent;
  });
  // Single-column cells first, then spanning cells spread whatever their columns lack.
  for (const c of cells) {
    if (c.colspan !== 1) continue;
    min[c.col] = Math.max(min[c.col], c.min);
    max[c.col] = Math.max(max[c.col], c.max);
    if (c.fixed !== undefined) fixed[c.col] = Math.max(fixed[c.col] ?? 0, c.fixed);
    if (c.percent !== undefined) pct[c.col] = Math.max(pct[c.col] ?? 0, c.percent);
  }
  // filter() already copies: sort that copy, not a second one of every cell.
  for (const c of cells.filter((c) => c.colspan > 1).sort((a, b) => a.colspan - b.colspan)) {
    const span = range(c.col, Math.min(n, c.col + c.colspan));
    spread(min, span, c.min);
    spread(max, span, c.max);
  }
  // A specified width is the column's preferred width, not a floor: it may give way down to the
  // content's minimum when the table has no room (CSS Tables 3, and every browser). Treating it
  // as a floor pushed Word's and Google Docs' tables, whose cell widths plus padding exceed the
  // text column, past the page margin.
  for (let i = 0; i < n; i++) {
    const f = fixed[i];
    max[i] = f !== undefined ? Math.max(min[i], f) : Math.max(max[i], min[i]);
  }
  const target = tableWidth ?? available;
  // Percentage columns take their share of the table first (never below their minimum).
  const widths = new Array<number>(n).fill(0);
  let pctTotal = 0;
  for (let i = 0; i < n; i++) {
    const p = pct[i];
    if (p !== undefined && pctTotal < 100) {
      const share = Math.min(p, 100 - pctTotal);
      pctTotal += share;
      widths[i] = Math.max(min[i], (target * share) / 100);
    }
  }
  const rest = range(0, n).filter((i) => pct[i] === undefined);
  const used = sum(widths);
  const restMin = sum(rest.map((i) => min[i]));
  const restMax = sum(rest.map((i) => max[i]));
  const room = Math.max(0, target - used);
  if (restMin >= room) {
    for (const i of rest) widths[i] = min[i];
  } else if (restMax <= room) {
    for (const i of rest) widths[i] = max[i];
    // A table with a specified width (or a percentage table) grows its columns to fill it;
    // an auto-width table stays at its max-content width.
    const extra = room - restMax;
    if (tableWidth !== undefined && extra > 0 && rest.length > 0) {
      const flexible = rest.filter((i) => fixed[i] === undefined);
      const pool = flexible.length > 0 ? flexible : rest;
      const weight = sum(pool.map((i) => max[i]));
      for (const i of pool)
        widths[i] += weight > 0 ? (extra * max[i]) / weight : extra / pool.length;
    }
  } else {
    // Between min and max. Columns of auto width give way first, as in browsers; columns with a
    // specified width shrink only once the others are at their minimum.
    const sized = rest.filter((i) => fixed[i] !== undefined);
    const auto = rest.filter((i) => fixed[i] === undefined);
    const sizedMax = sum(sized.map((i) => max[i]));
    const autoMin = sum(auto.map((i) => min[i]));
    if (room >= sizedMax + autoMin) {
      for (const i of sized) widths[i] = max[i];
      interpolate(widths, auto, min, max, room - sizedMax);
    } else {
      for (const i of auto) widths[i] = min[i];
      interpolate(widths, sized, min, max, room - autoMin);
    }
  }
  return widths;
}

/**
 * Every column of `cols` gets its minimum plus a share of what `room` leaves, in proportion to
 * how much it could still grow (max - min).
 */
function interpolate(
  widths: number[],
  cols: readonly number[],
  min: readonly number[],
  max: readonly number[],
  room: number,
): void {
  const grow = sum(cols.map((i) => max[i] - min[i]));
  const spare = room - sum(cols.map((i) => min[i]));
  for (const i of cols)
    widths[i] = min[i] + (grow > 0 ? ((max[i] - min[i]) * Math.min(spare, grow)) / grow : 0);
}

/** Fixed layout: widths from columns or the first row's cells, the rest shared equally. */
export function fixedColumnWidths(
  columnCount: number,
  firstRow: readonly CellWidthInfo[],
  tableWidth: number,
  columns: readonly ColumnSpec[] = [],
): number[] {
  const n = columnCount;
  const widths = new Array<number | undefined>(n).fill(undefined);
  columns.forEach((c, i) => {
    if (i >= n) return;
    if (c.fixed !== undefined) widths[i] = c.fixed;
    else if (c.percent !== undefined) widths[i] = (tableWidth * c.percent) / 100;
  });
  for (const c of firstRow) {
    const w = c.fixed ?? (c.percent !== undefined ? (tableWidth * c.percent) / 100 : undefined);
    if (w === undefined) continue;
    const span = range(c.col, Math.min(n, c.col + c.colspan)).filter(
      (i) => widths[i] === undefined,
    );
    for (const i of span) widths[i] = w / span.length;
  }
  const set = widths.filter((w): w is number => w !== undefined);
  const free = n - set.length;
  const left = Math.max(0, tableWidth - sum(set));
  const out = widths.map((w) => (w === undefined ? (free > 0 ? left / free : 0) : w));
  // Columns narrower than the table: widen them all proportionally.
  const total = sum(out);
  if (free === 0 && total > 0 && total < tableWidth)
    return out.map((w) => (w * tableWidth) / total);
  return out;
}

function spread(target: number[], span: number[], need: number): void {
  const have = sum(span.map((i) => target[i]));
  if (need <= have || span.length === 0) return;
  const extra = need - have;
  if (have > 0) for (const i of span) target[i] += (extra * target[i]) / have;
  else for (const i of span) target[i] += extra / span.length;
}

function range(a: number, b: number): number[] {
  const out: number[] = [];
  for (let i = a; i < b; i++) out.push(i);
  return out;
}

function sum(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s;
}
