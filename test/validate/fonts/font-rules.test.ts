/**
 * The font rules one by one (6.1.13 test 10, 6.2.11.x, 7.21.x): each verdict, where it points
 * and what it tells the user, on small models built in memory around real font programs.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CosObject } from '../../../src/validate/model/cos.js';
import type { Flavour } from '../../../src/validate/contract.js';
import { fontsArea } from '../../../src/validate/rules/fonts.js';
import { parseSfnt } from '../../../src/validate/fonts/sfnt.js';
import { failureLines } from '../content/failures.js';
import { arr, dict, makeDoc, name, num, ref, stream, str } from '../content/model.js';
import { runArea } from '../content/sink.js';

const fontFile = (f: string) =>
  new Uint8Array(readFileSync(fileURLToPath(new URL(`../../../fonts/${f}`, import.meta.url))));
const liberation = fontFile('LiberationSans-Regular.ttf');

type Objects = Record<number, CosObject>;

/** Where the tables of an sfnt start: tag -> offset. */
function tableOffsets(data: Uint8Array): Map<string, number> {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const out = new Map<string, number>();
  for (let i = 0; i < view.getUint16(4); i++) {
    const rec = 12 + i * 16;
    out.set(String.fromCharCode(...data.subarray(rec, rec + 4)), view.getUint32(rec + 8));
  }
  return out;
}

/** A copy of an sfnt whose cmap keeps its first subtables, relabelled (platform, encoding). */
function withCmaps(data: Uint8Array, ids: readonly (readonly [number, number])[]): Uint8Array {
  const copy = Uint8Array.from(data);
  const view = new DataView(copy.buffer);
  const base = tableOffsets(copy).get('cmap') ?? 0;
  view.setUint16(base + 2, ids.length);
  ids.forEach(([platform, encoding], i) => {
    view.setUint16(base + 4 + i * 8, platform);
    view.setUint16(base + 6 + i * 8, encoding);
  });
  return copy;
}

/** A copy of an sfnt with head.unitsPerEm replaced. */
function withUnitsPerEm(data: Uint8Array, upem: number): Uint8Array {
  const copy = Uint8Array.from(data);
  new DataView(copy.buffer).setUint16((tableOffsets(copy).get('head') ?? 0) + 18, upem);
  return copy;
}

/** A page showing `content` with font F1 = object 5 and the other objects given. */
const docWith = (content: string, objects: Objects) =>
  makeDoc({
    objects,
    pages: [{ content, resources: dict({ Font: dict({ F1: ref(5) }) }) }],
  });

const trueType = (extra: Record<string, CosObject> = {}) =>
  dict({
    Type: name('Font'),
    Subtype: name('TrueType'),
    BaseFont: name('LiberationSans'),
    FirstChar: num(65),
    LastChar: num(66),
    Widths: arr(num(666.9921875), num(666.9921875)),
    Encoding: name('WinAnsiEncoding'),
    FontDescriptor: ref(6),
    ...extra,
  });
const descriptor = (extra: Record<string, CosObject> = {}) =>
  dict({
    Type: name('FontDescriptor'),
    FontName: name('LiberationSans'),
    Flags: num(32),
    FontFile2: ref(7),
    ...extra,
  });

/** Liberation Sans as a TrueType font showing "AB", with the parts given replaced. */
const trueTypeDoc = (
  font: CosObject = trueType(),
  desc: CosObject = descriptor(),
  program: Uint8Array = liberation,
  content = 'BT /F1 12 Tf (AB) Tj ET',
  more: Objects = {},
) => docWith(content, { 5: font, 6: desc, 7: stream({}, program), ...more });

const lines = (doc: ReturnType<typeof makeDoc>, rule: string, flavour: Flavour = 'pdfa-2b') =>
  failureLines(fontsArea, doc, flavour).filter((l) => l.startsWith(`${rule} @`));
const passed = (doc: ReturnType<typeof makeDoc>, rule: string, flavour: Flavour = 'pdfa-2b') =>
  runArea(fontsArea, doc, flavour).passed.get(rule) ?? 0;
const at = 'page 1 / font F1';

describe('font dictionaries (6.2.11.2)', () => {
  it('accepts a complete embedded TrueType font', () => {
    expect(failureLines(fontsArea, trueTypeDoc(), 'pdfa-2u')).toEqual([]);
    for (const rule of [
      '6.2.11.2#1',
      '6.2.11.2#2',
      '6.2.11.2#3',
      '6.2.11.2#4',
      '6.2.11.2#5',
      '6.2.11.2#6',
    ])
      expect(passed(trueTypeDoc(), rule)).toBe(1);
  });

  it('requires Type Font', () => {
    expect(lines(trueTypeDoc(trueType({ Type: name('Fnt') })), '6.2.11.2#1')).toEqual([
      `6.2.11.2#1 @ ${at}`,
    ]);
  });

  it('names a Subtype it does not know, or its absence', () => {
    expect(lines(trueTypeDoc(trueType({ Subtype: name('TrueTyp') })), '6.2.11.2#2')).toEqual([
      `6.2.11.2#2 @ ${at}: Subtype TrueTyp`,
    ]);
    expect(lines(trueTypeDoc(trueType({ Subtype: num(1) })), '6.2.11.2#2')).toEqual([
      `6.2.11.2#2 @ ${at}: no Subtype`,
    ]);
  });

  it('requires BaseFont except of a Type 3 font', () => {
    expect(lines(trueTypeDoc(trueType({ BaseFont: null })), '6.2.11.2#3')).toEqual([
      `6.2.11.2#3 @ ${at}`,
    ]);
    expect(lines(type3Doc(), '6.2.11.2#3')).toEqual([]);
    expect(passed(type3Doc(), '6.2.11.2#3')).toBe(1);
  });

  it('requires FirstChar, LastChar and as many Widths as codes of a simple font', () => {
    expect(lines(trueTypeDoc(trueType({ FirstChar: null })), '6.2.11.2#4')).toEqual([
      `6.2.11.2#4 @ ${at}`,
    ]);
    expect(lines(trueTypeDoc(trueType({ LastChar: null })), '6.2.11.2#5')).toEqual([
      `6.2.11.2#5 @ ${at}`,
    ]);
    expect(lines(trueTypeDoc(trueType({ LastChar: null })), '6.2.11.2#6')).toEqual([
      `6.2.11.2#6 @ ${at}: 2 widths`,
    ]);
    expect(lines(trueTypeDoc(trueType({ FirstChar: null })), '6.2.11.2#6')).toEqual([
      `6.2.11.2#6 @ ${at}: 2 widths`,
    ]);
    expect(lines(trueTypeDoc(trueType({ LastChar: num(67) })), '6.2.11.2#6')).toEqual([
      `6.2.11.2#6 @ ${at}: 2 widths`,
    ]);
    expect(lines(trueTypeDoc(trueType({ Widths: null })), '6.2.11.2#6')).toEqual([
      `6.2.11.2#6 @ ${at}: no Widths`,
    ]);
    // A Type 3 font is a simple font too.
    expect(lines(type3Doc({ Widths: arr() }), '6.2.11.2#6')).toEqual([
      `6.2.11.2#6 @ ${at}: 0 widths`,
    ]);
  });

  it('lets a standard 14 font that is not embedded go without them', () => {
    const helvetica = docWith('BT /F1 12 Tf (A) Tj ET', {
      5: dict({ Type: name('Font'), Subtype: name('Type1'), BaseFont: name('Helvetica') }),
    });
    for (const rule of ['6.2.11.2#4', '6.2.11.2#5', '6.2.11.2#6']) {
      expect(lines(helvetica, rule)).toEqual([]);
      expect(passed(helvetica, rule)).toBe(1);
    }
    // It is still not embedded.
    expect(lines(helvetica, '6.2.11.4.1#1')).toEqual([`6.2.11.4.1#1 @ ${at}`]);
  });

  it('accepts FontFile3 subtypes Type1C, CIDFontType0C and OpenType and names another', () => {
    const ff3 = (subtype: CosObject) =>
      trueTypeDoc(
        trueType(),
        descriptor({ FontFile2: null, FontFile3: ref(7) }),
        liberation,
        'BT /F1 12 Tf (AB) Tj ET',
        {
          7: stream({ Subtype: subtype }, liberation),
        },
      );
    for (const ok of ['Type1C', 'CIDFontType0C', 'OpenType']) {
      expect(lines(ff3(name(ok)), '6.2.11.2#7')).toEqual([]);
      expect(passed(ff3(name(ok)), '6.2.11.2#7')).toBe(1);
    }
    expect(lines(ff3(name('Type1')), '6.2.11.2#7')).toEqual([
      `6.2.11.2#7 @ ${at}: FontFile3 Subtype Type1`,
    ]);
    expect(lines(ff3(null), '6.2.11.2#7')).toEqual([]);
    expect(passed(ff3(null), '6.2.11.2#7')).toBe(1);
    // Any of the three font file keys embeds the font.
    expect(lines(ff3(name('OpenType')), '6.2.11.4.1#1')).toEqual([]);
    expect(passed(trueTypeDoc(), '6.2.11.2#7')).toBe(0);
  });
});

