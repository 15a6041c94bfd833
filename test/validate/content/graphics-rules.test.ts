/**
 * The graphics rules one by one: each verdict, where it points and what it tells the user, on
 * small models built in memory (6.1.13, 6.2.2–6.2.10).
 */
import { describe, expect, it } from 'vitest';
import type { CosObject } from '../../../src/validate/model/cos.js';
import { graphicsArea, pdfaOutputColourSpace } from '../../../src/validate/rules/graphics.js';
import { failureLines } from './failures.js';
import { arr, dict, makeDoc, name, num, ref, str, stream } from './model.js';
import { iccHeader, jp2Box, runArea } from './sink.js';

type Objects = Record<number, CosObject>;

/** One page drawing `content` with `resources`, and the objects and catalog entries given. */
const page = (
  content: string,
  resources: Record<string, CosObject> = {},
  opts: {
    objects?: Objects;
    catalog?: Record<string, CosObject>;
    extra?: Record<string, CosObject>;
  } = {},
) =>
  makeDoc({
    objects: opts.objects,
    pages: [{ content, resources: dict(resources), extra: opts.extra }],
    catalog: opts.catalog,
  });

const pdfaIntent = (profile: number) =>
  dict({ Type: name('OutputIntent'), S: name('GTS_PDFA1'), DestOutputProfile: ref(profile) });
const profile = (deviceClass: string, space: string, major = 2) =>
  stream({ N: num(3) }, iccHeader(deviceClass, space, major));
/** Checks of one rule as [passed, failed locations with details]. */
const lines = (doc: ReturnType<typeof makeDoc>, rule: string, flavour = 'pdfa-2b' as const) =>
  failureLines(graphicsArea, doc, flavour).filter((l) => l.startsWith(`${rule} @`));
const passed = (doc: ReturnType<typeof makeDoc>, rule: string) =>
  runArea(graphicsArea, doc, 'pdfa-2b').passed.get(rule) ?? 0;

describe('output intents (6.2.3)', () => {
  const intents = (...items: CosObject[]) => ({ OutputIntents: arr(...items) });

  it('accepts printer and monitor profiles in Gray, RGB or CMYK below version 5', () => {
    for (const [cls, space] of [
      ['prtr', 'CMYK'],
      ['mntr', 'RGB '],
      ['prtr', 'GRAY'],
    ]) {
      const doc = page(
        '',
        {},
        { objects: { 9: profile(cls, space, 4) }, catalog: intents(pdfaIntent(9)) },
      );
      expect(lines(doc, '6.2.3#1')).toEqual([]);
      expect(passed(doc, '6.2.3#1')).toBe(1);
    }
  });

  it('names the class, colour space and version of a profile it refuses', () => {
    const doc = (cls: string, space: string, major: number) =>
      page('', {}, { objects: { 9: profile(cls, space, major) }, catalog: intents(pdfaIntent(9)) });
    expect(lines(doc('scnr', 'RGB ', 2), '6.2.3#1')).toEqual([
      '6.2.3#1 @ output intent 1 / DestOutputProfile: class scnr, colour space RGB, version 2.1',
    ]);
    expect(lines(doc('mntr', 'Lab ', 2), '6.2.3#1')).toEqual([
      '6.2.3#1 @ output intent 1 / DestOutputProfile: class mntr, colour space Lab, version 2.1',
    ]);
    expect(lines(doc('prtr', 'CMYK', 5), '6.2.3#1')).toEqual([
      '6.2.3#1 @ output intent 1 / DestOutputProfile: class prtr, colour space CMYK, version 5.1',
    ]);
  });

  it('refuses a destination profile that is not a readable ICC profile', () => {
    const notAStream = page(
      '',
      {},
      { catalog: intents(dict({ S: name('GTS_PDFA1'), DestOutputProfile: dict({}) })) },
    );
    expect(lines(notAStream, '6.2.3#1')).toEqual([
      '6.2.3#1 @ output intent 1 / DestOutputProfile: not a readable ICC profile',
    ]);
    const short = page(
      '',
      {},
      { objects: { 9: stream({}, 'ICC') }, catalog: intents(pdfaIntent(9)) },
    );
    expect(lines(short, '6.2.3#1')).toHaveLength(1);
  });

  it('numbers intents by their place in the array, skipping what is not a dictionary', () => {
    const doc = page(
      '',
      {},
      {
        objects: { 9: profile('abst', 'RGB ') },
        catalog: intents(name('Junk'), dict({ S: name('GTS_PDFA1') }), pdfaIntent(9)),
      },
    );
    expect(lines(doc, '6.2.3#1').map((l) => l.split(':')[0])).toEqual([
      '6.2.3#1 @ output intent 3 / DestOutputProfile',
    ]);
    // An intent without a profile is not checked for one.
    expect(passed(doc, '6.2.3#1')).toBe(0);
  });

  it('refuses DestOutputProfileRef only in a PDF/X intent', () => {
    const doc = (s: string, withRef: boolean) =>
      page(
        '',
        {},
        {
          catalog: intents(
            dict({ S: name(s), ...(withRef ? { DestOutputProfileRef: dict({}) } : {}) }),
          ),
        },
      );
    expect(lines(doc('GTS_PDFX', true), '6.2.3#3')).toEqual(['6.2.3#3 @ output intent 1']);
    expect(lines(doc('GTS_PDFX', false), '6.2.3#3')).toEqual([]);
    expect(lines(doc('GTS_PDFA1', true), '6.2.3#3')).toEqual([]);
    expect(passed(doc('GTS_PDFA1', true), '6.2.3#3')).toBe(1);
  });

  it('requires the intents that have a profile to share one profile object', () => {
    const same = page(
      '',
      {},
      {
        objects: { 9: profile('mntr', 'RGB ') },
        catalog: intents(pdfaIntent(9), dict({ S: name('GTS_PDFX'), DestOutputProfile: ref(9) })),
      },
    );
    expect(lines(same, '6.2.3#2')).toEqual([]);
    expect(passed(same, '6.2.3#2')).toBe(1);
    const twoObjects = page(
      '',
      {},
      {
        objects: { 8: profile('mntr', 'RGB '), 9: profile('mntr', 'RGB ') },
        catalog: intents(pdfaIntent(8), pdfaIntent(9)),
      },
    );
    expect(lines(twoObjects, '6.2.3#2')).toEqual([
      '6.2.3#2 @ output intents: 2 different profiles',
    ]);
    // Two direct profiles are two objects, even with equal content.
    const direct = page(
      '',
      {},
      {
        catalog: intents(
          dict({ S: name('GTS_PDFA1'), DestOutputProfile: profile('mntr', 'RGB ') }),
          dict({ S: name('GTS_PDFA1'), DestOutputProfile: profile('mntr', 'RGB ') }),
        ),
      },
    );
    expect(lines(direct, '6.2.3#2')).toEqual(['6.2.3#2 @ output intents: 2 different profiles']);
  });

  it('compares profiles only when there are several intents and one has a profile', () => {
    const one = page(
      '',
      {},
      { objects: { 9: profile('mntr', 'RGB ') }, catalog: intents(pdfaIntent(9)) },
    );
    expect(passed(one, '6.2.3#2')).toBe(0);
    const noProfiles = page(
      '',
      {},
      { catalog: intents(dict({ S: name('GTS_PDFA1') }), dict({ S: name('GTS_PDFX') })) },
    );
    expect(passed(noProfiles, '6.2.3#2')).toBe(0);
    expect(lines(noProfiles, '6.2.3#2')).toEqual([]);
  });
});

