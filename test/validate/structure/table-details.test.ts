/**
 * Tables in the structure tree, beyond the basic shapes of structure.test.ts: rows inside row
 * groups (THead, TBody, TFoot) count like rows of the table, and a data cell's header is found
 * along its column upwards and along its row leftwards, stopping after the nearest run of
 * header cells (PDF/UA-1 7.2 table regularity, 7.5 headers).
 */
import { describe, expect, it } from 'vitest';
import { el, failed, runStructure, scoped, table, taggedDoc } from './helpers.js';

/**
 * A table whose rows sit in row groups: `groups` maps a group type (or 'TR' for a row placed
 * directly in the table) to its rows; a cell is 'D' / 'H' optionally followed by attributes.
 */
function groupedTable(groups: [string, string[][]][]): Uint8Array {
  const elements: string[] = [`<< /Type /StructElem /S /Document /P 5 0 R /K [7 0 R] >>`];
  const bodies: string[] = [];
  let next = 8;
  const alloc = () => next++;
  const tableKids: number[] = [];
  const rowOf = (cells: string[], parent: number): number => {
    const id = alloc();
    const cellIds = cells.map(() => alloc());
    bodies[id] = el('TR', parent, `/K [${cellIds.map((i) => `${i} 0 R`).join(' ')}]`);
    cells.forEach((cell, i) => {
      bodies[cellIds[i]!] = el(cell.startsWith('H') ? 'TH' : 'TD', id, cell.slice(1));
    });
    return id;
  };
  for (const [kind, rows] of groups) {
    if (kind === 'TR') {
      for (const r of rows) tableKids.push(rowOf(r, 7));
      continue;
    }
    const group = alloc();
    tableKids.push(group);
    const rowIds = rows.map((r) => rowOf(r, group));
    bodies[group] = el(kind, 7, `/K [${rowIds.map((i) => `${i} 0 R`).join(' ')}]`);
  }
  elements.push(el('Table', 6, `/K [${tableKids.map((i) => `${i} 0 R`).join(' ')}]`));
  for (let i = 8; i < next; i++) elements.push(bodies[i]!);
  return taggedDoc({ rootKids: '[6 0 R]', elements });
}

describe('rows in row groups', () => {
  it('accepts a regular table of THead, TBody and TFoot', () => {
    const bytes = groupedTable([
      ['THead', [[scoped('Column'), scoped('Column')]]],
      [
        'TBody',
        [
          ['D', 'D'],
          ['D', 'D'],
        ],
      ],
      ['TFoot', [['D', 'D']]],
    ]);
    expect(failed(runStructure(bytes))).toEqual([]);
  });

  // Each group where the specification lets it stand (THead first, TFoot last), holding the
  // one short row: a short first row makes the later ones long (7.2-42), a short later row is
  // short (7.2-43).
  const shortIn: Record<string, [string, string[][]][]> = {
    THead: [
      ['THead', [['D']]],
      ['TBody', [['D', 'D']]],
    ],
    TBody: [
      ['TBody', [['D', 'D']]],
      ['TBody', [['D']]],
    ],
    TFoot: [
      ['TBody', [['D', 'D']]],
      ['TFoot', [['D']]],
    ],
  };
  for (const [group, groups] of Object.entries(shortIn)) {
    it(`counts the rows of a ${group} (a short row there is reported)`, () => {
      const expected = group === 'THead' ? '7.2-42' : '7.2-43';
      expect(failed(runStructure(groupedTable(groups)))).toEqual([expected]);
    });
  }

  it('takes only TR children of a row group as rows', () => {
    // A paragraph in a TBody is not a row: the table stays two rows of two cells.
    const elements = [
      `<< /Type /StructElem /S /Document /P 5 0 R /K [7 0 R] >>`,
      el('Table', 6, '/K [8 0 R 9 0 R]'),
      el('TR', 7, '/K [11 0 R 12 0 R]'),
      el('TBody', 7, '/K [10 0 R 15 0 R]'),
      el('TR', 9, '/K [13 0 R 14 0 R]'),
      el('TD', 8),
      el('TD', 8),
      el('TD', 10),
      el('TD', 10),
      el('TR', 9, '/K [16 0 R]'),
      el('TD', 15),
    ];
    // Object 15 is a one-cell row in the TBody: short, so 7.2-43. Made a P, it is no row (no
    // short row is reported), only a child a TBody may not have.
    expect(failed(runStructure(taggedDoc({ rootKids: '[6 0 R]', elements })))).toEqual(['7.2-43']);
    const asParagraph = elements.slice();
    asParagraph[9] = el('P', 9);
    expect(failed(runStructure(taggedDoc({ rootKids: '[6 0 R]', elements: asParagraph })))).toEqual(
      ['7.2-37'],
    );
  });
});

