/**
 * Grid item placement (CSS Grid §8): line-based placement with numbers, names, area names and
 * spans resolved against the explicit grid's lines (§8.3), then the auto-placement algorithm
 * (§8.5) in `row` or `column` flow, sparse or dense, growing the implicit grid as it goes.
 *
 * Lines are numbered from 0 at the explicit grid's start edge while resolving (negative
 * numbers are implicit lines before it); the result is shifted so the first track of the
 * whole grid is 0.
 */
import type { GridLine } from '../../../style/index.js';

/** Auto-placement never makes more tracks than this in the growing axis. */
export const MAX_IMPLICIT_TRACKS = 100_000;

export interface PlacementInput {
  readonly rowStart: GridLine;
  readonly rowEnd: GridLine;
  readonly columnStart: GridLine;
  readonly columnEnd: GridLine;
}

/** Lines of one axis of the explicit grid. */
export interface AxisLines {
  /** Number of explicit tracks. */
  readonly count: number;
  /** Names of each explicit line (count + 1 lists). */
  readonly names: readonly (readonly string[])[];
}

/** Where an item landed: tracks [start, end) of the whole grid, 0 = first track. */
export interface Area {
  readonly rowStart: number;
  readonly rowEnd: number;
  readonly columnStart: number;
  readonly columnEnd: number;
}

export interface PlacementResult {
  /** One area per input, in input order. */
  readonly areas: readonly Area[];
  readonly rows: number;
  readonly columns: number;
  /** Implicit tracks before the explicit grid (explicit track i is track i + offset). */
  readonly rowOffset: number;
  readonly columnOffset: number;
}

/** Resolved placement of one axis: a definite span, or an automatic one of `span` tracks. */
type AxisPlacement =
  { readonly start: number; readonly end: number } | { readonly auto: true; readonly span: number };

/** Index of the n-th line called `name` counting from line `from` in direction `dir`. */
function nthNamedLine(
  lines: AxisLines,
  name: string,
  n: number,
  from: number,
  dir: 1 | -1,
): number {
  let left = n;
  let i = from;
  // Explicit lines first; past the edge every implicit line counts as having the name.
  for (i = from; i >= 0 && i <= lines.count; i += dir) {
    if (lines.names[i].includes(name) && --left === 0) return i;
  }
  if (dir > 0) return Math.max(from - 1, lines.count) + left;
  return Math.min(from + 1, 0) - left;
}

/** A definite line from a line reference (not auto, not span); `side` picks `-start`/`-end`. */
function definiteLine(l: GridLine, lines: AxisLines, side: 'start' | 'end'): number | undefined {
  if (l.kind === 'line') {
    if (l.name === undefined) return l.index > 0 ? l.index - 1 : lines.count + 1 + l.index;
    return l.index > 0
      ? nthNamedLine(lines, l.name, l.index, 0, 1)
      : nthNamedLine(lines, l.name, -l.index, lines.count, -1);
  }
  if (l.kind === 'ident') {
    const edge = `${l.name}-${side}`;
    const at = lines.names.findIndex((n) => n.includes(edge));
    if (at >= 0) return at;
    return nthNamedLine(lines, l.name, 1, 0, 1);
  }
  return undefined;
}

function resolveAxis(start: GridLine, end: GridLine, lines: AxisLines): AxisPlacement {
  const s = definiteLine(start, lines, 'start');
  const e = definiteLine(end, lines, 'end');
  if (s !== undefined && e !== undefined) {
    if (s === e) return { start: s, end: s + 1 };
    return s < e ? { start: s, end: e } : { start: e, end: s };
  }
  if (s !== undefined) {
    if (end.kind === 'span') {
      const to =
        end.name === undefined ? s + end.count : nthNamedLine(lines, end.name, end.count, s + 1, 1);
      return { start: s, end: to };
    }
    return { start: s, end: s + 1 };
  }
  if (e !== undefined) {
    if (start.kind === 'span') {
      const from =
        start.name === undefined
          ? e - start.count
          : nthNamedLine(lines, start.name, start.count, e - 1, -1);
      return { start: from, end: e };
    }
    return { start: e - 1, end: e };
  }
  // Both automatic: a span on the start side wins; a span to a named line is a span of 1.
  const span = start.kind === 'span' ? start : end.kind === 'span' ? end : undefined;
  return { auto: true, span: span && span.name === undefined ? span.count : 1 };
}

/** Occupied cells, row by row in the flow's major axis. */
class Occupancy {
  private readonly rows: Uint8Array[] = [];
  constructor(private minorCount: number) {}

  get minor(): number {
    return this.minorCount;
  }

  growMinor(count: number): void {
    if (count <= this.minorCount) return;
    for (let r = 0; r < this.rows.length; r++) {
      const row = this.rows[r];
      if (!row) continue;
      const grown = new Uint8Array(count);
      grown.set(row);
      this.rows[r] = grown;
    }
    this.minorCount = count;
  }

  free(major0: number, major1: number, minor0: number, minor1: number): boolean {
    if (minor1 > this.minorCount) return false;
    for (let r = major0; r < major1; r++) {
      const row = this.rows[r];
      if (!row) continue;
      for (let c = minor0; c < minor1; c++) if (row[c]) return false;
    }
    return true;
  }

  mark(major0: number, major1: number, minor0: number, minor1: number): void {
    this.growMinor(minor1);
    for (let r = major0; r < major1; r++) {
      const row = (this.rows[r] ??= new Uint8Array(this.minorCount));
      for (let c = minor0; c < minor1; c++) row[c] = 1;
    }
  }
}