describe('the PDF/A output colour space', () => {
  it('is the colour space of the first readable GTS_PDFA1 profile', () => {
    const doc = page(
      '',
      {},
      {
        objects: { 7: profile('prtr', 'CMYK'), 8: stream({}, 'bad'), 9: profile('mntr', 'RGB ') },
        catalog: {
          OutputIntents: arr(
            dict({ S: name('GTS_PDFX'), DestOutputProfile: ref(7) }),
            dict({ S: name('GTS_PDFA1') }),
            pdfaIntent(8),
            pdfaIntent(9),
          ),
        },
      },
    );
    expect(pdfaOutputColourSpace(doc)).toBe('RGB ');
    expect(pdfaOutputColourSpace(page(''))).toBeNull();
    const onlyX = page(
      '',
      {},
      {
        objects: { 7: profile('prtr', 'CMYK') },
        catalog: { OutputIntents: arr(dict({ S: name('GTS_PDFX'), DestOutputProfile: ref(7) })) },
      },
    );
    expect(pdfaOutputColourSpace(onlyX)).toBeNull();
  });
});

describe('device colour spaces (6.2.4.3)', () => {
  const withIntent = (content: string, space: string) =>
    page(
      content,
      {},
      { objects: { 9: profile('prtr', space) }, catalog: { OutputIntents: arr(pdfaIntent(9)) } },
    );

  it('accepts DeviceCMYK under a CMYK intent only, DeviceRGB under an RGB one only', () => {
    const cmyk = '0 0 0 1 k 0 0 1 1 re f';
    expect(lines(withIntent(cmyk, 'CMYK'), '6.2.4.3#3')).toEqual([]);
    expect(passed(withIntent(cmyk, 'CMYK'), '6.2.4.3#3')).toBe(1);
    expect(lines(withIntent(cmyk, 'RGB '), '6.2.4.3#3')).toEqual(['6.2.4.3#3 @ page 1']);
    const rgb = '1 0 0 rg 0 0 1 1 re f';
    expect(lines(withIntent(rgb, 'CMYK'), '6.2.4.3#2')).toEqual(['6.2.4.3#2 @ page 1']);
    // DeviceGray needs an intent of any colour space.
    expect(lines(withIntent('0.5 g 0 0 1 1 re f', 'CMYK'), '6.2.4.3#4')).toEqual([]);
    expect(passed(withIntent('0.5 g 0 0 1 1 re f', 'CMYK'), '6.2.4.3#4')).toBe(1);
  });

  it('checks a device space once per content stream, however often it is used there', () => {
    const doc = page('1 0 0 rg 0 0 1 1 re f 0 1 0 RG 0 0 2 2 re S 0 0 1 rg 5 5 1 1 re f');
    expect(lines(doc, '6.2.4.3#2')).toEqual(['6.2.4.3#2 @ page 1']);
    // Selected on the page, painted in a form: once in each stream.
    const form = stream({ Subtype: name('Form'), Resources: dict({}) }, '0 0 1 1 re f');
    const twice = page(
      '1 0 0 rg /Fm Do',
      { XObject: dict({ Fm: ref(4) }) },
      { objects: { 4: form } },
    );
    expect(lines(twice, '6.2.4.3#2')).toEqual([
      '6.2.4.3#2 @ page 1',
      '6.2.4.3#2 @ page 1 / form Fm',
    ]);
    for (const [select, rule] of [
      ['0 0 0 1 k', '6.2.4.3#3'],
      ['0.5 g', '6.2.4.3#4'],
    ]) {
      const doc = page(
        `${select} /Fm Do`,
        { XObject: dict({ Fm: ref(4) }) },
        { objects: { 4: form } },
      );
      expect(lines(doc, rule)).toEqual([`${rule} @ page 1`, `${rule} @ page 1 / form Fm`]);
    }
    const cmyk = page('0 0 0 1 k 0 0 1 1 re f 1 0 0 0 K 0 0 1 1 re S');
    expect(lines(cmyk, '6.2.4.3#3')).toEqual(['6.2.4.3#3 @ page 1']);
  });

  it('names the nested space it checks under the space that holds it', () => {
    const doc = page('/I cs 0 sc 0 0 1 1 re f', {
      ColorSpace: dict({ I: arr(name('Indexed'), name('DeviceRGB'), num(0), str('abc')) }),
    });
    expect(lines(doc, '6.2.4.3#2')).toEqual(['6.2.4.3#2 @ page 1 / DeviceRGB']);
  });
});

describe('ICCBased colour spaces (6.2.4.2)', () => {
  const iccDoc = (cls: string, space: string, major = 2, content = '/C cs 0 sc 0 0 1 1 re f') =>
    page(
      content,
      { ColorSpace: dict({ C: arr(name('ICCBased'), ref(5)) }) },
      {
        objects: { 5: stream({ N: num(3) }, iccHeader(cls, space, major)) },
      },
    );

  it('accepts input, display, output and colour space profiles in Gray, RGB, CMYK or Lab', () => {
    for (const [cls, space] of [
      ['prtr', 'CMYK'],
      ['mntr', 'RGB '],
      ['scnr', 'GRAY'],
      ['spac', 'Lab '],
    ]) {
      expect(lines(iccDoc(cls, space, 4), '6.2.4.2#1')).toEqual([]);
      expect(passed(iccDoc(cls, space, 4), '6.2.4.2#1')).toBe(1);
    }
  });

  it('names what is wrong with a profile it refuses', () => {
    expect(lines(iccDoc('link', 'RGB '), '6.2.4.2#1')).toEqual([
      '6.2.4.2#1 @ page 1: class link, colour space RGB, version 2.1',
    ]);
    expect(lines(iccDoc('mntr', 'XYZ '), '6.2.4.2#1')).toEqual([
      '6.2.4.2#1 @ page 1: class mntr, colour space XYZ, version 2.1',
    ]);
    expect(lines(iccDoc('mntr', 'RGB ', 5), '6.2.4.2#1')).toEqual([
      '6.2.4.2#1 @ page 1: class mntr, colour space RGB, version 5.1',
    ]);
    const unreadable = page(
      '/C cs 0 sc 0 0 1 1 re f',
      { ColorSpace: dict({ C: arr(name('ICCBased'), ref(5)) }) },
      {
        objects: { 5: stream({ N: num(3) }, 'short') },
      },
    );
    expect(lines(unreadable, '6.2.4.2#1')).toEqual([
      '6.2.4.2#1 @ page 1: profile missing or unreadable',
    ]);
  });

  it('checks one ICC space once, wherever it is used', () => {
    const form = stream(
      {
        Subtype: name('Form'),
        Resources: dict({ ColorSpace: dict({ C: arr(name('ICCBased'), ref(5)) }) }),
      },
      '/C cs 0 sc 0 0 1 1 re f',
    );
    const doc = page(
      '/C cs 0 sc 0 0 1 1 re f /C CS 0 SC 0 0 1 1 re S /Fm Do',
      {
        ColorSpace: dict({ C: arr(name('ICCBased'), ref(5)) }),
        XObject: dict({ Fm: ref(6) }),
      },
      { objects: { 5: stream({ N: num(3) }, iccHeader('link', 'RGB ')), 6: form } },
    );
    expect(lines(doc, '6.2.4.2#1')).toHaveLength(1);
  });

  it('checks each ICC space of its own', () => {
    const doc = page(
      '/A cs 0 sc 0 0 1 1 re f /B cs 0 sc 0 0 1 1 re f',
      { ColorSpace: dict({ A: arr(name('ICCBased'), ref(5)), B: arr(name('ICCBased'), ref(6)) }) },
      {
        objects: {
          5: stream({ N: num(3) }, iccHeader('link', 'RGB ')),
          6: stream({ N: num(3) }, iccHeader('abst', 'RGB ')),
        },
      },
    );
    expect(lines(doc, '6.2.4.2#1')).toEqual([
      '6.2.4.2#1 @ page 1: class link, colour space RGB, version 2.1',
      '6.2.4.2#1 @ page 1: class abst, colour space RGB, version 2.1',
    ]);
  });

  it('refuses overprint mode 1 with overprinting on, for a CMYK profile as painted', () => {
    const cmyk = (gs: Record<string, CosObject>, n = 4) =>
      page(
        '/G gs /C cs 0 0 0 1 sc 0 0 1 1 re f',
        {
          ColorSpace: dict({ C: arr(name('ICCBased'), ref(5)) }),
          ExtGState: dict({ G: dict(gs) }),
        },
        { objects: { 5: stream({ N: num(n) }, iccHeader('prtr', n === 4 ? 'CMYK' : 'RGB ')) } },
      );
    expect(lines(cmyk({ OP: true, OPM: num(1) }), '6.2.4.2#2')).toEqual(['6.2.4.2#2 @ page 1']);
    expect(lines(cmyk({ op: true, OPM: num(1) }), '6.2.4.2#2')).toEqual(['6.2.4.2#2 @ page 1']);
    expect(lines(cmyk({ OP: true, OPM: num(0) }), '6.2.4.2#2')).toEqual([]);
    expect(passed(cmyk({ OP: true, OPM: num(0) }), '6.2.4.2#2')).toBeGreaterThan(0);
    expect(lines(cmyk({ OP: false, OPM: num(1) }), '6.2.4.2#2')).toEqual([]);
    // An RGB profile is not concerned; a selection that paints nothing is not checked.
    expect(passed(cmyk({ OP: true, OPM: num(1) }, 3), '6.2.4.2#2')).toBe(0);
    const selected = page(
      '/C cs 0 0 0 1 sc',
      { ColorSpace: dict({ C: arr(name('ICCBased'), ref(5)) }) },
      {
        objects: { 5: stream({ N: num(4) }, iccHeader('prtr', 'CMYK')) },
      },
    );
    expect(passed(selected, '6.2.4.2#2')).toBe(0);
  });

  it('does not apply the overprint rule to a CMYK profile nested in another space', () => {
    const doc = page(
      '/G gs /I cs 0 sc 0 0 1 1 re f',
      {
        ColorSpace: dict({
          I: arr(name('Indexed'), arr(name('ICCBased'), ref(5)), num(0), str('abcd')),
        }),
        ExtGState: dict({ G: dict({ OP: true, op: true, OPM: num(1) }) }),
      },
      { objects: { 5: stream({ N: num(4) }, iccHeader('prtr', 'CMYK')) } },
    );
    expect(passed(doc, '6.2.4.2#2')).toBe(0);
    expect(lines(doc, '6.2.4.2#2')).toEqual([]);
    expect(passed(doc, '6.2.4.2#1')).toBe(1);
  });
});

