import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCff } from '../../../src/validate/fonts/cff.js';
import { cmapCID, cmapUnicode, parseCMap, splitCodes } from '../../../src/validate/fonts/cmap.js';
import { glyphNameToUnicode, isKnownGlyphName } from '../../../src/validate/fonts/encodings.js';
import { fontsArea } from '../../../src/validate/rules/fonts.js';
import { parseSfnt } from '../../../src/validate/fonts/sfnt.js';
import { arr, dict, enc, makeDoc, name, num, ref, stream, str } from '../content/model.js';
import { runArea } from '../content/sink.js';

const fontPath = (f: string) => fileURLToPath(new URL(`../../../fonts/${f}`, import.meta.url));
const liberation = new Uint8Array(readFileSync(fontPath('LiberationSans-Regular.ttf')));

describe('glyph names', () => {
  it('maps standard, accented, uniXXXX and ligature names', () => {
    expect(glyphNameToUnicode('A')).toBe('A');
    expect(glyphNameToUnicode('quotedblleft')).toBe('\u201c');
    expect(glyphNameToUnicode('Euro')).toBe('\u20ac');
    expect(glyphNameToUnicode('Scaron')).toBe('\u0160');
    expect(glyphNameToUnicode('Aogonek')).toBe('\u0104');
    expect(glyphNameToUnicode('uni0041')).toBe('A');
    expect(glyphNameToUnicode('u1F600')).toBe('\u{1F600}');
    expect(glyphNameToUnicode('f_f_i')).toBe('ffi');
    expect(glyphNameToUnicode('a.sc')).toBe('a');
    expect(isKnownGlyphName('g123')).toBe(false);
    expect(glyphNameToUnicode('.notdef')).toBeNull();
  });
});

describe('CMaps', () => {
  const cmap = parseCMap(
    enc(`/CIDInit /ProcSet findresource begin 12 dict begin begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (Test) /Supplement 3 >> def
/CMapName /Test-H def /WMode 1 def
2 begincodespacerange <00> <7F> <8140> <FEFE> endcodespacerange
1 begincidrange <8140> <8142> 100 endcidrange
1 begincidchar <41> 70000 endcidchar
2 beginbfchar <41> <0041> <42> <D83DDE00> endbfchar
1 beginbfrange <8140> <8142> <4E00> endbfrange
endcmap CMapName currentdict /CMap defineresource pop end end`),
  );

  it('reads names, writing mode, system info and the largest CID', () => {
    expect(cmap.name).toBe('Test-H');
    expect(cmap.wmode).toBe(1);
    expect([cmap.registry, cmap.ordering, cmap.supplement]).toEqual(['Adobe', 'Test', 3]);
    expect(cmap.maxCID).toBe(70000);
  });

  it('splits mixed-length codes by codespace and maps them', () => {
    const codes = splitCodes(Uint8Array.of(0x41, 0x81, 0x41, 0x42), cmap.codespaces);
    expect(codes).toEqual([
      { code: 0x41, bytes: 1 },
      { code: 0x8141, bytes: 2 },
      { code: 0x42, bytes: 1 },
    ]);
    expect(cmapCID(cmap, 0x8141, 2)).toBe(101);
    expect(cmapUnicode(cmap, 0x8142, 2)).toBe('\u4e02');
    expect(cmapUnicode(cmap, 0x42, 1)).toBe('\u{1F600}');
  });

  it('reads a CIDSystemInfo built with dict/begin/def', () => {
    const m = parseCMap(
      enc(
        '/CIDSystemInfo 3 dict dup begin /Registry (Adobe) def /Ordering (Korea1) def /Supplement 2 def end def',
      ),
    );
    expect([m.registry, m.ordering, m.supplement]).toEqual(['Adobe', 'Korea1', 2]);
  });
});

describe('font programs', () => {
  it('reads TrueType cmaps, glyph count and advance widths', () => {
    const p = parseSfnt(liberation);
    expect(p).not.toBeNull();
    if (!p) return;
    expect(p.numGlyphs).toBeGreaterThan(1000);
    const gid = p.cmap(3, 1)?.lookup(0x41) ?? 0;
    expect(gid).toBeGreaterThan(0);
    expect(p.advance(gid)).toBeCloseTo(666.99, 1); // Liberation Sans 'A' is 1366/2048 em
  });

  it('reads CFF widths that agree with the hmtx table of the same font', () => {
    const otf = parseSfnt(new Uint8Array(readFileSync(fontPath('Inter-Regular.otf'))));
    expect(otf?.cff).not.toBeNull();
    const cff = parseCff(otf?.cff ?? new Uint8Array());
    expect(cff?.isCID).toBe(false);
    if (!otf || !cff) return;
    for (const ch of ['A', 'a', 'W', '1', ' ']) {
      const gid = otf.cmap(3, 1)?.lookup(ch.codePointAt(0) ?? 0) ?? 0;
      expect(cff.width(gid)).toBeCloseTo(otf.advance(gid) ?? -1, 1);
    }
    // Inter names its glyphs uniXXXX.
    expect(cff.gidForName('uni0041')).toBe(otf.cmap(3, 1)?.lookup(0x41));
  });
});