/**
 * Places every item. `flow` is grid-auto-flow; `rowLines`/`columnLines` describe the explicit
 * grid. Items are given in order-modified document order.
 */
export function placeItems(
  items: readonly PlacementInput[],
  rowLines: AxisLines,
  columnLines: AxisLines,
  flow: { readonly axis: 'row' | 'column'; readonly dense: boolean },
): PlacementResult {
  const rowFlow = flow.axis === 'row';
  // Work in major (the flow's growing axis) and minor terms.
  const majorLines = rowFlow ? rowLines : columnLines;
  const minorLines = rowFlow ? columnLines : rowLines;
  const resolved = items.map((it) => ({
    major: rowFlow
      ? resolveAxis(it.rowStart, it.rowEnd, rowLines)
      : resolveAxis(it.columnStart, it.columnEnd, columnLines),
    minor: rowFlow
      ? resolveAxis(it.columnStart, it.columnEnd, columnLines)
      : resolveAxis(it.rowStart, it.rowEnd, rowLines),
  }));

  // Implicit tracks before the explicit grid, from definite placements only.
  let majorMin = 0;
  let minorMin = 0;
  let minorMax = minorLines.count;
  for (const r of resolved) {
    if (!('auto' in r.major)) majorMin = Math.min(majorMin, r.major.start);
    if (!('auto' in r.minor)) {
      minorMin = Math.min(minorMin, r.minor.start);
      minorMax = Math.max(minorMax, r.minor.end);
    }
  }
  const majorOffset = -majorMin;
  const minorOffset = -minorMin;
  const clampMajor = (v: number): number => Math.min(MAX_IMPLICIT_TRACKS, v);
  let minorCount = minorMax + minorOffset;
  for (const r of resolved)
    if ('auto' in r.minor)
      minorCount = Math.max(minorCount, Math.min(r.minor.span, MAX_IMPLICIT_TRACKS));
  let majorCount = majorLines.count + majorOffset;

  const out: { major: [number, number]; minor: [number, number] }[] = new Array(items.length);
  const grid = new Occupancy(minorCount);
  const place = (i: number, major: [number, number], minor: [number, number]): void => {
    out[i] = { major, minor };
    grid.mark(major[0], major[1], minor[0], minor[1]);
    majorCount = Math.max(majorCount, major[1]);
    minorCount = Math.max(minorCount, minor[1]);
  };

  // 1. Items with a definite position in both axes.
  resolved.forEach((r, i) => {
    if ('auto' in r.major || 'auto' in r.minor) return;
    place(
      i,
      [clampMajor(r.major.start + majorOffset), clampMajor(r.major.end + majorOffset)],
      [r.minor.start + minorOffset, r.minor.end + minorOffset],
    );
  });

  // 2. Items locked to a major track (definite major position, automatic minor position).
  const lockedCursor = new Map<number, number>();
  resolved.forEach((r, i) => {
    if ('auto' in r.major || !('auto' in r.minor)) return;
    const m0 = clampMajor(r.major.start + majorOffset);
    const m1 = clampMajor(r.major.end + majorOffset);
    const span = r.minor.span;
    let c = flow.dense ? 0 : (lockedCursor.get(m0) ?? 0);
    while (!fits(grid, m0, m1, c, c + span)) c++;
    place(i, [m0, m1], [c, c + span]);
    lockedCursor.set(m0, c + span);
  });

  // 4. Everything else, with the auto-placement cursor.
  let curMajor = 0;
  let curMinor = 0;
  resolved.forEach((r, i) => {
    if (!('auto' in r.major)) return;
    const majorSpan = Math.min(r.major.span, MAX_IMPLICIT_TRACKS);
    if (!('auto' in r.minor)) {
      const c0 = r.minor.start + minorOffset;
      const c1 = r.minor.end + minorOffset;
      if (flow.dense) curMajor = 0;
      else if (c0 < curMinor) curMajor++;
      curMinor = c0;
      while (curMajor < MAX_IMPLICIT_TRACKS && !grid.free(curMajor, curMajor + majorSpan, c0, c1))
        curMajor++;
      place(i, [curMajor, clampMajor(curMajor + majorSpan)], [c0, c1]);
      return;
    }
    const span = Math.min(r.minor.span, minorCount);
    if (flow.dense) {
      curMajor = 0;
      curMinor = 0;
    }
    for (;;) {
      while (
        curMinor + span <= minorCount &&
        !grid.free(curMajor, curMajor + majorSpan, curMinor, curMinor + span)
      )
        curMinor++;
      if (curMinor + span <= minorCount || curMajor >= MAX_IMPLICIT_TRACKS) break;
      curMajor++;
      curMinor = 0;
    }
    place(i, [curMajor, clampMajor(curMajor + majorSpan)], [curMinor, curMinor + span]);
  });

  const areas: Area[] = out.map((o) =>
    rowFlow
      ? { rowStart: o.major[0], rowEnd: o.major[1], columnStart: o.minor[0], columnEnd: o.minor[1] }
      : {
          rowStart: o.minor[0],
          rowEnd: o.minor[1],
          columnStart: o.major[0],
          columnEnd: o.major[1],
        },
  );
  return {
    areas,
    rows: rowFlow ? majorCount : minorCount,
    columns: rowFlow ? minorCount : majorCount,
    rowOffset: rowFlow ? majorOffset : minorOffset,
    columnOffset: rowFlow ? minorOffset : majorOffset,
  };
}

/** Free cells, letting the minor axis grow (items locked to a track may extend it). */
function fits(grid: Occupancy, m0: number, m1: number, c0: number, c1: number): boolean {
  if (c1 > grid.minor) grid.growMinor(c1);
  return grid.free(m0, m1, c0, c1);
}
