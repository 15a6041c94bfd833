import { describe, expect, it } from 'vitest';
import { el, runStructure, scoped, table, taggedDoc, type Check } from './helpers.js';

/** Failed checks as `id @ location: details`. */
const failures = (checks: readonly Check[]): string[] =>
  checks
    .filter((c) => !c.passed)
    .map((c) => `${c.id} @ ${c.location}${c.details ? `: ${c.details}` : ''}`);

describe('table regularity (7.2-41 to 43): what a failure says', () => {
  it('names the table, the row and how many columns it fills', () => {
    expect(failures(runStructure(table([['D', 'D', 'D'], ['D']])))).toEqual([
      '7.2-43 @ structure element 7 (Table): row 2 fills 1 of 3 columns',
    ]);
    expect(failures(runStructure(table([['D'], ['D'], ['D', 'D']])))).toEqual([
      '7.2-42 @ structure element 7 (Table): row 3',
    ]);
    expect(
      failures(
        runStructure(
          table([
            ['D', 'D'],
            ['D', 'D', 'D'.concat(' /A << /O /Table /RowSpan 3 >>')],
          ]),
        ),
      ),
    ).toContain('7.2-42 @ structure element 7 (Table): row 2');
    expect(
      failures(
        runStructure(
          table([
            ['D', 'D /A << /O /Table /RowSpan 3 >>'],
            ['D', 'D'],
          ]),
        ),
      ),
    ).toContain('7.2-41 @ structure element 7 (Table): column 2');
  });
  it('makes no table checks for PDF/A', () => {
    const checks = runStructure(table([['D', 'D'], ['D']]), 'pdfa-3a');
    expect(checks.filter((c) => c.id.startsWith('7.'))).toEqual([]);
  });
});

describe('spans and attribute classes', () => {
  /** A 2x2 table whose cell (0,1) has `cell` and a root with `rootExtra`. */
  const grid = (cell: string, rootExtra = '') => {
    return taggedDoc({
      rootKids: '[6 0 R]',
      rootExtra,
      elements: [
        el('Document', 5, '/K [7 0 R]'),
        el('Table', 6, '/K [8 0 R 9 0 R]'),
        el('TR', 7, '/K [10 0 R 11 0 R]'),
        el('TR', 7, '/K [12 0 R]'),
        el('TD', 8),
        el('TD', 8, cell),
        el('TD', 9),
      ],
    });
  };
  const rowTwo = (cell: string, rootExtra = '') => failures(runStructure(grid(cell, rootExtra)));
  const SHORT = '7.2-43 @ structure element 7 (Table): row 2 fills 1 of 2 columns';
  it('reads RowSpan from the cell own attributes, a dictionary or an array with revisions', () => {
    expect(rowTwo('')).toEqual([SHORT]);
    expect(rowTwo('/A << /O /Table /RowSpan 2 >>')).toEqual([]);
    expect(rowTwo('/A [<< /O /Layout /RowSpan 1 >> << /O /Table /RowSpan 2 >> 0]')).toEqual([]);
    // Another owner's RowSpan is not the table's.
    expect(rowTwo('/A << /O /Layout /RowSpan 2 >>')).toEqual([SHORT]);
    // The first Table attribute object that has the key wins.
    expect(rowTwo('/A [<< /O /Table /RowSpan 1 >> << /O /Table /RowSpan 2 >>]')).toEqual([SHORT]);
    expect(rowTwo('/A [<< /O /Table /Scope /Row >> << /O /Table /RowSpan 2 >>]')).toEqual([]);
  });
  it('reads RowSpan from attribute classes, own attributes first', () => {
    const classes = '/ClassMap << /Tall << /O /Table /RowSpan 2 >> /Plain << /O /Table >> >>';
    expect(rowTwo('/C /Tall', classes)).toEqual([]);
    expect(rowTwo('/C [/Plain /Tall]', classes)).toEqual([]);
    expect(rowTwo('/C /Missing', classes)).toEqual([SHORT]);
    expect(rowTwo('/C (Tall)', classes)).toEqual([SHORT]);
    expect(rowTwo('/C /Tall')).toEqual([SHORT]);
    expect(rowTwo('/A << /O /Table /RowSpan 1 >> /C /Tall', classes)).toEqual([SHORT]);
  });
  it('takes a span as 1 unless it is an integer of at least 1', () => {
    for (const v of ['0', '-2', '2.0', '(2)'])
      expect(rowTwo(`/A << /O /Table /RowSpan ${v} >>`), v).toEqual([SHORT]);
  });
});

describe('headers of data cells (7.5)', () => {
  it('names the unknown IDs, and checks TH cells for overlap too', () => {
    const bytes = table(
      [
        ['H /ID (h1)', 'H'],
        ['D', 'D'],
      ],
      { '1,0': '/A << /O /Table /Headers [(zz) (h1) (yy)] >>' },
    );
    expect(failures(runStructure(bytes)).filter((f) => f.startsWith('7.5-2'))).toEqual([
      expect.stringMatching(/^7\.5-2 @ structure element \d+ \(TD\): unknown IDs: zz, yy$/),
    ]);
    const overlap = table([
      [scoped('Column'), 'H /A << /O /Table /RowSpan 2 >>'],
      ['H /A << /O /Table /ColSpan 2 >>'],
    ]);
    const found = failures(runStructure(overlap)).filter((f) => f.startsWith('7.2-15'));
    expect(found).toHaveLength(2);
    for (const f of found) expect(f).toMatch(/\(TH\)$/);
  });
});

describe('which elements the table rules check', () => {
  it('checks cells only, headers of data cells only, and gives details only on failure', () => {
    const checks = runStructure(
      table([
        [scoped('Column'), scoped('Column')],
        ['D', 'D'],
      ]),
    );
    const of = (id: string) => checks.filter((c) => c.id === id);
    expect(of('7.2-15')).toHaveLength(4);
    expect(of('7.5-1')).toHaveLength(2);
    expect(of('7.5-2')).toHaveLength(2);
    for (const id of ['7.2-15', '7.2-41', '7.2-42', '7.2-43', '7.5-1', '7.5-2'])
      for (const c of of(id)) expect(c, id).toMatchObject({ passed: true, details: undefined });
  });
});
