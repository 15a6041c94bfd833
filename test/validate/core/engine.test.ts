import { describe, expect, it } from 'vitest';
import { clauseMatches, expectationOf, judge } from '../../../src/validate/conformance/corpus.js';
import { NotPdfError, identify, validate } from '../../../src/validate/index.js';
import {
  PDFA_ALL,
  PDFUA,
  type RuleArea,
  type RuleSpec,
} from '../../../src/validate/model/checks.js';
import { formatTextReport } from '../../../src/validate/text-report.js';
import { bytesOf, simplePdf } from './build-pdf.js';

const failing: RuleSpec = {
  clause: '6.9.9',
  testNumber: 3,
  object: 'Test',
  category: 'Optional content',
  message: 'test rule failed',
  flavours: PDFA_ALL,
};
const uaOnly: RuleSpec = {
  ...failing,
  clause: '7.99',
  testNumber: 1,
  flavours: PDFUA,
  category: 'Security',
};

const testArea: RuleArea = {
  name: 'test',
  rules: [failing, uaOnly],
  run({ sink }) {
    for (let i = 0; i < 30; i++) sink.check(failing, false, `object ${i}`, 'detail');
    sink.check(failing, true, 'object 99');
    sink.check(uaOnly, true, 'document');
  },
};
const throwingArea: RuleArea = {
  name: 'broken',
  rules: [failing],
  run() {
    throw new Error('boom');
  },
};

