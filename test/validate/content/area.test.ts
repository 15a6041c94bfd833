import { describe, expect, it } from 'vitest';
import { graphicsArea } from '../../../src/validate/rules/graphics.js';
import { readJpx } from '../../../src/validate/content/headers.js';
import { arr, dict, makeDoc, name, num, ref, stream } from './model.js';
import { iccHeader, jp2Box, runArea } from './sink.js';

const outputIntent = (profileRef: number) =>
  arr(
    dict({ Type: name('OutputIntent'), S: name('GTS_PDFA1'), DestOutputProfile: ref(profileRef) }),
  );

describe('graphics area: colour spaces', () => {
  it('fails DeviceRGB without an output intent and passes with an RGB one', () => {
    const page = { content: '1 0 0 rg 0 0 10 10 re f', resources: dict({}) };
    const without = runArea(graphicsArea, makeDoc({ pages: [page] }), 'pdfa-3b');
    expect([...without.failed.keys()]).toContain('6.2.4.3#2');
    const withIntent = makeDoc({
      objects: { 9: stream({ N: num(3) }, iccHeader('mntr', 'RGB ')) },
      pages: [page],
      catalog: { OutputIntents: outputIntent(9) },
    });
    const r = runArea(graphicsArea, withIntent, 'pdfa-3b');
    expect(r.failed.size).toBe(0);
    expect(r.passed.get('6.2.4.3#2')).toBeGreaterThan(0);
  });

  it('accepts DeviceRGB replaced by a DefaultRGB ICC space, and checks that profile', () => {
    const res = dict({ ColorSpace: dict({ DefaultRGB: arr(name('ICCBased'), ref(5)) }) });
    const good = makeDoc({
      objects: { 5: stream({ N: num(3) }, iccHeader('mntr', 'RGB ')) },
      pages: [{ content: '0 1 0 rg 0 0 1 1 re f', resources: res }],
    });
    expect(runArea(graphicsArea, good, 'pdfa-2b').failed.size).toBe(0);
    const bad = makeDoc({
      objects: { 5: stream({ N: num(3) }, iccHeader('abst', 'RGB ')) },
      pages: [{ content: '0 1 0 rg 0 0 1 1 re f', resources: res }],
    });
    expect([...runArea(graphicsArea, bad, 'pdfa-2b').failed.keys()]).toEqual(['6.2.4.2#1']);
  });

  it('fails the default gray fill only when something is painted', () => {
    expect(
      runArea(
        graphicsArea,
        makeDoc({ pages: [{ content: 'q Q', resources: dict({}) }] }),
        'pdfa-2b',
      ).failed.size,
    ).toBe(0);
    const painted = runArea(
      graphicsArea,
      makeDoc({ pages: [{ content: '0 0 5 5 re f', resources: dict({}) }] }),
      'pdfa-2b',
    );
    expect([...painted.failed.keys()]).toEqual(['6.2.4.3#4']);
  });

  it('flags an ICCBased CMYK space painted with overprint mode 1', () => {
    const res = dict({
      ColorSpace: dict({ C: arr(name('ICCBased'), ref(5)) }),
      ExtGState: dict({ G: dict({ OP: true, OPM: num(1) }) }),
    });
    const doc = makeDoc({
      objects: { 5: stream({ N: num(4) }, iccHeader('prtr', 'CMYK')) },
      pages: [{ content: '/G gs /C cs 0 0 0 1 sc 0 0 1 1 re f', resources: res }],
    });
    expect([...runArea(graphicsArea, doc, 'pdfa-2b').failed.keys()]).toContain('6.2.4.2#2');
  });

  it('requires Separations of the same name to agree and DeviceN colourants to be described', () => {
    const res = dict({
      ColorSpace: dict({
        S1: arr(name('Separation'), name('Spot'), name('Lab'), ref(7)),
        S2: arr(name('Separation'), name('Spot'), name('Lab'), ref(8)),
        N: arr(name('DeviceN'), arr(name('Spot')), name('Lab'), ref(7)),
      }),
    });
    const fn = (c: number) =>
      dict({
        FunctionType: num(2),
        Domain: arr(num(0), num(1)),
        C0: arr(num(0)),
        C1: arr(num(c)),
        N: num(1),
      });
    const doc = makeDoc({
      objects: { 7: fn(1), 8: fn(0.5) },
      pages: [{ content: '/S1 cs 1 sc /S2 CS 1 SC /N cs 1 sc', resources: res }],
    });
    const failed = [...runArea(graphicsArea, doc, 'pdfa-2b').failed.keys()];
    expect(failed).toContain('6.2.4.4#2');
    expect(failed).toContain('6.2.4.4#1');
  });
});

