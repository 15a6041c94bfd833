import { describe, expect, it } from 'vitest';
import { openDocument } from '../../../src/validate/parser/index.js';
import type { CosDict } from '../../../src/validate/model/cos.js';
import type { PdfDocumentModel } from '../../../src/validate/model/document.js';
import { isDict, nameValue, numberValue, textValue } from '../../../src/validate/model/read.js';
import {
  StructParents,
  actions,
  allDicts,
  annotations,
  flagsOf,
  inheritedField,
  isOutsideCropBox,
  outlineItems,
  rectOf,
  treeValues,
} from '../../../src/validate/rules/doc-walk.js';
import { buildPdf } from '../structure/helpers.js';

/**
 * A document: object 1 the catalog (with `catalog` entries), 2 the page tree, 3 the page (with
 * `page` entries), then `extra` as objects 4, 5, ...
 */
function docOf(catalog: string, page = '', extra: readonly string[] = []): PdfDocumentModel {
  return openDocument(
    buildPdf([
      `<< /Type /Catalog /Pages 2 0 R ${catalog} >>`,
      '<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 200 100] >>',
      `<< /Type /Page /Parent 2 0 R ${page} >>`,
      ...extra,
    ]),
  );
}
const obj = (doc: PdfDocumentModel, num: number): CosDict => {
  const d = doc.resolve({ kind: 'ref', num, gen: 0 });
  if (!isDict(d)) throw new Error(`object ${num} is not a dictionary`);
  return d;
};

describe('annotations', () => {
  it('yields the dictionaries of Annots with their position, subtype and object', () => {
    const doc = docOf('', '/Annots [4 0 R 7 << /Subtype /Text >> 5 0 R 6 0 R]', [
      '<< /Subtype /Link >>',
      '<< /Contents (no subtype) >>',
      '(not an annotation)',
    ]);
    const found = [...annotations(doc)];
    expect(found.map((a) => [a.position, a.subtype, a.ref?.num ?? null, a.location])).toEqual([
      [1, 'Link', 4, 'page 1 / annotation 1 (Link) / object 4'],
      [3, 'Text', null, 'page 1 / annotation 3 (Text)'],
      [4, null, 5, 'page 1 / annotation 4 / object 5'],
    ]);
    expect(found[0].page.index).toBe(0);
    expect(nameValue(found[1].dict.entries.get('Subtype') ?? null)).toBe('Text');
  });
});