const trueTypeFont = (extra: Record<string, unknown> = {}) =>
  dict({
    Type: name('Font'),
    Subtype: name('TrueType'),
    BaseFont: name('LiberationSans'),
    FirstChar: num(65),
    LastChar: num(66),
    Widths: arr(num(667), num(667)),
    Encoding: name('WinAnsiEncoding'),
    FontDescriptor: ref(6),
    ...(extra as Record<string, never>),
  });
const descriptor = dict({
  Type: name('FontDescriptor'),
  FontName: name('LiberationSans'),
  Flags: num(32),
  FontFile2: ref(7),
});

function docWith(
  content: string,
  font = trueTypeFont(),
  more: Record<number, ReturnType<typeof dict> | ReturnType<typeof stream>> = {},
) {
  return makeDoc({
    objects: {
      5: font,
      6: descriptor,
      7: stream({ Length1: num(liberation.length) }, liberation),
      ...more,
    },
    pages: [{ content, resources: dict({ Font: dict({ F1: ref(5) }) }) }],
  });
}

describe('font area', () => {
  it('accepts an embedded TrueType font whose widths match the program', () => {
    const r = runArea(fontsArea, docWith('BT /F1 12 Tf (AB) Tj ET'), 'pdfa-2u');
    expect(r.failed.size).toBe(0);
    // Two glyph widths and the program's unitsPerEm.
    expect(r.passed.get('6.2.11.5#1')).toBe(3);
    expect(r.passed.get('6.2.11.7.2#1')).toBe(2);
  });

  it('reports a width that differs from the program by more than 1/1000 em', () => {
    const font = trueTypeFont({ Widths: arr(num(667), num(600)) });
    const r = runArea(fontsArea, docWith('BT /F1 12 Tf (AB) Tj ET', font), 'pdfa-2b');
    expect(r.failed.get('6.2.11.5#1')).toEqual(['page 1 / font F1 / glyph 66']);
  });

  it('requires embedding except for invisible text', () => {
    const font = dict({
      Type: name('Font'),
      Subtype: name('TrueType'),
      BaseFont: name('Arial'),
      FirstChar: num(65),
      LastChar: num(65),
      Widths: arr(num(667)),
      Encoding: name('WinAnsiEncoding'),
    });
    const doc = (tr: number) =>
      makeDoc({
        objects: { 5: font },
        pages: [
          {
            content: `BT /F1 12 Tf ${tr} Tr (A) Tj ET`,
            resources: dict({ Font: dict({ F1: ref(5) }) }),
          },
        ],
      });
    expect(runArea(fontsArea, doc(0), 'pdfua-1').failed.has('7.21.4.1#1')).toBe(true);
    expect(runArea(fontsArea, doc(3), 'pdfua-1').failed.has('7.21.4.1#1')).toBe(false);
    expect(runArea(fontsArea, doc(0), 'pdfa-3b').failed.has('6.2.11.4.1#1')).toBe(true);
  });

  it('reports .notdef for codes the encoding leaves undefined', () => {
    const r = runArea(fontsArea, docWith('BT /F1 12 Tf <00> Tj ET'), 'pdfa-2b');
    expect(r.failed.get('6.2.11.8#1')).toEqual(['page 1 / font F1 / glyph 0']);
  });

  it('checks ToUnicode values, and PUA characters need ActualText at level A', () => {
    const toUnicode = stream(
      {},
      '1 begincodespacerange <00> <FF> endcodespacerange 2 beginbfchar <41> <E000> <42> <FEFF> endbfchar',
    );
    const font = trueTypeFont({ ToUnicode: ref(8) });
    const plain = docWith('BT /F1 12 Tf (AB) Tj ET', font, { 8: toUnicode });
    const a = runArea(fontsArea, plain, 'pdfa-2a');
    expect(a.failed.get('6.2.11.7.2#2')).toEqual(['page 1 / font F1 / glyph 66']);
    expect(a.failed.get('6.2.11.7.3#1')).toEqual(['page 1 / font F1 / glyph 65']);
    expect(runArea(fontsArea, plain, 'pdfa-2b').failed.size).toBe(0);
    const withActualText = docWith(
      '/Span <</ActualText (x)>> BDC BT /F1 12 Tf (A) Tj ET EMC',
      font,
      { 8: toUnicode },
    );
    expect(runArea(fontsArea, withActualText, 'pdfa-2a').failed.has('6.2.11.7.3#1')).toBe(false);
  });

  it('applies the TrueType encoding rules', () => {
    const symbolicWithEncoding = makeDoc({
      objects: {
        5: trueTypeFont(),
        6: dict({ Type: name('FontDescriptor'), Flags: num(4), FontFile2: ref(7) }),
        7: stream({}, liberation),
      },
      pages: [
        { content: 'BT /F1 1 Tf (A) Tj ET', resources: dict({ Font: dict({ F1: ref(5) }) }) },
      ],
    });
    expect(runArea(fontsArea, symbolicWithEncoding, 'pdfa-2b').failed.has('6.2.11.6#3')).toBe(true);
    const badDiffs = trueTypeFont({
      Encoding: dict({
        BaseEncoding: name('WinAnsiEncoding'),
        Differences: arr(num(65), name('g123')),
      }),
    });
    expect(
      runArea(fontsArea, docWith('BT /F1 1 Tf (B) Tj ET', badDiffs), 'pdfa-2b').failed.has(
        '6.2.11.6#2',
      ),
    ).toBe(true);
  });

  it('checks Type 0 fonts: CMap embedding, CIDSystemInfo and CIDToGIDMap', () => {
    const cidFont = dict({
      Type: name('Font'),
      Subtype: name('CIDFontType2'),
      BaseFont: name('LiberationSans'),
      CIDSystemInfo: dict({ Registry: str('Adobe'), Ordering: str('Japan1'), Supplement: num(2) }),
      FontDescriptor: ref(6),
      CIDToGIDMap: name('Nope'),
    });
    const type0 = dict({
      Type: name('Font'),
      Subtype: name('Type0'),
      BaseFont: name('LiberationSans'),
      Encoding: name('Custom-H'),
      DescendantFonts: arr(ref(9)),
    });
    const doc = docWith('BT /F1 1 Tf <0024> Tj ET', type0, { 9: cidFont });
    const failed = [...runArea(fontsArea, doc, 'pdfua-1').failed.keys()].sort();
    // Without ToUnicode and with an unknown CMap, the codes have no Unicode mapping either.
    expect(failed).toEqual(['7.21.3.2#1', '7.21.3.3#1', '7.21.7#1']);
  });
});

