import { describe, expect, it } from 'vitest';
import { buildPdf, el, runStructure, taggedDoc } from './helpers.js';

/**
 * A document without a catalog Lang whose annotation (object 8, with Contents) names key 0 of
 * the parent tree `tree` (object 9); elements 6 (no Lang) and 7 (Lang) are candidates.
 */
const annotIn = (tree: string) =>
  taggedDoc({
    catalogLang: null,
    rootKids: '[6 0 R 7 0 R]',
    rootExtra: '/ParentTree 9 0 R',
    pageExtra: '/Annots [8 0 R]',
    elements: [
      el('Annot', 5),
      el('Annot', 5, '/Lang (en)'),
      '<< /Type /Annot /Subtype /Text /Rect [0 0 1 1] /Contents (note) /StructParent 0 >>',
      tree,
    ],
  });
const annotLang = (tree: string) =>
  runStructure(annotIn(tree))
    .filter((c) => c.id === '7.2-24')
    .map((c) => c.passed);

describe('the parent tree', () => {
  it('finds the element of a key in Nums or in Kids', () => {
    expect(annotLang('<< /Nums [0 7 0 R] >>')).toEqual([true]);
    expect(annotLang('<< /Nums [0 6 0 R] >>')).toEqual([false]);
    expect(annotLang('<< /Kids [<< /Nums [1 6 0 R] >> << /Nums [0 7 0 R] >>] >>')).toEqual([true]);
  });
  it('keeps the first entry of a key, skips keys that are not numbers, and ends on cycles', () => {
    expect(annotLang('<< /Nums [0 6 0 R 0 7 0 R] >>')).toEqual([false]);
    expect(annotLang('<< /Kids [<< /Nums [0 6 0 R] >> << /Nums [0 7 0 R] >>] >>')).toEqual([false]);
    expect(annotLang('<< /Nums [(0) 7 0 R 0] >>')).toEqual([false]);
    expect(annotLang('<< /Kids [9 0 R << /Nums [0 7 0 R] >>] >>')).toEqual([true]);
  });
});

describe('where structure failures point', () => {
  it('names an indirect element by object, a direct one by position, and its page', () => {
    const bytes = taggedDoc({
      rootKids: '[6 0 R]',
      elements: [
        el('Document', 5, '/K [7 0 R << /Type /StructElem /S /P /P 6 0 R /Lang (en_GB) >>]'),
        el('P', 6, '/Pg 3 0 R /Lang (de_DE)'),
      ],
    });
    const where = runStructure(bytes)
      .filter((c) => c.id === '7.2-29' && !c.passed)
      .map((c) => c.location);
    expect(where).toEqual(['structure element 7 (P) on page 1', 'structure element #3 (P)']);
  });
});

describe('content reached through the /P chain', () => {
  /** Content MCID 0 of the page belongs to element 6, whose /P is `parent`. */
  const mcidOf = (parent: string, more: string[] = []) =>
    taggedDoc({
      rootKids: '[]',
      rootExtra: '/ParentTree << /Nums [0 [6 0 R]] >>',
      content: '/P <</MCID 0>> BDC 0 0 1 1 re f EMC',
      elements: [`<< /Type /StructElem /S /P /P ${parent} /K 0 /Pg 3 0 R >>`, ...more],
    });
  const untagged = (bytes: Uint8Array) =>
    runStructure(bytes).some((c) => c.id === '7.1-3' && !c.passed);
  it('counts content tagged when the chain reaches the root, and not when it cycles', () => {
    expect(untagged(mcidOf('5 0 R'))).toBe(false);
    expect(untagged(mcidOf('7 0 R', [el('Sect', 5)]))).toBe(false);
    expect(untagged(mcidOf('7 0 R', [el('Sect', 6)]))).toBe(true);
    expect(untagged(mcidOf('7 0 R', [el('Sect', 8), el('Div', 7)]))).toBe(true);
    // A chain that ends at a root-typed dictionary other than the catalog's.
    expect(untagged(mcidOf('7 0 R', ['<< /Type /StructTreeRoot >>']))).toBe(false);
  });
});

describe('keys the parent tree cannot use', () => {
  it('skips a null key', () => {
    expect(annotLang('<< /Nums [null 7 0 R 0 7 0 R] >>')).toEqual([true]);
  });
});

describe('where structure failures point: types and pages', () => {
  it('leaves out a missing type, and names the second page', () => {
    const bytes = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R /StructTreeRoot 5 0 R /MarkInfo << /Marked true >> /Lang (en) >>',
      '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>',
      '<< /Type /StructTreeRoot /K [6 0 R 7 0 R] >>',
      '<< /Type /StructElem /P 5 0 R /Lang (en_GB) >>',
      '<< /Type /StructElem /S /P /P 5 0 R /Pg 4 0 R /Lang (en_GB) >>',
    ]);
    const where = runStructure(bytes)
      .filter((c) => c.id === '7.2-29' && !c.passed)
      .map((c) => c.location);
    expect(where).toEqual(['structure element 6', 'structure element 7 (P) on page 2']);
  });
});