describe('DeviceN and Separation colour spaces (6.1.13, 6.2.4.4)', () => {
  const tint = (c: number) =>
    dict({
      FunctionType: num(2),
      Domain: arr(num(0), num(1)),
      C0: arr(num(0)),
      C1: arr(num(c)),
      N: num(1),
    });
  const deviceN = (names: string[], attributes?: CosObject) =>
    arr(
      name('DeviceN'),
      arr(...names.map(name)),
      name('DeviceGray'),
      ref(7),
      ...(attributes ? [attributes] : []),
    );
  const drawN = (cs: CosObject, objects: Objects = {}) =>
    page(
      '/N cs 1 sc 0 0 1 1 re f',
      { ColorSpace: dict({ N: cs }) },
      { objects: { 7: tint(1), ...objects } },
    );

  it('allows 32 colourants and refuses 33, saying how many', () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `C${i}`);
    expect(lines(drawN(deviceN(names(32))), '6.1.13#9')).toEqual([]);
    expect(passed(drawN(deviceN(names(32))), '6.1.13#9')).toBe(1);
    expect(lines(drawN(deviceN(names(33))), '6.1.13#9')).toEqual([
      '6.1.13#9 @ page 1: 33 colourants',
    ]);
  });

  it('requires every colourant in the Colorants dictionary of the attributes', () => {
    const sep = arr(name('Separation'), name('A'), name('DeviceGray'), ref(7));
    const attrs = (colorants: Record<string, CosObject>) => dict({ Colorants: dict(colorants) });
    expect(lines(drawN(deviceN(['A', 'B'], attrs({ A: sep, B: sep }))), '6.2.4.4#1')).toEqual([]);
    expect(passed(drawN(deviceN(['A', 'B'], attrs({ A: sep, B: sep }))), '6.2.4.4#1')).toBe(1);
    expect(lines(drawN(deviceN(['A', 'B'], attrs({ A: sep }))), '6.2.4.4#1')).toEqual([
      '6.2.4.4#1 @ page 1',
    ]);
    expect(lines(drawN(deviceN(['A'], dict({}))), '6.2.4.4#1')).toEqual(['6.2.4.4#1 @ page 1']);
    expect(lines(drawN(deviceN(['A'])), '6.2.4.4#1')).toEqual(['6.2.4.4#1 @ page 1']);
  });

  const twoSeparations = (
    alt1: CosObject,
    tint1: CosObject,
    alt2: CosObject,
    tint2: CosObject,
    objects: Objects = {},
  ) =>
    page(
      '/S1 cs 1 sc 0 0 1 1 re f /S2 cs 1 sc 0 0 1 1 re f',
      {
        ColorSpace: dict({
          S1: arr(name('Separation'), name('Spot'), alt1, tint1),
          S2: arr(name('Separation'), name('Spot'), alt2, tint2),
        }),
      },
      { objects },
    );

  it('accepts Separations of one colourant whose alternate and tint transform are equal', () => {
    // Equal by value: distinct objects, a direct and an indirect copy.
    const doc = twoSeparations(name('DeviceGray'), ref(7), name('DeviceGray'), tint(1), {
      7: tint(1),
    });
    expect(lines(doc, '6.2.4.4#2')).toEqual([]);
    expect(passed(doc, '6.2.4.4#2')).toBe(2);
  });

  it('refuses Separations of one colourant that differ, at every place, naming the colourant', () => {
    const doc = twoSeparations(name('DeviceGray'), tint(1), name('DeviceRGB'), tint(1));
    expect(lines(doc, '6.2.4.4#2')).toEqual([
      '6.2.4.4#2 @ page 1: colourant Spot',
      '6.2.4.4#2 @ page 1: colourant Spot',
    ]);
  });

  it('compares tint transforms entry by entry', () => {
    const differ = (a: CosObject, b: CosObject, objects: Objects = {}) =>
      lines(twoSeparations(name('DeviceGray'), a, name('DeviceGray'), b, objects), '6.2.4.4#2')
        .length > 0;
    const fn = (entries: Record<string, CosObject>) => dict(entries);
    // Numbers, names, strings, arrays (length and items), dictionaries (keys and values).
    expect(differ(fn({ N: num(1) }), fn({ N: num(2) }))).toBe(true);
    expect(differ(fn({ N: num(1) }), fn({ N: num(1) }))).toBe(false);
    expect(differ(fn({ T: name('a') }), fn({ T: name('b') }))).toBe(true);
    expect(differ(fn({ T: name('a') }), fn({ T: name('a') }))).toBe(false);
    expect(differ(fn({ S: str('ab') }), fn({ S: str('ac') }))).toBe(true);
    expect(differ(fn({ S: str('ab') }), fn({ S: str('ab') }))).toBe(false);
    expect(differ(fn({ A: arr(num(1)) }), fn({ A: arr(num(1), num(2)) }))).toBe(true);
    expect(differ(fn({ A: arr(num(1), num(2)) }), fn({ A: arr(num(1), num(3)) }))).toBe(true);
    expect(differ(fn({ A: arr(num(1), num(2)) }), fn({ A: arr(num(1), num(2)) }))).toBe(false);
    expect(differ(fn({ A: num(1) }), fn({ A: num(1), B: num(1) }))).toBe(true);
    expect(differ(fn({ A: num(1) }), fn({ B: num(1) }))).toBe(true);
    expect(differ(fn({ A: num(1) }), fn({ A: name('x') }))).toBe(true);
    expect(differ(fn({ A: true }), fn({ A: false }))).toBe(true);
    expect(differ(fn({ A: true }), fn({ A: true }))).toBe(false);
    expect(differ(fn({ A: null }), fn({ A: num(0) }))).toBe(true);
    expect(differ(fn({ A: dict({ X: num(1) }) }), fn({ A: dict({ X: num(1) }) }))).toBe(false);
    expect(differ(fn({ A: dict({ X: num(1) }) }), fn({ A: dict({ X: num(2) }) }))).toBe(true);
  });

  it('compares values down to 16 levels, and takes deeper ones as equal', () => {
    const nest = (levels: number, leaf: CosObject): CosObject =>
      levels === 0 ? leaf : arr(nest(levels - 1, leaf));
    // The dictionary is level 0 and its entry level 1: a leaf under 15 arrays is at level 16.
    const differ = (levels: number) =>
      lines(
        twoSeparations(
          name('DeviceGray'),
          dict({ A: nest(levels, num(1)) }),
          name('DeviceGray'),
          dict({ A: nest(levels, num(2)) }),
        ),
        '6.2.4.4#2',
      ).length > 0;
    expect(differ(15)).toBe(true);
    expect(differ(16)).toBe(false);
  });

  it('compares stream tint transforms by dictionary and decoded data, not Length or filters', () => {
    const ps = (data: string, extra: Record<string, CosObject> = {}) =>
      stream(
        { FunctionType: num(4), Domain: arr(num(0), num(1)), Range: arr(num(0), num(1)), ...extra },
        data,
      );
    const differ = (a: CosObject, b: CosObject) =>
      lines(
        twoSeparations(name('DeviceGray'), ref(7), name('DeviceGray'), ref(8), { 7: a, 8: b }),
        '6.2.4.4#2',
      ).length > 0;
    expect(
      differ(ps('{ }'), ps('{ }', { Length: num(99), Filter: arr(), DecodeParms: null })),
    ).toBe(false);
    expect(differ(ps('{ }'), ps('{ 1 }'))).toBe(true);
    expect(differ(ps('{ }'), ps('{ }', { Extra: num(1) }))).toBe(true);
    expect(
      differ(
        ps('{ }'),
        dict({ FunctionType: num(4), Domain: arr(num(0), num(1)), Range: arr(num(0), num(1)) }),
      ),
    ).toBe(true);
  });

  it('takes Separations from the Colorants of a DeviceN space too', () => {
    const attrs = dict({
      Colorants: dict({ Spot: arr(name('Separation'), name('Spot'), name('DeviceRGB'), ref(7)) }),
    });
    const doc = page(
      '/S cs 1 sc 0 0 1 1 re f /N cs 1 sc 0 0 1 1 re f',
      {
        ColorSpace: dict({
          S: arr(name('Separation'), name('Spot'), name('DeviceGray'), ref(7)),
          N: arr(name('DeviceN'), arr(name('Spot')), name('DeviceGray'), ref(7), attrs),
        }),
      },
      { objects: { 7: tint(1) } },
    );
    expect(lines(doc, '6.2.4.4#2')).toEqual([
      '6.2.4.4#2 @ page 1: colourant Spot',
      '6.2.4.4#2 @ page 1 / Colorants Spot: colourant Spot',
    ]);
  });

  it('compares one Separation object with itself only once', () => {
    const doc = page(
      '/S cs 1 sc 0 0 1 1 re f /S CS 1 SC 0 0 1 1 re S',
      {
        ColorSpace: dict({ S: ref(6) }),
      },
      {
        objects: {
          6: arr(name('Separation'), name('Spot'), name('DeviceGray'), ref(7)),
          7: tint(1),
        },
      },
    );
    expect(passed(doc, '6.2.4.4#2')).toBe(1);
  });
});