describe('codes cut short by the end of a string', () => {
  const identityFont = (content: string) =>
    makeDoc({
      objects: {
        5: dict({
          Type: name('Font'),
          Subtype: name('Type0'),
          BaseFont: name('Liberation'),
          Encoding: name('Identity-H'),
          DescendantFonts: arr(ref(9)),
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
        }),
        6: dict({
          Type: name('FontDescriptor'),
          FontName: name('Liberation'),
          Flags: num(32),
          FontFile2: ref(7),
        }),
        7: stream({}, liberation),
      },
      pages: [{ content, resources: dict({ Font: dict({ F1: ref(5) }) }) }],
    });

  it('reports a one-byte code of an Identity-H font as a glyph the font does not define', () => {
    // (#) is one byte; Identity-H codes are two. Glyph 35 exists, but this code does not select it.
    const r = runArea(fontsArea, identityFont('BT /F1 12 Tf (#) Tj ET'), 'pdfa-2b');
    expect(r.failed.get('6.2.11.4.1#2')).toEqual(['page 1 / font F1 / glyph 35']);
    // No width comparison for a glyph that is not selected.
    expect(r.failed.has('6.2.11.5#1')).toBe(false);
  });

  it('accepts the same glyph shown with a whole two-byte code', () => {
    const r = runArea(fontsArea, identityFont('BT /F1 12 Tf <0023> Tj ET'), 'pdfa-2b');
    expect(r.failed.has('6.2.11.4.1#2')).toBe(false);
    expect(r.passed.get('6.2.11.4.1#2')).toBe(1);
  });
});

