import { describe, expect, it } from 'vitest';
import type { Flavour } from '../../../src/validate/contract.js';
import {
  checksOf as of,
  docWith,
  el,
  failed,
  runStructure,
  taggedDoc,
  type Check,
} from './helpers.js';

/** Document (6) whose kids are the given element bodies, objects 7, 8, ... */
const kidsOfDocument = (bodies: string[], extra: Partial<Parameters<typeof taggedDoc>[0]> = {}) =>
  docWith(`[${bodies.map((_, i) => `${7 + i} 0 R`).join(' ')}]`, bodies, extra);

const run = (bytes: Uint8Array, flavour: Flavour = 'pdfua-1') => runStructure(bytes, flavour);

describe('role mapping of elements', () => {
  const withRoleMap = (bodies: string[], roleMap: string) =>
    kidsOfDocument(bodies, { rootExtra: `/RoleMap << ${roleMap} >>` });

  it('says which type is not mapped, or that the element has no type', () => {
    const bytes = withRoleMap(['<< /Type /StructElem /P 6 0 R >>', el('Para', 6)], '');
    const ua = run(bytes);
    // Checked only for elements without a standard type.
    expect(of(ua, '7.1-5')).toEqual([
      'FAIL structure element 7: the element has no S entry',
      'FAIL structure element 8 (Para): type /Para',
    ]);
    const pdfa = run(bytes, 'pdfa-2a');
    expect(of(pdfa, '6.7.3.4-1')).toEqual([
      'FAIL structure element 7: the element has no S entry',
      'FAIL structure element 8 (Para): type /Para',
    ]);
    // Neither circular nor a remapped standard type.
    expect(of(pdfa, '6.7.3.4-2')).toEqual([
      'pass structure element 7',
      'pass structure element 8 (Para)',
    ]);
    expect(of(pdfa, '6.7.3.4-3')).toEqual([
      'pass structure element 7',
      'pass structure element 8 (Para)',
    ]);
  });

  it('names the type mapped in a circle, which is then not reported as unmapped', () => {
    const bytes = withRoleMap([el('A', 6)], '/A /B /B /A');
    expect(of(run(bytes), '7.1-6')).toEqual([
      'pass structure element 6 (Document)',
      'FAIL structure element 7 (A): type /A',
    ]);
    expect(of(run(bytes), '7.1-5')).toEqual(['pass structure element 7 (A)']);
    const pdfa = run(bytes, 'pdfa-3a');
    expect(of(pdfa, '6.7.3.4-2')).toEqual(['FAIL structure element 7 (A): type /A']);
    expect(of(pdfa, '6.7.3.4-1')).toEqual(['pass structure element 7 (A)']);
  });

  it('names the target a standard type is remapped to', () => {
    // To another standard type: only PDF/UA objects.
    const toSpan = withRoleMap([el('P', 6)], '/P /Span');
    expect(of(run(toSpan), '7.1-7')).toEqual([
      'pass structure element 6 (Document)',
      'FAIL structure element 7 (P): /P is mapped to /Span',
    ]);
    expect(of(run(toSpan, 'pdfa-2a'), '6.7.3.4-3')).toEqual([]);
    // To a non-standard type that reaches nothing standard: both.
    const toMine = withRoleMap([el('P', 6)], '/P /Mine');
    expect(of(run(toMine), '7.1-7')).toEqual([
      'pass structure element 6 (Document)',
      'FAIL structure element 7 (P): /P is mapped to /Mine',
    ]);
    const pdfa = run(toMine, 'pdfa-2a');
    expect(of(pdfa, '6.7.3.4-3')).toEqual(['FAIL structure element 7 (P): /P is mapped to /Mine']);
    // A standard type that is mapped away is not "unmapped".
    expect(of(pdfa, '6.7.3.4-1')).toEqual(['pass structure element 7 (P)']);
  });

  it('checks a mapped non-standard type once for PDF/A remapping, and passes it', () => {
    const pdfa = run(withRoleMap([el('Para', 6)], '/Para /P'), 'pdfa-2a');
    expect(failed(pdfa)).toEqual([]);
    // A standard type resolved to itself is not checked against 6.7.3.4 at all.
    expect(of(pdfa, '6.7.3.4-3')).toEqual([]);
    expect(of(pdfa, '6.7.3.4-1')).toEqual([]);
  });
});