describe('graphics state dictionaries (6.2.5, 6.2.6, 6.2.10)', () => {
  const gs = (entries: Record<string, CosObject>, objects: Objects = {}) =>
    page('/G gs', { ExtGState: dict({ G: dict(entries) }) }, { objects });
  const at = 'page 1 / graphics state G';

  it('accepts TR2 Default and refuses any other TR2, TR and HTP', () => {
    expect(lines(gs({ TR2: name('Default') }), '6.2.5#2')).toEqual([]);
    expect(passed(gs({ TR2: name('Default') }), '6.2.5#2')).toBe(1);
    expect(lines(gs({ TR2: ref(5) }, { 5: name('Default') }), '6.2.5#2')).toEqual([]);
    expect(lines(gs({ TR2: name('Identity') }), '6.2.5#2')).toEqual([`6.2.5#2 @ ${at}`]);
    expect(lines(gs({ TR: name('Identity') }), '6.2.5#1')).toEqual([`6.2.5#1 @ ${at}`]);
    expect(lines(gs({ HTP: arr() }), '6.2.5#3')).toEqual([`6.2.5#3 @ ${at}`]);
    expect(passed(gs({}), '6.2.5#3')).toBe(1);
  });

  it('checks the rendering intent it sets, and only a name', () => {
    expect(lines(gs({ RI: name('Custom') }), '6.2.6#1')).toEqual([
      `6.2.6#1 @ ${at}: intent Custom`,
    ]);
    expect(lines(gs({ RI: ref(5) }, { 5: name('Custom') }), '6.2.6#1')).toEqual([
      `6.2.6#1 @ ${at}: intent Custom`,
    ]);
    for (const ok of ['RelativeColorimetric', 'AbsoluteColorimetric', 'Perceptual', 'Saturation'])
      expect(passed(gs({ RI: name(ok) }), '6.2.6#1')).toBe(1);
    expect(passed(gs({ RI: num(1) }), '6.2.6#1')).toBe(0);
    expect(lines(gs({ RI: num(1) }), '6.2.6#1')).toEqual([]);
  });

  it('checks each blend mode of an array', () => {
    expect(lines(gs({ BM: arr(name('Fancy'), name('Multiply'), num(3)) }), '6.2.10#1')).toEqual([
      `6.2.10#1 @ ${at}: blend mode Fancy`,
      `6.2.10#1 @ ${at}`,
    ]);
    expect(passed(gs({ BM: arr(name('Fancy'), name('Multiply')) }), '6.2.10#1')).toBe(1);
    expect(passed(gs({ BM: name('Luminosity') }), '6.2.10#1')).toBe(1);
    expect(passed(gs({ BM: ref(5) }, { 5: name('Compatible') }), '6.2.10#1')).toBe(1);
    expect(lines(gs({ BM: num(1) }), '6.2.10#1')).toEqual([`6.2.10#1 @ ${at}`]);
    expect(passed(gs({}), '6.2.10#1')).toBe(0);
    expect(lines(gs({}), '6.2.10#1')).toEqual([]);
  });
});