describe('graphics area: content streams', () => {
  it('reports undefined operators and q nesting deeper than 28', () => {
    const deep = 'q '.repeat(29) + 'Q '.repeat(29);
    const doc = makeDoc({ pages: [{ content: `${deep} 1 2 xyz`, resources: dict({}) }] });
    const failed = runArea(graphicsArea, doc, 'pdfa-2b').failed;
    expect(failed.get('6.2.2#1')).toEqual(['page 1']);
    expect(failed.get('6.1.13#8')).toEqual(['page 1']);
  });

  it('flags forms that use the page resources instead of their own', () => {
    const form = stream({ Subtype: name('Form') }, '/X2 Do');
    const image = stream(
      {
        Subtype: name('Image'),
        Width: num(1),
        Height: num(1),
        BitsPerComponent: num(8),
        ColorSpace: name('DeviceGray'),
      },
      '\u0000',
    );
    const res = dict({ XObject: dict({ Fm: ref(4), X2: ref(5) }) });
    const doc = makeDoc({
      objects: { 4: form, 5: image },
      pages: [{ content: '/Fm Do', resources: res }],
    });
    expect(runArea(graphicsArea, doc, 'pdfa-2b').failed.get('6.2.2#2')).toEqual([
      'page 1 / form Fm',
    ]);
  });

  it('treats resources inherited from the page tree as not explicit', () => {
    const res = dict({ Font: dict({ F1: dict({ Type: name('Font') }) }) });
    const own = makeDoc({ pages: [{ content: '/F1 1 Tf', resources: res }] });
    expect(runArea(graphicsArea, own, 'pdfa-2b').failed.has('6.2.2#2')).toBe(false);
    const inherited = makeDoc({
      pages: [{ content: '/F1 1 Tf', resources: res, inheritResources: true }],
    });
    expect(runArea(graphicsArea, inherited, 'pdfa-2b').failed.get('6.2.2#2')).toEqual(['page 1']);
  });
});