describe('embedding (6.2.11.4.1 test 1)', () => {
  const notEmbedded = (content: string) =>
    trueTypeDoc(trueType(), descriptor({ FontFile2: null }), liberation, content);

  it('requires a font program for visible text, at every place the font is used', () => {
    expect(lines(notEmbedded('BT /F1 12 Tf (A) Tj ET'), '6.2.11.4.1#1')).toEqual([
      `6.2.11.4.1#1 @ ${at}`,
    ]);
    expect(lines(notEmbedded('BT /F1 12 Tf (A) Tj ET'), '7.21.4.1#1', 'pdfua-1')).toEqual([
      `7.21.4.1#1 @ ${at}`,
    ]);
    expect(
      lines(notEmbedded('BT /F1 12 Tf 3 Tr (A) Tj 0 Tr (B) Tj ET'), '6.2.11.4.1#1'),
    ).toHaveLength(1);
    expect(lines(notEmbedded('BT /F1 12 Tf 3 Tr (A) Tj ET'), '6.2.11.4.1#1')).toEqual([]);
    expect(passed(notEmbedded('BT /F1 12 Tf 3 Tr (A) Tj ET'), '6.2.11.4.1#1')).toBe(1);
  });

  it('asks it of the CIDFont of a Type 0 font, not of the Type 0 font itself', () => {
    const doc = type0Doc({}, { FontDescriptor: ref(6) }, { 6: descriptor({ FontFile2: null }) });
    expect(lines(doc, '6.2.11.4.1#1')).toEqual([`6.2.11.4.1#1 @ ${at} / CIDFont`]);
    expect(passed(type0Doc(), '6.2.11.4.1#1')).toBe(1);
    // Nor of a Type 3 font, whose glyphs are content streams.
    expect(passed(type3Doc(), '6.2.11.4.1#1')).toBe(0);
  });
});

/** A Type 3 font with glyph `a` for code 97. */
function type3Doc(extra: Record<string, CosObject> = {}, content = 'BT /F1 12 Tf (a) Tj ET') {
  return docWith(content, {
    5: dict({
      Type: name('Font'),
      Subtype: name('Type3'),
      FontBBox: arr(num(0), num(0), num(10), num(10)),
      FontMatrix: arr(num(0.001), num(0), num(0), num(0.001), num(0), num(0)),
      CharProcs: dict({ a: ref(6) }),
      Encoding: dict({ Type: name('Encoding'), Differences: arr(num(97), name('a')) }),
      FirstChar: num(97),
      LastChar: num(97),
      Widths: arr(num(1000)),
      ...extra,
    }),
    6: stream({}, '1000 0 d0 0 0 5 5 re f'),
  });
}

/** An Identity-H Type 0 font over Liberation Sans (CIDFontType2, CIDToGIDMap Identity). */
function type0Doc(
  extra: Record<string, CosObject> = {},
  cidExtra: Record<string, CosObject> = {},
  more: Objects = {},
  content = 'BT /F1 12 Tf <0024> Tj ET',
) {
  return docWith(content, {
    5: dict({
      Type: name('Font'),
      Subtype: name('Type0'),
      BaseFont: name('Liberation'),
      Encoding: name('Identity-H'),
      DescendantFonts: arr(ref(9)),
      ...extra,
    }),
    9: dict({
      Type: name('Font'),
      Subtype: name('CIDFontType2'),
      BaseFont: name('Liberation'),
      CIDSystemInfo: dict({
        Registry: str('Adobe'),
        Ordering: str('Identity'),
        Supplement: num(0),
      }),
      FontDescriptor: ref(6),
      CIDToGIDMap: name('Identity'),
      DW: num(1000),
      W: arr(num(36), arr(num(666.9921875))),
      ...cidExtra,
    }),
    6: descriptor(),
    7: stream({}, liberation),
    ...more,
  });
}

