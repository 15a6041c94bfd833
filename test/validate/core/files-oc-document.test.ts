import { describe, expect, it } from 'vitest';
import { documentLevelArea } from '../../../src/validate/rules/document-level.js';
import { embeddedFilesArea } from '../../../src/validate/rules/embedded-files.js';
import { optionalContentArea } from '../../../src/validate/rules/optional-content.js';
import { simplePdf, type TestObject } from './build-pdf.js';
import { failedRules, failureLines } from './helpers.js';

describe('embedded files (6.8, 7.11)', () => {
  const spec = (extra: string): Uint8Array =>
    simplePdf({
      catalogExtra: '/Names << /EmbeddedFiles << /Names [(a.txt) 5 0 R] >> >> /AF [5 0 R]',
      extraObjects: [
        { body: `<< /Type /Filespec /EF << /F 6 0 R >> ${extra} >>` },
        { stream: { dict: '/Type /EmbeddedFile /Subtype /text#2Fplain', data: 'hello' } },
      ],
    });
  it('accepts a complete associated file in PDF/A-3', () => {
    expect(
      failedRules(spec('/F (a.txt) /UF (a.txt) /AFRelationship /Data'), 'pdfa-3b', [
        embeddedFilesArea,
      ]),
    ).toEqual([]);
  });
  it('reports missing F/UF, AFRelationship', () => {
    expect(failedRules(spec('/F (a.txt)'), 'pdfa-3b', [embeddedFilesArea])).toEqual([
      '6.8-2',
      '6.8-3',
    ]);
    expect(failedRules(spec('/F (a.txt) /UF ()'), 'pdfua-1', [embeddedFilesArea])).toEqual([
      '7.11-1',
    ]);
  });
  it('requires embedded files in PDF/A-2 to be PDF/A-1 or 2', () => {
    expect(failedRules(spec('/F (a.txt) /UF (a.txt)'), 'pdfa-2b', [embeddedFilesArea])).toEqual([
      '6.8-5',
    ]);
  });
  it('requires association through AF in PDF/A-3', () => {
    const pdf = simplePdf({
      catalogExtra: '/Names << /EmbeddedFiles << /Names [(a.txt) 5 0 R] >> >>',
      extraObjects: [
        { body: '<< /Type /Filespec /F (a) /UF (a) /AFRelationship /Data /EF << /F 6 0 R >> >>' },
        { stream: { dict: '/Type /EmbeddedFile', data: 'x' } },
      ],
    });
    expect(failedRules(pdf, 'pdfa-3b', [embeddedFilesArea])).toEqual(['6.8-1', '6.8-4']);
  });
});

describe('optional content (6.9, 7.10)', () => {
  const oc = (d: string, configs = ''): Uint8Array =>
    simplePdf({
      catalogExtra: `/OCProperties << /OCGs [5 0 R 6 0 R] /D ${d} ${configs} >>`,
      extraObjects: [
        { body: '<< /Type /OCG /Name (a) >>' },
        { body: '<< /Type /OCG /Name (b) >>' },
      ],
    });
  it('accepts a named configuration listing all groups', () => {
    expect(
      failedRules(oc('<< /Name (Default) /Order [5 0 R [(label) 6 0 R]] >>'), 'pdfa-2b', [
        optionalContentArea,
      ]),
    ).toEqual([]);
  });
  it('reports missing names, duplicates, incomplete Order and AS', () => {
    expect(
      failedRules(oc('<< /Order [5 0 R] /AS [] >>'), 'pdfa-2b', [optionalContentArea]),
    ).toEqual(['6.9-1', '6.9-3', '6.9-4']);
    expect(
      failedRules(oc('<< /Name (x) >>', '/Configs [<< /Name (x) >>]'), 'pdfa-2b', [
        optionalContentArea,
      ]),
    ).toEqual(['6.9-2']);
    expect(failedRules(oc('<< /AS [] >>'), 'pdfua-1', [optionalContentArea])).toEqual([
      '7.10-1',
      '7.10-2',
    ]);
  });
});

