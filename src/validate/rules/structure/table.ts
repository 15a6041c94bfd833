/**
 * Table geometry (PDF/UA-1 7.2 and 7.5): lays a table's cells on a grid using RowSpan/ColSpan to
 * find rows that are too long or too short, cells that overlap or hang below the table, and then
 * whether every data cell can be tied to a header cell (through Headers/ID or a scoped TH).
 */
import { noteBoundReached } from '../doc-walk.js';
import type { CosDict } from '../../model/cos.js';
import type { PdfDocumentModel } from '../../model/document.js';
import { attribute, cellSpan } from './attributes.js';
import { decodeTextString, isArray, isString, nameValue } from '../../model/read.js';
import { significantKids, type StructNode } from './tree.js';

export interface TableFacts {
  /** Row (0-based) whose cells run past the column count set by the first row. */
  readonly rowTooLong: number | null;
  /** Row (0-based) that leaves grid positions empty, and how many columns it fills. */
  readonly rowTooShort: {
    readonly row: number;
    readonly filled: number;
    readonly expected: number;
  } | null;
  /** Column (0-based) where a cell's RowSpan runs past the last row. */
  readonly columnWithWrongRowSpan: number | null;
  /** Cells that overlap another cell. */
  readonly intersecting: ReadonlySet<StructNode>;
  /** Data cells with no header; unknown Headers IDs they name (empty when none). */
  readonly unconnected: ReadonlyMap<StructNode, readonly string[]>;
}

interface Placed {
  readonly node: StructNode;
  readonly row: number;
  readonly col: number;
  readonly rowSpan: number;
  readonly colSpan: number;
}

const isCell = (t: string | null) => t === 'TD' || t === 'TH';

/** Cap on grid cells, so a table declaring huge spans cannot exhaust memory. */
const MAX_GRID = 4_000_000;

export function tableRows(table: StructNode): StructNode[] {
  const rows: StructNode[] = [];
  for (const kid of significantKids(table)) {
    if (kid.standardType === 'TR') rows.push(kid);
    else if (
      kid.standardType === 'THead' ||
      kid.standardType === 'TBody' ||
      kid.standardType === 'TFoot'
    ) {
      for (const r of significantKids(kid)) if (r.standardType === 'TR') rows.push(r);
    }
  }
  return rows;
}

export function analyseTable(
  doc: PdfDocumentModel,
  classMap: CosDict | null,
  table: StructNode,
): TableFacts {
  const intersecting = new Set<StructNode>();
  const unconnected = new Map<StructNode, string[]>();
  const base = { intersecting, unconnected };
  const rows = tableRows(table);
  const span = (n: StructNode, k: 'RowSpan' | 'ColSpan') => cellSpan(doc, n.dict, classMap, k);

  // The row count follows the first cell of each row: a first cell spanning k rows covers the
  // next k-1 rows too.
  let rowCount = 0;
  for (let r = 0; r < rows.length; r++) {
    const first = significantKids(rows[r])[0];
    if (first && isCell(first.standardType)) {
      const rs = span(first, 'RowSpan');
      rowCount += rs;
      r += rs - 1;
    }
  }
  const none = { rowTooLong: null, rowTooShort: null, columnWithWrongRowSpan: null, ...base };
  if (rowCount === 0) return none;
  let colCount = 0;
  for (const c of significantKids(rows[0]))
    if (isCell(c.standardType)) colCount += span(c, 'ColSpan');
  if (colCount === 0) return none;
  if (rowCount * colCount > MAX_GRID) {
    noteBoundReached(doc, 'table cells', MAX_GRID);
    return none;
  }

  const grid: (Placed | null)[] = new Array(rowCount * colCount).fill(null);
  const at = (r: number, c: number) => grid[r * colCount + c];
  const placed: Placed[] = [];
  for (let r = 0; r < rows.length; r++) {
    let col = 0;
    for (const cell of significantKids(rows[r])) {
      if (!isCell(cell.standardType)) continue;
      const colSpan = span(cell, 'ColSpan');
      const rowSpan = span(cell, 'RowSpan');
      while (col < colCount && r < rowCount && at(r, col) !== null) col++;
      if (col + colSpan > colCount) return { ...none, rowTooLong: r };
      if (r + rowSpan > rowCount) return { ...none, columnWithWrongRowSpan: col };
      const p: Placed = { node: cell, row: r, col, rowSpan, colSpan };
      for (let i = 0; i < rowSpan; i++) {
        for (let j = 0; j < colSpan; j++) {
          const other = at(r + i, col + j);
          if (other) {
            intersecting.add(cell);
            intersecting.add(other.node);
            return none;
          }
          grid[(r + i) * colCount + col + j] = p;
        }
      }
      placed.push(p);
      col += colSpan;
    }
  }
  for (let r = 0; r < rowCount; r++) {
    let empty = 0;
    for (let c = 0; c < colCount; c++) if (at(r, c) === null) empty++;
    if (empty > 0) {
      return { ...none, rowTooShort: { row: r, filled: colCount - empty, expected: colCount } };
    }
  }

  connectHeaders(doc, classMap, placed, at, unconnected);
  return none;
}

