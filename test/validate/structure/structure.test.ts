import { describe, expect, it } from 'vitest';
import { openDocument } from '../../../src/validate/parser/index.js';
import type { Flavour } from '../../../src/validate/contract.js';
import { structureArea } from '../../../src/validate/rules/structure/area.js';
import {
  buildPdf,
  docWith,
  el,
  failed,
  runStructure,
  scoped,
  stream,
  table,
  taggedDoc,
} from './helpers.js';

describe('document-level rules', () => {
  it('passes a minimal tagged document', () => {
    const checks = runStructure(docWith('[7 0 R]', [el('P', 6)]));
    expect(failed(checks)).toEqual([]);
    expect(checks.length).toBeGreaterThan(5);
  });

  it('reports missing MarkInfo, StructTreeRoot and DisplayDocTitle, and Suspects', () => {
    const bytes = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R /MarkInfo << /Suspects true >> >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>',
    ]);
    expect(failed(runStructure(bytes))).toEqual(['6.2-1', '7.1-10', '7.1-11', '7.1-4']);
    expect(failed(runStructure(bytes, 'pdfa-3a'))).toEqual(['6.7.2.2-1', '6.7.3.3-1']);
    expect(runStructure(bytes, 'pdfa-2b')).toEqual([]);
  });
});

describe('role map', () => {
  const withRoleMap = (s: string, roleMap: string) =>
    taggedDoc({
      rootKids: '[6 0 R]',
      rootExtra: `/RoleMap << ${roleMap} >>`,
      elements: [`<< /Type /StructElem /S /Document /P 5 0 R /K [7 0 R] >>`, el(s, 6)],
    });

  it('accepts a custom type mapped (indirectly) to a standard one', () => {
    expect(failed(runStructure(withRoleMap('Para', '/Para /MyP /MyP /P')))).toEqual([]);
  });

  it('reports an unmapped non-standard type', () => {
    const bytes = withRoleMap('Para', '');
    expect(failed(runStructure(bytes))).toEqual(['7.1-5']);
    expect(failed(runStructure(bytes, 'pdfa-2a'))).toEqual(['6.7.3.4-1']);
  });

  it('reports a circular mapping, once per rule, without looping', () => {
    const bytes = withRoleMap('A', '/A /B /B /A');
    expect(failed(runStructure(bytes))).toEqual(['7.1-6']);
    expect(failed(runStructure(bytes, 'pdfa-3a'))).toEqual(['6.7.3.4-2']);
  });

  it('reports a standard type remapped to another standard type (PDF/UA only)', () => {
    const bytes = withRoleMap('P', '/P /Span');
    expect(failed(runStructure(bytes))).toEqual(['7.1-7']);
    expect(failed(runStructure(bytes, 'pdfa-3a'))).toEqual([]);
  });

  it('reports a standard type mapped to a non-standard type under PDF/A', () => {
    expect(failed(runStructure(withRoleMap('P', '/P /Mine'), 'pdfa-2a'))).toEqual(['6.7.3.4-3']);
    // Even when the chain comes back to a standard type.
    expect(failed(runStructure(withRoleMap('P', '/P /Mine /Mine /Span'), 'pdfa-2a'))).toEqual([
      '6.7.3.4-3',
    ]);
  });
});

describe('parent and child types', () => {
  it('reads through Div and NonStruct when checking a table', () => {
    const bytes = docWith('[7 0 R]', [
      el('Table', 6, '/K [8 0 R]'),
      el('Div', 7, '/K [9 0 R]'),
      el('TR', 8, '/K [10 0 R]'),
      el('TD', 9),
    ]);
    expect(failed(runStructure(bytes))).toEqual([]);
  });

  it('reports table, list and TOC misuse with readable locations', () => {
    const bytes = docWith('[7 0 R 10 0 R 13 0 R 14 0 R]', [
      el('Table', 6, '/K [8 0 R 9 0 R]'),
      el('P', 7),
      el('TR', 7, '/K []'),
      el('L', 6, '/K [11 0 R 12 0 R]'),
      el('LI', 10, '/K [12 0 R]'),
      el('Caption', 10),
      el('TOCI', 6),
      el('TD', 6),
    ]);
    const checks = runStructure(bytes);
    expect(failed(checks)).toEqual(['7.2-20', '7.2-26', '7.2-3', '7.2-40', '7.2-9']);
    const td = checks.find((c) => c.id === '7.2-9' && !c.passed);
    expect(td?.location).toBe('structure element 14 (TD)');
    expect(td?.details).toBe('parent is Document');
  });

  it('checks THead/TBody/TFoot counts and order of captions', () => {
    const bytes = docWith('[7 0 R]', [
      el('Table', 6, '/K [8 0 R 9 0 R 10 0 R 11 0 R]'),
      el('THead', 7),
      el('Caption', 7),
      el('THead', 7),
      el('TFoot', 7),
    ]);
    expect(failed(runStructure(bytes))).toEqual(['7.2-11', '7.2-13', '7.2-14', '7.2-16']);
  });
});