describe('document level (6.10, 6.11, 7.16)', () => {
  it('reports alternate presentations, PresSteps and Requirements', () => {
    const pdf = simplePdf({
      catalogExtra: '/Names << /AlternatePresentations << >> >> /Requirements []',
      pageExtra: '/PresSteps << >>',
    });
    expect(failedRules(pdf, 'pdfa-3b', [documentLevelArea])).toEqual([
      '6.10-1',
      '6.10-2',
      '6.11-1',
    ]);
    expect(failedRules(simplePdf(), 'pdfa-3b', [documentLevelArea])).toEqual([]);
  });
  it('requires the accessibility permission bit in encrypted PDF/UA files', () => {
    const enc = (p: number): Uint8Array =>
      simplePdf({
        extraObjects: [{ body: `<< /Filter /Standard /V 1 /R 2 /P ${p} >>` }],
        trailerExtra: '/Encrypt 5 0 R /ID [<01> <01>]',
      });
    // The handler has no O/U entries, so the reader cannot open it: the content is unread, and
    // the file is reported so ('internal-1') besides what the permission rule says.
    expect(failedRules(enc(-4), 'pdfua-1', [documentLevelArea])).toEqual(['internal-1']);
    expect(failedRules(enc(-516), 'pdfua-1', [documentLevelArea])).toEqual([
      '7.16-1',
      'internal-1',
    ]);
  });
});

describe('optional content: which configurations, which groups', () => {
  const groups = [{ body: '<< /Type /OCG /Name (a) >>' }, { body: '<< /Type /OCG /Name (b) >>' }];
  const props = (entries: string, flavour: 'pdfa-2b' | 'pdfua-1' = 'pdfa-2b'): string[] =>
    failureLines(
      simplePdf({ catalogExtra: `/OCProperties << ${entries} >>`, extraObjects: groups }),
      flavour,
      [optionalContentArea],
    );
  it('checks every alternate configuration, and names it in the report', () => {
    expect(
      props('/OCGs [5 0 R 6 0 R] /D << /Name (d) >> /Configs [<< /Name (x) >> 7 << /AS [] >>]'),
    ).toEqual([
      '6.9-1 @ optional content / configuration 3: ',
      '6.9-4 @ optional content / configuration 3: ',
    ]);
    expect(props('/D << /Name (d) /AS [] >>', 'pdfua-1')).toEqual([
      '7.10-2 @ optional content / default configuration: ',
    ]);
    expect(props('/Configs [<< /Name () >>]', 'pdfua-1')).toEqual([
      '7.10-1 @ optional content / configuration 1: ',
    ]);
  });
  it('says which name is repeated, and does not count unnamed configurations as repeats', () => {
    expect(props('/D << /Name (x) >> /Configs [<< /Name (x) >> << >> << >>]')).toEqual([
      '6.9-1 @ optional content / configuration 2: ',
      '6.9-1 @ optional content / configuration 3: ',
      '6.9-2 @ optional content / default configuration: name "x"',
      '6.9-2 @ optional content / configuration 1: name "x"',
    ]);
    expect(props('/D << /Name (x) >> /Configs [<< /Name (y) >>]')).toEqual([]);
  });
  it('counts the groups missing from Order, looking into nested arrays and references', () => {
    expect(props('/OCGs [5 0 R 6 0 R] /D << /Name (d) /Order [] >>')).toEqual([
      '6.9-3 @ optional content / default configuration: 2 group(s) missing from Order',
    ]);
    expect(
      props('/OCGs [5 0 R 6 0 R] /D << /Name (d) /Order [[[6 0 R]] (label) 5 0 R] >>'),
    ).toEqual([]);
    // Without an Order the viewer lists nothing to hide, so nothing is missing from it.
    expect(props('/OCGs [5 0 R 6 0 R] /D << /Name (d) >>')).toEqual([]);
    // Entries of OCGs that are not groups need no place in Order.
    expect(props('/OCGs [5 0 R 3] /D << /Name (d) /Order [5 0 R] >>')).toEqual([]);
  });
  it('ignores a document without optional content properties', () => {
    expect(props('')).toEqual([]);
    expect(
      failureLines(simplePdf({ catalogExtra: '/OCProperties 3' }), 'pdfa-2b', [
        optionalContentArea,
      ]),
    ).toEqual([]);
  });
});