describe('parent entry', () => {
  it('requires a P entry that is not null', () => {
    const bytes = kidsOfDocument([
      '<< /Type /StructElem /S /P >>',
      '<< /Type /StructElem /S /P /P null >>',
      '<< /Type /StructElem /S /P /P 99 0 R >>',
      el('P', 6),
    ]);
    expect(of(run(bytes), '7.1-12')).toEqual([
      'pass structure element 6 (Document)',
      'FAIL structure element 7 (P)',
      'FAIL structure element 8 (P)',
      'FAIL structure element 9 (P)',
      'pass structure element 10 (P)',
    ]);
  });
});

describe('language of alternative texts on elements', () => {
  const figures = (bodies: string[], docExtra = '', catalogLang: string | null = null) =>
    taggedDoc({
      rootKids: '[6 0 R]',
      catalogLang,
      elements: [
        `<< /Type /StructElem /S /Document /P 5 0 R /K [${bodies.map((_, i) => `${7 + i} 0 R`).join(' ')}] ${docExtra} >>`,
        ...bodies,
      ],
    });

  it('checks ActualText, Alt and E each against the element, its parents and the catalog', () => {
    const texts = el('Span', 6, '/ActualText (a) /Alt (b) /E (c)');
    const ids = ['7.2-21', '7.2-22', '7.2-23'];
    // No language anywhere.
    expect(failed(run(figures([texts])))).toEqual(ids);
    for (const id of ids)
      expect(of(run(figures([texts])), id)).toEqual([
        'pass structure element 6 (Document)',
        'FAIL structure element 7 (Span)',
      ]);
    // The element's own Lang, a parent's, the catalog's (even empty).
    expect(
      failed(run(figures([el('Span', 6, '/ActualText (a) /Alt (b) /E (c) /Lang (en)')]))),
    ).toEqual([]);
    expect(failed(run(figures([texts], '/Lang (en)')))).toEqual([]);
    // (An empty catalog Lang is no valid language tag, but it settles the language.)
    expect(failed(run(figures([texts], '', '')))).toEqual(['7.2-29']);
    // A Lang that is not a string gives no language.
    expect(failed(run(figures([el('Span', 6, '/ActualText (a) /Lang /en')])))).toContain('7.2-21');
  });

  it('checks only the texts that are present, and passes elements without them', () => {
    const checks = run(figures([el('Span', 6, '/E (c)'), el('P', 6)]));
    expect(failed(checks)).toEqual(['7.2-23']);
    expect(of(checks, '7.2-21')).toEqual([
      'pass structure element 6 (Document)',
      'pass structure element 7 (Span)',
      'pass structure element 8 (P)',
    ]);
    expect(of(checks, '7.2-23')).toEqual([
      'pass structure element 6 (Document)',
      'FAIL structure element 7 (Span)',
      'pass structure element 8 (P)',
    ]);
    // Not a PDF/A rule.
    expect(failed(run(figures([el('Span', 6, '/E (c)')]), 'pdfa-2a'))).toEqual([]);
  });

  it('does not take the language from the element itself through a P pointing at it', () => {
    // The element names itself as its parent: its own Lang must not count twice, and a
    // parent that is itself gives no language.
    const bytes = taggedDoc({
      rootKids: '[6 0 R]',
      catalogLang: null,
      elements: [
        '<< /Type /StructElem /S /Document /P 5 0 R /K [7 0 R] /Lang (en) >>',
        '<< /Type /StructElem /S /Span /P 7 0 R /Alt (self) >>',
      ],
    });
    expect(of(run(bytes), '7.2-22')).toContainEqual('FAIL structure element 7 (Span)');
  });
});

