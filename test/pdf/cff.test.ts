import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import {
  CFF_DEFAULT_MATRIX,
  dictNumber,
  glyphMatrix,
  IDENTITY,
  parseCff,
  readDict,
  readIndex,
  writeIndex,
  type CffFont,
  type Matrix,
} from '../../src/pdf/cff.js';
import {
  charstringOf,
  cidCffFromOutlines,
  withExplicitMatrices,
} from '../../src/pdf/cff-program.js';

const cabin = readFileSync(new URL('../fixtures/fonts/Cabin-Regular.otf', import.meta.url));

function cffTable(sfnt: Uint8Array): Uint8Array {
  const kit = fontkit.create(Buffer.from(sfnt)) as unknown as {
    directory: { tables: Record<string, { offset: number; length: number }> };
  };
  const t = kit.directory.tables['CFF '] as { offset: number; length: number };
  return sfnt.subarray(t.offset, t.offset + t.length);
}

/** A CffFont with just the matrices glyphMatrix reads. */
function fontWith(isCid: boolean, top: Matrix | undefined, fd: Matrix | undefined): CffFont {
  return {
    isCid,
    topMatrix: top,
    fontDicts: [{ entries: [], matrix: fd, privateEntries: [], subrs: undefined }],
  } as unknown as CffFont;
}

describe('CFF numbers and INDEXes', () => {
  it('writes DICT numbers that read back to the same value', () => {
    for (const v of [0, 1, -1, 107, -107, 108, 1131, -1131, 32767, -32768, 100000, -7e6]) {
      const bytes = Uint8Array.from([...dictNumber(v), 17]);
      expect(readDict(bytes)[0]?.operands).toEqual([v]);
    }
    for (const v of [0.001, 1 / 2816, -0.5, 1e-7, 123.456, 2.5e12]) {
      const bytes = Uint8Array.from([...dictNumber(v), 17]);
      const back = readDict(bytes)[0]?.operands[0] as number;
      expect(Math.abs(back - v) / Math.abs(v)).toBeLessThan(1e-9);
    }
  });

  it('round-trips INDEXes with one- to three-byte offsets', () => {
    for (const sizes of [
      [1, 2, 3],
      [300, 1, 0],
      [70000, 5],
    ]) {
      const items = sizes.map((n, i) => new Uint8Array(n).fill(i + 1));
      const read = readIndex(writeIndex(items), 0);
      expect(read.items.map((x) => Array.from(x))).toEqual(items.map((x) => Array.from(x)));
    }
    expect(readIndex(writeIndex([]), 0).items).toEqual([]);
  });

  it('rejects data that is not a CFF with a CffFormatError', () => {
    expect(() => parseCff(new Uint8Array([1, 0, 4, 4, 0, 5]))).toThrow(/CFF/);
    expect(() => parseCff(new Uint8Array([2, 0, 5, 0]))).toThrow(/version 1/);
  });
});

describe('glyph matrices', () => {
  const em = (upem: number): Matrix => [1 / upem, 0, 0, 1 / upem, 0, 0];
  it('reads a name-keyed font from its Top DICT, or the 0.001 default', () => {
    expect(glyphMatrix(fontWith(false, undefined, undefined), 0, 1000)).toEqual(CFF_DEFAULT_MATRIX);
    expect(glyphMatrix(fontWith(false, em(2048), undefined), 0, 2048)).toEqual(em(2048));
  });

  it('takes the reading of a CID-keyed font that fits its em', () => {
    const thousandth: Matrix = [0.001, 0, 0, 0.001, 0, 0];
    // Adobe's layout: identity at the top, the em per Font DICT (the product fits).
    expect(glyphMatrix(fontWith(true, IDENTITY, thousandth), 0, 1000)).toEqual(thousandth);
    // Both at 0.001: concatenated that is a millionth; FreeType reads the Font DICT alone.
    expect(glyphMatrix(fontWith(true, thousandth, thousandth), 0, 1000)).toEqual(thousandth);
    // The layout fontkit's encoder produced: no Top DICT matrix, an identity Font DICT.
    expect(glyphMatrix(fontWith(true, undefined, IDENTITY), 0, 1000)).toEqual(CFF_DEFAULT_MATRIX);
    // An oblique matrix of the right size is kept.
    const oblique: Matrix = [0.001, 0, 0.0002, 0.001, 0, 0];
    expect(glyphMatrix(fontWith(true, undefined, oblique), 0, 1000)).toEqual(oblique);
  });

  it('falls back to the em when no reading fits it', () => {
    expect(glyphMatrix(fontWith(false, IDENTITY, undefined), 0, 1000)).toEqual(em(1000));
    expect(glyphMatrix(fontWith(false, [0.001, 0, 0, 0, 0, 0], undefined), 0, 1000)).toEqual(
      em(1000),
    );
  });
});