function headerIds(
  doc: PdfDocumentModel,
  classMap: CosDict | null,
  n: StructNode,
): string[] | null {
  const h = attribute(doc, n.dict, classMap, 'Table', 'Headers');
  if (!isArray(h)) return null;
  const out: string[] = [];
  for (const it of h.items) {
    const s = doc.resolve(it);
    if (isString(s)) out.push(decodeTextString(s.bytes));
  }
  return out;
}

function scopeOf(doc: PdfDocumentModel, classMap: CosDict | null, n: StructNode): string | null {
  const s = attribute(doc, n.dict, classMap, 'Table', 'Scope');
  return nameValue(s);
}

/**
 * When some TH has no Scope, each data cell needs either Headers naming TH IDs, or a scoped TH
 * above it (Column/Both) or to its left (Row/Both) within the run of header cells nearest to it.
 * The first cell that has neither is reported.
 */
function connectHeaders(
  doc: PdfDocumentModel,
  classMap: CosDict | null,
  placed: readonly Placed[],
  at: (r: number, c: number) => Placed | null,
  unconnected: Map<StructNode, string[]>,
): void {
  const ids = new Set<string>();
  let allScoped = true;
  const scopes = new Map<StructNode, string | null>();
  for (const p of placed) {
    if (p.node.standardType !== 'TH') continue;
    const id = doc.resolve(p.node.dict.entries.get('ID'));
    if (isString(id) && id.bytes.length > 0) ids.add(decodeTextString(id.bytes));
    const scope = scopeOf(doc, classMap, p.node);
    scopes.set(p.node, scope);
    if (scope === null) allScoped = false;
  }
  if (allScoped) return;
  const scoped = (p: Placed, want: 'Row' | 'Column') => {
    const s = scopes.get(p.node) ?? null;
    return p.node.standardType === 'TH' && (s === 'Both' || s === want);
  };
  for (const p of placed) {
    if (p.node.standardType !== 'TD') continue;
    const headers = headerIds(doc, classMap, p.node);
    if (headers && headers.length > 0 && headers.every((h) => ids.has(h))) continue;
    if (hasScopedHeader(p, at, scoped)) continue;
    unconnected.set(p.node, headers ? headers.filter((h) => !ids.has(h)) : []);
    return;
  }
}

function hasScopedHeader(
  p: Placed,
  at: (r: number, c: number) => Placed | null,
  scoped: (q: Placed, want: 'Row' | 'Column') => boolean,
): boolean {
  // Look up each column the cell covers, stopping after the nearest run of header cells.
  for (let c = p.col; c < p.col + p.colSpan; c++) {
    let sawHeader = false;
    for (let r = p.row - 1; r >= 0; r--) {
      const q = at(r, c);
      if (!q) break;
      if (scoped(q, 'Column')) return true;
      if (q.node.standardType === 'TH') sawHeader = true;
      else if (sawHeader) break;
    }
  }
  for (let r = p.row; r < p.row + p.rowSpan; r++) {
    let sawHeader = false;
    for (let c = p.col - 1; c >= 0; c--) {
      const q = at(r, c);
      if (!q) break;
      if (scoped(q, 'Row')) return true;
      if (q.node.standardType === 'TH') sawHeader = true;
      else if (sawHeader) break;
    }
  }
  return false;
}