describe('headings', () => {
  it('says which heading breaks the order', () => {
    const first = run(kidsOfDocument([el('H2', 6), el('H3', 6), el('H5', 6)]));
    expect(of(first, '7.4.2-1')).toEqual([
      'FAIL structure element 7 (H2): first heading is H2',
      'pass structure element 8 (H3)',
      'FAIL structure element 9 (H5): H5 follows H3',
    ]);
    // A heading level may go down any number of steps, and up by one.
    const ok = run(
      kidsOfDocument([el('H1', 6), el('H2', 6), el('H3', 6), el('H1', 6), el('H2', 6)]),
    );
    expect(failed(ok)).toEqual([]);
    expect(of(ok, '7.4.2-1')).toHaveLength(5);
  });

  it('reports numbered headings after H and H after numbered ones at each offender', () => {
    const checks = run(kidsOfDocument([el('H1', 6), el('H', 6), el('H2', 6)]));
    expect(of(checks, '7.4.4-2')).toEqual(['FAIL structure element 8 (H)']);
    expect(of(checks, '7.4.4-3')).toEqual([
      'pass structure element 7 (H1)',
      'FAIL structure element 9 (H2)',
    ]);
    const plain = run(kidsOfDocument([el('H', 6), el('P', 6)]));
    expect(of(plain, '7.4.4-2')).toEqual(['pass structure element 7 (H)']);
    expect(of(plain, '7.4.4-3')).toEqual([]);
  });

  it('counts the H kids of every element, reading through pass-through kids', () => {
    const checks = run(
      docWith('[7 0 R 8 0 R]', [el('H', 6), el('Div', 6, '/K [9 0 R]'), el('H', 8)]),
    );
    expect(of(checks, '7.4.4-1')).toEqual([
      'FAIL structure element 6 (Document): 2 H kids',
      'pass structure element 7 (H)',
      'pass structure element 8 (Div)',
      'pass structure element 9 (H)',
    ]);
    // A Div that holds itself has its one H once, though its parent was counted first.
    const cyclic = run(docWith('[7 0 R]', [el('Div', 6, '/K [8 0 R 7 0 R]'), el('H', 7)]));
    expect(failed(cyclic)).not.toContain('7.4.4-1');
  });
});

describe('alternative descriptions and notes', () => {
  it('takes a non-empty Alt or any ActualText as the description of a Figure or Formula', () => {
    const checks = run(
      kidsOfDocument([
        el('Figure', 6, '/Alt (chart)'),
        el('Figure', 6, '/Alt () /ActualText ()'),
        el('Figure', 6, '/Alt ()'),
        el('Figure', 6, '/Alt /chart'),
        el('Formula', 6, '/ActualText (x)'),
        el('Formula', 6),
      ]),
    );
    expect(of(checks, '7.3-1')).toEqual([
      'pass structure element 7 (Figure)',
      'pass structure element 8 (Figure)',
      'FAIL structure element 9 (Figure)',
      'FAIL structure element 10 (Figure)',
    ]);
    expect(of(checks, '7.7-1')).toEqual([
      'pass structure element 11 (Formula)',
      'FAIL structure element 12 (Formula)',
    ]);
  });

  it('requires a non-empty ID on each Note and names the repeated one', () => {
    const checks = run(
      kidsOfDocument([
        el('Note', 6, '/ID (n1)'),
        el('Note', 6, '/ID ()'),
        el('Note', 6, '/ID ()'),
        el('Note', 6, '/ID /n1'),
        el('Note', 6, '/ID (n2)'),
        el('Note', 6, '/ID (n1)'),
      ]),
    );
    expect(of(checks, '7.9-1')).toEqual([
      'pass structure element 7 (Note)',
      'FAIL structure element 8 (Note)',
      'FAIL structure element 9 (Note)',
      'FAIL structure element 10 (Note)',
      'pass structure element 11 (Note)',
      'pass structure element 12 (Note)',
    ]);
    // Empty and missing IDs are not duplicates of each other.
    expect(of(checks, '7.9-2')).toEqual([
      'pass structure element 7 (Note)',
      'pass structure element 8 (Note)',
      'pass structure element 9 (Note)',
      'pass structure element 10 (Note)',
      'pass structure element 11 (Note)',
      'FAIL structure element 12 (Note): ID "n1"',
    ]);
  });
});