describe('tables', () => {
  it('accepts a regular table with scoped headers and spans', () => {
    const bytes = table([
      [scoped('Column'), scoped('Column') + ' ', scoped('Column')],
      ['D /A << /O /Table /RowSpan 2 >>', 'D /A << /O /Table /ColSpan 2 >>'],
      ['D', 'D'],
    ]);
    expect(failed(runStructure(bytes))).toEqual([]);
  });

  it('reports short rows, long rows, row spans past the end and overlapping cells', () => {
    expect(failed(runStructure(table([['D', 'D'], ['D']])))).toEqual(['7.2-43']);
    expect(
      failed(
        runStructure(
          table([
            ['D', 'D'],
            ['D', 'D', 'D'],
          ]),
        ),
      ),
    ).toEqual(['7.2-42']);
    expect(
      failed(
        runStructure(
          table([
            ['D', 'D'],
            ['D', 'D /A << /O /Table /RowSpan 2 >>'],
          ]),
        ),
      ),
    ).toEqual(['7.2-41']);
    const overlap = table([
      ['D', 'D /A << /O /Table /RowSpan 2 >>', 'D'],
      ['D /A << /O /Table /ColSpan 2 >>', 'D'],
    ]);
    const checks = runStructure(overlap);
    expect(failed(checks)).toEqual(['7.2-15']);
    expect(checks.filter((c) => c.id === '7.2-15' && !c.passed)).toHaveLength(2);
  });

  it('ties data cells to headers through Headers/ID or Scope', () => {
    // A TH without Scope: the data cell needs Headers naming a TH ID.
    const noScope = table([
      ['H', 'H'],
      ['D', 'D'],
    ]);
    expect(failed(runStructure(noScope))).toEqual(['7.5-1']);
    const byId = table(
      [
        ['H /ID (h1)', 'H /ID (h2)'],
        ['D', 'D'],
      ],
      {
        '1,0': '/A << /O /Table /Headers [(h1)] >>',
        '1,1': '/A << /O /Table /Headers [(h2)] >>',
      },
    );
    expect(failed(runStructure(byId))).toEqual([]);
    const unknown = table(
      [
        ['H /ID (h1)', 'H'],
        ['D', 'D'],
      ],
      { '1,0': '/A << /O /Table /Headers [(zz)] >>' },
    );
    const checks = runStructure(unknown);
    expect(failed(checks)).toEqual(['7.5-2']);
    expect(checks.find((c) => c.id === '7.5-2' && !c.passed)?.details).toContain('zz');
  });
});

describe('headings, alternatives and notes', () => {
  const seq = (types: string[], more: string[] = []) =>
    docWith(
      `[${types.map((_, i) => `${7 + i} 0 R`).join(' ')}]`,
      types.map((t, i) => el(t, 6, more[i] ?? '')),
    );

  it('checks heading levels in document order', () => {
    expect(failed(runStructure(seq(['H1', 'H2', 'H3', 'H2', 'H1', 'H2'])))).toEqual([]);
    expect(failed(runStructure(seq(['H2', 'H3'])))).toEqual(['7.4.2-1']);
    expect(failed(runStructure(seq(['H1', 'H3'])))).toEqual(['7.4.2-1']);
  });

  it('reports mixing H with numbered headings and two H kids', () => {
    expect(failed(runStructure(seq(['H1', 'H'])))).toEqual(['7.4.4-2']);
    expect(failed(runStructure(seq(['H', 'H1'])))).toEqual(['7.4.4-3']);
    expect(failed(runStructure(seq(['H', 'H'])))).toEqual(['7.4.4-1']);
  });

  it('requires Alt or ActualText on Figure and Formula', () => {
    expect(failed(runStructure(seq(['Figure', 'Formula'], ['/Alt ()', '/ActualText ()'])))).toEqual(
      ['7.3-1'],
    );
    expect(failed(runStructure(seq(['Figure', 'Formula'], ['/Alt (A chart)', ''])))).toEqual([
      '7.7-1',
    ]);
  });

  it('requires unique Note IDs', () => {
    expect(
      failed(runStructure(seq(['Note', 'Note', 'Note'], ['/ID (n1)', '/ID (n1)', '']))),
    ).toEqual(['7.9-1', '7.9-2']);
  });
});