describe('halftones (6.2.5)', () => {
  const gs = (ht: CosObject) => page('/G gs', { ExtGState: dict({ G: dict({ HT: ht }) }) });
  const at = 'page 1 / graphics state G / halftone';

  it('accepts halftone types 1 and 5 and names any other', () => {
    expect(passed(gs(dict({ HalftoneType: num(1) })), '6.2.5#4')).toBe(1);
    expect(lines(gs(dict({ HalftoneType: num(1) })), '6.2.5#4')).toEqual([]);
    expect(lines(gs(dict({ HalftoneType: num(5) })), '6.2.5#4')).toEqual([]);
    expect(lines(gs(dict({ HalftoneType: num(6) })), '6.2.5#4')).toEqual([
      `6.2.5#4 @ ${at}: type 6`,
    ]);
    expect(lines(gs(dict({})), '6.2.5#4')).toEqual([`6.2.5#4 @ ${at}: no HalftoneType`]);
    expect(lines(gs(dict({ HalftoneType: num(1), HalftoneName: str('x') })), '6.2.5#5')).toEqual([
      `6.2.5#5 @ ${at}`,
    ]);
    expect(passed(gs(dict({ HalftoneType: num(1) })), '6.2.5#5')).toBe(1);
    // A halftone given by name is not a dictionary to check.
    expect(passed(gs(name('Default')), '6.2.5#4')).toBe(0);
  });

  it('refuses a transfer function on the halftone of the primaries', () => {
    expect(
      lines(gs(dict({ HalftoneType: num(1), TransferFunction: name('Identity') })), '6.2.5#6'),
    ).toEqual([`6.2.5#6 @ ${at}`]);
    expect(passed(gs(dict({ HalftoneType: num(1) })), '6.2.5#6')).toBe(1);
  });

  it('in a type 5 halftone, wants a transfer function for spot colourants only', () => {
    const sub = (tf: boolean) =>
      dict({ HalftoneType: num(1), ...(tf ? { TransferFunction: name('Identity') } : {}) });
    const doc = gs(
      dict({
        Type: name('Halftone'),
        HalftoneType: num(5),
        HalftoneName: dict({ HalftoneType: num(7) }),
        Cyan: sub(true),
        Magenta: sub(false),
        Yellow: sub(false),
        Black: sub(true),
        Gold: sub(false),
        Silver: sub(true),
        Default: sub(true),
      }),
    );
    expect(lines(doc, '6.2.5#6')).toEqual([
      `6.2.5#6 @ ${at} / Cyan: colourant Cyan`,
      `6.2.5#6 @ ${at} / Black: colourant Black`,
      `6.2.5#6 @ ${at} / Gold: colourant Gold`,
    ]);
    // The HalftoneName entry is not a colourant's halftone.
    expect(lines(doc, '6.2.5#4')).toEqual([]);
    expect(lines(doc, '6.2.5#5')).toEqual([`6.2.5#5 @ ${at}`]);
    expect(passed(doc, '6.2.5#4')).toBe(8);
  });

  it('goes two levels into nested type 5 halftones, no further', () => {
    const bad = dict({ HalftoneType: num(9) });
    const doc = gs(
      dict({
        HalftoneType: num(5),
        Default: dict({
          HalftoneType: num(5),
          Default: dict({ HalftoneType: num(5), Default: bad }),
        }),
      }),
    );
    expect(lines(doc, '6.2.5#4')).toEqual([]);
    expect(passed(doc, '6.2.5#4')).toBe(3);
    const shallow = gs(
      dict({ HalftoneType: num(5), Default: dict({ HalftoneType: num(5), Default: bad }) }),
    );
    expect(lines(shallow, '6.2.5#4')).toEqual([`6.2.5#4 @ ${at} / Default / Default: type 9`]);
    // A type 1 halftone's entries are not halftones.
    const one = gs(dict({ HalftoneType: num(1), Default: bad }));
    expect(lines(one, '6.2.5#4')).toEqual([]);
  });
});