describe('TrueType encodings and cmaps (6.2.11.6)', () => {
  it('accepts MacRomanEncoding and WinAnsiEncoding, by name or as BaseEncoding', () => {
    for (const enc of [
      name('MacRomanEncoding'),
      name('WinAnsiEncoding'),
      dict({ BaseEncoding: name('MacRomanEncoding') }),
    ]) {
      const doc = trueTypeDoc(trueType({ Encoding: enc }));
      expect(lines(doc, '6.2.11.6#2')).toEqual([]);
      expect(passed(doc, '6.2.11.6#2')).toBe(1);
    }
  });

  it('names another encoding, or says there is no standard one', () => {
    expect(
      lines(trueTypeDoc(trueType({ Encoding: name('StandardEncoding') })), '6.2.11.6#2'),
    ).toEqual([`6.2.11.6#2 @ ${at}: encoding StandardEncoding`]);
    expect(lines(trueTypeDoc(trueType({ Encoding: null })), '6.2.11.6#2')).toEqual([
      `6.2.11.6#2 @ ${at}: no standard encoding`,
    ]);
    expect(
      lines(
        trueTypeDoc(trueType({ Encoding: dict({ Differences: arr(num(65), name('A')) }) })),
        '6.2.11.6#2',
      ),
    ).toEqual([`6.2.11.6#2 @ ${at}: no standard encoding`]);
  });

  it('accepts Differences of known glyph names over a (3,1) cmap only', () => {
    const diffs = (names: CosObject[], program: Uint8Array = liberation) =>
      trueTypeDoc(
        trueType({
          Encoding: dict({
            BaseEncoding: name('WinAnsiEncoding'),
            Differences: arr(num(65), ...names),
          }),
        }),
        descriptor(),
        program,
      );
    expect(lines(diffs([name('A'), name('B')]), '6.2.11.6#2')).toEqual([]);
    // A number in the list only moves the code.
    expect(lines(diffs([name('A'), num(70), name('F')]), '6.2.11.6#2')).toEqual([]);
    expect(lines(diffs([name('A'), name('g123')]), '6.2.11.6#2')).toEqual([
      `6.2.11.6#2 @ ${at}: encoding WinAnsiEncoding`,
    ]);
    const no31 = withCmaps(liberation, [[1, 0]]);
    expect(lines(diffs([name('A')], no31), '6.2.11.6#2')).toEqual([
      `6.2.11.6#2 @ ${at}: encoding WinAnsiEncoding`,
    ]);
    // Without Differences, no (3,1) cmap is needed for the encoding rule.
    const plain = trueTypeDoc(trueType(), descriptor(), no31);
    expect(lines(plain, '6.2.11.6#2')).toEqual([]);
  });

  it('refuses an Encoding in a symbolic font, and accepts none', () => {
    const symbolic = descriptor({ Flags: num(4) });
    expect(lines(trueTypeDoc(trueType(), symbolic), '6.2.11.6#3')).toEqual([`6.2.11.6#3 @ ${at}`]);
    const none = trueTypeDoc(trueType({ Encoding: null }), symbolic);
    expect(lines(none, '6.2.11.6#3')).toEqual([]);
    expect(passed(none, '6.2.11.6#3')).toBe(1);
    // The encoding rule is for non-symbolic fonts.
    expect(passed(none, '6.2.11.6#2')).toBe(0);
    expect(lines(none, '6.2.11.6#2')).toEqual([]);
  });

  it('requires a non-symbolic program to have a cmap subtable besides (3,0)', () => {
    const where = `${at} / font program`;
    const doc = (ids: [number, number][], flags = 32) =>
      trueTypeDoc(
        trueType(flags === 4 ? { Encoding: null } : {}),
        descriptor({ Flags: num(flags) }),
        withCmaps(liberation, ids),
      );
    expect(lines(doc([[3, 0]]), '6.2.11.6#1')).toEqual([`6.2.11.6#1 @ ${where}: 1 cmap subtables`]);
    expect(lines(doc([[3, 1]]), '6.2.11.6#1')).toEqual([]);
    expect(passed(doc([[3, 1]]), '6.2.11.6#1')).toBe(1);
    expect(
      lines(
        doc([
          [3, 0],
          [1, 0],
        ]),
        '6.2.11.6#1',
      ),
    ).toEqual([]);
    expect(lines(doc([]), '6.2.11.6#1')).toEqual([`6.2.11.6#1 @ ${where}: 0 cmap subtables`]);
    // A symbolic program may have (3,0) alone.
    expect(lines(doc([[3, 0]], 4), '6.2.11.6#1')).toEqual([]);
    expect(passed(doc([[3, 0]], 4), '6.2.11.6#1')).toBe(1);
  });

  it('requires a (3,0) subtable in a symbolic program that has several', () => {
    const where = `${at} / font program`;
    const doc = (ids: [number, number][]) =>
      trueTypeDoc(
        trueType({ Encoding: null }),
        descriptor({ Flags: num(4) }),
        withCmaps(liberation, ids),
      );
    expect(
      lines(
        doc([
          [1, 0],
          [3, 1],
        ]),
        '6.2.11.6#4',
      ),
    ).toEqual([`6.2.11.6#4 @ ${where}: 2 cmap subtables`]);
    expect(lines(doc([[3, 1]]), '6.2.11.6#4')).toEqual([]);
    expect(passed(doc([[3, 1]]), '6.2.11.6#4')).toBe(1);
    expect(
      lines(
        doc([
          [1, 0],
          [3, 0],
        ]),
        '6.2.11.6#4',
      ),
    ).toEqual([]);
    // A non-symbolic program is not asked for one.
    expect(
      lines(
        trueTypeDoc(
          trueType(),
          descriptor(),
          withCmaps(liberation, [
            [1, 0],
            [3, 1],
          ]),
        ),
        '6.2.11.6#4',
      ),
    ).toEqual([]);
  });

  it('reads the cmaps of a FontFile2 program only', () => {
    const ff3 = trueTypeDoc(
      trueType(),
      descriptor({ FontFile2: null, FontFile3: ref(7) }),
      liberation,
      'BT /F1 12 Tf (AB) Tj ET',
      {
        7: stream({ Subtype: name('OpenType') }, withCmaps(liberation, [[3, 0]])),
      },
    );
    expect(passed(ff3, '6.2.11.6#1')).toBe(0);
    expect(passed(ff3, '6.2.11.6#4')).toBe(0);
  });
});