describe('natural language', () => {
  it('validates Lang values for PDF/A (empty allowed) and PDF/UA (tag required)', () => {
    const bytes = docWith('[7 0 R 8 0 R]', [el('P', 6, '/Lang ()'), el('P', 6, '/Lang (en_US)')]);
    expect(failed(runStructure(bytes))).toEqual(['7.2-29']);
    expect(failed(runStructure(bytes, 'pdfa-2a'))).toEqual(['6.7.4-1']);
    const checks = runStructure(bytes, 'pdfa-2a').filter((c) => !c.passed);
    expect(checks).toHaveLength(1);
    expect(checks[0].details).toContain('en_US');
  });

  it('needs a language for Alt text when the catalog has none', () => {
    const bytes = taggedDoc({
      rootKids: '[6 0 R 8 0 R]',
      catalogLang: null,
      elements: [
        `<< /Type /StructElem /S /Document /P 5 0 R /K [7 0 R] /Lang (de) >>`,
        el('Figure', 6, '/Alt (Bild)'),
        el('Figure', 5, '/Alt (picture) /E (expansion)'),
      ],
    });
    const checks = runStructure(bytes);
    expect(failed(checks)).toEqual(['7.2-22', '7.2-23']);
    expect(checks.find((c) => c.id === '7.2-22' && !c.passed)?.location).toBe(
      'structure element 8 (Figure)',
    );
  });

  it('checks outline items and Span ActualText when the catalog has no Lang', () => {
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
      '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt>' +
      '<rdf:li xml:lang="x-default">T</rdf:li></rdf:Alt></dc:title></rdf:Description></rdf:RDF></x:xmpmeta>';
    const bytes = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R /StructTreeRoot 5 0 R /MarkInfo << /Marked true >> /ViewerPreferences << /DisplayDocTitle true >> /Outlines 8 0 R /Metadata 10 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /StructParents 0 /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>',
      stream('/P <</MCID 0>> BDC /Span <</ActualText (x)>> BDC BT /F1 12 Tf (Hi) Tj ET EMC EMC'),
      '<< /Type /StructTreeRoot /K [6 0 R] /ParentTree 7 0 R >>',
      '<< /Type /StructElem /S /P /P 5 0 R /Pg 3 0 R /K 0 >>',
      '<< /Nums [0 [6 0 R]] >>',
      '<< /Type /Outlines /First 9 0 R /Last 9 0 R /Count 1 >>',
      '<< /Title (Intro) /Parent 8 0 R >>',
      stream(xmp, '/Type /Metadata /Subtype /XML'),
    ]);
    expect(failed(runStructure(bytes))).toEqual(['7.2-2', '7.2-30', '7.2-34']);
  });

  // veraPDF reads the Lang of BDC property lists in every content stream it parses, not only
  // in page content and the forms it draws.
  const langIn = (where: 'appearance' | 'pattern' | 'type3', lang: string) => {
    const marked = `/Span <</Lang (${lang})>> BDC 0 0 5 5 re f EMC`;
    const cell =
      '/Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 10 10] /XStep 10 /YStep 10 /Resources << >>';
    const type3 =
      '<< /Type /Font /Subtype /Type3 /FontBBox [0 0 10 10] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << /a 7 0 R >> ' +
      '/Encoding << /Type /Encoding /Differences [97 /a] >> /FirstChar 97 /LastChar 97 /Widths [1000] /Resources << >> >>';
    const setups = {
      appearance: {
        pageExtra: '/Annots [6 0 R]',
        content: '',
        extraObjects: [
          '<< /Type /Annot /Subtype /Square /Rect [0 0 10 10] /F 4 /AP << /N 7 0 R >> >>',
          stream(marked, '/Type /XObject /Subtype /Form /BBox [0 0 10 10]'),
        ],
      },
      pattern: {
        pageExtra: '/Resources << /Pattern << /P0 6 0 R >> >>',
        content: '/Artifact BMC /Pattern cs /P0 scn 0 0 50 50 re f EMC',
        extraObjects: [stream(marked, cell)],
      },
      type3: {
        pageExtra: '/Resources << /Font << /F0 6 0 R >> >>',
        content: '/Artifact BMC BT /F0 12 Tf (a) Tj ET EMC',
        extraObjects: [type3, stream(`1000 0 d0 ${marked}`)],
      },
    };
    return taggedDoc({ rootKids: '[]', elements: [], ...setups[where] });
  };

  it('checks Lang of property lists in annotation appearances, pattern cells and Type 3 glyphs', () => {
    for (const where of ['appearance', 'pattern', 'type3'] as const) {
      expect(failed(runStructure(langIn(where, 'en_GB'), 'pdfa-3a')), where).toContain('6.7.4-1');
      expect(failed(runStructure(langIn(where, 'en_GB'))), where).toContain('7.2-29');
      expect(failed(runStructure(langIn(where, 'en-GB'), 'pdfa-3a')), where).not.toContain(
        '6.7.4-1',
      );
      expect(failed(runStructure(langIn(where, 'en-GB'))), where).not.toContain('7.2-29');
    }
  });

  // veraPDF's PDAnnot reads Lang from the element its StructParent names, and from no ancestor.
  const annotDoc = (opts: {
    annotLang?: string;
    docLang?: string;
    structParent?: boolean;
    catalogLang?: string;
  }) =>
    taggedDoc({
      catalogLang: opts.catalogLang ?? null,
      rootKids: '[6 0 R]',
      rootExtra: '/ParentTree 9 0 R',
      pageExtra: '/Annots [8 0 R]',
      elements: [
        `<< /Type /StructElem /S /Document /P 5 0 R /K [7 0 R] ${opts.docLang ?? ''} >>`,
        `<< /Type /StructElem /S /Annot /P 6 0 R /K << /Type /OBJR /Obj 8 0 R >> ${opts.annotLang ?? ''} >>`,
      ],
      extraObjects: [
        `<< /Type /Annot /Subtype /Text /Rect [0 0 10 10] /Contents (Note) ${opts.structParent === false ? '' : '/StructParent 1'} >>`,
        '<< /Nums [1 7 0 R] >>',
      ],
    });

  it('takes the language of annotation Contents from its own structure element or the catalog', () => {
    expect(failed(runStructure(annotDoc({ annotLang: '/Lang (en)' })))).not.toContain('7.2-24');
    expect(failed(runStructure(annotDoc({ catalogLang: 'en' })))).not.toContain('7.2-24');
    expect(failed(runStructure(annotDoc({ docLang: '/Lang (en)' })))).toContain('7.2-24');
    expect(failed(runStructure(annotDoc({ annotLang: '/Lang /en' })))).toContain('7.2-24');
    expect(
      failed(runStructure(annotDoc({ annotLang: '/Lang (en)', structParent: false }))),
    ).toContain('7.2-24');
  });

  it('takes no Lang from a DP property list, as veraPDF makes no CosLang of one', () => {
    const bytes = taggedDoc({
      rootKids: '[]',
      elements: [],
      content: '/Artifact BMC /Span <</Lang (en_GB)>> DP 0 0 5 5 re f EMC',
    });
    expect(failed(runStructure(bytes, 'pdfa-3a'))).not.toContain('6.7.4-1');
  });
});

