/** Table regularity (7.2 tests 15, 41-43) and header association (7.5). */
import type { StructCtx } from './context.js';
import { elementLocation } from './location.js';
import { R } from './specs.js';
import { analyseTable } from './table.js';
import type { StructNode } from './tree.js';

export function checkTables(c: StructCtx): void {
  if (
    ![R.cellOverlap, R.rowSpanOverflow, R.rowTooLong, R.rowTooShort, R.tdNoHeader].some((r) =>
      c.has(r),
    )
  )
    return;
  const { doc, tree } = c;
  const intersecting = new Set<StructNode>();
  const unconnected = new Map<StructNode, readonly string[]>();
  for (const node of tree.nodes) {
    if (node.standardType !== 'Table') continue;
    const loc = elementLocation(doc, node);
    const f = analyseTable(doc, tree.classMap, node);
    c.check(
      R.rowSpanOverflow,
      f.columnWithWrongRowSpan === null,
      loc,
      f.columnWithWrongRowSpan === null ? undefined : `column ${f.columnWithWrongRowSpan + 1}`,
    );
    c.check(
      R.rowTooLong,
      f.rowTooLong === null,
      loc,
      f.rowTooLong === null ? undefined : `row ${f.rowTooLong + 1}`,
    );
    c.check(
      R.rowTooShort,
      f.rowTooShort === null,
      loc,
      f.rowTooShort === null
        ? undefined
        : `row ${f.rowTooShort.row + 1} fills ${f.rowTooShort.filled} of ${f.rowTooShort.expected} columns`,
    );
    for (const n of f.intersecting) intersecting.add(n);
    for (const [n, ids] of f.unconnected) unconnected.set(n, ids);
  }
  for (const node of tree.nodes) {
    const st = node.standardType;
    if (st !== 'TD' && st !== 'TH') continue;
    const loc = elementLocation(doc, node);
    c.check(R.cellOverlap, !intersecting.has(node), loc);
    if (st !== 'TD') continue;
    const ids = unconnected.get(node);
    c.check(R.tdNoHeader, !(ids !== undefined && ids.length === 0), loc);
    c.check(
      R.tdUnknownHeader,
      !(ids !== undefined && ids.length > 0),
      loc,
      ids && ids.length > 0 ? `unknown IDs: ${ids.join(', ')}` : undefined,
    );
  }
}
