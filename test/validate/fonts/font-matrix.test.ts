/**
 * Font matrices: a CID-keyed CFF whose Font DICT matrix is identity and whose Top DICT has no
 * matrix makes an em one unit, so viewers draw it 1000 times too big; widths that read the
 * same matrix agree with it, so only the matrix itself shows the defect.
 */
import { describe, expect, it } from 'vitest';
import { Op, dictInt32, numbersOut, writeDict, writeIndex } from '../../../src/pdf/cff.js';
import { validate } from '../../../src/validate/index.js';
import { parseCff } from '../../../src/validate/fonts/cff.js';
import { fontsArea } from '../../../src/validate/rules/fonts.js';
import { simplePdf } from '../core/build-pdf.js';
import { failureLines } from '../core/helpers.js';

type M = readonly number[];

/** A CID-keyed CFF with two glyphs (.notdef and CID 1, both 500 units wide), one Font DICT. */
function cidCff(topMatrix: M | null, fdMatrix: M | null): Uint8Array {
  const enc = new TextEncoder();
  const header = Uint8Array.from([1, 0, 4, 4]);
  const names = writeIndex([enc.encode('Test')]);
  const strings = writeIndex([enc.encode('Adobe'), enc.encode('Identity')]);
  const gsubrs = writeIndex([]);
  const charset = Uint8Array.from([0, 0, 1]); // format 0: gid 1 is CID 1
  const fdSelect = Uint8Array.from([0, 0, 0]); // format 0: both glyphs in Font DICT 0
  const glyph = Uint8Array.from([248, 136, 14]); // width 500, endchar
  const charStrings = writeIndex([glyph, glyph]);
  const top = (off: { cs: number; cset: number; fds: number; fda: number }): Uint8Array =>
    writeDict([
      numbersOut(Op.ROS, [391, 392, 0]),
      ...(topMatrix ? [numbersOut(Op.FontMatrix, topMatrix)] : []),
      { op: Op.charset, operands: dictInt32(off.cset) },
      { op: Op.CharStrings, operands: dictInt32(off.cs) },
      { op: Op.FDSelect, operands: dictInt32(off.fds) },
      { op: Op.FDArray, operands: dictInt32(off.fda) },
    ]);
  const fd = (privateOffset: number): Uint8Array =>
    writeDict([
      ...(fdMatrix ? [numbersOut(Op.FontMatrix, fdMatrix)] : []),
      { op: Op.Private, operands: [...dictInt32(0), ...dictInt32(privateOffset)] },
    ]);
  const topSize = writeIndex([top({ cs: 0, cset: 0, fds: 0, fda: 0 })]).length;
  const start = header.length + names.length + topSize + strings.length + gsubrs.length;
  const cset = start;
  const fds = cset + charset.length;
  const cs = fds + fdSelect.length;
  const fda = cs + charStrings.length;
  const fdaSize = writeIndex([fd(0)]).length;
  const priv = fda + fdaSize;
  const parts = [
    header,
    names,
    writeIndex([top({ cs, cset, fds, fda })]),
    strings,
    gsubrs,
    charset,
    fdSelect,
    charStrings,
    writeIndex([fd(priv)]),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function pdfWith(cff: Uint8Array, width: number): Uint8Array {
  return simplePdf({
    content: 'BT /F1 12 Tf <0001> Tj ET',
    resources: '<< /Font << /F1 5 0 R >> >>',
    extraObjects: [
      {
        body: '<< /Type /Font /Subtype /Type0 /BaseFont /Test /Encoding /Identity-H /DescendantFonts [6 0 R] >>',
      },
      {
        body: `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /Test /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 7 0 R /W [1 [${width}]] /DW 1000 >>`,
      },
      { body: '<< /Type /FontDescriptor /FontName /Test /Flags 4 /FontFile3 8 0 R >>' },
      { stream: { dict: '/Subtype /CIDFontType0C', data: cff } },
    ],
  });
}

function widthFailures(pdf: Uint8Array): { details: string | null; location: string | null }[] {
  const r = validate(pdf, { flavours: ['pdfua-1'], areas: [fontsArea] });
  return (r.failures ?? [])
    .filter((f) => f.clause === '7.21.5')
    .map((f) => ({ details: f.errorDetails, location: f.location }));
}

describe('font matrix check', () => {
  it('reads the Top and Font DICT matrices of a CID-keyed CFF', () => {
    const cff = parseCff(cidCff(null, [1, 0, 0, 1, 0, 0]));
    expect(cff?.topMatrix).toBeNull();
    expect(cff?.fdMatrices).toEqual([[1, 0, 0, 1, 0, 0]]);
    expect(cff?.usedFDs).toEqual([0]);
  });

  it('flags an identity Font DICT matrix with no Top DICT matrix, though widths agree', () => {
    // Both readings make the em one unit; the glyph's 500 units read as 500 em.
    const fails = widthFailures(pdfWith(cidCff(null, [1, 0, 0, 1, 0, 0]), 500_000));
    const matrix = fails.find((f) => f.location?.endsWith('font program'));
    expect(matrix?.details).toMatch(
      /Font DICT 0: glyph matrix \[1 0 0 1 0 0\] makes an em 1 glyph units/,
    );
  });

  it('accepts the writer layout: identity Font DICT under a 1/1000 Top DICT', () => {
    const cff = cidCff([0.001, 0, 0, 0.001, 0, 0], [1, 0, 0, 1, 0, 0]);
    expect(widthFailures(pdfWith(cff, 500))).toEqual([]);
  });

  it('scales widths by the Font DICT matrix of each glyph', () => {
    // A Font DICT matrix of 1/2000 alone: 500 units are 250/1000 em, as the dictionary says.
    const cff = cidCff(null, [0.0005, 0, 0, 0.0005, 0, 0]);
    expect(widthFailures(pdfWith(cff, 250))).toEqual([]);
    expect(widthFailures(pdfWith(cff, 500)).map((f) => f.details)).toEqual([
      'dictionary 500, program 250',
    ]);
  });
});

describe('CIDSet of a CID-keyed CFF subset', () => {
  const pdf = (cidSetByte: number) =>
    simplePdf({
      content: 'BT /F1 12 Tf <0001> Tj ET',
      resources: '<< /Font << /F1 5 0 R >> >>',
      extraObjects: [
        {
          body: '<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+Test /Encoding /Identity-H /DescendantFonts [6 0 R] >>',
        },
        {
          body: '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /ABCDEF+Test /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 7 0 R /W [1 [500]] /DW 1000 >>',
        },
        {
          body: '<< /Type /FontDescriptor /FontName /ABCDEF+Test /Flags 4 /FontFile3 8 0 R /CIDSet 9 0 R >>',
        },
        {
          stream: {
            dict: '/Subtype /CIDFontType0C',
            data: cidCff([0.001, 0, 0, 0.001, 0, 0], [1, 0, 0, 1, 0, 0]),
          },
        },
        { stream: { dict: '', data: Uint8Array.of(cidSetByte) } },
      ],
    });
  const cidSetFailures = (byte: number) =>
    failureLines(pdf(byte), 'pdfa-2b', [fontsArea]).filter((l) => l.startsWith('6.2.11.4.2-2'));

  it('identifies the CIDs of the program from its charset', () => {
    // The program has CID 1 (and CID 0, .notdef): bit 1 is 0x40.
    expect(cidSetFailures(0x40)).toEqual([]);
    expect(cidSetFailures(0xc0)).toEqual([]);
    expect(cidSetFailures(0x00)).toEqual([
      '6.2.11.4.2-2 @ page 1 / font F1: CIDs not identified: 1',
    ]);
    expect(cidSetFailures(0x60)).toEqual([
      '6.2.11.4.2-2 @ page 1 / font F1: CIDs not in the program: 2',
    ]);
  });
});
