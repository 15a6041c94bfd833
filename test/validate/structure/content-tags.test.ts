import { describe, expect, it } from 'vitest';
import type { Flavour } from '../../../src/validate/contract.js';
import { needsContentTags } from '../../../src/validate/rules/structure/content-tags.js';
import {
  buildPdf,
  checksOf as of,
  runStructure,
  stream,
  taggedDoc,
  type Check,
} from './helpers.js';

const FONT = '/Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >>';
const SHADING =
  '/Shading << /Sh << /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 1 1] /Function << /FunctionType 2 /Domain [0 1] /N 1 >> >> >>';
const IMAGE =
  '<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /BitsPerComponent 8 /ColorSpace /DeviceGray /Length 1 >>\nstream\n\x00\nendstream';
const form = (content: string, extra = '') =>
  stream(content, `/Type /XObject /Subtype /Form /BBox [0 0 10 10] ${extra}`);

/**
 * A page whose MCID 0 belongs to paragraph 7 (in Document 6) through the parent tree (8) under
 * the page's StructParents 0. Objects 9 on are `more`; the page's XObjects are X0 = 9, Im = 10
 * when given.
 */
function page(
  content: string,
  opts: {
    more?: string[];
    xobjects?: string;
    nums?: string;
    docExtra?: string;
    pExtra?: string;
    pageExtra?: string;
    catalogLang?: string | null;
  } = {},
) {
  return taggedDoc({
    rootKids: '[6 0 R]',
    rootExtra: '/ParentTree 8 0 R',
    catalogLang: opts.catalogLang,
    pageExtra: `/Resources << ${FONT} ${SHADING} /XObject << ${opts.xobjects ?? ''} >> >> ${opts.pageExtra ?? ''}`,
    content,
    elements: [
      `<< /Type /StructElem /S /Document /P 5 0 R /K [7 0 R] ${opts.docExtra ?? ''} >>`,
      `<< /Type /StructElem /S /P /P 6 0 R /Pg 3 0 R /K [0] ${opts.pExtra ?? ''} >>`,
      `<< /Nums [${opts.nums ?? '0 [7 0 R]'}] >>`,
      ...(opts.more ?? []),
    ],
  });
}

const fails = (checks: readonly Check[], id: string) =>
  of(checks, id).filter((c) => c.startsWith('FAIL'));
const run = (bytes: Uint8Array, flavour: Flavour = 'pdfua-1') => runStructure(bytes, flavour);

describe('which flavours gather the facts', () => {
  it('gathers them for PDF/UA-1 and the accessible PDF/A levels only', () => {
    expect(needsContentTags('pdfua-1')).toBe(true);
    expect(needsContentTags('pdfa-2a')).toBe(true);
    expect(needsContentTags('pdfa-3a')).toBe(true);
    expect(needsContentTags('pdfa-2b')).toBe(false);
    expect(needsContentTags('pdfa-3u')).toBe(false);
  });
});