describe('images (6.2.8)', () => {
  const image = (entries: Record<string, CosObject>, data: string | Uint8Array = 'x') =>
    stream(
      {
        Subtype: name('Image'),
        Width: num(1),
        Height: num(1),
        ColorSpace: name('DeviceGray'),
        BitsPerComponent: num(8),
        ...entries,
      },
      data,
    );
  const draw = (img: CosObject, objects: Objects = {}) =>
    page('/Im Do', { XObject: dict({ Im: ref(3) }) }, { objects: { 3: img, ...objects } });
  const at = 'page 1 / XObject Im';

  it('accepts bit depths 1, 2, 4, 8 and 16 and names any other', () => {
    for (const bpc of [1, 2, 4, 8, 16]) {
      expect(lines(draw(image({ BitsPerComponent: num(bpc) })), '6.2.8#4')).toEqual([]);
      expect(passed(draw(image({ BitsPerComponent: num(bpc) })), '6.2.8#4')).toBe(1);
    }
    expect(lines(draw(image({ BitsPerComponent: num(12) })), '6.2.8#4')).toEqual([
      `6.2.8#4 @ ${at}: BitsPerComponent 12`,
    ]);
    expect(lines(draw(image({ BitsPerComponent: null })), '6.2.8#4')).toEqual([]);
  });

  it('requires one bit per component of an image mask, and exempts it from the image depths', () => {
    const mask = (bpc: CosObject) =>
      image({ ImageMask: true, ColorSpace: null, BitsPerComponent: bpc });
    expect(lines(draw(mask(num(1))), '6.2.8#5')).toEqual([]);
    expect(passed(draw(mask(num(1))), '6.2.8#5')).toBe(1);
    expect(lines(draw(mask(null)), '6.2.8#5')).toEqual([]);
    expect(lines(draw(mask(num(3))), '6.2.8#5')).toEqual([`6.2.8#5 @ ${at}: BitsPerComponent 3`]);
    expect(lines(draw(mask(num(3))), '6.2.8#4')).toEqual([]);
    expect(passed(draw(image({ ImageMask: false })), '6.2.8#5')).toBe(0);
  });

  it('refuses OPI and Alternates, and interpolation when asked for', () => {
    expect(lines(draw(image({ OPI: dict({}) })), '6.2.8#2')).toEqual([`6.2.8#2 @ ${at}`]);
    expect(passed(draw(image({})), '6.2.8#2')).toBe(1);
    expect(passed(draw(image({})), '6.2.8#1')).toBe(1);
    expect(lines(draw(image({ Interpolate: false })), '6.2.8#3')).toEqual([]);
    expect(passed(draw(image({ Interpolate: false })), '6.2.8#3')).toBe(1);
    // The abbreviations belong to inline images only.
    expect(lines(draw(image({ I: true, BPC: num(3), IM: true })), '6.2.8#3')).toEqual([]);
    expect(lines(draw(image({ I: true, BPC: num(3), IM: true })), '6.2.8#5')).toEqual([]);
  });

  it('reads the abbreviated keys of an inline image', () => {
    const inline = (keys: string) => page(`BI /W 1 /H 1 /CS /G ${keys} ID x EI`);
    const where = 'page 1 / inline image';
    expect(lines(inline('/BPC 3'), '6.2.8#4')).toEqual([`6.2.8#4 @ ${where}: BitsPerComponent 3`]);
    expect(lines(inline('/BPC 8 /I true'), '6.2.8#3')).toEqual([`6.2.8#3 @ ${where}`]);
    expect(lines(inline('/BPC 2 /IM true'), '6.2.8#5')).toEqual([
      `6.2.8#5 @ ${where}: BitsPerComponent 2`,
    ]);
    expect(lines(inline('/BitsPerComponent 3'), '6.2.8#4')).toEqual([
      `6.2.8#4 @ ${where}: BitsPerComponent 3`,
    ]);
    // Inline images have no OPI or Alternates to check.
    expect(passed(inline('/BPC 8'), '6.2.8#1')).toBe(0);
    expect(passed(inline('/BPC 8'), '6.2.8#2')).toBe(0);
  });

  it('checks a shared mask once, and a form soft mask but not a form Mask', () => {
    const smask = image({ Interpolate: true });
    const img = (n: number) => image({ SMask: ref(4), Mask: ref(5), Decode: num(n) });
    const mask = image({ ImageMask: true, ColorSpace: null, BitsPerComponent: num(4) });
    // The form's Mask is not an image link; its own (bad) mask stream is not checked.
    const form = stream(
      { Subtype: name('Form'), Resources: dict({}), Mask: ref(7), SMask: ref(4) },
      '',
    );
    const doc = page(
      '/A Do /B Do /F Do',
      { XObject: dict({ A: ref(2), B: ref(3), F: ref(6) }) },
      {
        objects: { 2: img(1), 3: img(2), 4: smask, 5: mask, 6: form, 7: mask },
      },
    );
    expect(lines(doc, '6.2.8#3')).toEqual(['6.2.8#3 @ page 1 / XObject A / soft mask image']);
    expect(lines(doc, '6.2.8#5')).toEqual([
      '6.2.8#5 @ page 1 / XObject A / mask image: BitsPerComponent 4',
    ]);
    // A mask is one role, a soft mask another: the same stream in both is checked in both.
    const both = page(
      '/A Do',
      { XObject: dict({ A: ref(2) }) },
      {
        objects: { 2: image({ SMask: ref(4), Mask: ref(4) }), 4: image({ Interpolate: true }) },
      },
    );
    expect(lines(both, '6.2.8#3')).toEqual([
      '6.2.8#3 @ page 1 / XObject A / soft mask image',
      '6.2.8#3 @ page 1 / XObject A / mask image',
    ]);
  });

  it('checks masks for OPI and Alternates, and a Mask as a mask whatever ImageMask says', () => {
    const doc = draw(image({ SMask: ref(4), Mask: ref(5) }), {
      4: image({ Alternates: arr() }),
      5: image({ OPI: dict({}), BitsPerComponent: num(8) }),
    });
    expect(lines(doc, '6.2.8#1')).toEqual([`6.2.8#1 @ ${at} / soft mask image`]);
    expect(lines(doc, '6.2.8#2')).toEqual([`6.2.8#2 @ ${at} / mask image`]);
    expect(lines(doc, '6.2.8#5')).toEqual([`6.2.8#5 @ ${at} / mask image: BitsPerComponent 8`]);
    // A soft mask is an image, not a mask.
    expect(
      lines(draw(image({ SMask: ref(4) }), { 4: image({ BitsPerComponent: num(8) }) }), '6.2.8#5'),
    ).toEqual([]);
  });

  it('does not read an inline image as JPEG 2000', () => {
    const doc = page('BI /W 1 /H 1 /CS /G /BPC 8 /Filter /JPXDecode ID x EI');
    expect(
      failureLines(graphicsArea, doc, 'pdfa-2b').filter((l) => l.startsWith('6.2.8.3')),
    ).toEqual([]);
  });

  it('checks direct mask streams at each image that has one', () => {
    const img = (n: number) => image({ SMask: image({ Interpolate: true }), Decode: num(n) });
    const doc = page(
      '/A Do /B Do',
      { XObject: dict({ A: ref(2), B: ref(3) }) },
      { objects: { 2: img(1), 3: img(2) } },
    );
    expect(lines(doc, '6.2.8#3')).toEqual([
      '6.2.8#3 @ page 1 / XObject A / soft mask image',
      '6.2.8#3 @ page 1 / XObject B / soft mask image',
    ]);
  });

  it('checks the intent of a soft mask only when it has one', () => {
    const doc = (intent: CosObject | undefined) =>
      draw(image({ SMask: ref(4) }), { 4: image(intent === undefined ? {} : { Intent: intent }) });
    expect(lines(doc(name('Bad')), '6.2.6#1')).toEqual([
      `6.2.6#1 @ ${at} / soft mask image: intent Bad`,
    ]);
    expect(passed(doc(name('Perceptual')), '6.2.6#1')).toBe(1);
    expect(passed(doc(undefined), '6.2.6#1')).toBe(0);
  });
});

describe('JPEG 2000 images (6.2.8.3)', () => {
  const ihdr = (channels: number, bpc: number) =>
    jp2Box('ihdr', [0, 0, 0, 1, 0, 0, 0, 1, 0, channels, bpc, 7, 0, 0]);
  const colr = (method: number, approx: number, enumCS = 16) =>
    jp2Box('colr', [method, 0, approx, 0, 0, 0, enumCS]);
  const jp2 = (...header: number[][]) =>
    Uint8Array.from([...jp2Box('jP  ', [13, 10, 135, 10]), ...jp2Box('jp2h', header.flat())]);
  const draw = (data: Uint8Array, entries: Record<string, CosObject> = {}) =>
    page(
      '/Im Do',
      { XObject: dict({ Im: ref(3) }) },
      {
        objects: {
          3: stream(
            {
              Subtype: name('Image'),
              Width: num(1),
              Height: num(1),
              Filter: name('JPXDecode'),
              ...entries,
            },
            data,
          ),
        },
      },
    );
  const at = 'page 1 / XObject Im / JPEG 2000 data';
  const jpxLines = (doc: ReturnType<typeof makeDoc>) =>
    failureLines(graphicsArea, doc, 'pdfa-2b').filter((l) => l.startsWith('6.2.8.3'));

  it('accepts 1, 3 or 4 channels with one colour specification', () => {
    for (const n of [1, 3, 4]) {
      const doc = draw(jp2(ihdr(n, 7), colr(1, 0)));
      expect(jpxLines(doc)).toEqual([]);
      expect(passed(doc, '6.2.8.3#1')).toBe(1);
      expect(passed(doc, '6.2.8.3#5')).toBe(1);
    }
  });

  it('names the channels, methods, counts and depths it refuses', () => {
    expect(jpxLines(draw(jp2(ihdr(2, 7), colr(1, 0))))).toEqual([`6.2.8.3#1 @ ${at}: 2 channels`]);
    expect(jpxLines(draw(jp2(ihdr(3, 7), colr(4, 0))))).toEqual([`6.2.8.3#3 @ ${at}: method 4`]);
    expect(jpxLines(draw(jp2(ihdr(3, 7), colr(1, 0, 19))))).toEqual([`6.2.8.3#4 @ ${at}`]);
    expect(jpxLines(draw(jp2(ihdr(3, 7), colr(1, 0), colr(2, 0))))).toEqual([
      `6.2.8.3#2 @ ${at}: 2 colour specifications`,
    ]);
    expect(jpxLines(draw(jp2(ihdr(3, 255), jp2Box('bpcc', [7, 7, 7]), colr(1, 0))))).toEqual([
      `6.2.8.3#5 @ ${at}: bpcc box present`,
    ]);
  });

  it('accepts a bit depth of 1', () => {
    expect(jpxLines(draw(jp2(ihdr(1, 0), colr(1, 0))))).toEqual([]);
    expect(passed(draw(jp2(ihdr(1, 0), colr(1, 0))), '6.2.8.3#5')).toBe(1);
  });

  it('accepts several colour specifications when exactly one is the approximation to use', () => {
    expect(jpxLines(draw(jp2(ihdr(3, 7), colr(1, 1), colr(2, 0))))).toEqual([]);
    expect(jpxLines(draw(jp2(ihdr(3, 7), colr(1, 1), colr(2, 1))))).toHaveLength(1);
    for (const m of [1, 2, 3]) expect(jpxLines(draw(jp2(ihdr(3, 7), colr(m, 0))))).toEqual([]);
  });

  it('leaves the colour specifications to the ColorSpace entry when there is one', () => {
    const doc = draw(jp2(ihdr(3, 7), colr(4, 0, 19), colr(4, 0)), {
      ColorSpace: name('DeviceRGB'),
    });
    expect(jpxLines(doc)).toEqual([]);
    expect(passed(doc, '6.2.8.3#2')).toBe(1);
    expect(passed(doc, '6.2.8.3#3')).toBe(1);
    expect(passed(doc, '6.2.8.3#4')).toBe(1);
  });

  it('checks bit depths from 1 to 38 of a bare codestream', () => {
    const codestream = (ssiz: number) => {
      const b = new Uint8Array(48);
      b.set([0xff, 0x4f, 0xff, 0x51]);
      b[2 + 38] = 0;
      b[2 + 39] = 3;
      b[2 + 40] = ssiz;
      return b;
    };
    expect(jpxLines(draw(codestream(37)))).toEqual([]);
    expect(passed(draw(codestream(37)), '6.2.8.3#5')).toBe(1);
    expect(jpxLines(draw(codestream(0x7f)))).toEqual([`6.2.8.3#5 @ ${at}: bit depth 128`]);
    // No colour specification to check in a codestream.
    expect(passed(draw(codestream(7)), '6.2.8.3#3')).toBe(0);
    expect(passed(draw(codestream(7)), '6.2.8.3#2')).toBe(1);
  });

  it('reads JPEG 2000 only under the JPXDecode filter, alone or in a list', () => {
    const data = jp2(ihdr(2, 7), colr(1, 0));
    expect(jpxLines(draw(data, { Filter: arr(name('JPXDecode')) }))).toHaveLength(1);
    expect(jpxLines(draw(data, { Filter: ref(8) }))).toEqual([]);
    expect(jpxLines(draw(data, { Filter: name('DCTDecode') }))).toEqual([]);
    expect(jpxLines(draw(data, { Filter: null }))).toEqual([]);
    // Data that is not JPEG 2000 is left alone.
    expect(jpxLines(draw(Uint8Array.from([1, 2, 3])))).toEqual([]);
  });
});