describe('treeValues', () => {
  it('reads the pairs of a name tree and its kids in order, once each', () => {
    const doc = docOf('/Names << /Dests 4 0 R >>', '', [
      '<< /Kids [5 0 R 6 0 R 5 0 R] >>',
      '<< /Names [(a) 1 (b) 2] /Kids [4 0 R] >>',
      '<< /Names [(c) 3 (lonely)] >>',
    ]);
    const pairs = treeValues(doc, { kind: 'ref', num: 4, gen: 0 }, 'Names');
    expect(pairs.map(([k, v]) => [textValue(k), numberValue(v)])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
  });
  it('reads Nums for a number tree, not Names', () => {
    const doc = docOf('', '', ['<< /Nums [0 (x) 5 (y)] /Names [(n) 9] >>']);
    const pairs = treeValues(doc, { kind: 'ref', num: 4, gen: 0 }, 'Nums');
    expect(pairs.map(([k, v]) => [numberValue(k), textValue(v)])).toEqual([
      [0, 'x'],
      [5, 'y'],
    ]);
  });
});

describe('StructParents', () => {
  const tagged = (roleMap: string, tree = '[0 5 0 R 1 6 0 R 1 7 0 R 2 (not an element)]') =>
    docOf(`/StructTreeRoot 4 0 R`, '', [
      `<< /Type /StructTreeRoot /ParentTree << /Nums ${tree} >> /RoleMap << ${roleMap} >> >>`,
      '<< /Type /StructElem /S /Figure /Alt (A chart) >>',
      '<< /Type /StructElem /S /MyLink >>',
      '<< /Type /StructElem /S /Other >>',
      '<< /StructParent 0 >>',
      '<< /StructParent 1 >>',
      '<< /StructParent 2 >>',
      '<< /StructParent 9 >>',
      '<< >>',
    ]);
  it('finds the element of a StructParent, its type, standard type and Alt', () => {
    const doc = tagged('/MyLink /Link');
    const sp = new StructParents(doc);
    expect(sp.of(obj(doc, 8))).toEqual({
      elem: obj(doc, 5),
      type: 'Figure',
      standardType: 'Figure',
      alt: 'A chart',
    });
    // The first entry of a key wins.
    expect(sp.of(obj(doc, 9))).toMatchObject({ type: 'MyLink', standardType: 'Link', alt: null });
    // No element, no entry, no StructParent.
    expect(sp.of(obj(doc, 10))).toBeNull();
    expect(sp.of(obj(doc, 11))).toBeNull();
    expect(sp.of(obj(doc, 12))).toBeNull();
  });
  it('maps through chains of the role map, bounded against cycles', () => {
    const sp = new StructParents(tagged('/A /B /B /P /C /D /D /C /E 5 /Figure /Span'));
    expect(sp.standardType('A')).toBe('P');
    expect(sp.standardType('C')).toBeNull();
    expect(sp.standardType('E')).toBeNull();
    expect(sp.standardType(null)).toBeNull();
    // A standard type mapped elsewhere is read by its own name.
    expect(sp.standardType('Figure')).toBe('Figure');
  });
  it('reads a document without a structure tree or role map', () => {
    const doc = docOf('', '', ['<< /StructParent 0 >>']);
    const sp = new StructParents(doc);
    expect(sp.of(obj(doc, 4))).toBeNull();
    expect(sp.standardType('P')).toBe('P');
    expect(sp.standardType('Custom')).toBeNull();
  });
});

describe('rectangles and the crop box', () => {
  /** Entry R of object 4, in a document whose object 5 is the number 30. */
  const rect = (body: string) => {
    const doc = docOf('', '', [`<< /R ${body} >>`, '30']);
    return rectOf(doc, obj(doc, 4).entries.get('R') ?? null);
  };
  it('normalises a rectangle, following references, and refuses one it cannot read', () => {
    expect(rect('[10 20 5 2]')).toEqual([5, 2, 10, 20]);
    expect(rect('[0 0 5 0 R 8 99]')).toEqual([0, 0, 30, 8]);
    expect(rect('[0 0 5]')).toBeNull();
    expect(rect('[0 0 5 (8)]')).toBeNull();
    // Entries past the fourth are not read.
    expect(rect('[1 2 3 4 (five)]')).toEqual([1, 2, 3, 4]);
    expect(rect('(0 0 5 8)')).toBeNull();
  });

  /** Whether annotation 1 of a page with `boxes`, whose Rect is `r`, lies outside. */
  const outside = (r: string, boxes = '', pages = '/MediaBox [0 0 200 100]'): boolean => {
    const doc = openDocument(
      buildPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        `<< /Type /Pages /Kids [3 0 R] /Count 1 ${pages} >>`,
        `<< /Type /Page /Parent 2 0 R ${boxes} /Annots [<< /Subtype /Text /Rect ${r} >>] >>`,
      ]),
    );
    const [a] = [...annotations(doc)];
    return isOutsideCropBox(doc, a);
  };
  it('finds a Rect wholly outside the inherited media box, touching edges included', () => {
    expect(outside('[10 10 20 20]')).toBe(false);
    // Beyond each of the four edges, and touching each.
    expect(outside('[-20 10 -10 20]')).toBe(true);
    expect(outside('[-20 10 0 20]')).toBe(true);
    expect(outside('[-20 10 1 20]')).toBe(false);
    expect(outside('[10 -20 20 0]')).toBe(true);
    expect(outside('[10 -20 20 1]')).toBe(false);
    expect(outside('[200 10 210 20]')).toBe(true);
    expect(outside('[199 10 210 20]')).toBe(false);
    expect(outside('[10 100 20 120]')).toBe(true);
    expect(outside('[10 99 20 120]')).toBe(false);
  });
  it('takes the Rect as written, not normalised', () => {
    // x1 < x0: a reversed Rect lies "outside" by its own corners, as veraPDF reads it.
    expect(outside('[20 10 10 20]')).toBe(false);
    expect(outside('[50 10 -5 20]')).toBe(true);
  });
  it('clips the crop box to the media box', () => {
    const crop = '/CropBox [50 0 300 100]';
    expect(outside('[20 10 40 20]', crop)).toBe(true);
    expect(outside('[60 10 70 20]', crop)).toBe(false);
    // The crop box runs past the media box: what lies beyond the media box is outside.
    expect(outside('[210 10 220 20]', crop)).toBe(true);
    expect(outside('[10 -10 60 -5]', '/CropBox [0 -50 200 100]')).toBe(true);
    expect(outside('[10 150 60 160]', '/CropBox [0 0 200 200]')).toBe(true);
    expect(outside('[-20 10 -5 20]', '/CropBox [-50 0 200 100]')).toBe(true);
  });
  it('inherits the crop box from the page tree', () => {
    const pages = '/MediaBox [0 0 200 100] /CropBox [0 0 50 50]';
    expect(outside('[60 10 70 20]', '', pages)).toBe(true);
    expect(outside('[10 10 20 20]', '', pages)).toBe(false);
  });
  it('reads the crop box alone, and calls nothing outside without boxes or a readable Rect', () => {
    expect(outside('[60 10 70 20]', '/CropBox [0 0 50 50]', '')).toBe(true);
    expect(outside('[10 10 20 20]', '/CropBox [0 0 50 50]', '')).toBe(false);
    expect(outside('[500 500 600 600]', '', '')).toBe(false);
    expect(outside('[500 500 600]')).toBe(false);
    expect(outside('[500 500 600 (x)]')).toBe(false);
    expect(outside('[500 500 600 600 (x)]')).toBe(true);
    expect(outside('(500 500 600 600)')).toBe(false);
  });
});

