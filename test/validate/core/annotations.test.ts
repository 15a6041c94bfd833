import { describe, expect, it } from 'vitest';
import { annotationsArea } from '../../../src/validate/rules/annotations.js';
import { buildPdf, simplePdf } from './build-pdf.js';
import { failedRules, failureLines } from './helpers.js';

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

describe('annotations (6.3): what each rule admits', () => {
  const pdfa = (pdf: Uint8Array): string[] => failedRules(pdf, 'pdfa-2b', [annotationsArea]);
  const annot = (body: string): Uint8Array => withAnnot(`<< ${body} >>`, { extra: [FORM] });
  it.each([
    'Text',
    'Link',
    'FreeText',
    'Line',
    'Square',
    'Circle',
    'Polygon',
    'PolyLine',
    'Highlight',
    'Underline',
    'Squiggly',
    'StrikeOut',
    'Stamp',
    'Caret',
    'Ink',
    'Popup',
    'FileAttachment',
    'Widget',
    'PrinterMark',
    'TrapNet',
    'Watermark',
    'Redact',
  ])('admits the ISO 32000-1 type %s', (type) => {
    expect(pdfa(annot(`/Subtype /${type} /Rect [0 0 10 10] /F 4 ${AP}`))).not.toContain('6.3.1-1');
  });
  it.each(['3D', 'Sound', 'Screen', 'Movie', 'RichMedia'])('refuses the type %s', (type) => {
    expect(pdfa(annot(`/Subtype /${type} /Rect [0 0 10 10] /F 4 ${AP}`))).toEqual(['6.3.1-1']);
  });
  it('refuses an annotation without a subtype', () => {
    expect(pdfa(annot(`/Rect [0 0 10 10] /F 4 ${AP}`))).toEqual(['6.3.1-1']);
  });
  it('lets a popup go without flags and appearance, a link without appearance only', () => {
    expect(pdfa(annot('/Subtype /Popup /Rect [0 0 10 10]'))).toEqual([]);
    expect(pdfa(annot('/Subtype /Link /Rect [0 0 10 10] /F 4'))).toEqual([]);
    expect(pdfa(annot('/Subtype /Link /Rect [0 0 10 10]'))).toEqual(['6.3.2-1']);
  });
  it('exempts only an annotation of zero width and zero height from the appearance', () => {
    expect(pdfa(annot('/Subtype /Text /Rect [5 5 5 10] /F 4'))).toEqual(['6.3.3-1']);
    expect(pdfa(annot('/Subtype /Text /Rect [5 5 10 5] /F 4'))).toEqual(['6.3.3-1']);
    expect(pdfa(annot('/Subtype /Text /F 4'))).toEqual(['6.3.3-1']);
  });
  it('refuses an appearance entry that is not a dictionary, or a null one', () => {
    expect(pdfa(annot('/Subtype /Text /Rect [0 0 10 10] /F 4 /AP 6 0 R'))).toEqual(['6.3.3-2']);
    expect(pdfa(annot('/Subtype /Text /Rect [0 0 10 10] /F 4 /AP null'))).toEqual(['6.3.3-1']);
    expect(pdfa(annot('/Subtype /Text /Rect [0 0 10 10] /F 4 /AP << >>'))).toEqual(['6.3.3-2']);
    expect(pdfa(annot('/Subtype /Text /Rect [0 0 10 10] /F 4 /AP << /D 6 0 R >>'))).toEqual([
      '6.3.3-2',
    ]);
  });
  it('wants a button widget to map every appearance state to a stream', () => {
    const button = (n: string, field = '/FT /Btn'): Uint8Array =>
      annot(`/Subtype /Widget ${field} /Rect [0 0 10 10] /F 4 /AP << /N ${n} >>`);
    expect(pdfa(button('<< /On 6 0 R /Off 6 0 R >>'))).toEqual([]);
    expect(pdfa(button('<< >>'))).toEqual(['6.3.3-3']);
    expect(pdfa(button('<< /On 6 0 R /Off 5 >>'))).toEqual(['6.3.3-3']);
    // The field type is inherited from the parent field.
    expect(pdfa(button('6 0 R', '/Parent << /FT /Btn >>'))).toEqual(['6.3.3-3']);
    expect(pdfa(button('<< /On 6 0 R >>', '/Parent << /FT /Btn >>'))).toEqual([]);
    // Any other widget, like any other annotation, has one appearance stream.
    expect(pdfa(button('6 0 R', '/FT /Tx'))).toEqual([]);
    expect(pdfa(button('<< /On 6 0 R >>', '/FT /Tx'))).toEqual(['6.3.3-4']);
    expect(
      pdfa(annot('/Subtype /Text /FT /Btn /Rect [0 0 10 10] /F 4 /AP << /N 6 0 R >>')),
    ).toEqual([]);
  });
});