describe('Type 0 fonts: CIDSystemInfo, CIDToGIDMap and CMaps (6.2.11.3)', () => {
  const csi = (registry: string, ordering: string, supplement: number) =>
    dict({ Registry: str(registry), Ordering: str(ordering), Supplement: num(supplement) });

  it('matches a predefined CMap with an Adobe collection of its script', () => {
    const doc = (enc: string, registry: string, ordering: string) =>
      type0Doc({ Encoding: name(enc) }, { CIDSystemInfo: csi(registry, ordering, 2) });
    expect(lines(doc('UniJIS-UCS2-H', 'Adobe', 'Japan1'), '6.2.11.3.1#1')).toEqual([]);
    expect(passed(doc('UniJIS-UCS2-H', 'Adobe', 'Japan1'), '6.2.11.3.1#1')).toBe(1);
    expect(lines(doc('UniJIS-UCS2-H', 'Adobe', 'Korea1'), '6.2.11.3.1#1')).toEqual([
      `6.2.11.3.1#1 @ ${at}: CMap UniJIS-UCS2-H`,
    ]);
    expect(lines(doc('UniJIS-UCS2-H', 'Other', 'Japan1'), '6.2.11.3.1#1')).toHaveLength(1);
    expect(lines(doc('UniGB-UCS2-H', 'Adobe', 'GB1'), '6.2.11.3.1#1')).toEqual([]);
    expect(lines(doc('UniJIS-UCS2-H', 'Adobe', 'Japan1'), '7.21.3.1#1', 'pdfua-1')).toEqual([]);
    expect(lines(doc('UniJIS-UCS2-H', 'Adobe', 'GB1'), '7.21.3.1#1', 'pdfua-1')).toEqual([
      `7.21.3.1#1 @ ${at}: CMap UniJIS-UCS2-H`,
    ]);
    // Identity CMaps go with any collection; an unknown CMap name is not compared.
    expect(passed(doc('Identity-H', 'Other', 'X'), '6.2.11.3.1#1')).toBe(0);
    expect(passed(doc('Custom-H', 'Other', 'X'), '6.2.11.3.1#1')).toBe(0);
  });

  const embeddedCMap = (body: string, dictEntries: Record<string, CosObject> = {}) =>
    stream(
      { Type: name('CMap'), ...dictEntries },
      `/CIDInit /ProcSet findresource begin 12 dict begin begincmap ${body} 1 begincodespacerange <0000> <FFFF> endcodespacerange 1 begincidrange <0000> <FFFF> 0 endcidrange endcmap CMapName currentdict /CMap defineresource pop end end`,
    );
  const withCMap = (
    cmap: CosObject,
    fontCsi: CosObject = csi('Adobe', 'Japan1', 2),
    more: Objects = {},
  ) => type0Doc({ Encoding: ref(10) }, { CIDSystemInfo: fontCsi }, { 10: cmap, ...more });
  const systemInfo = (r: string, o: string, s: number) =>
    `/CIDSystemInfo << /Registry (${r}) /Ordering (${o}) /Supplement ${s} >> def /CMapName /Test def`;

  it('matches an embedded CMap: same registry and ordering, a supplement no higher', () => {
    const rule = '6.2.11.3.1#1';
    const fromStream = (r: string, o: string, s: number, font = csi('Adobe', 'Japan1', 2)) =>
      lines(withCMap(embeddedCMap(systemInfo(r, o, s)), font), rule);
    expect(fromStream('Adobe', 'Japan1', 2)).toEqual([]);
    expect(fromStream('Adobe', 'Japan1', 3)).toEqual([]);
    expect(fromStream('Adobe', 'Japan1', 1)).toEqual([`${rule} @ ${at}: CMap Test`]);
    expect(fromStream('Adobe', 'Korea1', 2)).toHaveLength(1);
    expect(fromStream('Other', 'Japan1', 2)).toHaveLength(1);
    expect(passed(withCMap(embeddedCMap(systemInfo('Adobe', 'Japan1', 2))), rule)).toBe(1);
    // The font must say all three.
    expect(
      fromStream('Adobe', 'Japan1', 2, dict({ Registry: str('Adobe'), Ordering: str('Japan1') })),
    ).toHaveLength(1);
    expect(
      fromStream('Adobe', 'Japan1', 2, dict({ Registry: str('Adobe'), Supplement: num(0) })),
    ).toHaveLength(1);
    expect(
      fromStream('Adobe', 'Japan1', 2, dict({ Ordering: str('Japan1'), Supplement: num(0) })),
    ).toHaveLength(1);
    expect(
      lines(
        type0Doc(
          { Encoding: ref(10) },
          { CIDSystemInfo: null },
          { 10: embeddedCMap(systemInfo('Adobe', 'Japan1', 2)) },
        ),
        rule,
      ),
    ).toHaveLength(1);
  });

  it('prefers the CMap dictionary’s CIDSystemInfo to the one in its data', () => {
    const rule = '6.2.11.3.1#1';
    const cmap = (d: CosObject) =>
      embeddedCMap(systemInfo('Adobe', 'Korea1', 0), { CIDSystemInfo: d });
    expect(lines(withCMap(cmap(csi('Adobe', 'Japan1', 4))), rule)).toEqual([]);
    expect(lines(withCMap(cmap(csi('Adobe', 'Japan1', 1))), rule)).toHaveLength(1);
    expect(lines(withCMap(cmap(csi('Other', 'Japan1', 4))), rule)).toHaveLength(1);
    expect(lines(withCMap(cmap(csi('Adobe', 'Korea1', 4))), rule)).toHaveLength(1);
    expect(
      lines(withCMap(cmap(dict({ Registry: str('Adobe'), Ordering: str('Japan1') }))), rule),
    ).toHaveLength(1);
    // Names the CMap by its CMapName entry.
    expect(
      lines(
        withCMap(embeddedCMap(systemInfo('Adobe', 'Korea1', 0), { CMapName: name('Mine') })),
        rule,
      ),
    ).toEqual([`${rule} @ ${at}: CMap Mine`]);
  });

  it('says "embedded" of a CMap without a name', () => {
    const nameless = stream(
      {},
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (Korea1) /Supplement 0 >> def 1 begincodespacerange <0000> <FFFF> endcodespacerange',
    );
    expect(lines(withCMap(nameless), '6.2.11.3.1#1')).toEqual([
      `6.2.11.3.1#1 @ ${at}: CMap embedded`,
    ]);
    // Without a system info of its own, nothing matches.
    const bare = stream({}, '1 begincodespacerange <0000> <FFFF> endcodespacerange');
    expect(lines(withCMap(bare), '6.2.11.3.1#1')).toEqual([`6.2.11.3.1#1 @ ${at}: CMap embedded`]);
  });

  it('requires a CIDToGIDMap stream or Identity in an embedded CIDFontType2', () => {
    const where = `${at} / CIDFont`;
    expect(lines(type0Doc({}, { CIDToGIDMap: name('Nope') }), '6.2.11.3.2#1')).toEqual([
      `6.2.11.3.2#1 @ ${where}`,
    ]);
    expect(lines(type0Doc({}, { CIDToGIDMap: null }), '7.21.3.2#1', 'pdfua-1')).toEqual([
      `7.21.3.2#1 @ ${where}`,
    ]);
    const map = stream({}, Uint8Array.from([0, 0, 0, 36]));
    expect(
      lines(
        type0Doc({}, { CIDToGIDMap: ref(11) }, { 11: map }, 'BT /F1 12 Tf <0001> Tj ET'),
        '6.2.11.3.2#1',
      ),
    ).toEqual([]);
    expect(passed(type0Doc(), '6.2.11.3.2#1')).toBe(1);
    // Not asked of a CIDFontType0, nor of a font that is not embedded.
    expect(
      lines(type0Doc({}, { CIDToGIDMap: null, Subtype: name('CIDFontType0') }), '6.2.11.3.2#1'),
    ).toEqual([]);
    expect(
      lines(
        type0Doc({}, { CIDToGIDMap: null }, { 6: descriptor({ FontFile2: null }) }),
        '6.2.11.3.2#1',
      ),
    ).toEqual([]);
  });

  it('requires a CMap that is not predefined to be embedded', () => {
    const where = `${at} / CMap`;
    expect(lines(type0Doc({ Encoding: name('Custom-H') }), '6.2.11.3.3#1')).toEqual([
      `6.2.11.3.3#1 @ ${where}: CMap Custom-H`,
    ]);
    expect(lines(type0Doc({ Encoding: null }), '6.2.11.3.3#1')).toEqual([
      `6.2.11.3.3#1 @ ${where}`,
    ]);
    expect(passed(type0Doc({ Encoding: name('UniJIS-UCS2-H') }), '6.2.11.3.3#1')).toBe(1);
    expect(lines(withCMap(embeddedCMap(systemInfo('Adobe', 'Japan1', 2))), '6.2.11.3.3#1')).toEqual(
      [],
    );
  });

  it('requires the WMode of an embedded CMap dictionary to match its data', () => {
    const rule = '6.2.11.3.3#2';
    const where = `${at} / CMap`;
    const wmode = (dictMode: number | null, dataMode: number | null) =>
      withCMap(
        embeddedCMap(
          `${systemInfo('Adobe', 'Japan1', 2)}${dataMode === null ? '' : ` /WMode ${dataMode} def`}`,
          dictMode === null ? {} : { WMode: num(dictMode) },
        ),
      );
    expect(lines(wmode(1, 0), rule)).toEqual([`${rule} @ ${where}: dictionary 1, stream 0`]);
    expect(lines(wmode(0, 1), rule)).toEqual([`${rule} @ ${where}: dictionary 0, stream 1`]);
    expect(lines(wmode(null, 1), rule)).toEqual([`${rule} @ ${where}: dictionary 0, stream 1`]);
    expect(lines(wmode(1, null), rule)).toEqual([`${rule} @ ${where}: dictionary 1, stream 0`]);
    expect(lines(wmode(1, 1), rule)).toEqual([]);
    expect(passed(wmode(null, null), rule)).toBe(1);
  });

  it('refuses an embedded CMap that maps to a CID above 65535', () => {
    const rule = '6.1.13#10';
    const cmap = (cid: number) =>
      stream(
        {},
        `/CMapName /Big def 1 begincodespacerange <0000> <FFFF> endcodespacerange 1 begincidchar <0024> ${cid} endcidchar`,
      );
    expect(lines(withCMap(cmap(65536)), rule)).toEqual([
      `${rule} @ ${at} / CMap: largest CID 65536`,
    ]);
    expect(lines(withCMap(cmap(65535)), rule)).toEqual([]);
    expect(passed(withCMap(cmap(65535)), rule)).toBe(1);
  });

  it('allows an embedded CMap to use only a predefined CMap', () => {
    const rule = '6.2.11.3.3#3';
    const where = `${at} / CMap`;
    const base = systemInfo('Adobe', 'Japan1', 2);
    expect(lines(withCMap(embeddedCMap(base, { UseCMap: name('UniJIS-UCS2-H') })), rule)).toEqual(
      [],
    );
    expect(passed(withCMap(embeddedCMap(base, { UseCMap: name('UniJIS-UCS2-H') })), rule)).toBe(1);
    expect(lines(withCMap(embeddedCMap(base, { UseCMap: name('Mine-H') })), rule)).toEqual([
      `${rule} @ ${where}: uses Mine-H`,
    ]);
    // A used CMap given as a stream is named by its CMapName entry, or its data.
    const used = (d: Record<string, CosObject>, data: string) =>
      withCMap(embeddedCMap(base, { UseCMap: ref(12) }), undefined, { 12: stream(d, data) });
    expect(lines(used({ CMapName: name('Other-H') }, ''), rule)).toEqual([
      `${rule} @ ${where}: uses Other-H`,
    ]);
    expect(lines(used({}, '/CMapName /Inner-H def'), rule)).toEqual([
      `${rule} @ ${where}: uses Inner-H`,
    ]);
    expect(lines(used({ CMapName: name('UniJIS-UCS2-H') }, ''), rule)).toEqual([]);
    expect(lines(used({}, ''), rule)).toEqual([`${rule} @ ${where}`]);
    // The usecmap operator in the data counts as well.
    expect(lines(withCMap(embeddedCMap(`${base} /Mine-H usecmap`)), rule)).toEqual([
      `${rule} @ ${where}: uses Mine-H`,
    ]);
    expect(lines(withCMap(embeddedCMap(`${base} /UniJIS-UCS2-H usecmap`)), rule)).toEqual([]);
    expect(passed(withCMap(embeddedCMap(base)), rule)).toBe(0);
    // A UseCMap that is neither name nor stream names nothing.
    expect(lines(withCMap(embeddedCMap(base, { UseCMap: num(1) })), rule)).toEqual([
      `${rule} @ ${where}`,
    ]);
  });
});