describe('flags and inherited field attributes', () => {
  it('reads F as an integer, 0 when absent', () => {
    const doc = docOf('', '', ['<< /F 4.9 >>', '<< >>', '<< /F -2.5 >>']);
    expect(flagsOf(doc, obj(doc, 4))).toBe(4);
    expect(flagsOf(doc, obj(doc, 5))).toBe(0);
    expect(flagsOf(doc, obj(doc, 6))).toBe(-2);
  });
  it('looks an attribute up the Parent chain, nearest first, stopping at a cycle', () => {
    const doc = docOf('', '', [
      '<< /Parent 5 0 R >>',
      '<< /Parent 6 0 R /FT /Btn >>',
      '<< /FT /Tx /V (top) /Parent 4 0 R >>',
    ]);
    expect(nameValue(inheritedField(doc, obj(doc, 4), 'FT'))).toBe('Btn');
    expect(textValue(inheritedField(doc, obj(doc, 4), 'V'))).toBe('top');
    expect(inheritedField(doc, obj(doc, 4), 'Ff')).toBeNull();
  });
  it('follows a chain of 64 fields and no longer one', () => {
    const chain = (length: number) =>
      Array.from({ length }, (_, i) =>
        i === length - 1 ? '<< /FT /Sig >>' : `<< /Parent ${i + 5} 0 R >>`,
      );
    const at = (length: number) => {
      const doc = docOf('', '', chain(length));
      return nameValue(inheritedField(doc, obj(doc, 4), 'FT'));
    };
    expect(at(64)).toBe('Sig');
    expect(at(65)).toBeNull();
  });
});

