/**
 * Robustness: truncated, bit-flipped and spliced PDFs and random bytes must each end in a
 * report or NotPdfError, never another exception (a hang would hit the test timeout).
 */
import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NotPdfError, validate } from '../../../src/validate/index.js';
import { buildPdf, bytesOf, concat, simplePdf } from './build-pdf.js';

const bases: Uint8Array[] = [
  simplePdf({ content: 'BT /F1 12 Tf (Hello) Tj ET q 1 0 0 1 0 0 cm Q' }),
  simplePdf({ xrefStream: true, catalogExtra: '/MarkInfo << /Marked true >> /Lang (en)' }),
  simplePdf({
    pageExtra: '/Annots [5 0 R] /Tabs /S',
    catalogExtra: '/StructTreeRoot 6 0 R /AcroForm << /Fields [5 0 R] >>',
    extraObjects: [
      {
        body: '<< /Subtype /Widget /FT /Tx /T (f) /Rect [0 0 10 10] /StructParent 0 /AP << /N << >> >> >>',
      },
      {
        body: '<< /Type /StructTreeRoot /K [7 0 R] /ParentTree << /Nums [0 7 0 R] >> /RoleMap << /X /Y /Y /X >> >>',
      },
      { body: '<< /Type /StructElem /S /Form /P 6 0 R /K [<< /Type /OBJR /Obj 5 0 R >>] >>' },
    ],
  }),
  buildPdf([
    {
      body: '<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [] /D << /Order [[[]]] >> >> >>',
    },
    { body: '<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>' },
    { body: '<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>' },
    {
      stream: {
        dict: '/Filter /FlateDecode',
        data: deflateSync(Buffer.from('q BI /W 1 /H 1 /F /AHx ID 00> EI Q')),
      },
    },
  ]),
];

function check(bytes: Uint8Array): void {
  try {
    const r = validate(bytes, { flavours: ['pdfa-3a', 'pdfua-1'] });
    expect(typeof r.isCompliant).toBe('boolean');
    expect(r.profiles).toHaveLength(2);
  } catch (e) {
    if (!(e instanceof NotPdfError)) throw e;
  }
}

const base = fc.constantFrom(...bases);

describe('validator robustness', () => {
  it('survives truncation', () => {
    fc.assert(
      fc.property(base, fc.double({ min: 0, max: 1, noNaN: true }), (b, f) =>
        check(b.subarray(0, Math.floor(b.length * f))),
      ),
      { seed: 20261122, numRuns: 60 },
    );
  }, 60_000);

  it('survives bit flips', () => {
    fc.assert(
      fc.property(
        base,
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 7 })), {
          minLength: 1,
          maxLength: 12,
        }),
        (b, flips) => {
          const c = Uint8Array.from(b);
          for (const [pos, bit] of flips) c[pos % c.length] ^= 1 << bit;
          check(c);
        },
      ),
      { seed: 7, numRuns: 120 },
    );
  }, 60_000);

  it('survives splicing two files', () => {
    fc.assert(
      fc.property(base, base, fc.nat(), fc.nat(), (a, b, i, j) =>
        check(concat([a.subarray(0, i % a.length), b.subarray(j % b.length)])),
      ),
      { seed: 99, numRuns: 80 },
    );
  }, 60_000);

  it('survives random bytes, with and without a header', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), fc.boolean(), (r, header) =>
        check(header ? concat([bytesOf('%PDF-1.7\n'), r]) : r),
      ),
      { seed: 3, numRuns: 100 },
    );
  }, 60_000);

  it('survives deep nesting, reference cycles and a decompression bomb', () => {
    check(
      simplePdf({
        catalogExtra: `/Deep ${'['.repeat(10000)}${']'.repeat(10000)} /Dict ${'<< /A '.repeat(5000)}`,
      }),
    );
    check(
      simplePdf({
        extraObjects: [{ body: '6 0 R' }, { body: '5 0 R' }],
        catalogExtra: '/Pages 5 0 R',
      }),
    );
    const bomb = deflateSync(new Uint8Array(80 << 20));
    check(
      simplePdf({
        extraObjects: [{ stream: { dict: '/Filter /FlateDecode', data: bomb } }],
        pageExtra: '/Contents [4 0 R 5 0 R]',
      }),
    );
  }, 60_000);
});
