import { describe, expect, it } from 'vitest';
import { annotationsArea } from '../../../src/validate/rules/annotations.js';
import { simplePdf } from './build-pdf.js';
import { failedRules } from './helpers.js';

function withAnnot(
  annot: string,
  opts: { pageExtra?: string; catalogExtra?: string; extra?: string[] } = {},
): Uint8Array {
  return simplePdf({
    pageExtra: `/Annots [5 0 R] ${opts.pageExtra ?? ''}`,
    catalogExtra: opts.catalogExtra,
    extraObjects: [{ body: annot }, ...(opts.extra ?? []).map((body) => ({ body }))],
  });
}

const AP = '/AP << /N 6 0 R >>';
const FORM = '<< /Type /XObject /Subtype /Form /BBox [0 0 10 10] /Length 0 >>\nstream\n\nendstream';

describe('annotations (6.3)', () => {
  const pdfa = (pdf: Uint8Array): string[] => failedRules(pdf, 'pdfa-2b', [annotationsArea]);
  it('passes a printable text annotation with an appearance', () => {
    expect(
      pdfa(
        withAnnot(`<< /Type /Annot /Subtype /Text /Rect [0 0 10 10] /F 4 ${AP} >>`, {
          extra: [FORM],
        }),
      ),
    ).toEqual([]);
  });
  it('rejects forbidden types, missing or wrong flags', () => {
    expect(
      pdfa(withAnnot(`<< /Subtype /Movie /Rect [0 0 10 10] /F 4 ${AP} >>`, { extra: [FORM] })),
    ).toEqual(['6.3.1-1']);
    expect(
      pdfa(withAnnot(`<< /Subtype /Text /Rect [0 0 10 10] ${AP} >>`, { extra: [FORM] })),
    ).toEqual(['6.3.2-1']);
    expect(
      pdfa(withAnnot(`<< /Subtype /Text /Rect [0 0 10 10] /F 6 ${AP} >>`, { extra: [FORM] })),
    ).toEqual(['6.3.2-2']);
  });
  it.each([
    [1, 'Invisible'],
    [2, 'Hidden'],
    [32, 'NoView'],
    [256, 'ToggleNoView'],
  ])('rejects Print together with flag %i (%s)', (flag) => {
    const f = 4 | flag;
    expect(
      pdfa(withAnnot(`<< /Subtype /Text /Rect [0 0 10 10] /F ${f} ${AP} >>`, { extra: [FORM] })),
    ).toEqual(['6.3.2-2']);
  });
  it('accepts Print with flags that do not hide the annotation', () => {
    // NoZoom 8, NoRotate 16, ReadOnly 64, Locked 128, LockedContents 512.
    const f = 4 | 8 | 16 | 64 | 128 | 512;
    expect(
      pdfa(withAnnot(`<< /Subtype /Text /Rect [0 0 10 10] /F ${f} ${AP} >>`, { extra: [FORM] })),
    ).toEqual([]);
  });
  it('checks appearance dictionaries', () => {
    expect(pdfa(withAnnot('<< /Subtype /Text /Rect [0 0 10 10] /F 4 >>'))).toEqual(['6.3.3-1']);
    expect(pdfa(withAnnot('<< /Subtype /Text /Rect [5 5 5 5] /F 4 >>'))).toEqual([]);
    expect(
      pdfa(
        withAnnot('<< /Subtype /Text /Rect [0 0 10 10] /F 4 /AP << /N 6 0 R /D 6 0 R >> >>', {
          extra: [FORM],
        }),
      ),
    ).toEqual(['6.3.3-2']);
    expect(
      pdfa(
        withAnnot('<< /Subtype /Text /Rect [0 0 10 10] /F 4 /AP << /N << /On 6 0 R >> >> >>', {
          extra: [FORM],
        }),
      ),
    ).toEqual(['6.3.3-4']);
    expect(
      pdfa(
        withAnnot(`<< /Subtype /Widget /FT /Btn /Rect [0 0 10 10] /F 4 ${AP} >>`, {
          extra: [FORM],
        }),
      ),
    ).toEqual(['6.3.3-3']);
  });
});