describe('embedded CFF programs', () => {
  it('lay a fontkit subset out with the em in the Top DICT and identity Font DICTs', () => {
    const kit = fontkit.create(cabin) as fontkit.Font;
    const subset = kit.createSubset();
    const gids = [0, ...'Hamburg'.split('').map((c) => kit.glyphForCodePoint(c.charCodeAt(0)).id)];
    for (const g of gids.slice(1)) subset.includeGlyph(kit.getGlyph(g));
    const raw = subset.encode();
    // fontkit's own output has no Top DICT matrix (it equals the default) and nothing says
    // what the Font DICT means: the defect this layout removes.
    expect(parseCff(raw).topMatrix).toBeUndefined();
    const program = withExplicitMatrices(raw, parseCff(cffTable(cabin)), gids, kit.unitsPerEm);
    const out = parseCff(program);
    expect(out.isCid).toBe(true);
    expect(out.topMatrix).toEqual([0.001, 0, 0, 0.001, 0, 0]);
    expect(out.fontDicts.map((fd) => fd.matrix)).toEqual([IDENTITY]);
    // Glyph programs, subroutines and private dictionaries are carried over unchanged.
    const before = parseCff(raw);
    expect(out.charStrings.map((c) => Array.from(c))).toEqual(
      before.charStrings.map((c) => Array.from(c)),
    );
    expect(Array.from(out.globalSubrIndex)).toEqual(Array.from(before.globalSubrIndex));
    expect(Array.from(out.fontDicts[0]?.subrs ?? [])).toEqual(
      Array.from(before.fontDicts[0]?.subrs ?? []),
    );
    expect(out.fontDicts[0]?.privateEntries.map((e) => e.operands)).toEqual(
      before.fontDicts[0]?.privateEntries.map((e) => e.operands),
    );
  });

  it('draw outlines into Type 2 charstrings: width first, fixed point for fractions', () => {
    const cs = charstringOf({
      advance: 500,
      commands: [
        { command: 'moveTo', args: [10, 0] },
        { command: 'lineTo', args: [10.5, 200] },
        { command: 'quadraticCurveTo', args: [100, 300, 200, 200] },
        { command: 'closePath', args: [] },
      ],
    });
    // 500 → f8 88; rmoveto 10 0; 0.5 → ff 00 00 80 00 (16.16 fixed), 200 → f7 5c; rlineto.
    expect(Array.from(cs.subarray(0, 14))).toEqual([
      0xf8,
      0x88,
      10 + 139,
      139,
      21,
      255,
      0,
      0,
      0x80,
      0,
      0xf7,
      0x5c,
      5,
      255,
    ]);
    expect(cs[cs.length - 1]).toBe(14); // endchar
    const program = cidCffFromOutlines(
      'Test',
      [
        { advance: 0, commands: [] },
        { advance: 500, commands: [] },
      ],
      2048,
      [0, 0, 10, 10],
    );
    const parsed = parseCff(program);
    expect(parsed.isCid).toBe(true);
    expect(parsed.charStrings).toHaveLength(2);
    expect(parsed.topMatrix?.[0]).toBeCloseTo(1 / 2048, 12);
    expect(parsed.fontDicts.map((fd) => fd.matrix)).toEqual([IDENTITY]);
  });
});