describe('document level: where and why', () => {
  it('names the page that has presentation steps', () => {
    const pdf = simplePdf({
      catalogExtra: '/Names << /Dests << >> >>',
      pageExtra: '/PresSteps << >>',
    });
    expect(failureLines(pdf, 'pdfa-2u', [documentLevelArea])).toEqual(['6.10-2 @ page 1: ']);
  });
  it('does not run the PDF/A clauses for PDF/UA, nor the PDF/UA clause for PDF/A', () => {
    const pdf = simplePdf({
      catalogExtra: '/Names << /AlternatePresentations << >> >> /Requirements []',
      pageExtra: '/PresSteps << >>',
    });
    expect(failedRules(pdf, 'pdfua-1', [documentLevelArea])).toEqual([]);
  });
  it('reports the permissions it read', () => {
    const enc = (p: string): string[] =>
      failureLines(
        simplePdf({
          extraObjects: [{ body: `<< /Filter /Standard /V 1 /R 2 ${p} >>` }],
          trailerExtra: '/Encrypt 5 0 R /ID [<01> <01>]',
        }),
        'pdfua-1',
        [documentLevelArea],
      ).filter((line) => line.startsWith('7.16'));
    expect(enc('/P -516')).toEqual(['7.16-1 @ encryption dictionary: P -516']);
    expect(enc('')).toEqual(['7.16-1 @ encryption dictionary: no P entry']);
    expect(enc('/P 512')).toEqual([]);
  });
});