describe('glyphs (6.2.11.4.1 test 2, 6.2.11.5, 6.2.11.8)', () => {
  it('compares widths within 1/1000 em and reports both, rounded', () => {
    const rule = '6.2.11.5#1';
    const width = (w: number) => trueTypeDoc(trueType({ Widths: arr(num(w), num(666.9921875)) }));
    expect(lines(width(667.9921875), rule)).toEqual([]);
    expect(lines(width(665.9921875), rule)).toEqual([]);
    expect(lines(width(668), rule)).toEqual([
      `${rule} @ ${at} / glyph 65: dictionary 668, program 666.992`,
    ]);
    expect(lines(width(665.5), rule)).toEqual([
      `${rule} @ ${at} / glyph 65: dictionary 665.5, program 666.992`,
    ]);
    expect(lines(width(666.9921875), '7.21.5#1', 'pdfua-1')).toEqual([]);
  });

  it('compares a code outside Widths with the MissingWidth of the descriptor', () => {
    const rule = '6.2.11.5#1';
    const doc = (missing: CosObject) =>
      trueTypeDoc(
        trueType(),
        descriptor({ MissingWidth: missing }),
        liberation,
        'BT /F1 12 Tf (C) Tj ET',
      );
    expect(lines(doc(num(722.16796875)), rule)).toEqual([]);
    expect(lines(doc(null), rule)).toEqual([
      `${rule} @ ${at} / glyph 67: dictionary 0, program 722.168`,
    ]);
  });

  it('compares with 0 when the dictionary gives no width at all', () => {
    const doc = trueTypeDoc(
      trueType({ Widths: null }),
      descriptor(),
      liberation,
      'BT /F1 12 Tf (A) Tj ET',
    );
    expect(lines(doc, '6.2.11.5#1')).toEqual([
      `6.2.11.5#1 @ ${at} / glyph 65: dictionary 0, program 666.992`,
    ]);
  });

  it('checks each distinct glyph once, but again under another rendering mode', () => {
    const doc = (content: string) => trueTypeDoc(trueType(), descriptor(), liberation, content);
    expect(passed(doc('BT /F1 12 Tf (AAB) Tj (BA) Tj ET'), '6.2.11.8#1')).toBe(2);
    expect(passed(doc('BT /F1 12 Tf (A) Tj 1 Tr (A) Tj 2 Tr (A) Tj ET'), '6.2.11.8#1')).toBe(3);
    expect(
      passed(
        doc('BT /F1 12 Tf (A) Tj ET /Span <</ActualText (A)>> BDC BT /F1 12 Tf (A) Tj ET EMC'),
        '6.2.11.8#1',
      ),
    ).toBe(2);
  });

  it('does not look for invisible glyphs in the program, nor compare their widths', () => {
    const doc = (tr: number) =>
      trueTypeDoc(
        trueType({ Widths: arr(num(1), num(1)) }),
        descriptor(),
        liberation,
        `BT /F1 12 Tf ${tr} Tr (A) Tj ET`,
      );
    expect(passed(doc(3), '6.2.11.4.1#2')).toBe(0);
    // The one width check left is the program's units per em.
    expect(passed(doc(3), '6.2.11.5#1')).toBe(1);
    expect(lines(doc(3), '6.2.11.5#1')).toEqual([]);
    expect(lines(doc(0), '6.2.11.5#1')).toHaveLength(1);
    expect(passed(doc(0), '6.2.11.4.1#2')).toBe(1);
  });

  it('says a code cut short is incomplete, and compares no width for it', () => {
    const doc = type0Doc({}, { W: arr(num(35), arr(num(1))) }, {}, 'BT /F1 12 Tf (#) Tj ET');
    expect(lines(doc, '6.2.11.4.1#2')).toEqual([
      `6.2.11.4.1#2 @ ${at} / glyph 35: an incomplete 1-byte code`,
    ]);
    expect(lines(doc, '7.21.4.1#2', 'pdfua-1')).toEqual([
      `7.21.4.1#2 @ ${at} / glyph 35: an incomplete 1-byte code`,
    ]);
    // The one width check is the program's units per em.
    expect(passed(doc, '6.2.11.5#1')).toBe(1);
    expect(lines(doc, '6.2.11.5#1')).toEqual([]);
  });

  it('reports a CID the program lacks as missing and as .notdef, and CID 0 as .notdef', () => {
    const beyond = type0Doc({}, {}, {}, 'BT /F1 12 Tf <7FFF> Tj ET');
    expect(lines(beyond, '6.2.11.4.1#2')).toEqual([`6.2.11.4.1#2 @ ${at} / glyph 32767`]);
    expect(lines(beyond, '6.2.11.8#1')).toEqual([`6.2.11.8#1 @ ${at} / glyph 32767`]);
    expect(lines(beyond, '7.21.8#1', 'pdfua-1')).toEqual([`7.21.8#1 @ ${at} / glyph 32767`]);
    const zero = type0Doc({}, {}, {}, 'BT /F1 12 Tf <0000> Tj ET');
    expect(lines(zero, '6.2.11.8#1')).toEqual([`6.2.11.8#1 @ ${at} / glyph 0`]);
    expect(lines(zero, '6.2.11.4.1#2')).toEqual([]);
    expect(passed(type0Doc(), '6.2.11.8#1')).toBe(1);
    // Without a program nothing says which glyph is .notdef.
    const unembedded = type0Doc(
      {},
      {},
      { 6: descriptor({ FontFile2: null }) },
      'BT /F1 12 Tf <0000> Tj ET',
    );
    expect(lines(unembedded, '6.2.11.8#1')).toEqual([]);
  });

  it('reports .notdef for a simple font’s code its encoding leaves undefined', () => {
    expect(
      lines(
        trueTypeDoc(trueType(), descriptor(), liberation, 'BT /F1 12 Tf <00> Tj ET'),
        '6.2.11.8#1',
      ),
    ).toEqual([`6.2.11.8#1 @ ${at} / glyph 0`]);
  });
});

