import { describe, expect, it } from 'vitest';
import { fontsArea } from '../../../src/validate/rules/fonts.js';
import { parseType1 } from '../../../src/validate/fonts/type1.js';
import type { Flavour } from '../../../src/validate/contract.js';
import { failureLines } from '../content/failures.js';
import { arr, dict, makeDoc, name, num, ref, stream, str } from '../content/model.js';
import { runArea } from '../content/sink.js';

/** Type 1 encryption (the inverse of the decryption the reader does). */
function encrypt(plain: Uint8Array, key: number): Uint8Array {
  let r = key;
  return plain.map((p) => {
    const c = p ^ (r >> 8);
    r = ((c + r) * 52845 + 22719) & 0xffff;
    return c;
  });
}

const bytes = (s: string): number[] => Array.from(s, (c) => c.charCodeAt(0));
const num1 = (v: number): number[] => {
  if (v >= -107 && v <= 107) return [v + 139];
  const w = v - 108;
  return [247 + (w >> 8), w & 255];
};

/** A Type 1 program with the glyphs given as name -> advance width. */
function type1Font(glyphs: Record<string, number>, matrix = '0.001 0 0 0.001 0 0'): Uint8Array {
  const clear =
    `%!PS-AdobeFont-1.0: Test 001\n/FontName /Test def\n/FontMatrix [${matrix}] readonly def\n` +
    '/Encoding 256 array 0 1 255 {1 index exch /.notdef put} for\ndup 65 /A put\ndup 66 /B put\nreadonly def\ncurrentfile eexec\n';
  const priv: number[] = [
    ...bytes('dup /Private 8 dict dup begin /lenIV 4 def\n/CharStrings 3 dict dup begin\n'),
  ];
  for (const [glyph, width] of Object.entries(glyphs)) {
    const cs = encrypt(Uint8Array.from([0, 0, 0, 0, ...num1(0), ...num1(width), 13, 14]), 4330);
    priv.push(...bytes(`/${glyph} ${cs.length} RD `), ...cs, ...bytes(' ND\n'));
  }
  priv.push(...bytes('end\nend\nmark currentfile closefile\n'));
  const enc = encrypt(Uint8Array.from([1, 2, 3, 4, ...priv]), 55665);
  return Uint8Array.from([...bytes(clear), ...enc]);
}

describe('Type 1 programs', () => {
  it('reads glyph names, advance widths and the built-in encoding', () => {
    const p = parseType1(type1Font({ '.notdef': 0, A: 500 }));
    expect(p?.glyphs.get('A')).toBe(500);
    expect(p?.glyphs.has('B')).toBe(false);
    expect(p?.encoding?.get(65)).toBe('A');
    expect(p?.encoding?.get(66)).toBe('B');
  });

  it('checks presence and widths through the font dictionary', () => {
    const program = type1Font({ '.notdef': 0, A: 500 });
    const doc = (widthA: number) =>
      makeDoc({
        objects: {
          5: dict({
            Type: name('Font'),
            Subtype: name('Type1'),
            BaseFont: name('ABCDEF+Test'),
            FirstChar: num(65),
            LastChar: num(66),
            Widths: arr(num(widthA), num(500)),
            FontDescriptor: ref(6),
          }),
          6: dict({
            Type: name('FontDescriptor'),
            FontName: name('ABCDEF+Test'),
            Flags: num(32),
            FontFile: ref(7),
          }),
          7: stream({ Length1: num(0) }, program),
        },
        pages: [
          { content: 'BT /F1 10 Tf (AB) Tj ET', resources: dict({ Font: dict({ F1: ref(5) }) }) },
        ],
      });
    const good = runArea(fontsArea, doc(500), 'pdfa-2b');
    expect(good.failed.get('6.2.11.4.1#2')).toEqual(['page 1 / font F1 / glyph 66']);
    // A missing glyph has no program width: the default (MissingWidth 0) is compared instead.
    expect(good.failed.get('6.2.11.5#1')).toEqual(['page 1 / font F1 / glyph 66']);
    const bad = runArea(fontsArea, doc(520), 'pdfa-2b');
    expect(bad.failed.get('6.2.11.5#1')).toEqual([
      'page 1 / font F1 / glyph 65',
      'page 1 / font F1 / glyph 66',
    ]);
  });
});