describe('headers found along rows and columns', () => {
  // At least one TH without Scope, so that the data cells' headers are looked for at all.
  const plain = 'H';

  it('finds a row header to the left of a data cell', () => {
    const bytes = table([
      [plain, plain, plain],
      [scoped('Row'), 'D', 'D'],
      [scoped('Row'), 'D', 'D'],
    ]);
    expect(failed(runStructure(bytes))).toEqual([]);
  });

  it('treats Scope Both as a row and a column header', () => {
    expect(
      failed(
        runStructure(
          table([
            [plain, plain],
            [scoped('Both'), 'D'],
          ]),
        ),
      ),
    ).toEqual([]);
    expect(
      failed(
        runStructure(
          table([
            [plain, scoped('Both')],
            [plain, 'D'],
          ]),
        ),
      ),
    ).toEqual([]);
  });

  it('stops along a row after the nearest run of header cells', () => {
    // Last cell: to its left an unscoped TH, then a data cell: the search stops there and
    // never reaches the Row header at the start.
    const stopped = table([
      [plain, plain, plain, plain],
      [scoped('Row'), 'D', 'H', 'D'],
    ]);
    const checks = runStructure(stopped);
    expect(failed(checks)).toEqual(['7.5-1']);
    // A run of header cells is passed over: an unscoped TH right of a Row header.
    const run = table([
      [plain, plain, plain],
      [scoped('Row'), 'H', 'D'],
    ]);
    expect(failed(runStructure(run))).toEqual([]);
  });

  it('stops along a column after the nearest run of header cells', () => {
    const stopped = table([
      [scoped('Column'), scoped('Column')],
      ['D', 'D'],
      [plain, plain],
      ['D', 'D'],
    ]);
    expect(failed(runStructure(stopped))).toEqual(['7.5-1']);
    const run = table([
      [scoped('Column'), scoped('Column')],
      [plain, plain],
      ['D', 'D'],
    ]);
    expect(failed(runStructure(run))).toEqual([]);
  });

  it('looks along every column a spanning cell covers and every row it spans', () => {
    // The data cell spans two columns; only the second has a Column header above it.
    const cols = table([[plain, scoped('Column')], ['D /A << /O /Table /ColSpan 2 >>']]);
    expect(failed(runStructure(cols))).toEqual([]);
    // The data cell spans two rows; only the second has a Row header to its left.
    const rows = table([
      [plain, plain],
      [plain, 'D /A << /O /Table /RowSpan 2 >>'],
      [scoped('Row')],
    ]);
    expect(failed(runStructure(rows))).toEqual([]);
  });

  it('does not take a Row header for a column header or the reverse', () => {
    expect(
      failed(
        runStructure(
          table([
            [plain, scoped('Row')],
            [plain, 'D'],
          ]),
        ),
      ),
    ).toEqual(['7.5-1']);
    expect(
      failed(
        runStructure(
          table([
            [plain, plain],
            [scoped('Column'), 'D'],
          ]),
        ),
      ),
    ).toEqual(['7.5-1']);
  });
});