describe('Unicode mappings (6.2.11.7)', () => {
  const toUnicode = (pairs: string) =>
    stream(
      {},
      `1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfchar ${pairs} endbfchar`,
    );
  const mapped = (pairs: string) =>
    trueTypeDoc(
      trueType({ ToUnicode: ref(8) }),
      descriptor(),
      liberation,
      'BT /F1 12 Tf (A) Tj ET',
      { 8: toUnicode(pairs) },
    );

  it('is checked at levels A and U and in PDF/UA, not at level B', () => {
    const unmapped = trueTypeDoc(
      trueType({ Encoding: null }),
      descriptor({ Flags: num(4) }),
      liberation,
      'BT /F1 12 Tf (A) Tj ET',
    );
    expect(lines(unmapped, '6.2.11.7.2#1', 'pdfa-2u')).toEqual([`6.2.11.7.2#1 @ ${at} / glyph 65`]);
    expect(lines(unmapped, '6.2.11.7.2#1', 'pdfa-3a')).toEqual([`6.2.11.7.2#1 @ ${at} / glyph 65`]);
    expect(lines(unmapped, '7.21.7#1', 'pdfua-1')).toEqual([`7.21.7#1 @ ${at} / glyph 65`]);
    expect(passed(trueTypeDoc(), '6.2.11.7.2#1', 'pdfa-2u')).toBe(2);
    expect(passed(trueTypeDoc(), '7.21.7#1', 'pdfua-1')).toBe(2);
  });

  it('refuses U+0000, U+FFFE and U+FEFF anywhere in a mapping', () => {
    for (const bad of ['0000', 'FFFE', 'FEFF', '0041FFFE']) {
      expect(lines(mapped(`<41> <${bad}>`), '6.2.11.7.2#2', 'pdfa-2u')).toEqual([
        `6.2.11.7.2#2 @ ${at} / glyph 65`,
      ]);
      expect(lines(mapped(`<41> <${bad}>`), '7.21.7#2', 'pdfua-1')).toEqual([
        `7.21.7#2 @ ${at} / glyph 65`,
      ]);
    }
    expect(lines(mapped('<41> <0041>'), '6.2.11.7.2#2', 'pdfa-2u')).toEqual([]);
    expect(passed(mapped('<41> <0041>'), '6.2.11.7.2#2', 'pdfa-2u')).toBe(1);
  });

  it('requires ActualText for a Private Use Area character at level A only', () => {
    expect(lines(mapped('<41> <E000>'), '6.2.11.7.3#1', 'pdfa-3a')).toEqual([
      `6.2.11.7.3#1 @ ${at} / glyph 65`,
    ]);
    expect(passed(mapped('<41> <0041>'), '6.2.11.7.3#1', 'pdfa-3a')).toBe(1);
    expect(failureLines(fontsArea, mapped('<41> <E000>'), 'pdfa-3u')).toEqual([]);
  });
});

describe('font matrices and units per em (6.2.11.5)', () => {
  it('refuses a TrueType head.unitsPerEm outside 16..16384, naming it', () => {
    const where = `${at} / font program`;
    const doc = (upem: number) =>
      trueTypeDoc(trueType(), descriptor(), withUnitsPerEm(liberation, upem));
    expect(lines(doc(15), '6.2.11.5#1')).toContain(
      `6.2.11.5#1 @ ${where}: head.unitsPerEm 15 is outside 16..16384`,
    );
    expect(lines(doc(16385), '6.2.11.5#1')).toContain(
      `6.2.11.5#1 @ ${where}: head.unitsPerEm 16385 is outside 16..16384`,
    );
    for (const ok of [16, 16384])
      expect(lines(doc(ok), '6.2.11.5#1').filter((l) => l.includes(where))).toEqual([]);
  });

  it('compares the CFF matrix of OpenType CFF with head.unitsPerEm, within a factor of two', () => {
    const inter = fontFile('Inter-Regular.otf');
    const where = `${at} / font program`;
    const doc = (upem: number) =>
      docWith('BT /F1 12 Tf ( ) Tj ET', {
        5: dict({
          Type: name('Font'),
          Subtype: name('Type1'),
          BaseFont: name('Inter'),
          FirstChar: num(32),
          LastChar: num(32),
          Widths: arr(num(0)),
          FontDescriptor: ref(6),
        }),
        6: dict({
          Type: name('FontDescriptor'),
          FontName: name('Inter'),
          Flags: num(32),
          FontFile3: ref(7),
        }),
        7: stream({ Subtype: name('OpenType') }, withUnitsPerEm(inter, upem)),
      });
    const matrix = (upem: number) =>
      lines(doc(upem), '6.2.11.5#1').filter((l) => l.includes(where));
    // Inter's CFF matrix is 1/2816, as its head says.
    expect(matrix(2816)).toEqual([]);
    expect(passed(doc(2816), '6.2.11.5#1')).toBeGreaterThanOrEqual(2);
    expect(matrix(1409)).toEqual([]);
    expect(matrix(5632)).toEqual([]);
    expect(matrix(1408)).toEqual([
      `6.2.11.5#1 @ ${where}: CFF matrix of 2816.029 units per em disagrees with head.unitsPerEm 1408`,
    ]);
    expect(matrix(5633)).toEqual([
      `6.2.11.5#1 @ ${where}: CFF matrix of 2816.029 units per em disagrees with head.unitsPerEm 5633`,
    ]);
    // A head of 0 units says nothing to compare.
    expect(matrix(0)).toEqual([]);
  });
});