describe('XObjects (6.2.9) and content streams (6.1.13, 6.2.2)', () => {
  const form = (entries: Record<string, CosObject>) =>
    stream({ Subtype: name('Form'), Resources: dict({}), ...entries }, '');
  const draw = (x: CosObject) =>
    page('/X Do', { XObject: dict({ X: ref(3) }) }, { objects: { 3: x } });

  it('refuses OPI, PS and Subtype2 PS in a form, and a reference form', () => {
    const at = 'page 1 / XObject X';
    expect(lines(draw(form({ OPI: dict({}) })), '6.2.9#1')).toEqual([`6.2.9#1 @ ${at}`]);
    expect(lines(draw(form({ PS: stream({}, '') })), '6.2.9#1')).toEqual([`6.2.9#1 @ ${at}`]);
    expect(lines(draw(form({ Subtype2: name('PS') })), '6.2.9#1')).toEqual([`6.2.9#1 @ ${at}`]);
    expect(lines(draw(form({ Subtype2: name('Other') })), '6.2.9#1')).toEqual([]);
    expect(passed(draw(form({})), '6.2.9#1')).toBe(1);
    expect(passed(draw(form({})), '6.2.9#2')).toBe(1);
  });

  it('refuses a PostScript XObject and lets other XObject subtypes pass', () => {
    expect(lines(draw(stream({ Subtype: name('PS') }, '')), '6.2.9#3')).toEqual([
      '6.2.9#3 @ page 1 / XObject X',
    ]);
    expect(passed(draw(stream({ Subtype: name('Other') }, '')), '6.2.9#3')).toBe(1);
  });

  it('reports each q nested deeper than 28 with its depth', () => {
    const deep = (n: number) => page(`${'q '.repeat(n)}${'Q '.repeat(n)}`);
    expect(lines(deep(28), '6.1.13#8')).toEqual([]);
    expect(passed(deep(28), '6.1.13#8')).toBe(1);
    expect(lines(deep(30), '6.1.13#8')).toEqual([
      '6.1.13#8 @ page 1: depth 29',
      '6.1.13#8 @ page 1: depth 30',
    ]);
  });

  it('reports each undefined operator with its name, when any operator is used', () => {
    expect(lines(page('1 xyz 2 abc'), '6.2.2#1')).toEqual([
      '6.2.2#1 @ page 1: operator xyz',
      '6.2.2#1 @ page 1: operator abc',
    ]);
    expect(passed(page('q Q'), '6.2.2#1')).toBe(1);
    expect(passed(page(''), '6.2.2#1')).toBe(0);
  });

  it('says which inherited resources a content stream uses, each once', () => {
    const res = dict({
      Font: dict({ F1: dict({ Type: name('Font') }) }),
      ExtGState: dict({ G: dict({}) }),
    });
    const doc = makeDoc({
      pages: [{ content: '/F1 1 Tf /G gs /F1 2 Tf', resources: res, inheritResources: true }],
    });
    expect(lines(doc, '6.2.2#2')).toEqual(['6.2.2#2 @ page 1: uses Font/F1, ExtGState/G']);
    expect(
      passed(page('/F1 1 Tf', { Font: dict({ F1: dict({ Type: name('Font') }) }) }), '6.2.2#2'),
    ).toBe(1);
  });
});

describe('transparency groups (6.2.4, 6.2.10)', () => {
  const transparentPage = (
    group?: CosObject,
    objects: Objects = {},
    catalog: Record<string, CosObject> = {},
  ) =>
    page(
      '/A gs 0 0 1 1 re f',
      {
        ExtGState: dict({ A: dict({ ca: num(0.5) }) }),
        ColorSpace: dict({ DefaultGray: name('CalGray') }),
      },
      {
        objects,
        catalog,
        extra: group ? { Group: group } : {},
      },
    );

  it('accepts transparency with a PDF/A output intent, without a group colour space', () => {
    const doc = transparentPage(
      undefined,
      { 9: profile('mntr', 'RGB ') },
      { OutputIntents: arr(pdfaIntent(9)) },
    );
    expect(lines(doc, '6.2.10#2')).toEqual([]);
    expect(passed(doc, '6.2.10#2')).toBe(1);
    expect(lines(transparentPage(dict({ S: name('Transparency') })), '6.2.10#2')).toEqual([
      '6.2.10#2 @ page 1',
    ]);
    expect(
      lines(
        page('0 0 1 1 re f', { ColorSpace: dict({ DefaultGray: name('CalGray') }) }),
        '6.2.10#2',
      ),
    ).toEqual([]);
  });

  it('checks the colour space of a page group as a colour space use', () => {
    const doc = transparentPage(dict({ S: name('Transparency'), CS: name('DeviceRGB') }));
    expect(lines(doc, '6.2.4.3#2')).toEqual(['6.2.4.3#2 @ page 1 / transparency group']);
    expect(lines(doc, '6.2.10#2')).toEqual([]);
  });

  it('reads a named page group colour space from the page resources', () => {
    const doc = page(
      '0 0 1 1 re f',
      { ColorSpace: dict({ DefaultGray: name('CalGray'), Own: name('DeviceCMYK') }) },
      { extra: { Group: dict({ S: name('Transparency'), CS: name('Own') }) } },
    );
    expect(lines(doc, '6.2.4.3#3')).toEqual(['6.2.4.3#3 @ page 1 / transparency group']);
  });

  it('checks the colour space of a form group, read with the form resources', () => {
    const form = stream(
      {
        Subtype: name('Form'),
        Resources: dict({ ColorSpace: dict({ Own: name('DeviceCMYK') }) }),
        Group: dict({ S: name('Transparency'), CS: name('Own') }),
      },
      '',
    );
    const doc = page('/Fm Do', { XObject: dict({ Fm: ref(4) }) }, { objects: { 4: form } });
    expect(lines(doc, '6.2.4.3#3')).toEqual([
      '6.2.4.3#3 @ page 1 / XObject Fm / transparency group',
    ]);
    const noCS = page(
      '/Fm Do',
      { XObject: dict({ Fm: ref(4) }) },
      {
        objects: {
          4: stream(
            {
              Subtype: name('Form'),
              Resources: dict({}),
              Group: dict({ S: name('Transparency') }),
            },
            '',
          ),
        },
      },
    );
    // A group without CS uses no colour space, yet makes the page use transparency.
    expect(failureLines(graphicsArea, noCS, 'pdfa-2b')).toEqual(['6.2.10#2 @ page 1']);
  });
});