describe('CIDSet of an embedded CID font subset', () => {
  const numGlyphs = parseSfnt(liberation)?.numGlyphs ?? 0;
  const cidSet = (edit: (bits: Uint8Array) => void) => {
    const bits = new Uint8Array(Math.ceil((numGlyphs + 8) / 8));
    for (let cid = 0; cid < numGlyphs; cid++) bits[cid >> 3] |= 0x80 >> (cid & 7);
    edit(bits);
    return stream({}, bits);
  };
  const doc = (set: ReturnType<typeof stream>) =>
    makeDoc({
      objects: {
        5: dict({
          Type: name('Font'),
          Subtype: name('Type0'),
          BaseFont: name('ABCDEF+Liberation'),
          Encoding: name('Identity-H'),
          DescendantFonts: arr(ref(9)),
        }),
        9: dict({
          Type: name('Font'),
          Subtype: name('CIDFontType2'),
          BaseFont: name('ABCDEF+Liberation'),
          CIDSystemInfo: dict({
            Registry: str('Adobe'),
            Ordering: str('Identity'),
            Supplement: num(0),
          }),
          FontDescriptor: ref(6),
          CIDToGIDMap: name('Identity'),
        }),
        6: dict({
          Type: name('FontDescriptor'),
          FontName: name('ABCDEF+Liberation'),
          Flags: num(32),
          FontFile2: ref(7),
          CIDSet: ref(8),
        }),
        7: stream({}, liberation),
        8: set,
      },
      pages: [
        { content: 'BT /F1 1 Tf <0024> Tj ET', resources: dict({ Font: dict({ F1: ref(5) }) }) },
      ],
    });

  it('passes when it identifies exactly the CIDs of the program', () => {
    expect(runArea(fontsArea, doc(cidSet(() => {})), 'pdfa-2b').failed.has('6.2.11.4.2#2')).toBe(
      false,
    );
  });

  it('fails when a CID of the program is missing or a CID the program lacks is set', () => {
    const missing = cidSet((b) => (b[1] &= ~0x80));
    expect(runArea(fontsArea, doc(missing), 'pdfa-2b').failed.has('6.2.11.4.2#2')).toBe(true);
    const extra = cidSet((b) => (b[numGlyphs >> 3] |= 0x80 >> (numGlyphs & 7)));
    expect(runArea(fontsArea, doc(extra), 'pdfa-2b').failed.has('6.2.11.4.2#2')).toBe(true);
  });
});

describe('WinAnsiEncoding', () => {
  it('maps unused codes to the bullet, which keeps its own Unicode value', async () => {
    const { WIN_ANSI_ENCODING } = await import('../../../src/validate/fonts/encodings.js');
    expect(WIN_ANSI_ENCODING[127]).toBe('bullet');
    expect(WIN_ANSI_ENCODING[149]).toBe('bullet');
    expect(glyphNameToUnicode('bullet')).toBe('\u2022');
  });
});

describe('Unicode of Type 0 fonts as veraPDF computes it', () => {
  const type0 = (
    extra: Record<string, unknown>,
    ordering: string,
    content: string,
    cmap?: ReturnType<typeof stream>,
  ) =>
    makeDoc({
      objects: {
        5: dict({
          Type: name('Font'),
          Subtype: name('Type0'),
          BaseFont: name('Liberation'),
          Encoding: cmap ? ref(10) : name('Identity-H'),
          DescendantFonts: arr(ref(9)),
          ...(extra as Record<string, never>),
        }),
        9: dict({
          Type: name('Font'),
          Subtype: name('CIDFontType2'),
          BaseFont: name('Liberation'),
          CIDSystemInfo: dict({
            Registry: str('Adobe'),
            Ordering: str(ordering),
            Supplement: num(0),
          }),
          FontDescriptor: ref(6),
          CIDToGIDMap: name('Identity'),
          DW: num(1000),
        }),
        6: dict({
          Type: name('FontDescriptor'),
          FontName: name('Liberation'),
          Flags: num(32),
          FontFile2: ref(7),
        }),
        7: stream({}, liberation),
        ...(cmap ? { 10: cmap } : { 10: null }),
      },
      pages: [{ content, resources: dict({ Font: dict({ F1: ref(5) }) }) }],
    });

  it('maps each code to itself through a ToUnicode named Identity-H, code 0 to U+0000', () => {
    const named = type0({ ToUnicode: name('Identity-H') }, 'Identity', 'BT /F1 12 Tf <0024> Tj ET');
    const r = runArea(fontsArea, named, 'pdfa-2u');
    expect(r.failed.has('6.2.11.7.2#1')).toBe(false);
    expect(r.passed.get('6.2.11.7.2#1')).toBe(1);
    const zero = runArea(
      fontsArea,
      type0({ ToUnicode: name('Identity-H') }, 'Identity', 'BT /F1 12 Tf <0000> Tj ET'),
      'pdfa-2u',
    );
    expect(zero.failed.get('6.2.11.7.2#2')).toEqual(['page 1 / font F1 / glyph 0']);
  });

  it('has no Unicode without ToUnicode unless the collection is an Adobe CJK one', () => {
    const identity = runArea(
      fontsArea,
      type0({}, 'Identity', 'BT /F1 12 Tf <0024> Tj ET'),
      'pdfa-2u',
    );
    expect(identity.failed.get('6.2.11.7.2#1')).toEqual(['page 1 / font F1 / glyph 36']);
    const japan = runArea(fontsArea, type0({}, 'Japan1', 'BT /F1 12 Tf <0024> Tj ET'), 'pdfa-2u');
    expect(japan.failed.has('6.2.11.7.2#1')).toBe(false);
  });

  it('takes the collection of an embedded CMap from the CMap, not from the CIDFont', () => {
    const cmap = (ordering: string) =>
      stream(
        {
          Type: name('CMap'),
          CMapName: name(`Test-${ordering}`),
          CIDSystemInfo: dict({
            Registry: str('Adobe'),
            Ordering: str(ordering),
            Supplement: num(0),
          }),
        },
        `/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CIDSystemInfo << /Registry (Adobe) /Ordering (${ordering}) /Supplement 0 >> def /CMapName /Test-${ordering} def 1 begincodespacerange <0000> <FFFF> endcodespacerange 1 begincidrange <0000> <FFFF> 0 endcidrange endcmap CMapName currentdict /CMap defineresource pop end end`,
      );
    const korea = runArea(
      fontsArea,
      type0({}, 'Identity', 'BT /F1 12 Tf <0024> Tj ET', cmap('Korea1')),
      'pdfa-2u',
    );
    expect(korea.failed.has('6.2.11.7.2#1')).toBe(false);
    const own = runArea(
      fontsArea,
      type0({}, 'Japan1', 'BT /F1 12 Tf <0024> Tj ET', cmap('Identity')),
      'pdfa-2u',
    );
    expect(own.failed.get('6.2.11.7.2#1')).toEqual(['page 1 / font F1 / glyph 36']);
  });
});

