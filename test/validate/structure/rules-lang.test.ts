import { describe, expect, it } from 'vitest';
import { el, runStructure, taggedDoc, type Check } from './helpers.js';

/** Checks of rule `id` as `passed location: details`. */
const of = (checks: readonly Check[], id: string): string[] =>
  checks
    .filter((c) => c.id === id)
    .map((c) => `${c.passed ? 'pass' : 'fail'} ${c.location}${c.details ? `: ${c.details}` : ''}`);

describe('the catalog Lang (6.7.4, 7.2-29)', () => {
  const withLang = (lang: string) => taggedDoc({ rootKids: '[]', elements: [], catalogLang: lang });
  it('names the catalog and the value', () => {
    expect(of(runStructure(withLang('en_US')), '7.2-29')).toEqual([
      'fail document catalog: Lang "en_US"',
    ]);
    expect(of(runStructure(withLang('en_US'), 'pdfa-3a'), '6.7.4-1')).toEqual([
      'fail document catalog: Lang "en_US"',
    ]);
  });
  it('allows an empty Lang in PDF/A only', () => {
    expect(of(runStructure(withLang(''), 'pdfa-3a'), '6.7.4-1')).toEqual(['pass document catalog']);
    expect(of(runStructure(withLang('')), '7.2-29')).toEqual(['fail document catalog: Lang ""']);
  });
});

describe('outline entries (7.2-2)', () => {
  const outlines = (catalogLang: string | null) =>
    taggedDoc({
      rootKids: '[]',
      catalogLang,
      catalogExtra: '/Outlines 6 0 R',
      elements: [
        '<< /Type /Outlines /First 7 0 R >>',
        `<< /Title (${'Chapter '.repeat(10)}) /First 8 0 R /Next 9 0 R >>`,
        '<< /Next 7 0 R >>',
        '<< /Title (Index) >>',
      ],
    });
  it('names each item by its title (60 characters) or its number, children first', () => {
    expect(of(runStructure(outlines(null)), '7.2-2')).toEqual([
      `fail outline item "${'Chapter '.repeat(10).slice(0, 60)}"`,
      'fail outline item 2',
      'fail outline item "Index"',
    ]);
  });
  it('passes them when the catalog has a Lang, and leaves them to PDF/UA', () => {
    expect(of(runStructure(outlines('en')), '7.2-2')).toEqual([
      `pass outline item "${'Chapter '.repeat(10).slice(0, 60)}"`,
      'pass outline item 2',
      'pass outline item "Index"',
    ]);
    expect(runStructure(outlines(null), 'pdfa-3a').filter((c) => c.id.startsWith('7.'))).toEqual(
      [],
    );
  });
});

/**
 * A page with annotations `annots` (objects 8, 9, ...) and form fields `fields` after them;
 * element 6 has no Lang, element 7 has one; the parent tree maps 0 to 6 and 1 to 7.
 */
const interactive = (
  annots: string[],
  fields: string[] = [],
  catalogLang: string | null = null,
  listed = fields.length,
) => {
  const ids = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => `${from + i} 0 R`).join(' ');
  return taggedDoc({
    rootKids: '[6 0 R 7 0 R]',
    catalogLang,
    rootExtra: '/ParentTree << /Nums [0 6 0 R 1 7 0 R] >>',
    pageExtra: `/Annots [${ids(8, annots.length)}]`,
    catalogExtra: `/AcroForm << /Fields [${ids(8 + annots.length, listed)}] >>`,
    elements: [el('Form', 5), el('Form', 5, '/Lang (de)'), ...annots, ...fields],
  });
};

describe('annotation Contents (7.2-24)', () => {
  it('checks annotations with Contents, by position on their page', () => {
    const bytes = interactive([
      '<< /Subtype /Square /Rect [0 0 1 1] >>',
      '<< /Subtype /Text /Rect [0 0 1 1] /Contents (a) >>',
      '<< /Subtype /Text /Rect [0 0 1 1] /Contents (b) /StructParent 1 >>',
      '<< /Subtype /Text /Rect [0 0 1 1] /Contents (c) /StructParent 0 >>',
      '<< /Subtype /Text /Rect [0 0 1 1] /Contents (d) /StructParent (1) >>',
    ]);
    expect(of(runStructure(bytes), '7.2-24')).toEqual([
      'fail annotation 2 on page 1',
      'pass annotation 3 on page 1',
      'fail annotation 4 on page 1',
      'fail annotation 5 on page 1',
    ]);
  });
});

describe('form field descriptions (7.2-25)', () => {
  it('checks fields with TU, named by T or by their number, kids after their parent', () => {
    const bytes = interactive(
      [],
      [
        '<< /T (name) /TU (Your name) /Kids [9 0 R 10 0 R] >>',
        '<< /TU (First) /Parent 8 0 R >>',
        '<< /T (nothing to say) /Parent 8 0 R /Kids [8 0 R] >>',
        '<< /T (described) /TU (x) /StructParent 1 >>',
      ],
    );
    expect(of(runStructure(bytes), '7.2-25')).toEqual([
      'fail form field "name"',
      'fail form field 2',
      'pass form field "described"',
    ]);
  });
  it('reaches a field that only its parent lists', () => {
    const bytes = interactive(
      [],
      ['<< /T (parent) /Kids [9 0 R] >>', '<< /T (kid) /TU (K) /Parent 8 0 R >>'],
      null,
      1,
    );
    expect(of(runStructure(bytes), '7.2-25')).toEqual(['fail form field "kid"']);
  });
  it('takes the Lang of the element of the field or of one of its widgets', () => {
    const bytes = interactive(
      [
        '<< /Subtype /Widget /Rect [0 0 1 1] /StructParent 0 /Parent 10 0 R >>',
        '<< /Subtype /Widget /Rect [0 0 1 1] /StructParent 1 /Parent 10 0 R >>',
      ],
      ['<< /T (choice) /TU (Pick one) /Kids [8 0 R 9 0 R] >>'],
    );
    expect(of(runStructure(bytes), '7.2-25')).toEqual(['pass form field "choice"']);
    const without = interactive(
      ['<< /Subtype /Widget /Rect [0 0 1 1] /StructParent 0 /Parent 9 0 R >>'],
      ['<< /T (choice) /TU (Pick one) /Kids [8 0 R] >>'],
    );
    expect(of(runStructure(without), '7.2-25')).toEqual(['fail form field "choice"']);
  });
  it('passes every field when the catalog has a Lang, and leaves them to PDF/UA', () => {
    const bytes = interactive([], ['<< /T (a) /TU (A) >>'], 'en');
    expect(of(runStructure(bytes), '7.2-25')).toEqual(['pass form field "a"']);
    const none = interactive([], ['<< /T (a) /TU (A) >>']);
    expect(of(runStructure(none, 'pdfa-3a'), '7.2-25')).toEqual([]);
  });
});
