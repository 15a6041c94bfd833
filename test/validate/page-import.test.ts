/** The validator's entry for importing pages: the reader, the content lexer and the gate. */
import { describe, expect, it } from 'vitest';
import {
  type LexedOperator,
  NotPdfError,
  lexContentStream,
  openPdf,
  pageImportability,
} from '../../src/validate/index.js';
import { ruleSpec } from '../../src/validate/rules/spec.js';
import { type TestObject, buildPdf } from './core/build-pdf.js';

/** A PDF whose pages have the given content streams and resources; `catalogExtra` joins the catalog. */
function pdfWithPages(
  pages: readonly { readonly content: string; readonly resources?: string }[],
  extra: readonly TestObject[] = [],
  catalogExtra = '',
): Uint8Array {
  const first = 3;
  const kids = pages.map((_, i) => `${first + 2 * i} 0 R`).join(' ');
  const objects: TestObject[] = [
    { body: `<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>` },
    { body: `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>` },
  ];
  pages.forEach((p, i) => {
    objects.push({
      body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources ${p.resources ?? '<< >>'} /Contents ${first + 2 * i + 1} 0 R >>`,
    });
    objects.push({ stream: { dict: '<< >>', data: p.content } });
  });
  return buildPdf([...objects, ...extra]);
}

const UNEMBEDDED_FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/** An ICC profile header (128 bytes) of the given colour space signature, e.g. 'CMYK'. */
function iccHeader(colourSpace: string): string {
  const h = new Array<string>(128).fill('\0');
  h[8] = '\x04';
  [...'prtr'].forEach((c, i) => (h[12 + i] = c));
  [...colourSpace].forEach((c, i) => (h[16 + i] = c));
  [...'acsp'].forEach((c, i) => (h[36 + i] = c));
  return h.join('');
}

describe('pageImportability', () => {
  it('accepts a page of plain RGB painting: our sRGB output intent covers its device colours', () => {
    const doc = openPdf(pdfWithPages([{ content: '1 0 0 rg 10 10 100 100 re f' }]));
    expect(pageImportability(doc, 0)).toEqual({ kind: 'importable' });
  });

  it('refuses a page that shows text in a font that is not embedded, naming the failure', () => {
    const doc = openPdf(
      pdfWithPages(
        [
          {
            content: 'BT /F1 12 Tf 20 100 Td (Hello) Tj ET',
            resources: '<< /Font << /F1 5 0 R >> >>',
          },
        ],
        [{ body: UNEMBEDDED_FONT }],
      ),
    );
    const verdict = pageImportability(doc, 0);
    expect(verdict.kind).toBe('nonconforming');
    if (verdict.kind !== 'nonconforming') return;
    expect(verdict.failure.clause).toBe('6.2.11.4.1');
    expect(verdict.failure.location).toMatch(/^page 1\b/);
  });

  it('judges only the page asked for: a failure on another page does not count', () => {
    const doc = openPdf(
      pdfWithPages(
        [
          { content: '0 0 1 rg 10 10 50 50 re f' },
          {
            content: 'BT /F1 12 Tf 20 100 Td (Hi) Tj ET',
            resources: '<< /Font << /F1 7 0 R >> >>',
          },
        ],
        [{ body: UNEMBEDDED_FONT }],
      ),
    );
    expect(pageImportability(doc, 0)).toEqual({ kind: 'importable' });
    expect(pageImportability(doc, 1).kind).toBe('nonconforming');
  });

  it('refuses a document whose PDF/A output intent is not RGB, with its colour space', () => {
    const doc = openPdf(
      pdfWithPages(
        [{ content: '0 0 1 rg 10 10 50 50 re f' }],
        [
          {
            body: '<< /Type /OutputIntent /S /GTS_PDFA1 /OutputConditionIdentifier (CMYK) /DestOutputProfile 6 0 R >>',
          },
          { stream: { dict: '<< /N 4 >>', data: iccHeader('CMYK') } },
        ],
        '/OutputIntents [5 0 R]',
      ),
    );
    expect(pageImportability(doc, 0)).toEqual({
      kind: 'foreign-output-intent',
      colourSpace: 'CMYK',
    });
  });
});

describe('openPdf and lexContentStream', () => {
  it('throws NotPdfError for bytes that are not a PDF', () => {
    expect(() => openPdf(new TextEncoder().encode('hello, world'))).toThrow(NotPdfError);
  });

  it('visits every operator with its operands, inline images whole', () => {
    const seen: string[] = [];
    const error = lexContentStream(
      new TextEncoder().encode('q 1 0 0 1 5 5 cm /Im0 Do BI /W 1 /H 1 ID x\nEI Q'),
      (op: LexedOperator) => {
        seen.push(`${op.op}:${op.operands.length}${op.inlineImage ? ':image' : ''}`);
      },
    );
    expect(error).toBeUndefined();
    expect(seen).toEqual(['q:0', 'cm:6', 'Do:1', 'BI:0:image', 'Q:0']);
  });
});

describe('ruleSpec', () => {
  const fields = {
    clause: '6.2.2',
    testNumber: 1,
    object: 'CosStream',
    category: 'Graphics',
    message: 'A content stream uses an undefined operator.',
    flavours: ['pdfa-2b'],
  } as const;

  it('keeps the fields of a well-formed rule', () => {
    expect(ruleSpec(fields)).toEqual(fields);
  });

  it('rejects a malformed clause, test number or an empty flavour list', () => {
    expect(() => ruleSpec({ ...fields, clause: '6.2.x' })).toThrow(/clause/);
    expect(() => ruleSpec({ ...fields, testNumber: 0 })).toThrow(/test number/);
    expect(() => ruleSpec({ ...fields, flavours: [] })).toThrow(/no flavour/);
  });
});
