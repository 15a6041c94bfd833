import { describe, expect, it } from 'vitest';
import { fileStructureArea } from '../../../src/validate/rules/file-structure.js';
import { buildPdf, bytesOf, concat, simplePdf } from './build-pdf.js';
import { failedRules } from './helpers.js';

const run = (pdf: Uint8Array, flavour: 'pdfa-2b' | 'pdfua-1' = 'pdfa-2b'): string[] =>
  failedRules(pdf, flavour, [fileStructureArea]);

describe('file structure (6.1)', () => {
  it('passes a clean file', () => {
    expect(run(simplePdf())).toEqual([]);
    expect(run(simplePdf(), 'pdfua-1')).toEqual([]);
  });

  it('checks header, binary comment, ID, encryption and data after EOF', () => {
    expect(run(concat([bytesOf(' '), simplePdf()]))).toContain('6.1.2-1');
    // Junk on the header line is part of the header, so PDF/UA's header test sees it too.
    expect(run(concat([bytesOf('ab'), simplePdf()]), 'pdfua-1')).toEqual(['6.1-1']);
    expect(run(concat([bytesOf('ab\n'), simplePdf()]), 'pdfua-1')).toEqual([]);
    expect(run(simplePdf({ header: '%PDF-2.0' }), 'pdfua-1')).toEqual(['6.1-1']);
    expect(run(simplePdf({ binaryComment: 'abcd' }))).toEqual(['6.1.2-2']);
    expect(run(simplePdf({ trailerExtra: '' }))).toEqual(['6.1.3-1']);
    expect(run(simplePdf({ trailerExtra: '/ID [<> <>]' }))).toEqual(['6.1.3-1']);
    expect(run(simplePdf({ afterEof: 'x' }))).toEqual(['6.1.3-3']);
    const enc = simplePdf({
      extraObjects: [{ body: '<< /Filter /Standard /V 1 /R 2 /P -4 >>' }],
      trailerExtra: '/Encrypt 5 0 R /ID [<01> <01>]',
    });
    expect(run(enc)).toContain('6.1.3-2');
  });

  it('checks the xref keyword EOL', () => {
    const text = new TextDecoder('latin1').decode(simplePdf());
    const broken = text.replace('xref\n0 5', 'xref \n0 5');
    expect(run(bytesOf(broken))).toContain('6.1.4-2');
  });

  it('checks hex strings, string, name and number limits', () => {
    const bad = simplePdf({
      catalogExtra: `/A <414> /B <41GG> /C (${'x'.repeat(32768)}) /${'N'.repeat(128)} 1 /D 2147483648 /E 0.00000000000000000000000000000000000000001 /F /#E9`,
    });
    expect(run(bad)).toEqual([
      '6.1.13-1',
      '6.1.13-3',
      '6.1.13-4',
      '6.1.13-5',
      '6.1.6-1',
      '6.1.6-2',
      '6.1.8-1',
    ]);
  });

  it('checks numbers in Type 3 glyph procedures of direct font dictionaries', () => {
    const pdf = simplePdf({
      resources:
        '<< /Font << /T3 << /Type /Font /Subtype /Type3 /CharProcs << /a 5 0 R >> >> >> >>',
      extraObjects: [{ stream: { dict: '', data: '3000000000 0 d0' } }],
    });
    expect(run(pdf)).toEqual(['6.1.13-1']);
  });

  it('checks dictionary keys for UTF-8 too', () => {
    expect(run(simplePdf({ catalogExtra: '/K#E9y 1' }))).toEqual(['6.1.8-1']);
    expect(run(simplePdf({ catalogExtra: '/K#C3#A9y 1' }))).toEqual([]);
  });

  it('checks numbers in content streams', () => {
    expect(run(simplePdf({ content: '3000000000 0 0 1 0 0 cm' }))).toEqual(['6.1.13-1']);
  });

  it('checks stream Length, EOLs, external data and filters', () => {
    const pdf = buildPdf([
      { body: '<< /Type /Catalog /Pages 2 0 R >>' },
      { body: '<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 100 100] >>' },
      { body: '<< /Type /Page /Parent 2 0 R >>' },
      { body: '<< /Length 5 >>\nstream\nabc\nendstream' },
      { body: '<< /Length 3 >>\nstream\rabc\nendstream' },
      { body: '<< /Length 3 /F (x.bin) >>\nstream\nabc\nendstream' },
      { body: '<< /Length 3 /Filter /LZWDecode >>\nstream\nabc\nendstream' },
    ]);
    expect(run(pdf)).toEqual(['6.1.7.1-1', '6.1.7.1-2', '6.1.7.1-3', '6.1.7.2-1']);
  });

  it('checks object header spacing', () => {
    const text = new TextDecoder('latin1').decode(simplePdf());
    expect(
      run(bytesOf(text.replace('2 0 obj', '2  0 obj').replace(/startxref\n\d+/, (m) => m))),
    ).toContain('6.1.9-1');
  });

  it('checks inline image filters', () => {
    const content = 'q BI /W 1 /H 1 /CS /G /BPC 8 /F /LZW ID \x80 EI Q';
    expect(run(simplePdf({ content }))).toContain('6.1.10-1');
    expect(run(simplePdf({ content: 'q BI /W 1 /H 1 /CS /G /BPC 8 /F /AHx ID 80> EI Q' }))).toEqual(
      [],
    );
  });

  it('checks permissions and page boundaries', () => {
    expect(
      run(
        simplePdf({
          catalogExtra: '/Perms << /DocMDP 5 0 R /Foo 1 >>',
          extraObjects: [{ body: '<< >>' }],
        }),
      ),
    ).toEqual(['6.1.12-1']);
    expect(run(simplePdf({ pageExtra: '/CropBox [0 0 2 100]' }))).toEqual(['6.1.13-11']);
  });
});