describe('graphics area: graphics state, images, XObjects, transparency', () => {
  it('checks ExtGState keys, halftones, rendering intents and blend modes', () => {
    const res = dict({
      ExtGState: dict({
        G: dict({
          TR: name('Identity'),
          RI: name('Custom'),
          BM: name('Fancy'),
          HT: dict({ HalftoneType: num(6) }),
        }),
      }),
    });
    const doc = makeDoc({ pages: [{ content: '/G gs /Perceptual ri', resources: res }] });
    const failed = [...runArea(graphicsArea, doc, 'pdfa-2b').failed.keys()].sort();
    // Nothing is painted, so the blend mode is not yet transparency on the page (6.2.10#2).
    expect(failed).toEqual(['6.2.10#1', '6.2.5#1', '6.2.5#4', '6.2.6#1']);
  });

  it('checks image dictionaries and inline images', () => {
    const img = stream(
      {
        Subtype: name('Image'),
        Interpolate: true,
        BitsPerComponent: num(3),
        Alternates: arr(),
        ColorSpace: name('DeviceGray'),
        Width: num(1),
        Height: num(1),
      },
      'x',
    );
    const doc = makeDoc({
      objects: { 3: img, 9: stream({ N: num(1) }, iccHeader('mntr', 'GRAY')) },
      pages: [
        {
          content: '/Im Do BI /W 1 /H 1 /BPC 8 /CS /G /I true ID x EI',
          resources: dict({ XObject: dict({ Im: ref(3) }) }),
        },
      ],
      catalog: { OutputIntents: outputIntent(9) },
    });
    const failed = runArea(graphicsArea, doc, 'pdfa-2b').failed;
    expect(failed.get('6.2.8#1')).toEqual(['page 1 / XObject Im']);
    expect(failed.get('6.2.8#3')).toEqual(['page 1 / XObject Im', 'page 1 / inline image']);
    expect(failed.get('6.2.8#4')).toEqual(['page 1 / XObject Im']);
  });

  it('checks the soft mask and mask images of image and form XObjects as images', () => {
    const smask = stream(
      {
        Subtype: name('Image'),
        Interpolate: true,
        Intent: name('Custom'),
        ColorSpace: name('DeviceGray'),
        BitsPerComponent: num(8),
        Width: num(1),
        Height: num(1),
      },
      'x',
    );
    const mask = stream(
      {
        Subtype: name('Image'),
        ImageMask: true,
        BitsPerComponent: num(2),
        Width: num(1),
        Height: num(1),
      },
      'x',
    );
    const img = stream(
      {
        Subtype: name('Image'),
        ColorSpace: name('DeviceGray'),
        BitsPerComponent: num(8),
        Width: num(1),
        Height: num(1),
        SMask: ref(4),
        Mask: ref(5),
      },
      'x',
    );
    const form = stream({ Subtype: name('Form'), Resources: dict({}), SMask: ref(4) }, '');
    const doc = makeDoc({
      objects: {
        3: img,
        4: smask,
        5: mask,
        6: form,
        9: stream({ N: num(1) }, iccHeader('mntr', 'GRAY')),
      },
      pages: [
        {
          content: '/Im Do /Fm Do',
          resources: dict({ XObject: dict({ Im: ref(3), Fm: ref(6) }) }),
        },
      ],
      catalog: { OutputIntents: outputIntent(9) },
    });
    const failed = runArea(graphicsArea, doc, 'pdfa-2b').failed;
    // The soft mask is shared by the image and the form: reported once.
    expect(failed.get('6.2.8#3')).toEqual(['page 1 / XObject Im / soft mask image']);
    expect(failed.get('6.2.6#1')).toEqual(['page 1 / XObject Im / soft mask image']);
    expect(failed.get('6.2.8#5')).toEqual(['page 1 / XObject Im / mask image']);
    expect(failed.has('6.2.8#4')).toBe(false);
    // Without the masks the same page passes the image rules.
    const plain = makeDoc({
      objects: {
        3: stream({ ...Object.fromEntries(img.dict.entries), SMask: null, Mask: null }, 'x'),
        9: stream({ N: num(1) }, iccHeader('mntr', 'GRAY')),
      },
      pages: [{ content: '/Im Do', resources: dict({ XObject: dict({ Im: ref(3) }) }) }],
      catalog: { OutputIntents: outputIntent(9) },
    });
    expect(runArea(graphicsArea, plain, 'pdfa-2b').failed.size).toBe(0);
  });

  it('flags PostScript and reference XObjects', () => {
    const ps = stream({ Subtype: name('PS') }, '');
    const refForm = stream({ Subtype: name('Form'), Ref: dict({}), Resources: dict({}) }, '');
    const doc = makeDoc({
      objects: { 3: ps, 4: refForm },
      pages: [
        { content: '/P Do /R Do', resources: dict({ XObject: dict({ P: ref(3), R: ref(4) }) }) },
      ],
    });
    const failed = [...runArea(graphicsArea, doc, 'pdfa-2b').failed.keys()].sort();
    expect(failed).toEqual(['6.2.9#2', '6.2.9#3']);
  });

  it('requires a page group colour space for transparency without an output intent', () => {
    const res = dict({
      ExtGState: dict({ A: dict({ ca: num(0.5) }) }),
      ColorSpace: dict({ DefaultGray: name('CalGray') }),
    });
    const content = '/A gs 0 0 1 1 re f';
    const without = makeDoc({ pages: [{ content, resources: res }] });
    expect(runArea(graphicsArea, without, 'pdfa-2b').failed.has('6.2.10#2')).toBe(true);
    const withGroup = makeDoc({
      pages: [
        {
          content,
          resources: res,
          extra: { Group: dict({ S: name('Transparency'), CS: arr(name('CalRGB'), dict({})) }) },
        },
      ],
    });
    expect(runArea(graphicsArea, withGroup, 'pdfa-2b').failed.has('6.2.10#2')).toBe(false);
  });

  it('checks output intent profiles and that several intents share one profile', () => {
    const doc = makeDoc({
      objects: {
        8: stream({ N: num(3) }, iccHeader('scnr', 'RGB ')),
        9: stream({ N: num(3) }, iccHeader('mntr', 'RGB ')),
      },
      pages: [{ content: '', resources: dict({}) }],
      catalog: {
        OutputIntents: arr(
          dict({ S: name('GTS_PDFA1'), DestOutputProfile: ref(8) }),
          dict({ S: name('GTS_PDFX'), DestOutputProfile: ref(9), DestOutputProfileRef: dict({}) }),
        ),
      },
    });
    const failed = [...runArea(graphicsArea, doc, 'pdfa-2b').failed.keys()].sort();
    expect(failed).toEqual(['6.2.3#1', '6.2.3#2', '6.2.3#3']);
  });
});

describe('JPEG 2000 headers', () => {
  it('reads channels, bit depth and colour specification boxes', () => {
    const ihdr = jp2Box('ihdr', [0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 7, 7, 0, 0]);
    const colr = jp2Box('colr', [1, 0, 0, 0, 0, 0, 19]);
    const jp2h = jp2Box('jp2h', [...ihdr, ...colr]);
    const data = Uint8Array.from([...jp2Box('jP  ', [13, 10, 135, 10]), ...jp2h]);
    expect(readJpx(data)).toEqual({
      channels: 2,
      bitDepth: 8,
      bpccPresent: false,
      colr: [{ method: 1, approx: 0, enumCS: 19 }],
    });
  });
});