describe('untagged content (7.1-3)', () => {
  it('names each untagged path, text, shading and image by its offset, once per text show', () => {
    const content = '0 0 5 5 re f BT /F1 12 Tf (a) Tj ET /Sh sh /Im Do';
    const checks = run(page(content, { xobjects: '/Im 9 0 R', more: [IMAGE] }));
    expect(fails(checks, '7.1-3')).toEqual([
      `FAIL page 1 / path at offset ${content.indexOf('f')}`,
      `FAIL page 1 / text at offset ${content.indexOf('Tj')}`,
      `FAIL page 1 / shading at offset ${content.indexOf('sh')}`,
      `FAIL page 1 / image at offset ${content.indexOf('Do')}`,
    ]);
    // Inline images are images too.
    const inline = 'BI /W 1 /H 1 /BPC 8 /CS /G ID \x00 EI';
    expect(fails(run(page(inline)), '7.1-3')).toEqual([
      expect.stringMatching(/^FAIL page 1 \/ image at offset \d+$/),
    ]);
  });

  it('counts content tagged when its MCID names an element whose P chain reaches the root', () => {
    const tagged = '/P <</MCID 0>> BDC 0 0 5 5 re f BT /F1 12 Tf (a) Tj ET /Sh sh EMC';
    expect(fails(run(page(tagged)), '7.1-3')).toEqual([]);
    expect(of(run(page(tagged)), '7.1-3')).toEqual([
      'pass page content',
      'pass page content',
      'pass page content',
    ]);
    // Nested sequences without an MCID inherit the element of the enclosing one.
    const nested =
      '/P <</MCID 0>> BDC /Span BMC /Em <<>> BDC 0 0 5 5 re f EMC 0 0 5 5 re f EMC EMC';
    expect(fails(run(page(nested)), '7.1-3')).toEqual([]);
    // An element whose P chain is broken is not in the tree.
    expect(fails(run(page(tagged, { pExtra: '/P 99 0 R' })), '7.1-3')).toHaveLength(3);
    // A P chain that reaches a dictionary typed StructTreeRoot counts as reaching the root.
    const otherRoot = page(tagged, {
      pExtra: '/P 9 0 R',
      more: ['<< /Type /StructTreeRoot >>'],
    });
    expect(fails(run(otherRoot), '7.1-3')).toEqual([]);
  });

  it('ties an MCID only through an array of the parent tree at the stream key', () => {
    const content = '/P <</MCID 0>> BDC 0 0 5 5 re f EMC';
    // The page's entry is an element, not an array: no MCID is tied.
    expect(fails(run(page(content, { nums: '0 7 0 R' })), '7.1-3')).toHaveLength(1);
    // No entry under the page's key.
    expect(fails(run(page(content, { nums: '1 [7 0 R]' })), '7.1-3')).toHaveLength(1);
    // A page without StructParents, or with one that is not a number.
    const noKey = taggedDoc({
      rootKids: '[6 0 R]',
      rootExtra: '/ParentTree 8 0 R',
      content,
      elements: [
        `<< /Type /StructElem /S /Document /P 5 0 R /K [7 0 R] >>`,
        `<< /Type /StructElem /S /P /P 6 0 R /Pg 3 0 R /K [0] >>`,
        '<< /Nums [0 [7 0 R]] >>',
      ],
      pageExtra: '/StructParents (0)',
    });
    expect(fails(run(noKey), '7.1-3')).toHaveLength(1);
    const structParents = (entry: string) =>
      buildPdf([
        '<< /Type /Catalog /Pages 2 0 R /StructTreeRoot 5 0 R /MarkInfo << /Marked true >> /Lang (en) >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R ${entry} >>`,
        stream(content),
        // A root without a Type: the paragraph's P chain still reaches it.
        '<< /K [6 0 R] /ParentTree 7 0 R >>',
        `<< /Type /StructElem /S /P /P 5 0 R /Pg 3 0 R /K [0] >>`,
        '<< /Nums [0 [6 0 R]] >>',
      ]);
    expect(fails(run(structParents('')), '7.1-3')).toHaveLength(1);
    expect(fails(run(structParents('/StructParents 0')), '7.1-3')).toEqual([]);
    // An MCID past the end of the array.
    expect(fails(run(page('/P <</MCID 1>> BDC 0 0 5 5 re f EMC')), '7.1-3')).toHaveLength(1);
  });

  it("reads a form's MCIDs under the form's own StructParents, else under the page's", () => {
    const marked = '/P <</MCID 0>> BDC 0 0 5 5 re f EMC';
    const withForm = (formExtra: string, nums: string) =>
      run(
        page('/X0 Do', {
          xobjects: '/X0 9 0 R',
          more: [form(marked, formExtra)],
          nums,
        }),
      );
    // The form's own key 1 names the paragraph; the page's key 0 names nothing.
    expect(fails(withForm('/StructParents 1', '0 [] 1 [7 0 R]'), '7.1-3')).toEqual([]);
    // The form's own key is used even when the page's would tag the content.
    expect(fails(withForm('/StructParents 1', '0 [7 0 R] 1 []'), '7.1-3')).toEqual([
      expect.stringMatching(/^FAIL page 1 \/ form X0 \/ path at offset \d+$/),
    ]);
    // Without (or with a broken) key of its own, the form's content is the page's.
    expect(fails(withForm('', '0 [7 0 R]'), '7.1-3')).toEqual([]);
    expect(fails(withForm('/StructParents /one', '0 [7 0 R]'), '7.1-3')).toEqual([]);
  });
});