describe('actions', () => {
  const where = (doc: PdfDocumentModel) =>
    actions(doc).map((a) => `${a.location}: ${nameValue(a.dict.entries.get('S') ?? null)}`);
  it('collects the actions of the catalog, pages, annotations, fields and outlines', () => {
    const doc = docOf(
      '/OpenAction << /S /GoTo /Next [4 0 R << /S /URI >>] >> /AA << /WC << /S /JavaScript >> >> ' +
        '/AcroForm << /Fields [5 0 R] >> /Outlines << /First 7 0 R >>',
      '/AA << /O << /S /Named >> >> /Annots [<< /Subtype /Link /A << /S /Launch >> /AA << /E 4 0 R >> >>]',
      [
        '<< /S /Hide /Next 4 0 R >>',
        '<< /T (name) /AA << /K << /S /ResetForm >> >> /Kids [6 0 R 5 0 R] >>',
        '<< /A << /S /SubmitForm >> /AA << /F << /S /ImportData >> >> >>',
        '<< /Title (Chapter) /A << /S /GoToR >> >>',
      ],
    );
    expect(where(doc)).toEqual([
      'document catalog / OpenAction: GoTo',
      'document catalog / OpenAction: Hide',
      'document catalog / OpenAction: URI',
      'document catalog / AA WC: JavaScript',
      'page 1 / AA O: Named',
      'page 1 / annotation 1 (Link) / A: Launch',
      'form field name / AA K: ResetForm',
      'form field (unnamed) / AA F: ImportData',
      'form field (unnamed) / A: SubmitForm',
      'outline item 1 "Chapter" / A: GoToR',
    ]);
  });
  it('skips an OpenAction that is a destination, and dictionaries without S', () => {
    const doc = docOf(
      '/OpenAction [3 0 R /Fit] /AA << /WC << /D [3 0 R /Fit] >> /WS 4 0 R >>',
      '',
      ['<< /S /GoTo /Next << /Type /Action >> >>'],
    );
    expect(where(doc)).toEqual(['document catalog / AA WS: GoTo']);
  });
  it('reads a file whose catalog is not a dictionary as having none', () => {
    const doc = openDocument(buildPdf(['(not a catalog)']));
    expect(doc.catalog).toBeNull();
    expect(actions(doc)).toEqual([]);
    expect([...outlineItems(doc)]).toEqual([]);
  });
});

describe('outline items', () => {
  it('walks children before the next sibling, numbering and naming items', () => {
    const long = 'x'.repeat(50);
    const doc = docOf('/Outlines 4 0 R', '', [
      '<< /First 5 0 R >>',
      `<< /Title (One) /First 6 0 R /Next 7 0 R >>`,
      `<< /Title (${long}) /Next 5 0 R >>`,
      '<< /Next 4 0 R >>',
    ]);
    expect([...outlineItems(doc)].map((i) => i.location)).toEqual([
      'outline item 1 "One"',
      `outline item 2 "${'x'.repeat(40)}"`,
      'outline item 3',
    ]);
    // A walk that ends within its bound leaves nothing unread.
    expect(doc.unreadParts()).toEqual([]);
    expect([...outlineItems(docOf(''))]).toEqual([]);
    expect([...outlineItems(docOf('/Outlines [4 0 R]', '', ['<< >>']))]).toEqual([]);
  });
});

describe('allDicts', () => {
  it('yields every dictionary, nested in arrays, dictionaries and stream dictionaries', () => {
    const doc = docOf('', '', [
      '[1 << /A << /B 1 >> /C [[<< /D 2 >>]] >> (s) /N]',
      '<< /Length 0 /E << /F 3 >> >>\nstream\n\nendstream',
    ]);
    const keys = (num: number) =>
      [...allDicts(doc)]
        .filter((d) => d.num === num)
        .map((d) => [...d.dict.entries.keys()].join(','))
        .sort();
    expect(keys(4)).toEqual(['A,C', 'B', 'D']);
    expect(keys(5)).toEqual(['F', 'Length,E']);
  });
});