describe('annotations (PDF/UA 7.18)', () => {
  const ua = (pdf: Uint8Array): string[] => failedRules(pdf, 'pdfua-1', [annotationsArea]);
  const tree = '/StructTreeRoot 7 0 R';
  const root = (type: string, alt = ''): string[] => [
    FORM,
    '<< /Type /StructTreeRoot /K 8 0 R /ParentTree << /Nums [0 8 0 R] >> >>',
    `<< /Type /StructElem /S /${type} /P 7 0 R ${alt} >>`,
  ];
  it('accepts a tagged link with Contents on a page with Tabs S', () => {
    const pdf = withAnnot(
      `<< /Subtype /Link /Rect [0 0 10 10] /StructParent 0 /Contents (Home) >>`,
      {
        pageExtra: '/Tabs /S',
        catalogExtra: tree,
        extra: root('Link'),
      },
    );
    expect(ua(pdf)).toEqual([]);
  });
  it('reports untagged links without Contents and missing Tabs', () => {
    const pdf = withAnnot(`<< /Subtype /Link /Rect [0 0 10 10] >>`);
    expect(ua(pdf)).toEqual(['7.18.1-2', '7.18.3-1', '7.18.5-1', '7.18.5-2']);
  });
  it('requires Annot tags and descriptions for other annotations, unless hidden', () => {
    const pdf = withAnnot(`<< /Subtype /Text /Rect [0 0 10 10] /StructParent 0 >>`, {
      pageExtra: '/Tabs /S',
      catalogExtra: tree,
      extra: root('P'),
    });
    expect(ua(pdf)).toEqual(['7.18.1-1', '7.18.1-2']);
    const ok = withAnnot(`<< /Subtype /Text /Rect [0 0 10 10] /StructParent 0 >>`, {
      pageExtra: '/Tabs /S',
      catalogExtra: tree,
      extra: root('Annot', '/Alt (A note)'),
    });
    expect(ua(ok)).toEqual([]);
    const hidden = withAnnot(`<< /Subtype /Text /Rect [0 0 10 10] /F 2 >>`, {
      pageExtra: '/Tabs /S',
    });
    expect(ua(hidden)).toEqual([]);
    // A rectangle that only touches the crop box edge counts as outside it.
    const outside = withAnnot(`<< /Subtype /Popup /Rect [612 600 816 700] /F 28 >>`, {
      pageExtra: '/Tabs /S',
    });
    expect(ua(outside)).toEqual([]);
    const inside = withAnnot(`<< /Subtype /Popup /Rect [600 600 816 700] /F 28 >>`, {
      pageExtra: '/Tabs /S',
    });
    expect(ua(inside)).toEqual(['7.18.1-1', '7.18.1-2']);
  });
  it('checks widgets: Form tag and TU', () => {
    const pdf = withAnnot(`<< /Subtype /Widget /Rect [0 0 10 10] /StructParent 0 >>`, {
      pageExtra: '/Tabs /S',
      catalogExtra: tree,
      extra: root('Form'),
    });
    expect(ua(pdf)).toEqual(['7.18.1-3']);
    const named = withAnnot(
      `<< /Subtype /Widget /T (name) /Rect [0 0 10 10] /StructParent 0 /TU (Name) >>`,
      {
        pageExtra: '/Tabs /S',
        catalogExtra: tree,
        extra: root('P'),
      },
    );
    expect(ua(named)).toEqual(['7.18.4-1']);
  });
  it('checks media clips', () => {
    const pdf = withAnnot(
      `<< /Subtype /Screen /Rect [0 0 10 10] /F 2 /A << /S /Rendition /R << /S /MR /C << /S /MCD /D << >> >> >> >> >>`,
      { pageExtra: '/Tabs /S' },
    );
    expect(ua(pdf)).toEqual(['7.18.6.2-1', '7.18.6.2-2']);
  });
});