describe('artifacts and tagged content nested in each other (7.1-1, 7.1-2)', () => {
  it('names the marked content, with its MCID', () => {
    const inTagged = run(page('/P <</MCID 0>> BDC /Artifact BMC 0 0 5 5 re f EMC EMC'));
    expect(fails(inTagged, '7.1-1')).toEqual(['FAIL page 1 / marked content /Artifact']);
    expect(of(inTagged, '7.1-1')).toEqual([
      'pass page content',
      'FAIL page 1 / marked content /Artifact',
    ]);
    const inArtifact = run(page('/Artifact BMC /P <</MCID 0>> BDC 0 0 5 5 re f EMC EMC'));
    expect(fails(inArtifact, '7.1-2')).toEqual(['FAIL page 1 / marked content /P (MCID 0)']);
  });

  it('lets artifacts and untagged sequences sit anywhere outside tagged content', () => {
    const checks = run(
      page('/Artifact BMC /Artifact BMC /Span BMC 0 0 5 5 re f EMC EMC EMC /X BMC EMC'),
    );
    expect(fails(checks, '7.1-1')).toEqual([]);
    expect(fails(checks, '7.1-2')).toEqual([]);
    expect(of(checks, '7.1-2')).toHaveLength(4);
    // Content inside an artifact, however deep, needs no tag.
    expect(fails(checks, '7.1-3')).toEqual([]);
    // An artifact deeper inside tagged content is still inside it.
    const deep = run(page('/P <</MCID 0>> BDC /Span BMC /Artifact BMC EMC EMC EMC'));
    expect(fails(deep, '7.1-1')).toEqual(['FAIL page 1 / marked content /Artifact']);
  });
});

describe('form XObjects drawn more than once (7.20-2)', () => {
  it('names the form and passes every other draw of a form', () => {
    const checks = run(
      page('/Artifact BMC /X0 Do /X1 Do /X1 Do /Im Do /X0 Do EMC', {
        xobjects: '/X0 9 0 R /X1 10 0 R /Im 11 0 R',
        more: [form('', '/StructParents 1'), form(''), IMAGE],
      }),
    );
    // One check per draw of a form (not of an image).
    expect(of(checks, '7.20-2')).toEqual([
      'pass page content',
      'pass page content',
      'pass page content',
      'FAIL page 1 / form XObject X0',
    ]);
  });

  it('counts draws of the same form object under two names', () => {
    const checks = run(
      page('/Artifact BMC /X0 Do /Y0 Do EMC', {
        xobjects: '/X0 9 0 R /Y0 9 0 R',
        more: [form('', '/StructParents 1')],
      }),
    );
    expect(fails(checks, '7.20-2')).toEqual(['FAIL page 1 / form XObject Y0']);
  });
});

