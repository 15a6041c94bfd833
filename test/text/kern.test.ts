import { readFileSync } from 'node:fs';
import { create, type Font } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { createFontContext, fontDirectory } from '../../src/text/index.js';
import { LoadedFace } from '../../src/text/face.js';
import { KernPairs, readKernTable } from '../../src/text/kern.js';

const fontBytes = (name: string): Buffer => readFileSync(`${fontDirectory()}/${name}`);

interface DecodedKern {
  tables: { subtable: { pairs: { left: number; right: number; value: number }[] } }[];
}

/** A font's `kern` table entry in its directory. */
function kernEntry(font: Font): { offset: number; length: number } {
  const t = (font as unknown as { directory: { tables: Record<string, unknown> } }).directory.tables
    .kern as { offset: number; length: number };
  return t;
}

/** A kern table of version 0 from subtables [coverage flags, pairs]. */
function kernV0(subtables: [number, [number, number, number][]][]): Uint8Array {
  const parts: number[] = [0, 0, 0, subtables.length];
  for (const [flags, pairs] of subtables) {
    const length = 6 + 8 + pairs.length * 6;
    parts.push(0, 0, length >> 8, length & 0xff, 0, flags);
    parts.push(pairs.length >> 8, pairs.length & 0xff, 0, 0, 0, 0, 0, 0);
    for (const [l, r, v] of pairs) {
      const u = v & 0xffff;
      parts.push(l >> 8, l & 0xff, r >> 8, r & 0xff, u >> 8, u & 0xff);
    }
  }
  return Uint8Array.from(parts);
}

describe('kern table read in place', () => {
  it('gives every pair of a large table the value fontkit decodes for it', () => {
    const bytes = fontBytes('OpenSans-Regular.ttf');
    const decoded = create(bytes) as Font;
    const entry = kernEntry(decoded);
    const pairs = readKernTable(new Uint8Array(bytes), entry.offset, entry.length);
    expect(pairs).toBeInstanceOf(KernPairs);
    const table = (decoded as unknown as { kern: DecodedKern }).kern;
    const all = table.tables[0].subtable.pairs;
    expect(all.length).toBeGreaterThan(10000);
    let kerned = 0;
    for (const p of all) {
      expect(pairs!.get(p.left, p.right)).toBe(p.value);
      if (p.value !== 0) kerned++;
    }
    expect(kerned).toBeGreaterThan(0);
    // Pairs the table does not list are not kerned.
    expect(pairs!.get(0, 0)).toBe(0);
    expect(pairs!.get(65535, 65535)).toBe(0);
  });

  it('lays text out exactly as fontkit does with the decoded table, without decoding it', () => {
    const bytes = fontBytes('OpenSans-Regular.ttf');
    const reference = create(bytes) as Font;
    const font = create(Buffer.from(bytes)) as Font;
    const face = new LoadedFace('Open Sans', 400, 'normal', font, new Uint8Array(bytes));
    for (const text of ['AVATAR', 'Tomorrow, Wave. “Yes” — LT P.', 'office fjord 1234']) {
      const shaped = face.shape(text, 'latn', false, undefined, '');
      const expected = reference.layout(text, undefined, 'latn');
      expect([...shaped.ids]).toEqual(expected.glyphs.map((g) => g.id));
      expect([...shaped.advances]).toEqual(expected.positions.map((p) => p.xAdvance));
    }
    // Kerning applied: "AV" is narrower than its two glyphs' advances.
    const av = face.shape('AV', 'latn', false, undefined, '');
    expect(av.advances[0]).toBeLessThan(face.advanceOf(av.ids[0]));
    const tables = (font as unknown as { _tables: Record<string, unknown> })._tables;
    expect(tables.kern).toBeInstanceOf(KernPairs);
  });

  it('adds subtables, lets an override replace the sum, and skips cross-stream ones', () => {
    const table = kernV0([
      [0x01, [[1, 2, -50]]],
      [
        0x01,
        [
          [1, 2, -20],
          [3, 4, 7],
        ],
      ],
      // Cross-stream: not kerning along the line.
      [0x05, [[1, 2, -999]]],
      // Vertical (horizontal bit clear): not applied to horizontal text.
      [0x00, [[3, 4, -999]]],
    ]);
    const pairs = readKernTable(table, 0, table.length);
    expect(pairs?.get(1, 2)).toBe(-70);
    expect(pairs?.get(3, 4)).toBe(7);
    expect(pairs?.get(2, 1)).toBe(0);
    const overridden = kernV0([
      [0x01, [[1, 2, -50]]],
      [0x09, [[1, 2, -20]]],
    ]);
    expect(readKernTable(overridden, 0, overridden.length)?.get(1, 2)).toBe(-20);
  });

  it('leaves to fontkit what it does not read: other formats, damaged or empty tables', () => {
    const table = kernV0([[0x01, [[1, 2, -50]]]]);
    const format2 = table.slice();
    format2[8] = 2;
    expect(readKernTable(format2, 0, format2.length)).toBeUndefined();
    // Pairs running past the table's end.
    expect(readKernTable(table, 0, table.length - 1)).toBeUndefined();
    expect(readKernTable(table, 0, 3)).toBeUndefined();
    expect(readKernTable(table, 4, table.length)).toBeUndefined();
    const version2 = table.slice();
    version2[1] = 2;
    expect(readKernTable(version2, 0, version2.length)).toBeUndefined();
    // Only subtables that do not apply: nothing to kern with.
    const vertical = kernV0([[0x00, [[1, 2, -50]]]]);
    expect(readKernTable(vertical, 0, vertical.length)).toBeUndefined();
  });

  it('leaves a font whose layout tables are damaged to be shaped by its cmap, with a warning', () => {
    const bytes = Buffer.from(fontBytes('OpenSans-Regular.ttf'));
    const gsub = (
      create(bytes) as unknown as { directory: { tables: Record<string, { offset: number }> } }
    ).directory.tables.GSUB;
    // A feature record pointing outside its list: fontkit's layout engine cannot be built.
    bytes.writeUInt16BE(0xffff, gsub.offset + 40);
    const ctx = createFontContext();
    const res = ctx.addFontFace({ family: 'Damaged', bytes: new Uint8Array(bytes) });
    if (!res.ok) throw new Error('the font itself loads');
    const shaped = (res.face as LoadedFace).shape('AVATAR', 'latn', false, undefined, '');
    expect(shaped.ids).toHaveLength(6);
    expect(ctx.warnings.map((w) => w.code)).toEqual(['font.invalid']);
  });

  it('reads Apple version 1 tables, skipping vertical and variation subtables', () => {
    const body = (flags: number, l: number, r: number, v: number): number[] => {
      const u = v & 0xffff;
      // length (8 + 8 + 6), coverage, format 0, tuple index, then the format 0 body.
      return [0, 0, 0, 22, flags, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, l, 0, r, u >> 8, u & 0xff];
    };
    const table = Uint8Array.from([
      0,
      1,
      0,
      0,
      0,
      0,
      0,
      3,
      ...body(0x00, 5, 6, -30),
      ...body(0x80, 5, 6, -999),
      ...body(0x20, 5, 6, -999),
    ]);
    expect(readKernTable(table, 0, table.length)?.get(5, 6)).toBe(-30);
  });
});