describe('CIDSet of a CID font subset (6.2.11.4.2 test 2)', () => {
  const rule = '6.2.11.4.2#2';
  /** The bits of the CIDs given, over `bytes` bytes. */
  const bits = (cids: readonly number[], bytes: number) => {
    const b = new Uint8Array(bytes);
    for (const cid of cids) b[cid >> 3] |= 0x80 >> (cid & 7);
    return b;
  };
  const subset = (
    set: Uint8Array,
    cidExtra: Record<string, CosObject> = {},
    more: Objects = {},
    fontName = 'ABCDEF+Liberation',
  ) =>
    type0Doc(
      { BaseFont: name(fontName) },
      { BaseFont: name(fontName), ...cidExtra },
      { 6: descriptor({ CIDSet: ref(8) }), 8: stream({}, set), ...more },
    );
  /** CIDToGIDMap: CID 1 -> glyph 36, 2 -> 37, 3 -> 0 (none), 4 -> 65000 (beyond the program). */
  const map = stream({}, Uint8Array.from([0, 0, 0, 36, 0, 37, 0, 0, 0xfd, 0xe8]));
  const mapped = (cids: number[]) => subset(bits(cids, 2), { CIDToGIDMap: ref(11) }, { 11: map });

  it('through a CIDToGIDMap stream, wants the CIDs that map to a glyph of the program', () => {
    expect(lines(mapped([1, 2]), rule)).toEqual([]);
    expect(passed(mapped([1, 2]), rule)).toBe(1);
    expect(passed(mapped([0, 1, 2]), rule)).toBe(1);
    expect(lines(mapped([1]), rule)).toEqual([`${rule} @ ${at}: CIDs not identified: 2`]);
    expect(lines(mapped([1, 2, 3, 4]), rule)).toEqual([
      `${rule} @ ${at}: CIDs not in the program: 3, 4`,
    ]);
    expect(lines(mapped([2, 5]), '7.21.4.2#2', 'pdfua-1')).toEqual([
      `7.21.4.2#2 @ ${at}: CIDs not identified: 1; CIDs not in the program: 5`,
    ]);
  });

  it('does not ask for CID 0', () => {
    const numGlyphs = parseSfnt(liberation)?.numGlyphs ?? 0;
    const all = Array.from({ length: numGlyphs - 1 }, (_, i) => i + 1);
    const doc = subset(bits(all, Math.ceil(numGlyphs / 8)));
    expect(lines(doc, rule)).toEqual([]);
    expect(passed(doc, rule)).toBe(1);
  });

  it('lists at most five CIDs of each kind', () => {
    expect(lines(mapped([1, 2, 5, 6, 7, 8, 9, 10, 11]), rule)).toEqual([
      `${rule} @ ${at}: CIDs not in the program: 5, 6, 7, 8, 9`,
    ]);
    // Identity: every glyph of the program is a CID; an empty set misses them all.
    expect(lines(subset(bits([], 4)), rule)).toEqual([
      `${rule} @ ${at}: CIDs not identified: 1, 2, 3, 4, 5`,
    ]);
  });

  it('checks only a subset, named so by its CIDFont', () => {
    const cidFontNamed = (cidName: string | null, fontName: string) =>
      type0Doc(
        { BaseFont: name(fontName) },
        { BaseFont: cidName === null ? null : name(cidName) },
        { 6: descriptor({ CIDSet: ref(8) }), 8: stream({}, bits([], 1)) },
      );
    expect(lines(cidFontNamed('ABCDEF+Liberation', 'Liberation'), rule)).toHaveLength(1);
    expect(lines(cidFontNamed('Liberation', 'ABCDEF+Liberation'), rule)).toEqual([]);
    expect(passed(cidFontNamed('Liberation', 'ABCDEF+Liberation'), rule)).toBe(0);
    // Without a name of its own, the Type 0 font's name tells.
    expect(lines(cidFontNamed(null, 'ABCDEF+Liberation'), rule)).toHaveLength(1);
    expect(lines(cidFontNamed(null, 'Liberation'), rule)).toEqual([]);
  });
});

describe('bare CFF programs (6.2.11.5)', () => {
  const cff = parseSfnt(fontFile('Inter-Regular.otf'))?.cff ?? new Uint8Array();
  const doc = (type: string) =>
    docWith('BT /F1 12 Tf (A) Tj ET', {
      5: dict({
        Type: name('Font'),
        Subtype: name(type),
        BaseFont: name('Inter'),
        FirstChar: num(65),
        LastChar: num(65),
        Widths: arr(num(0)),
        FontDescriptor: ref(6),
      }),
      6: dict({ Type: name('FontDescriptor'), Flags: num(32), FontFile3: ref(7) }),
      7: stream({ Subtype: name('Type1C') }, cff),
    });

  it('checks the Top DICT matrix of a Type1C program once', () => {
    const r = runArea(fontsArea, doc('Type1'), 'pdfa-2b');
    expect(lines(doc('Type1'), '6.2.11.5#1').filter((l) => l.includes('font program'))).toEqual([]);
    // The program's matrix and the glyph's width (0 in the dictionary: a failure).
    expect(r.passed.get('6.2.11.5#1')).toBe(1);
    expect(r.failed.get('6.2.11.5#1')).toEqual([`${at} / glyph 65`]);
  });

  it('leaves Type 3 fonts out, whatever their descriptor holds', () => {
    const r = runArea(fontsArea, doc('Type3'), 'pdfa-2b');
    expect(r.failed.has('6.2.11.5#1')).toBe(false);
    expect(r.passed.get('6.2.11.5#1') ?? 0).toBe(0);
  });
});