describe('embedded files: which file specifications, which streams, which associations', () => {
  const stream = (subtype = '/text#2Fplain'): { stream: { dict: string; data: string } } => ({
    stream: { dict: `/Type /EmbeddedFile /Subtype ${subtype}`, data: 'hello' },
  });
  const pdfa3 = (catalog: string, objects: TestObject[], page = ''): string[] =>
    failureLines(
      simplePdf({
        catalogExtra: catalog,
        pageExtra: page,
        extraObjects: objects,
      }),
      'pdfa-3b',
      [embeddedFilesArea],
    );
  const spec = '<< /Type /Filespec /F (a) /UF (a) /AFRelationship /Data /EF << /F 6 0 R >> >>';
  it('names a file of the name tree by its name, and reports it once', () => {
    expect(
      pdfa3('/Names << /EmbeddedFiles << /Names [(a.txt) 5 0 R] >> >>', [{ body: spec }, stream()]),
    ).toEqual(['6.8-4 @ embedded file a.txt: ']);
  });
  it('finds typed file specifications outside the name tree', () => {
    expect(pdfa3('/Extra 5 0 R', [{ body: spec }, stream()])).toEqual([
      '6.8-4 @ file specification / object 5: ',
    ]);
  });
  it('counts a file associated from a page, an annotation or any object, AF array or not', () => {
    expect(pdfa3('', [{ body: spec }, stream()], '/AF [5 0 R]')).toEqual([]);
    expect(pdfa3('', [{ body: spec }, stream()], '/AF 5 0 R')).toEqual([]);
    expect(
      pdfa3(
        '',
        [{ body: spec }, stream(), { body: '<< /Subtype /Text /AF [5 0 R] >>' }],
        '/Annots [7 0 R]',
      ),
    ).toEqual([]);
    expect(
      pdfa3('', [{ body: spec }, stream(), { body: '<< /Type /StructElem /AF [5 0 R] >>' }]),
    ).toEqual([]);
  });
  it('wants a MIME type of the form type/subtype on the embedded stream', () => {
    const mime = (subtype: string): string[] =>
      pdfa3('/AF [5 0 R]', [{ body: spec }, stream(subtype)]);
    expect(mime('/application#2Fvnd.ms-excel')).toEqual([]);
    expect(mime('/image#2Fsvg+xml')).toEqual([]);
    expect(mime('/text')).toEqual([
      '6.8-1 @ file specification / object 5 / embedded stream: Subtype text',
    ]);
    expect(mime('/text#2Fplain#3Bcharset=utf-8')).toHaveLength(1);
    expect(mime('/#2Fplain')).toHaveLength(1);
    expect(mime('(text/plain)')).toEqual([
      '6.8-1 @ file specification / object 5 / embedded stream: Subtype missing',
    ]);
  });
  it('reads the embedded stream under any of the EF keys', () => {
    for (const key of ['UF', 'DOS', 'Mac', 'Unix']) {
      const s = `<< /Type /Filespec /F (a) /UF (a) /AFRelationship /Data /EF << /${key} 6 0 R >> >>`;
      expect(pdfa3('/AF [5 0 R]', [{ body: s }, stream('/text')])).toHaveLength(1);
    }
  });
  it('wants F, UF and AFRelationship only of a specification that embeds a file', () => {
    expect(pdfa3('/AF [5 0 R]', [{ body: '<< /Type /Filespec /F (a) >>' }])).toEqual([
      '6.8-3 @ file specification / object 5: ',
    ]);
    expect(
      pdfa3('/AF [5 0 R]', [
        { body: '<< /Type /Filespec /UF (a) /AFRelationship /Data /EF << /F 6 0 R >> >>' },
        stream(),
      ]),
    ).toEqual(['6.8-2 @ file specification / object 5: ']);
    expect(
      pdfa3('/AF [5 0 R]', [
        { body: '<< /Type /Filespec /F (a) /UF (a) /AFRelationship null /EF << /F 6 0 R >> >>' },
        stream(),
      ]),
    ).toEqual(['6.8-3 @ file specification / object 5: ']);
  });
  it('wants a non-empty F and UF in PDF/UA only where a file is embedded', () => {
    const ua = (entries: string): string[] =>
      failedRules(
        simplePdf({
          catalogExtra: '/Extra 5 0 R',
          extraObjects: [{ body: `<< /Type /Filespec ${entries} >>` }],
        }),
        'pdfua-1',
        [embeddedFilesArea],
      );
    expect(ua('/F (a) /UF (a) /EF << >>')).toEqual([]);
    expect(ua('/UF (a) /EF << >>')).toEqual(['7.11-1']);
    expect(ua('/F () /UF (a) /EF << >>')).toEqual(['7.11-1']);
    expect(ua('/F (a)')).toEqual([]);
  });
  it('fails an embedded stream that cannot be decoded under PDF/A-2', () => {
    const pdf = simplePdf({
      catalogExtra: '/Extra 5 0 R',
      extraObjects: [
        { body: '<< /Type /Filespec /F (a) /UF (a) /EF << /F 6 0 R >> >>' },
        { stream: { dict: '/Type /EmbeddedFile /Filter /FlateDecode', data: 'not deflate' } },
      ],
    });
    expect(failureLines(pdf, 'pdfa-2b', [embeddedFilesArea])).toContain(
      '6.8-5 @ file specification / object 5 / embedded stream: the embedded file could not be decoded',
    );
  });
});

describe('embedded files and document level: the edges', () => {
  it('names a file of the name tree whose key is not text by the tree alone', () => {
    const pdf = simplePdf({
      catalogExtra: '/Names << /EmbeddedFiles << /Names [7 5 0 R] >> >>',
      extraObjects: [{ body: '<< /Type /Filespec /UF (a) /EF << /F 6 0 R >> >>' }],
    });
    expect(failureLines(pdf, 'pdfa-2b', [embeddedFilesArea])).toEqual(['6.8-2 @ embedded file: ']);
  });
  it('has nothing to validate under PDF/A-2 when EF holds no stream', () => {
    const pdf = simplePdf({
      catalogExtra: '/Extra 5 0 R',
      extraObjects: [{ body: '<< /Type /Filespec /F (a) /UF (a) /EF << /F 5 /UF (x) >> >>' }],
    });
    expect(failureLines(pdf, 'pdfa-2b', [embeddedFilesArea])).toEqual([]);
  });
  it('says where the alternate presentations and the requirements are', () => {
    const pdf = simplePdf({
      catalogExtra: '/Names << /AlternatePresentations << >> >> /Requirements []',
    });
    expect(failureLines(pdf, 'pdfa-3b', [documentLevelArea])).toEqual([
      '6.10-1 @ document catalog / Names: ',
      '6.11-1 @ document catalog: ',
    ]);
  });
});
