import { describe, expect, it } from 'vitest';
import { documentLevelArea } from '../../../src/validate/rules/document-level.js';
import { embeddedFilesArea } from '../../../src/validate/rules/embedded-files.js';
import { optionalContentArea } from '../../../src/validate/rules/optional-content.js';
import { simplePdf } from './build-pdf.js';
import { failedRules } from './helpers.js';

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