describe('languages in marked content', () => {
  it('checks the Lang of each property list where it stands', () => {
    const checks = run(
      page(
        '/P <</MCID 0 /Lang (en_GB)>> BDC EMC /Span <</Lang (de)>> BDC EMC /Q <</Lang /fr>> BDC EMC',
      ),
    );
    expect(of(checks, '7.2-29')).toEqual([
      'pass document catalog',
      'FAIL page 1 / marked content /P (MCID 0): Lang "en_GB"',
      'pass page 1 / marked content /Span',
    ]);
  });

  it('keeps 20 locations of one Lang value and checks the others at the first', () => {
    const content = Array.from({ length: 23 }, (_, i) => `/T${i} <</Lang (en_GB)>> BDC EMC`).join(
      '\n',
    );
    const locs = fails(run(page(content)), '7.2-29');
    expect(locs).toHaveLength(23);
    expect(locs.slice(0, 20)).toEqual(
      Array.from({ length: 20 }, (_, i) => `FAIL page 1 / marked content /T${i}: Lang "en_GB"`),
    );
    expect(new Set(locs.slice(20))).toEqual(new Set([locs[0]]));
  });

  // Catalog without Lang: each Span's texts need a language from somewhere.
  const span = (content: string, opts: Parameters<typeof page>[1] = {}) =>
    run(page(content, { catalogLang: null, ...opts }));
  const spanRules = (checks: Check[]) =>
    ['7.2-30', '7.2-31', '7.2-32'].map((id) => of(checks, id).join(' | '));

  it('checks ActualText, Alt and E of a Span, each on its own', () => {
    const where = 'page 1 / marked content /Span';
    expect(spanRules(span('/Span <</ActualText (a)>> BDC EMC'))).toEqual([
      `FAIL ${where}`,
      'pass page content',
      'pass page content',
    ]);
    expect(spanRules(span('/Span <</Alt (a)>> BDC EMC'))).toEqual([
      'pass page content',
      `FAIL ${where}`,
      'pass page content',
    ]);
    expect(spanRules(span('/Span <</E (a)>> BDC EMC'))).toEqual([
      'pass page content',
      'pass page content',
      `FAIL ${where}`,
    ]);
    // Only Span sequences with a property list are checked.
    expect(spanRules(span('/Quote <</E (a)>> BDC EMC /Span BMC EMC'))).toEqual(['', '', '']);
  });

  it('takes the language of a Span from itself, an enclosing sequence, its element or the catalog', () => {
    const alt = '/Span <</Alt (a)>> BDC EMC';
    const ok = (checks: Check[]) => fails(checks, '7.2-31');
    expect(ok(span('/Span <</Alt (a) /Lang (en)>> BDC EMC'))).toEqual([]);
    expect(ok(span(`/Div <</Lang (en)>> BDC /Em BMC ${alt} EMC EMC`))).toEqual([]);
    // A Lang that is not a string gives none.
    expect(ok(span(`/Div <</Lang /en>> BDC ${alt} EMC`))).toHaveLength(1);
    expect(ok(span(`/P <</MCID 0>> BDC ${alt} EMC`, { pExtra: '/Lang (en)' }))).toEqual([]);
    expect(ok(span(`/P <</MCID 0>> BDC ${alt} EMC`, { docExtra: '/Lang (en)' }))).toEqual([]);
    expect(ok(span(`/P <</MCID 0>> BDC ${alt} EMC`))).toHaveLength(1);
    expect(ok(span(alt, { catalogLang: 'en' }))).toEqual([]);
    // A sibling's language does not carry over.
    expect(ok(span(`/Div <</Lang (en)>> BDC EMC ${alt}`))).toHaveLength(1);
  });

  it('needs a language for every text shown (7.2-34)', () => {
    const text = 'BT /F1 12 Tf (a) Tj ET';
    const noLang = span(`/Artifact BMC ${text} EMC`);
    expect(of(noLang, '7.2-34')).toEqual([
      `FAIL page 1 / text at offset ${'/Artifact BMC BT /F1 12 Tf (a) '.length}`,
    ]);
    expect(fails(span(`/Artifact <</Lang (en)>> BDC ${text} EMC`), '7.2-34')).toEqual([]);
    expect(
      fails(span(`/P <</MCID 0>> BDC ${text} EMC`, { pExtra: '/Lang (en)' }), '7.2-34'),
    ).toEqual([]);
    expect(fails(span(`/P <</MCID 0>> BDC ${text} EMC`), '7.2-34')).toHaveLength(1);
    expect(fails(span(`/Artifact BMC ${text} EMC`, { catalogLang: '' }), '7.2-34')).toEqual([]);
    // Paths need no language.
    expect(of(span('/Artifact BMC 0 0 1 1 re f EMC'), '7.2-34')).toEqual([]);
  });

  it('reads Lang in annotation appearances as values only, not as tagging', () => {
    const bytes = page('', {
      pageExtra: '/Annots [9 0 R]',
      more: [
        '<< /Type /Annot /Subtype /Square /Rect [0 0 10 10] /F 4 /AP << /N 10 0 R >> >>',
        form(
          '/Span <</Lang (en_GB) /MCID 3>> BDC 0 0 5 5 re f EMC /X BMC EMC /Y <</Lang 1>> BDC EMC',
        ),
      ],
    });
    const checks = run(bytes);
    expect(of(checks, '7.2-29')).toEqual([
      'pass document catalog',
      'FAIL page 1 / annotation 1 / appearance N / marked content /Span: Lang "en_GB"',
    ]);
    // Nothing else is recorded from the appearance.
    for (const id of ['7.1-1', '7.1-2', '7.1-3', '7.2-30', '7.2-34'])
      expect(of(checks, id), id).toEqual([]);
  });
});