describe('Form elements (7.18.4)', () => {
  const forms = (bodies: string[], extraObjects: string[] = [], rootExtra = '') =>
    kidsOfDocument(bodies, { extraObjects, rootExtra });

  it('accepts a PrintField Role, own or from a class, or exactly one widget reference', () => {
    // Objects 7-10 are Form elements; 11 is a widget, 12 a link.
    const checks = run(
      forms(
        [
          el('Form', 6, '/A << /O /PrintField /Role /tv >>'),
          el('Form', 6, '/C /field'),
          el('Form', 6, '/K << /Type /OBJR /Obj 11 0 R >>'),
          el('Form', 6, '/K [<< /Type /OBJR /Obj 11 0 R >>]'),
        ],
        [
          '<< /Type /Annot /Subtype /Widget /Rect [0 0 1 1] >>',
          '<< /Type /Annot /Subtype /Link /Rect [0 0 1 1] >>',
        ],
        '/ClassMap << /field << /O /PrintField /Role /cb >> >>',
      ),
    );
    expect(failed(checks)).toEqual([]);
    expect(of(checks, '7.18.4-2')).toHaveLength(4);
  });

  it('refuses a Form without a Role that holds anything but one widget reference', () => {
    const checks = run(
      forms(
        [
          el('Form', 6),
          el('Form', 6, '/K << /Type /OBJR /Obj 16 0 R >>'),
          el('Form', 6, '/K [<< /Type /OBJR /Obj 15 0 R >> << /Type /OBJR /Obj 15 0 R >>]'),
          el('Form', 6, '/K [<< /Type /OBJR /Obj 15 0 R >> 0]'),
          el('Form', 6, '/K [<< /Type /OBJR /Obj 15 0 R >> 17 0 R]'),
          el('Form', 6, '/K << /Type /OBJR /Obj 18 0 R >>'),
          el('Form', 6, '/A << /O /Layout /Role /tv >> /K 0'),
          el('Form', 6, '/A << /O /PrintField /Role null >>'),
        ],
        // Objects 15-18: a widget, a link, a kid element, an array.
        [
          '<< /Type /Annot /Subtype /Widget /Rect [0 0 1 1] >>',
          '<< /Type /Annot /Subtype /Link /Rect [0 0 1 1] >>',
          el('Span', 11),
          '[/Widget]',
        ],
      ),
    );
    expect(of(checks, '7.18.4-2')).toEqual(
      [7, 8, 9, 10, 11, 12, 13, 14].map((n) => `FAIL structure element ${n} (Form)`),
    );
    expect(of(run(forms([el('Form', 6)]), 'pdfa-2a'), '7.18.4-2')).toEqual([]);
  });
});