describe('content tagging', () => {
  const page = (content: string) =>
    taggedDoc({
      rootKids: '[6 0 R]',
      rootExtra: '/ParentTree 8 0 R',
      pageExtra:
        '/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>',
      content,
      elements: [
        `<< /Type /StructElem /S /Document /P 5 0 R /K [7 0 R] >>`,
        `<< /Type /StructElem /S /P /P 6 0 R /Pg 3 0 R /K [0] >>`,
        '<< /Nums [0 [7 0 R]] >>',
      ],
    });

  it('accepts tagged text and artifacts', () => {
    const checks = runStructure(
      page('/P <</MCID 0>> BDC BT /F1 12 Tf (a) Tj ET EMC /Artifact BMC 0 0 5 5 re f EMC'),
    );
    expect(failed(checks)).toEqual([]);
    expect(checks.some((c) => c.id === '7.1-3' && c.passed)).toBe(true);
  });

  it('reports untagged content, artifacts inside tagged content and tagged content inside artifacts', () => {
    expect(failed(runStructure(page('0 0 5 5 re f')))).toEqual(['7.1-3']);
    expect(
      failed(runStructure(page('/P <</MCID 0>> BDC /Artifact BMC 0 0 5 5 re f EMC EMC'))),
    ).toEqual(['7.1-1']);
    expect(
      failed(runStructure(page('/Artifact BMC /P <</MCID 0>> BDC 0 0 5 5 re f EMC EMC'))),
    ).toEqual(['7.1-2']);
    // An MCID that the parent tree does not know is not tagged content.
    expect(failed(runStructure(page('/P <</MCID 5>> BDC 0 0 5 5 re f EMC')))).toEqual(['7.1-3']);
  });

  it('shares one content walk between flavours of the same document', () => {
    const bytes = page('/Span <</Lang (en_GB)>> BDC 0 0 5 5 re f EMC');
    const doc = openDocument(bytes);
    const run = (flavour: Flavour) => {
      const out: string[] = [];
      const pdfa = flavour.startsWith('pdfa');
      structureArea.run({
        doc,
        flavour: { flavour, pdfaPart: pdfa ? 3 : null, pdfaLevel: pdfa ? 'a' : null },
        sink: { check: (r, passed) => void (passed || out.push(`${r.clause}-${r.testNumber}`)) },
      });
      return [...new Set(out)].sort();
    };
    expect(run('pdfa-3a')).toEqual(['6.7.4-1']);
    expect(run('pdfua-1')).toEqual(['7.1-3', '7.2-29']);
    expect(run('pdfa-3a')).toEqual(['6.7.4-1']);
  });

  it('reports a reference XObject', () => {
    const bytes = taggedDoc({
      rootKids: '[]',
      pageExtra: '/Resources << /XObject << /X0 6 0 R >> >>',
      content: '/Artifact BMC /X0 Do EMC',
      elements: [
        stream('', '/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Ref << /F (a.pdf) /Page 0 >>'),
      ],
    });
    expect(failed(runStructure(bytes))).toEqual(['7.20-1']);
  });
});