describe('annotations (PDF/UA 7.18): exemptions, widgets, trap nets, printer marks', () => {
  const ua = (pdf: Uint8Array): string[] => failedRules(pdf, 'pdfua-1', [annotationsArea]);
  const tree = '/StructTreeRoot 6 0 R';
  const tagged = (annot: string, type: string, alt = '', extra: string[] = []): Uint8Array =>
    withAnnot(annot, {
      pageExtra: '/Tabs /S',
      catalogExtra: tree,
      extra: [
        '<< /Type /StructTreeRoot /K 7 0 R /ParentTree << /Nums [0 7 0 R] >> >>',
        `<< /Type /StructElem /S /${type} /P 6 0 R ${alt} >>`,
        ...extra,
      ],
    });
  it('exempts hidden annotations of every kind, but not merely printable ones', () => {
    for (const st of ['Link', 'Widget', 'TrapNet', 'Text']) {
      expect(
        ua(withAnnot(`<< /Subtype /${st} /Rect [0 0 10 10] /F 2 >>`, { pageExtra: '/Tabs /S' })),
      ).toEqual([]);
    }
    expect(
      ua(withAnnot('<< /Subtype /Text /Rect [0 0 10 10] /F 4 >>', { pageExtra: '/Tabs /S' })),
    ).toEqual(['7.18.1-1', '7.18.1-2']);
  });
  it.each([
    ['below', '[0 -20 10 0]'],
    ['left of', '[-20 0 0 10]'],
    ['above', '[0 792 10 800]'],
  ])('exempts an annotation wholly %s the page', (_where, rect) => {
    expect(ua(withAnnot(`<< /Subtype /Text /Rect ${rect} >>`, { pageExtra: '/Tabs /S' }))).toEqual(
      [],
    );
  });
  it('reads the Contents of an annotation, and an empty one does not describe it', () => {
    expect(
      ua(
        tagged('<< /Subtype /Text /Rect [0 0 10 10] /StructParent 0 /Contents (Note) >>', 'Annot'),
      ),
    ).toEqual([]);
    expect(
      ua(tagged('<< /Subtype /Text /Rect [0 0 10 10] /StructParent 0 /Contents () >>', 'Annot')),
    ).toEqual(['7.18.1-2']);
    expect(
      ua(tagged('<< /Subtype /Text /Rect [0 0 10 10] /StructParent 0 >>', 'Annot', '/Alt ()')),
    ).toEqual(['7.18.1-2']);
  });
  it('takes a widget description from its field, its parent field or its structure element', () => {
    expect(
      ua(
        tagged(
          '<< /Subtype /Widget /Rect [0 0 10 10] /StructParent 0 /T (f) /TU (Name) >>',
          'Form',
        ),
      ),
    ).toEqual([]);
    expect(
      ua(
        tagged(
          '<< /Subtype /Widget /Rect [0 0 10 10] /StructParent 0 /Parent 8 0 R >>',
          'Form',
          '',
          ['<< /T (f) /TU (Name) >>'],
        ),
      ),
    ).toEqual([]);
    // A widget with its own T is the field: the parent's TU is not its description.
    expect(
      ua(
        tagged(
          '<< /Subtype /Widget /Rect [0 0 10 10] /StructParent 0 /T (g) /Parent 8 0 R >>',
          'Form',
          '',
          ['<< /T (f) /TU (Name) >>'],
        ),
      ),
    ).toEqual(['7.18.1-3']);
    expect(
      ua(tagged('<< /Subtype /Widget /Rect [0 0 10 10] /StructParent 0 >>', 'Form', '/Alt (Name)')),
    ).toEqual([]);
    expect(
      ua(tagged('<< /Subtype /Widget /Rect [0 0 10 10] /StructParent 0 /T (f) /TU () >>', 'Form')),
    ).toEqual(['7.18.1-3']);
  });
  it('refuses a visible trap net, tagged or not', () => {
    expect(
      ua(
        tagged('<< /Subtype /TrapNet /Rect [0 0 10 10] /StructParent 0 /Contents (t) >>', 'Annot'),
      ),
    ).toEqual(['7.18.2-1']);
  });
  it('wants a visible printer mark kept out of the structure tree', () => {
    expect(
      ua(
        withAnnot('<< /Subtype /PrinterMark /Rect [0 0 10 10] /Contents (m) >>', {
          pageExtra: '/Tabs /S',
        }),
      ),
    ).toEqual([]);
    expect(
      ua(
        tagged(
          '<< /Subtype /PrinterMark /Rect [0 0 10 10] /StructParent 0 /Contents (m) >>',
          'Annot',
        ),
      ),
    ).toEqual(['7.18.8-1']);
  });
  it('wants a link tagged Link with a non-empty Contents', () => {
    expect(
      ua(tagged('<< /Subtype /Link /Rect [0 0 10 10] /StructParent 0 /Contents () >>', 'Link')),
    ).toEqual(['7.18.1-2', '7.18.5-2']);
    expect(
      ua(tagged('<< /Subtype /Link /Rect [0 0 10 10] /StructParent 0 /Contents (x) >>', 'Annot')),
    ).toEqual(['7.18.5-1']);
  });
  it('asks for structure tab order on pages with annotations only', () => {
    const tabs = (page: string): string[] =>
      ua(
        simplePdf({
          pageExtra: page,
          extraObjects: [{ body: '<< /Subtype /Text /Rect [0 0 10 10] /F 2 >>' }],
        }),
      );
    expect(tabs('/Annots [5 0 R] /Tabs /R')).toEqual(['7.18.3-1']);
    expect(tabs('/Annots [5 0 R] /Tabs /S')).toEqual([]);
    expect(tabs('/Annots [6 0 R 7]')).toEqual([]);
    expect(tabs('')).toEqual([]);
  });
  it('wants every media clip to carry a content type and a complete alternative text', () => {
    const clip = (entries: string): string[] =>
      ua(
        simplePdf({
          extraObjects: [{ body: `<< ${entries} >>` }],
          catalogExtra: '/Extra 5 0 R',
        }),
      );
    expect(clip('/S /MCD /CT (video/mp4) /Alt [(en) (A clip) () (Ein Clip)]')).toEqual([]);
    expect(clip('/Type /MediaClip /CT (video/mp4) /Alt [(en) (A clip)]')).toEqual([]);
    expect(clip('/Type /MediaClip /Alt [(en) (A clip)]')).toEqual(['7.18.6.2-1']);
    expect(clip('/S /MCD /CT /mp4 /Alt [(en) (A clip)]')).toEqual(['7.18.6.2-1']);
    expect(clip('/S /MCD /CT (video/mp4) /Alt [(en) ()]')).toEqual(['7.18.6.2-2']);
    expect(clip('/S /MCD /CT (video/mp4) /Alt [(en)]')).toEqual(['7.18.6.2-2']);
    expect(clip('/S /MCD /CT (video/mp4) /Alt []')).toEqual(['7.18.6.2-2']);
    expect(clip('/S /MCD /CT (video/mp4) /Alt [(en) /Text]')).toEqual(['7.18.6.2-2']);
    expect(clip('/S /MCD /CT (video/mp4) /Alt (A clip)')).toEqual(['7.18.6.2-2']);
    // Media clip sections, and clips of another type, are not clip data.
    expect(clip('/S /MCS /Type /MediaClip')).toEqual([]);
    expect(clip('/Type /Rendition')).toEqual([]);
  });
});