describe('parent and kid types of tables, lists and TOCs', () => {
  it('names the parent a table part, list part or TOC item sits in', () => {
    const checks = run(
      kidsOfDocument([
        el('TR', 6),
        el('THead', 6),
        el('TBody', 6),
        el('TFoot', 6),
        el('TH', 6),
        el('TD', 6),
        el('LI', 6),
        el('LBody', 6),
        el('TOCI', 6),
      ]),
    );
    const parentRules = {
      '7.2-4': 7,
      '7.2-5': 8,
      '7.2-6': 9,
      '7.2-7': 10,
      '7.2-8': 11,
      '7.2-9': 12,
      '7.2-17': 13,
      '7.2-18': 14,
      '7.2-26': 15,
    };
    for (const [id, n] of Object.entries(parentRules)) {
      const type = checks.find((c) => c.id === id)?.location;
      expect(of(checks, id), id).toEqual([`FAIL ${type}: parent is Document`]);
      expect(type, id).toMatch(new RegExp(`^structure element ${n} `));
    }
  });

  it('accepts each part in its own parent, and says "none" without a parent', () => {
    const good = run(
      docWith('[7 0 R 12 0 R 15 0 R 20 0 R]', [
        el('Table', 6, '/K [8 0 R 9 0 R 10 0 R 11 0 R]'),
        el('THead', 7, '/K [16 0 R]'),
        el('TBody', 7, '/K [17 0 R]'),
        el('TFoot', 7, '/K [18 0 R]'),
        el('TR', 7, '/K [19 0 R]'),
        el('L', 6, '/K [13 0 R]'),
        el('LI', 12, '/K [14 0 R]'),
        el('LBody', 13),
        el('TOC', 6, '/K [21 0 R]'),
        el('TR', 8, '/K [22 0 R]'),
        el('TR', 9, '/K [23 0 R]'),
        el('TR', 10, '/K [24 0 R]'),
        el('TH', 11),
        el('P', 6),
        el('TOCI', 15),
        el('TH', 16),
        el('TD', 17),
        el('TD', 18),
      ]),
    );
    const parentRules = [
      '7.2-4',
      '7.2-5',
      '7.2-6',
      '7.2-7',
      '7.2-8',
      '7.2-9',
      '7.2-17',
      '7.2-18',
      '7.2-26',
    ];
    expect(failed(good).filter((id) => parentRules.includes(id))).toEqual([]);
    for (const id of parentRules) expect(of(good, id).length, id).toBeGreaterThan(0);
    const orphan = run(kidsOfDocument([el('TD', 6), '<< /Type /StructElem /S /TH >>']));
    expect(of(orphan, '7.2-8')).toEqual(['FAIL structure element 8 (TH): parent is none']);
  });

  it('accepts a row in each kind of row group and in a table, and no other parent', () => {
    for (const parent of ['Table', 'THead', 'TBody', 'TFoot']) {
      const checks = run(docWith('[7 0 R]', [el(parent, 6, '/K [8 0 R]'), el('TR', 7)]));
      expect(of(checks, '7.2-4'), parent).toEqual(['pass structure element 8 (TR)']);
    }
    for (const parent of ['TR', 'Sect', 'TD']) {
      const checks = run(docWith('[7 0 R]', [el(parent, 6, '/K [8 0 R]'), el('TR', 7)]));
      expect(
        of(checks, '7.2-4').filter((c) => c.includes('element 8')),
        parent,
      ).toEqual([`FAIL structure element 8 (TR): parent is ${parent}`]);
    }
  });

  it('names the kids a table, row, row group, list, list item or TOC must not hold', () => {
    const checks = run(
      docWith('[7 0 R 8 0 R 9 0 R 10 0 R 11 0 R 12 0 R 13 0 R 14 0 R]', [
        el('Table', 6, '/K [15 0 R 16 0 R]'),
        el('TR', 6, '/K [17 0 R]'),
        el('THead', 6, '/K [18 0 R]'),
        el('TBody', 6, '/K [19 0 R]'),
        el('TFoot', 6, '/K [20 0 R]'),
        el('L', 6, '/K [21 0 R]'),
        el('LI', 6, '/K [22 0 R]'),
        el('TOC', 6, '/K [23 0 R]'),
        el('TR', 7),
        el('P', 7),
        el('P', 8),
        el('TD', 9),
        el('TD', 10),
        el('TD', 11),
        el('P', 12),
        el('P', 13),
        el('P', 14),
      ]),
    );
    const kidRules = {
      '7.2-3': 'structure element 7 (Table): kids: TR, P',
      '7.2-10': 'structure element 8 (TR): kids: P',
      '7.2-36': 'structure element 9 (THead): kids: TD',
      '7.2-37': 'structure element 10 (TBody): kids: TD',
      '7.2-38': 'structure element 11 (TFoot): kids: TD',
      '7.2-19': 'structure element 12 (L): kids: P',
      '7.2-20': 'structure element 13 (LI): kids: P',
      '7.2-27': 'structure element 14 (TOC): kids: P',
    };
    for (const [id, what] of Object.entries(kidRules))
      expect(
        of(checks, id).filter((c) => c.startsWith('FAIL')),
        id,
      ).toEqual([`FAIL ${what}`]);
  });

  it('accepts the kids each container may hold', () => {
    const checks = run(
      docWith('[7 0 R 8 0 R 9 0 R]', [
        el('Table', 6, '/K [10 0 R 11 0 R 12 0 R 13 0 R 14 0 R]'),
        el('L', 6, '/K [15 0 R 16 0 R 17 0 R]'),
        el('TOC', 6, '/K [18 0 R 19 0 R 20 0 R]'),
        el('Caption', 7),
        el('THead', 7, '/K [21 0 R]'),
        el('TBody', 7, '/K [22 0 R]'),
        el('TFoot', 7, '/K [23 0 R]'),
        el('TR', 7, '/K [24 0 R 25 0 R]'),
        el('Caption', 8),
        el('L', 8),
        el('LI', 8, '/K [26 0 R 27 0 R]'),
        el('Caption', 9),
        el('TOC', 9),
        el('TOCI', 9),
        el('TR', 11),
        el('TR', 12),
        el('TR', 13),
        el('TH', 14),
        el('TD', 14),
        el('Lbl', 17),
        el('LBody', 17),
      ]),
    );
    expect(failed(checks)).toEqual([]);
    for (const id of [
      '7.2-3',
      '7.2-10',
      '7.2-36',
      '7.2-37',
      '7.2-38',
      '7.2-19',
      '7.2-20',
      '7.2-27',
    ])
      expect(of(checks, id).length, id).toBeGreaterThan(0);
  });

  it('counts head, foot and caption kids of a table and where captions stand', () => {
    const table = (kids: string[]) =>
      run(
        docWith('[7 0 R]', [
          el('Table', 6, `/K [${kids.map((_, i) => `${8 + i} 0 R`).join(' ')}]`),
          ...kids.map((k) => el(k, 7)),
        ]),
      );
    const at7 = (checks: Check[], id: string) => of(checks, id)[0];
    const two = table(['THead', 'THead', 'TFoot', 'TFoot', 'Caption', 'Caption']);
    expect(at7(two, '7.2-11')).toBe(
      'FAIL structure element 7 (Table): kids: THead, THead, TFoot, TFoot, Caption, Caption',
    );
    expect(at7(two, '7.2-12')).toMatch(/^FAIL/);
    expect(at7(two, '7.2-39')).toMatch(/^FAIL/);
    expect(at7(two, '7.2-13')).toMatch(/^FAIL/);
    expect(at7(two, '7.2-14')).toMatch(/^FAIL/);
    const one = table(['Caption', 'THead', 'TBody', 'TFoot']);
    for (const id of ['7.2-11', '7.2-12', '7.2-13', '7.2-14', '7.2-16', '7.2-39'])
      expect(at7(one, id), id).toBe('pass structure element 7 (Table)');
    // A caption last is in place; one between other kids is not.
    expect(at7(table(['TR', 'Caption']), '7.2-16')).toMatch(/^pass/);
    expect(at7(table(['TR', 'Caption', 'TR']), '7.2-16')).toMatch(/^FAIL/);
    // A foot or a head alone needs a body.
    expect(at7(table(['TFoot', 'TR']), '7.2-13')).toMatch(/^FAIL/);
    expect(at7(table(['THead', 'TR']), '7.2-14')).toMatch(/^FAIL/);
    expect(at7(table(['THead', 'TR']), '7.2-13')).toMatch(/^pass/);
    expect(at7(table(['TFoot', 'TR']), '7.2-14')).toMatch(/^pass/);
  });

  it('wants the caption of a list or TOC first', () => {
    const list = (type: string, kids: string[]) =>
      run(
        docWith('[7 0 R]', [
          el(type, 6, `/K [${kids.map((_, i) => `${8 + i} 0 R`).join(' ')}]`),
          ...kids.map((k) => el(k, 7)),
        ]),
      );
    expect(of(list('L', ['Caption', 'LI']), '7.2-40')).toEqual(['pass structure element 7 (L)']);
    expect(of(list('L', ['LI', 'Caption']), '7.2-40')).toEqual([
      'FAIL structure element 7 (L): kids: LI, Caption',
    ]);
    expect(of(list('TOC', ['Caption', 'TOCI']), '7.2-28')).toEqual([
      'pass structure element 7 (TOC)',
    ]);
    expect(of(list('TOC', ['TOCI', 'Caption']), '7.2-28')).toEqual([
      'FAIL structure element 7 (TOC): kids: TOCI, Caption',
    ]);
  });

  it('checks no containment for PDF/A, nor for elements without a standard type', () => {
    const bytes = kidsOfDocument([el('TD', 6), el('Mine', 6, '/K [9 0 R]'), el('TD', 8)]);
    expect(failed(run(bytes, 'pdfa-2a'))).toEqual(['6.7.3.4-1']);
    expect(of(run(bytes), '7.2-9')).toEqual([
      'FAIL structure element 7 (TD): parent is Document',
      'FAIL structure element 9 (TD): parent is none',
    ]);
  });
});