describe('CharSet of an embedded Type 1 subset (6.2.11.4.2 test 1)', () => {
  const program = type1Font({ '.notdef': 0, A: 500, B: 500 });
  const doc = (charSet: string | null, baseFont = 'ABCDEF+Test', subtype = 'Type1') =>
    makeDoc({
      objects: {
        5: dict({
          Type: name('Font'),
          Subtype: name(subtype),
          BaseFont: name(baseFont),
          FirstChar: num(65),
          LastChar: num(66),
          Widths: arr(num(500), num(500)),
          FontDescriptor: ref(6),
        }),
        6: dict({
          Type: name('FontDescriptor'),
          FontName: name(baseFont),
          Flags: num(32),
          FontFile: ref(7),
          ...(charSet === null ? {} : { CharSet: str(charSet) }),
        }),
        7: stream({ Length1: num(0) }, program),
      },
      pages: [
        { content: 'BT /F1 10 Tf (AB) Tj ET', resources: dict({ Font: dict({ F1: ref(5) }) }) },
      ],
    });
  const charSetLines = (d: ReturnType<typeof makeDoc>, flavour: Flavour = 'pdfa-2b') =>
    failureLines(fontsArea, d, flavour).filter((l) => /^(6\.2\.11\.4\.2|7\.21\.4\.2)#1/.test(l));
  const checked = (d: ReturnType<typeof makeDoc>) =>
    runArea(fontsArea, d, 'pdfa-2b').passed.get('6.2.11.4.2#1') ?? 0;

  it('accepts a CharSet naming exactly the glyphs of the program, .notdef aside', () => {
    expect(charSetLines(doc('/A/B'))).toEqual([]);
    expect(checked(doc('/A/B'))).toBe(1);
    expect(charSetLines(doc('/A', 'ABCDEF+Test', 'MMType1'))).toEqual([
      '6.2.11.4.2#1 @ page 1 / font F1: not listed: B',
    ]);
    expect(checked(doc('/.notdef/B /A '))).toBe(1);
    expect(charSetLines(doc('/.notdef/B /A '))).toEqual([]);
  });

  it('names the glyphs the CharSet leaves out and those the program lacks', () => {
    expect(charSetLines(doc('/A'))).toEqual(['6.2.11.4.2#1 @ page 1 / font F1: not listed: B']);
    expect(charSetLines(doc('/A/B/C/D'))).toEqual([
      '6.2.11.4.2#1 @ page 1 / font F1: not in program: C, D',
    ]);
    expect(charSetLines(doc('/C'), 'pdfua-1')).toEqual([
      '7.21.4.2#1 @ page 1 / font F1: not listed: A, B; not in program: C',
    ]);
    expect(charSetLines(doc('/A/B/C/D/E/F/G/H'))).toEqual([
      '6.2.11.4.2#1 @ page 1 / font F1: not in program: C, D, E, F, G',
    ]);
  });

  it('checks only subsets (six capitals and a plus) that have a CharSet', () => {
    expect(checked(doc('/A', 'Test'))).toBe(0);
    expect(checked(doc('/A', 'ABCDE+Test'))).toBe(0);
    expect(checked(doc('/A', 'abcdef+Test'))).toBe(0);
    expect(checked(doc('/A', 'XABCDEF+Test'))).toBe(0);
    expect(checked(doc(null))).toBe(0);
    expect(charSetLines(doc('/A', 'Test'))).toEqual([]);
  });
});

describe('the FontMatrix of a Type 1 program (6.2.11.5)', () => {
  const doc = (matrix: string) =>
    makeDoc({
      objects: {
        5: dict({
          Type: name('Font'),
          Subtype: name('Type1'),
          BaseFont: name('Test'),
          FirstChar: num(65),
          LastChar: num(65),
          Widths: arr(num(500)),
          FontDescriptor: ref(6),
        }),
        6: dict({ Type: name('FontDescriptor'), Flags: num(32), FontFile: ref(7) }),
        7: stream({ Length1: num(0) }, type1Font({ '.notdef': 0, A: 500 }, matrix)),
      },
      pages: [
        { content: 'BT /F1 10 Tf (A) Tj ET', resources: dict({ Font: dict({ F1: ref(5) }) }) },
      ],
    });
  const programLines = (d: ReturnType<typeof makeDoc>) =>
    failureLines(fontsArea, d, 'pdfa-2b').filter((l) => l.includes('/ font program'));

  it('accepts a matrix that makes an em 1000 units, and names one that makes it 1', () => {
    // Nothing else is wrong with the font: a FontFile embeds it.
    expect(failureLines(fontsArea, doc('0.001 0 0 0.001 0 0'), 'pdfa-2b')).toEqual([]);
    expect(runArea(fontsArea, doc('0.001 0 0 0.001 0 0'), 'pdfa-2b').passed.get('6.2.11.5#1')).toBe(
      2,
    );
    expect(programLines(doc('1 0 0 1 0 0'))).toEqual([
      '6.2.11.5#1 @ page 1 / font F1 / font program: FontMatrix [1 0 0 1 0 0] makes an em 1 glyph units horizontally, outside 16..16384',
    ]);
  });
});