describe('fonts whose parts are missing or unreadable', () => {
  const junk = Uint8Array.from([0, 1, 0, 0, 9, 9, 9, 9]);

  it('fails the Differences of a TrueType font that is not embedded, without a (3,1) cmap to read', () => {
    const doc = trueTypeDoc(
      trueType({
        Encoding: dict({
          BaseEncoding: name('WinAnsiEncoding'),
          Differences: arr(num(65), name('A')),
        }),
      }),
      descriptor({ FontFile2: null }),
    );
    expect(lines(doc, '6.2.11.6#2')).toEqual([`6.2.11.6#2 @ ${at}: encoding WinAnsiEncoding`]);
  });

  it('compares no width and checks no subset when the program cannot be read', () => {
    const trueTypeJunk = trueTypeDoc(trueType({ Widths: arr(num(5), num(5)) }), descriptor(), junk);
    expect(lines(trueTypeJunk, '6.2.11.5#1')).toEqual([]);
    const type0Junk = type0Doc(
      { BaseFont: name('ABCDEF+Liberation') },
      {},
      { 6: descriptor({ CIDSet: ref(8) }), 7: stream({}, junk), 8: stream({}, Uint8Array.of(0)) },
    );
    expect(passed(type0Junk, '6.2.11.4.2#2') + lines(type0Junk, '6.2.11.4.2#2').length).toBe(0);
  });

  it('checks neither CharSet nor CIDSet in a TrueType subset', () => {
    const doc = trueTypeDoc(
      trueType({ BaseFont: name('ABCDEF+Liberation') }),
      descriptor({ CharSet: str('/A'), CIDSet: ref(8) }),
      liberation,
      'BT /F1 12 Tf (AB) Tj ET',
      { 8: stream({}, Uint8Array.of(0)) },
    );
    const subsetLines = failureLines(fontsArea, doc, 'pdfa-2b').filter((l) =>
      l.startsWith('6.2.11.4.2'),
    );
    expect(subsetLines).toEqual([]);
    expect(passed(doc, '6.2.11.4.2#1') + passed(doc, '6.2.11.4.2#2')).toBe(0);
  });

  it('asks nothing of the CIDFont of a Type 0 font that has none', () => {
    const doc = type0Doc({ DescendantFonts: null });
    expect(passed(doc, '6.2.11.3.2#1')).toBe(0);
    expect(lines(doc, '6.2.11.3.2#1')).toEqual([]);
  });

  it('tells glyphs apart by code and rendering mode together', () => {
    const doc = trueTypeDoc(
      trueType(),
      descriptor(),
      liberation,
      'BT /F1 12 Tf 1 Tr (A) Tj 0 Tr (B) Tj ET',
    );
    expect(passed(doc, '6.2.11.8#1')).toBe(2);
  });
});

describe('edges found by the second run', () => {
  it('counts Widths from FirstChar to LastChar, and needs both', () => {
    const widths = (first: CosObject, last: CosObject) =>
      lines(trueTypeDoc(trueType({ FirstChar: first, LastChar: last })), '6.2.11.2#6');
    // Two widths would fit FirstChar 0 to LastChar 1, and FirstChar -1 to LastChar 0.
    expect(widths(null, num(1))).toEqual([`6.2.11.2#6 @ ${at}: 2 widths`]);
    expect(widths(num(-1), null)).toEqual([`6.2.11.2#6 @ ${at}: 2 widths`]);
  });

  it('asks neither a Type 3 nor a Type 0 font itself to be embedded', () => {
    expect(lines(type3Doc(), '6.2.11.4.1#1')).toEqual([]);
    expect(lines(type0Doc(), '6.2.11.4.1#1')).toEqual([]);
  });

  it('checks no CIDSet when the program of a subset cannot be read', () => {
    const doc = type0Doc(
      { BaseFont: name('ABCDEF+Liberation') },
      { BaseFont: name('ABCDEF+Liberation') },
      {
        6: descriptor({ CIDSet: ref(8) }),
        7: stream({}, Uint8Array.of(0, 1, 0, 0)),
        8: stream({}, Uint8Array.of(0)),
      },
    );
    expect(lines(doc, '6.2.11.4.2#2')).toEqual([]);
    expect(passed(doc, '6.2.11.4.2#2')).toBe(0);
  });

  it('takes a CID mapped to the glyph count as one the program lacks', () => {
    const numGlyphs = parseSfnt(liberation)?.numGlyphs ?? 0;
    // A CID mapped to the glyph count is one past the last glyph.
    const map = stream({}, Uint8Array.from([0, 0, 0, 36, (numGlyphs >> 8) & 255, numGlyphs & 255]));
    const doc = (cids: number) =>
      type0Doc(
        { BaseFont: name('ABCDEF+Liberation') },
        { BaseFont: name('ABCDEF+Liberation'), CIDToGIDMap: ref(11) },
        { 6: descriptor({ CIDSet: ref(8) }), 8: stream({}, Uint8Array.of(cids)), 11: map },
      );
    expect(lines(doc(0x40), '6.2.11.4.2#2')).toEqual([]);
    expect(lines(doc(0x60), '6.2.11.4.2#2')).toEqual([
      `6.2.11.4.2#2 @ ${at}: CIDs not in the program: 2`,
    ]);
  });

  it('needs the font and the CMap to state the registry, ordering and supplement they match', () => {
    const rule = '6.2.11.3.1#1';
    const doc = (fontCsi: Record<string, CosObject>, cmapCsi: string) =>
      type0Doc(
        { Encoding: ref(10) },
        { CIDSystemInfo: dict(fontCsi) },
        {
          10: stream(
            {},
            `/CIDSystemInfo << ${cmapCsi} >> def /CMapName /Test def 1 begincodespacerange <0000> <FFFF> endcodespacerange`,
          ),
        },
      );
    expect(
      lines(
        doc({ Registry: str('Adobe'), Supplement: num(2) }, '/Registry (Adobe) /Supplement 2'),
        rule,
      ),
    ).toHaveLength(1);
    expect(
      lines(
        doc({ Ordering: str('Japan1'), Supplement: num(2) }, '/Ordering (Japan1) /Supplement 2'),
        rule,
      ),
    ).toHaveLength(1);
    expect(
      lines(
        doc(
          { Registry: str('Adobe'), Ordering: str('Japan1'), Supplement: num(0) },
          '/Registry (Adobe) /Ordering (Japan1)',
        ),
        rule,
      ),
    ).toHaveLength(1);
  });

  it('does not compare the collection of a CMap that is neither embedded nor predefined', () => {
    const doc = type0Doc(
      { Encoding: name('Custom-H') },
      { CIDSystemInfo: dict({ Registry: str('Other') }) },
    );
    expect(lines(doc, '6.2.11.3.1#1')).toEqual([]);
  });

  it('asks nothing of UseCMap when the CMap uses none', () => {
    const doc = type0Doc(
      { Encoding: ref(10) },
      {},
      {
        10: stream({}, '/CMapName /Test def 1 begincodespacerange <0000> <FFFF> endcodespacerange'),
      },
    );
    expect(lines(doc, '6.2.11.3.3#3')).toEqual([]);
  });

  it('tells glyphs apart with and without ActualText across rendering modes', () => {
    const doc = trueTypeDoc(
      trueType(),
      descriptor(),
      liberation,
      '/Span <</ActualText (x)>> BDC BT /F1 12 Tf (A) Tj ET EMC BT /F1 12 Tf 2 Tr (A) Tj ET',
    );
    expect(passed(doc, '6.2.11.8#1')).toBe(2);
  });

  it('checks no units per em of a TrueType program without a head table', () => {
    const copy = Uint8Array.from(liberation);
    const view = new DataView(copy.buffer);
    for (let i = 0; i < view.getUint16(4); i++) {
      const rec = 12 + i * 16;
      if (String.fromCharCode(...copy.subarray(rec, rec + 4)) === 'head') copy[rec + 3] = 0x30;
    }
    const doc = trueTypeDoc(trueType(), descriptor(), copy);
    expect(lines(doc, '6.2.11.5#1').filter((l) => l.includes('font program'))).toEqual([]);
  });
});