describe('form XObjects tied to the structure tree', () => {
  const withForm = (content: string, formExtra: string) =>
    taggedDoc({
      rootKids: '[]',
      pageExtra: '/Resources << /XObject << /X0 6 0 R >> >>',
      content,
      elements: [stream('', `/Type /XObject /Subtype /Form /BBox [0 0 1 1] ${formExtra}`)],
    });

  it('allows drawing a form with StructParents once, and an untied form many times', () => {
    expect(failed(runStructure(withForm('/Artifact BMC /X0 Do EMC', '/StructParents 1')))).toEqual(
      [],
    );
    expect(failed(runStructure(withForm('/Artifact BMC /X0 Do /X0 Do EMC', '')))).toEqual([]);
  });

  it('reports a form with StructParents drawn twice', () => {
    const checks = runStructure(withForm('/Artifact BMC /X0 Do /X0 Do EMC', '/StructParents 1'));
    expect(failed(checks)).toEqual(['7.20-2']);
    expect(checks.filter((c) => c.id === '7.20-2' && !c.passed)).toHaveLength(1);
  });
});

describe('hostile trees', () => {
  it('ends on a /K cycle and counts each element once', () => {
    const bytes = docWith('[7 0 R]', [
      el('Sect', 6, '/K [8 0 R]'),
      el('Div', 7, '/K [7 0 R 6 0 R]'),
    ]);
    const checks = runStructure(bytes);
    expect(checks.filter((c) => c.id === '7.1-12')).toHaveLength(3);
  });

  it('walks a 20,000-deep tree without overflowing the stack', () => {
    const depth = 5_000;
    const elements = [`<< /Type /StructElem /S /Document /P 5 0 R /K [7 0 R] /Lang (en) >>`];
    for (let i = 0; i < depth; i++) {
      const id = 7 + i;
      const kid = i + 1 < depth ? `/K [${id + 1} 0 R]` : '';
      elements.push(el('Div', id - 1, `${kid} ${i === depth - 1 ? '/Alt (x)' : ''}`));
    }
    const checks = runStructure(taggedDoc({ rootKids: '[6 0 R]', elements }));
    expect(checks.filter((c) => c.id === '7.1-12')).toHaveLength(depth + 1);
    expect(failed(checks)).toEqual([]);
  });
});