describe('edges found by the second run', () => {
  it('refuses ICC profiles of version 5.0, and trims the names it reports', () => {
    const v5 = iccHeader('mntr', 'RGB ', 5);
    v5[9] = 0;
    const output = page(
      '',
      {},
      { objects: { 9: stream({ N: num(3) }, v5) }, catalog: { OutputIntents: arr(pdfaIntent(9)) } },
    );
    expect(lines(output, '6.2.3#1')).toEqual([
      '6.2.3#1 @ output intent 1 / DestOutputProfile: class mntr, colour space RGB, version 5',
    ]);
    const input = page(
      '/C cs 0 sc 0 0 1 1 re f',
      { ColorSpace: dict({ C: arr(name('ICCBased'), ref(5)) }) },
      {
        objects: { 5: stream({ N: num(3) }, v5) },
      },
    );
    expect(lines(input, '6.2.4.2#1')).toEqual([
      '6.2.4.2#1 @ page 1: class mntr, colour space RGB, version 5',
    ]);
    const padded = page(
      '',
      {},
      {
        objects: { 9: stream({ N: num(3) }, iccHeader('ab  ', 'RGB ')) },
        catalog: { OutputIntents: arr(pdfaIntent(9)) },
      },
    );
    expect(lines(padded, '6.2.3#1')).toEqual([
      '6.2.3#1 @ output intent 1 / DestOutputProfile: class ab, colour space RGB, version 2.1',
    ]);
  });

  it('applies the overprint rule to ICC CMYK only, not to DeviceCMYK', () => {
    const doc = page('/G gs 0 0 0 1 k 0 0 1 1 re f', {
      ExtGState: dict({ G: dict({ OP: true, op: true, OPM: num(1) }) }),
    });
    expect(lines(doc, '6.2.4.2#2')).toEqual([]);
    expect(passed(doc, '6.2.4.2#2')).toBe(0);
  });

  it('compares dictionaries with different key counts either way round', () => {
    const tint = (entries: Record<string, CosObject>) => dict(entries);
    const doc = page('/S1 cs 1 sc 0 0 1 1 re f /S2 cs 1 sc 0 0 1 1 re f', {
      ColorSpace: dict({
        S1: arr(
          name('Separation'),
          name('Spot'),
          name('DeviceGray'),
          tint({ A: num(1), B: num(1) }),
        ),
        S2: arr(name('Separation'), name('Spot'), name('DeviceGray'), tint({ A: num(1) })),
      }),
    });
    expect(lines(doc, '6.2.4.4#2')).toHaveLength(2);
  });

  it('tells apart the direct Separations in the Colorants of two DeviceN spaces', () => {
    const deviceN = (alt: string) =>
      arr(
        name('DeviceN'),
        arr(name('Spot')),
        name('DeviceGray'),
        ref(7),
        dict({
          Colorants: dict({ Spot: arr(name('Separation'), name('Spot'), name(alt), ref(7)) }),
        }),
      );
    const tint = dict({
      FunctionType: num(2),
      Domain: arr(num(0), num(1)),
      C0: arr(num(0)),
      C1: arr(num(1)),
      N: num(1),
    });
    const doc = page(
      '/N1 cs 1 sc 0 0 1 1 re f /N2 cs 1 sc 0 0 1 1 re f',
      {
        ColorSpace: dict({ N1: deviceN('DeviceGray'), N2: deviceN('DeviceRGB') }),
      },
      { objects: { 7: tint } },
    );
    expect(lines(doc, '6.2.4.4#2')).toEqual([
      '6.2.4.4#2 @ page 1 / Colorants Spot: colourant Spot',
      '6.2.4.4#2 @ page 1 / Colorants Spot: colourant Spot',
    ]);
  });

  it('asks no transfer function of the Default halftone, and skips entries that are not halftones', () => {
    const doc = page('/G gs', {
      ExtGState: dict({
        G: dict({
          HT: dict({
            HalftoneType: num(5),
            Default: dict({ HalftoneType: num(1) }),
            Extra: num(1),
          }),
        }),
      }),
    });
    expect(lines(doc, '6.2.5#6')).toEqual([]);
    expect(passed(doc, '6.2.5#6')).toBe(1);
  });

  const ihdr = (bpc: number) => jp2Box('ihdr', [0, 0, 0, 1, 0, 0, 0, 1, 0, 3, bpc, 7, 0, 0]);
  const colr = (method: number, approx: number) => jp2Box('colr', [method, 0, approx, 0, 0, 0, 16]);
  const jpx = (...header: number[][]) =>
    page(
      '/Im Do',
      { XObject: dict({ Im: ref(3) }) },
      {
        objects: {
          3: stream(
            { Subtype: name('Image'), Width: num(1), Height: num(1), Filter: name('JPXDecode') },
            Uint8Array.from([
              ...jp2Box('jP  ', [13, 10, 135, 10]),
              ...jp2Box('jp2h', header.flat()),
            ]),
          ),
        },
      },
    );
  const jpxLines = (doc: ReturnType<typeof makeDoc>) =>
    failureLines(graphicsArea, doc, 'pdfa-2b').filter((l) => l.startsWith('6.2.8.3'));
  const where = 'page 1 / XObject Im / JPEG 2000 data';

  it('checks no channels or depth of JPEG 2000 data without an ihdr box', () => {
    expect(jpxLines(jpx(colr(1, 0)))).toEqual([]);
    expect(passed(jpx(colr(1, 0)), '6.2.8.3#1') + passed(jpx(colr(1, 0)), '6.2.8.3#5')).toBe(0);
  });

  it('counts the colour specifications marked as the approximation, not the others', () => {
    expect(jpxLines(jpx(ihdr(7), colr(1, 1), colr(2, 0), colr(3, 0)))).toEqual([]);
  });

  it('refuses a bpcc box whatever the ihdr depth', () => {
    expect(jpxLines(jpx(ihdr(7), jp2Box('bpcc', [7, 7, 7]), colr(1, 0)))).toEqual([
      `6.2.8.3#5 @ ${where}: bpcc box present`,
    ]);
  });

  it('ignores a group colour space it cannot resolve', () => {
    const group = dict({ S: name('Transparency'), CS: name('Nope') });
    const doc = page('', {}, { extra: { Group: group } });
    const form = page(
      '/Fm Do',
      { XObject: dict({ Fm: ref(4) }) },
      {
        objects: { 4: stream({ Subtype: name('Form'), Resources: dict({}), Group: group }, '') },
      },
    );
    expect(failureLines(graphicsArea, doc, 'pdfa-2b')).toEqual([]);
    // The form group still makes the page use transparency.
    expect(failureLines(graphicsArea, form, 'pdfa-2b')).toEqual(['6.2.10#2 @ page 1']);
  });
});
