import { describe, expect, it } from 'vitest';
import { buildPdf, runStructure, stream, taggedDoc, type Check } from './helpers.js';

/** Failed 7.20-1 checks as `location`, and how many 7.20-1 checks were made. */
function refChecks(checks: readonly Check[]): { failed: string[]; count: number } {
  const ref = checks.filter((c) => c.id === '7.20-1');
  return { failed: ref.filter((c) => !c.passed).map((c) => c.location), count: ref.length };
}
const form = (extra = '') => stream('', `/Type /XObject /Subtype /Form /BBox [0 0 1 1] ${extra}`);

describe('reference XObjects (PDF/UA 7.20-1)', () => {
  it('names a page form with Ref and the page it is used on', () => {
    const bytes = taggedDoc({
      rootKids: '[]',
      pageExtra: '/Resources << /XObject << /X0 6 0 R /X1 7 0 R /Im 8 0 R >> >>',
      elements: [
        form('/Ref << /F (other.pdf) /Page 0 >>'),
        form(),
        stream('', '/Type /XObject /Subtype /Image /Width 1 /Height 1 /Ref << >>'),
      ],
    });
    expect(refChecks(runStructure(bytes))).toEqual({
      failed: ['form XObject X0 (object 6) used on page 1'],
      count: 2,
    });
    expect(refChecks(runStructure(bytes, 'pdfa-3a')).count).toBe(0);
  });
  it('walks the resources of forms, each form once', () => {
    const bytes = taggedDoc({
      rootKids: '[]',
      pageExtra: '/Resources << /XObject << /Outer 6 0 R /Again 6 0 R >> >>',
      elements: [
        form('/Resources << /XObject << /Inner 7 0 R /Self 6 0 R >> >>'),
        form('/Ref << >>'),
      ],
    });
    expect(refChecks(runStructure(bytes))).toEqual({
      failed: ['form XObject Inner (object 7) used on page 1'],
      count: 2,
    });
  });
  it('reads annotation appearances, single streams and state dictionaries', () => {
    const bytes = taggedDoc({
      rootKids: '[]',
      pageExtra: '/Annots [6 0 R 7 0 R (not an annotation)]',
      elements: [
        '<< /Subtype /Widget /Rect [0 0 1 1] /AP << /N 8 0 R /D << /On 9 0 R /Off 8 0 R >> >> >>',
        '<< /Subtype /Link /Rect [0 0 1 1] /AP << /N 10 0 R /R 5 >> >>',
        form(),
        form('/Ref << >>'),
        form('/Resources << /XObject << /Deep 11 0 R >> >>'),
        form('/Ref << >>'),
      ],
    });
    expect(refChecks(runStructure(bytes))).toEqual({
      failed: ['annotation appearance on page 1', 'form XObject Deep (object 11) used on page 1'],
      count: 4,
    });
  });
});

describe('reference XObjects: where forms are found', () => {
  it('reads a direct form dictionary and names it without an object number', () => {
    const bytes = taggedDoc({
      rootKids: '[]',
      pageExtra: '/Resources << /XObject << /D << /Subtype /Form /Ref << >> >> /N 5 >> >>',
      elements: [],
    });
    expect(refChecks(runStructure(bytes))).toEqual({
      failed: ['form XObject D used on page 1'],
      count: 1,
    });
  });

  it('checks an appearance shared by two annotations once, and skips Annots that are no array', () => {
    const shared = taggedDoc({
      rootKids: '[]',
      pageExtra: '/Annots [6 0 R 7 0 R]',
      elements: [
        // An appearance naming a missing object is passed over.
        '<< /Subtype /Square /Rect [0 0 1 1] /AP << /R 99 0 R /N 8 0 R >> >>',
        '<< /Subtype /Square /Rect [0 0 1 1] /AP << /N 8 0 R /D 8 0 R >> >>',
        form('/Ref << >>'),
      ],
    });
    expect(refChecks(runStructure(shared))).toEqual({
      failed: ['annotation appearance on page 1'],
      count: 1,
    });
    const notArray = taggedDoc({
      rootKids: '[]',
      pageExtra: '/Annots 6 0 R /Resources << /XObject << /X0 7 0 R >> >>',
      elements: ['<< /Subtype /Square /AP << /N 7 0 R >> >>', form('/Ref << >>')],
    });
    expect(refChecks(runStructure(notArray))).toEqual({
      failed: ['form XObject X0 (object 7) used on page 1'],
      count: 1,
    });
  });

  it('names the page of each form, a form of the second page being checked there', () => {
    const bytes = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 9 9] /Resources << /XObject << /A 5 0 R >> >> >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 9 9] /Resources << /XObject << /A 5 0 R /B 6 0 R >> >> /Annots [7 0 R] >>',
      form(),
      form('/Ref << >>'),
      '<< /Subtype /Square /AP << /N << /On 6 0 R /Off 8 0 R >> >> >>',
      form('/Ref << >> /Resources << /XObject << /C 9 0 R >> >>'),
      form('/Ref << >>'),
    ]);
    expect(refChecks(runStructure(bytes))).toEqual({
      failed: [
        'annotation appearance on page 2',
        'annotation appearance on page 2',
        'form XObject C (object 9) used on page 2',
      ],
      count: 4,
    });
  });
});