const xmp = (props: string): string =>
  `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmlns:dc="http://purl.org/dc/elements/1.1/">${props}</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

describe('engine', () => {
  it('builds the response: profiles, counts, capped failures, categories', () => {
    const r = validate(simplePdf(), { flavours: ['pdfa-3a', 'pdfua-1'], areas: [testArea] });
    expect(r.isCompliant).toBe(false);
    expect(r.profiles).toEqual([
      {
        profile: 'PDF/A-3A',
        specification: 'ISO 19005-3:2012',
        isCompliant: false,
        totalChecks: 31,
        passedChecks: 1,
        failedChecks: 30,
      },
      {
        profile: 'PDF/UA-1',
        specification: 'ISO 14289-1:2014',
        isCompliant: true,
        totalChecks: 1,
        passedChecks: 1,
        failedChecks: 0,
      },
    ]);
    expect(r.failures).toHaveLength(20);
    expect(r.failures![0]).toMatchObject({
      profile: 'PDF/A-3A',
      clause: '6.9.9',
      testNumber: 3,
      location: 'object 0',
    });
    expect(r.failures![0].errorDetails).toContain('30');
    expect(r.summary).toMatchObject({ totalChecks: 32, passedChecks: 2, failedChecks: 30 });
    expect(r.summary.categories).toEqual([
      { category: 'Optional content', passedChecks: 1, failedChecks: 30 },
      { category: 'Security', passedChecks: 1, failedChecks: 0 },
    ]);
  });

  it('reports an area that throws as a finding instead of crashing', () => {
    const r = validate(simplePdf(), { flavours: ['pdfa-2b'], areas: [throwingArea] });
    expect(r.isCompliant).toBe(false);
    expect(r.failures![0]).toMatchObject({ clause: 'internal', errorDetails: 'boom' });
  });

  it('fills documentInfo and metadata', () => {
    const pdf = simplePdf({
      catalogExtra: '/Lang (en-GB) /MarkInfo << /Marked true >>',
      resources: '<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>',
      extraObjects: [
        {
          body: "<< /Title <FEFF00480069> /Producer (p) /CreationDate (D:20240102030405+01'00') >>",
        },
      ],
      trailerExtra: '/Info 5 0 R /ID [<01> <01>]',
    });
    const r = validate(pdf, { flavours: ['pdfa-2b'], areas: [] });
    expect(r.documentInfo).toEqual({
      pages: 1,
      tagged: true,
      language: 'en-GB',
      structureElements: 0,
      fonts: [{ name: 'Helvetica', embedded: false, type: 'Type1' }],
      images: 0,
    });
    expect(r.metadata).toEqual({
      title: 'Hi',
      subject: null,
      author: null,
      creator: null,
      producer: 'p',
      creationDate: '2024-01-02T03:04:05+01:00',
    });
  });

  it('reads the claimed flavours for auto, and identifies the file', () => {
    const packet = xmp(
      '<pdfaid:part>3</pdfaid:part><pdfaid:conformance>A</pdfaid:conformance><pdfuaid:part>1</pdfuaid:part><xmpMM:DocumentID>uuid:1234</xmpMM:DocumentID>',
    );
    const pdf = simplePdf({
      catalogExtra: '/Metadata 5 0 R',
      extraObjects: [
        {
          stream: { dict: '/Type /Metadata /Subtype /XML', data: new TextEncoder().encode(packet) },
        },
      ],
    });
    const r = validate(pdf, { flavours: 'auto', areas: [testArea] });
    expect(r.profiles.map((p) => p.profile)).toEqual(['PDF/A-3A', 'PDF/UA-1']);
    expect(identify(pdf)).toEqual({
      documentId: '1234',
      pdfa: { part: 3, conformance: 'A' },
      pdfua: { part: 1 },
      title: null,
      pages: 1,
    });
    expect(
      validate(simplePdf(), { flavours: 'auto', areas: [] }).profiles.map((p) => p.profile),
    ).toEqual(['PDF/A-3A', 'PDF/UA-1']);
  });

  it('throws NotPdfError for non-PDF bytes', () => {
    expect(() => validate(bytesOf('GIF89a'), { flavours: ['pdfa-3a'] })).toThrow(NotPdfError);
    expect(() => identify(bytesOf(''))).toThrow(NotPdfError);
  });

  it('formats a text report grouped by what to fix, ending with one line per profile', () => {
    const r = validate(simplePdf(), { flavours: ['pdfa-3a'], areas: [testArea] });
    const text = formatTextReport('a.pdf', r);
    const lines = text.split('\n');
    expect(lines[0]).toBe('a.pdf: NOT compliant');
    expect(text).toContain('  1. test rule failed');
    expect(text).toContain('     Optional content; 6.9.9-3 in PDF/A-3A');
    // Twenty failing places are kept by the engine; ten are listed, the rest counted.
    expect(text.match(/ {5}at object/g)).toHaveLength(10);
    expect(text).toContain('and 10 more place(s)');
    expect(lines[lines.length - 1]).toMatch(
      /^PDF\/A-3A \(ISO 19005-3:2012\): FAIL - \d+ of \d+ checks failed$/,
    );
  });
});

describe('conformance corpus rules', () => {
  it('reads expectations from paths', () => {
    expect(
      expectationOf('PDF_A-2b/6.2 Graphics/x/veraPDF test suite 6-2-4-3-t02-fail-a.pdf'),
    ).toEqual({
      flavour: 'pdfa-2b',
      clause: '6.2.4.3',
      testNumber: 2,
      outcome: 'fail',
    });
    expect(expectationOf('PDF_UA-1/7.2 Text/7.2-t14-pass-b.pdf')).toMatchObject({
      flavour: 'pdfua-1',
      clause: '7.2',
      outcome: 'pass',
    });
    expect(expectationOf('other/7.2-t14-pass-b.pdf')).toBeNull();
  });
  it('matches a clause, its parent and its sub-clauses', () => {
    expect(clauseMatches('6.2.8.1', '6.2.8')).toBe(true);
    expect(clauseMatches('6.2.8', '6.2.8.3')).toBe(true);
    expect(clauseMatches('6.2.8', '6.2.80')).toBe(false);
    expect(clauseMatches('6.2.8', '6.2')).toBe(true);
    expect(clauseMatches('6.2.8', '6.2.9')).toBe(false);
  });
  it('judges pass and fail files', () => {
    const exp = expectationOf('PDF_A-2b/6.9-t01-fail-a.pdf')!;
    const r = validate(simplePdf(), { flavours: ['pdfa-2b'], areas: [testArea] });
    expect(judge({ ...exp, clause: '6.9.9' }, r).agrees).toBe(true);
    expect(judge({ ...exp, clause: '6.9.9', outcome: 'pass' }, r).agrees).toBe(false);
    expect(judge({ ...exp, clause: '6.1.2', outcome: 'pass' }, r).agrees).toBe(true);
  });
});