describe('annotations: what a failure tells the user', () => {
  const lines = (pdf: Uint8Array, flavour: 'pdfa-2b' | 'pdfua-1'): string[] =>
    failureLines(pdf, flavour, [annotationsArea]);
  it('refuses an annotation that will not print', () => {
    for (const f of [0, 8]) {
      expect(
        lines(
          withAnnot(`<< /Subtype /Text /Rect [0 0 10 10] /F ${f} ${AP} >>`, { extra: [FORM] }),
          'pdfa-2b',
        ),
      ).toEqual([`6.3.2-2 @ page 1 / annotation 1 (Text) / object 5: flags ${f}`]);
    }
  });
  it('names the subtype refused, or says it is missing', () => {
    expect(
      lines(
        withAnnot(`<< /Subtype /Movie /Rect [0 0 10 10] /F 4 ${AP} >>`, { extra: [FORM] }),
        'pdfa-2b',
      ),
    ).toEqual(['6.3.1-1 @ page 1 / annotation 1 (Movie) / object 5: subtype Movie']);
    expect(
      lines(withAnnot(`<< /Rect [0 0 10 10] /F 4 ${AP} >>`, { extra: [FORM] }), 'pdfa-2b'),
    ).toEqual(['6.3.1-1 @ page 1 / annotation 1 / object 5: subtype missing']);
  });
  it('names the extra appearance entries, or says the appearance is not a dictionary', () => {
    expect(
      lines(
        withAnnot('<< /Subtype /Text /Rect [0 0 10 10] /F 4 /AP << /N 6 0 R /R 6 0 R >> >>', {
          extra: [FORM],
        }),
        'pdfa-2b',
      ),
    ).toEqual(['6.3.3-2 @ page 1 / annotation 1 (Text) / object 5: keys N, R']);
    expect(
      lines(
        withAnnot('<< /Subtype /Text /Rect [0 0 10 10] /F 4 /AP 6 0 R >>', { extra: [FORM] }),
        'pdfa-2b',
      ),
    ).toEqual(['6.3.3-2 @ page 1 / annotation 1 (Text) / object 5: not a dictionary']);
  });
  it('names the structure type an annotation is tagged with, or none', () => {
    const untagged = (st: string): string[] =>
      lines(
        withAnnot(`<< /Subtype /${st} /Rect [0 0 10 10] /Contents (x) >>`, {
          pageExtra: '/Tabs /S',
        }),
        'pdfua-1',
      );
    expect(untagged('Text')).toEqual([
      '7.18.1-1 @ page 1 / annotation 1 (Text) / object 5: structure type none',
    ]);
    expect(untagged('Link')).toEqual([
      '7.18.5-1 @ page 1 / annotation 1 (Link) / object 5: structure type none',
    ]);
    expect(untagged('Widget')).toEqual([
      '7.18.1-3 @ page 1 / annotation 1 (Widget) / object 5: ',
      '7.18.4-1 @ page 1 / annotation 1 (Widget) / object 5: structure type none',
    ]);
    const pdf = withAnnot('<< /Subtype /Link /Rect [0 0 10 10] /StructParent 0 /Contents (x) >>', {
      pageExtra: '/Tabs /S',
      catalogExtra: '/StructTreeRoot 6 0 R',
      extra: [
        '<< /Type /StructTreeRoot /K 7 0 R /ParentTree << /Nums [0 7 0 R] >> >>',
        '<< /Type /StructElem /S /Span /P 6 0 R >>',
      ],
    });
    expect(lines(pdf, 'pdfua-1')).toEqual([
      '7.18.5-1 @ page 1 / annotation 1 (Link) / object 5: structure type Span',
    ]);
  });
  it('names the page without tab order and the object of a media clip', () => {
    const pdf = buildPdf([
      { body: '<< /Type /Catalog /Pages 2 0 R >>' },
      { body: '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 /MediaBox [0 0 612 792] >>' },
      { body: '<< /Type /Page /Parent 2 0 R /Tabs /S /Annots [5 0 R] >>' },
      { body: '<< /Type /Page /Parent 2 0 R /Annots [5 0 R] >>' },
      { body: '<< /Subtype /Text /Rect [0 0 10 10] /F 2 >>' },
      { body: '<< /S /MCD /Alt [(en) (A clip)] >>' },
    ]);
    expect(lines(pdf, 'pdfua-1')).toEqual([
      '7.18.3-1 @ page 2: ',
      '7.18.6.2-1 @ media clip / object 6: ',
    ]);
  });
});