describe('Unicode of Type 3 glyphs', () => {
  const type3Doc = (glyph: string) =>
    makeDoc({
      objects: {
        5: dict({
          Type: name('Font'),
          Subtype: name('Type3'),
          FontBBox: arr(num(0), num(0), num(10), num(10)),
          FontMatrix: arr(num(0.001), num(0), num(0), num(0.001), num(0), num(0)),
          CharProcs: dict({ [glyph]: ref(6) }),
          Encoding: dict({ Type: name('Encoding'), Differences: arr(num(97), name(glyph)) }),
          FirstChar: num(97),
          LastChar: num(97),
          Widths: arr(num(1000)),
        }),
        6: stream({}, enc('1000 0 d0 0 0 5 5 re f')),
      },
      pages: [
        { content: 'BT /F1 12 Tf (a) Tj ET', resources: dict({ Font: dict({ F1: ref(5) }) }) },
      ],
    });

  it('maps a Type 3 glyph through its Differences name, and fails an unlisted name', () => {
    expect(runArea(fontsArea, type3Doc('a'), 'pdfa-2u').failed.has('6.2.11.7.2#1')).toBe(false);
    expect(runArea(fontsArea, type3Doc('a'), 'pdfa-2u').passed.get('6.2.11.7.2#1')).toBe(1);
    expect(runArea(fontsArea, type3Doc('g123'), 'pdfa-2u').failed.get('6.2.11.7.2#1')).toEqual([
      'page 1 / font F1 / glyph 97',
    ]);
  });
});

describe('glyphs shown only in an annotation appearance', () => {
  it('are checked like page content (widths here)', () => {
    const font = trueTypeFont({ Widths: arr(num(667), num(600)) });
    const appearance = stream(
      {
        Type: name('XObject'),
        Subtype: name('Form'),
        BBox: arr(num(0), num(0), num(10), num(10)),
        Resources: dict({ Font: dict({ F1: ref(5) }) }),
      },
      enc('BT /F1 12 Tf (B) Tj ET'),
    );
    const doc = makeDoc({
      objects: {
        5: font,
        6: descriptor,
        7: stream({ Length1: num(liberation.length) }, liberation),
        8: dict({
          Type: name('Annot'),
          Subtype: name('Square'),
          Rect: arr(num(0), num(0), num(10), num(10)),
          AP: dict({ N: ref(9) }),
        }),
        9: appearance,
      },
      pages: [{ content: '', resources: dict({}), extra: { Annots: arr(ref(8)) } }],
    });
    const r = runArea(fontsArea, doc, 'pdfa-2b');
    expect(r.failed.get('6.2.11.5#1')).toHaveLength(1);
  });
});
