/**
 * The TrueType subset writer copies glyph data from the font's bytes instead of decoding it,
 * and must write exactly the program fontkit's subset writer does: every shipped glyf font,
 * glyph sets with composites (accented letters), repeated copies and glyph 0 alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { fontDirectory } from '../../src/text/index.js';
import { TrueTypeSubset, type GlyfFont } from '../../src/pdf/truetype-subset.js';

interface KitSubset {
  readonly glyphs: number[];
  includeGlyph(glyph: number): number;
  encode(): Uint8Array;
}
type KitFont = Omit<GlyfFont, 'createSubset'> & {
  readonly numGlyphs: number;
  createSubset(): KitSubset;
  glyphsForString(text: string): { id: number }[];
};

const glyfFonts = readdirSync(fontDirectory())
  .filter((f) => f.endsWith('.ttf'))
  .map((file) => {
    const font = fontkit.create(readFileSync(join(fontDirectory(), file))) as unknown as KitFont;
    return { file, font };
  })
  .filter(({ font }) => font.directory.tables.glyf !== undefined);

/** A deterministic spread of glyph ids over the whole font. */
function spread(numGlyphs: number, count: number, seed: number): number[] {
  const ids: number[] = [];
  let x = seed;
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    ids.push(x % numGlyphs);
  }
  return ids;
}

function both(font: KitFont, glyphs: readonly number[], copies: readonly number[] = []) {
  const kit = font.createSubset();
  const ours = new TrueTypeSubset(font as unknown as GlyfFont);
  for (const g of glyphs) expect(ours.includeGlyph(g)).toBe(kit.includeGlyph(g));
  for (const g of copies) {
    kit.glyphs.push(g);
    ours.copyGlyph(g);
  }
  const expected = Buffer.from(kit.encode());
  const actual = Buffer.from(ours.encode());
  return { expected, actual, kitGlyphs: kit.glyphs, ourGlyphs: ours.glyphs };
}

describe('TrueTypeSubset', () => {
  it('finds the shipped glyf fonts', () => {
    expect(glyfFonts.length).toBeGreaterThan(20);
  });

  for (const { file, font } of glyfFonts) {
    it(`writes fontkit's program for ${file}`, () => {
      const text = 'Ærøskøbing Łódź naïve café — “Straße” 1/2 € ÀÉÎÕÜ ǅ ﬁ';
      const fromText = font.glyphsForString(text).map((g) => g.id);
      const sets = [[], fromText, spread(font.numGlyphs, 40, 7), spread(font.numGlyphs, 300, 11)];
      for (const glyphs of sets) {
        const r = both(font, glyphs, glyphs.slice(0, 3));
        // Components of composite glyphs are added as the program is written, in one order.
        expect(r.ourGlyphs).toEqual(r.kitGlyphs);
        expect(r.actual.equals(r.expected)).toBe(true);
      }
    });
  }

  it("leaves the font's bytes as they were", () => {
    const entry = glyfFonts.find((f) => f.file === 'LiberationSerif-Regular.ttf');
    const font = entry!.font;
    const before = Buffer.from(font.stream.buffer).toString('base64');
    const composites = font.glyphsForString('ÀÉÎÕÜåçñ').map((g) => g.id);
    const first = new TrueTypeSubset(font as unknown as GlyfFont);
    for (const g of composites) first.includeGlyph(g);
    const a = Buffer.from(first.encode());
    const second = new TrueTypeSubset(font as unknown as GlyfFont);
    for (const g of composites) second.includeGlyph(g);
    expect(Buffer.from(second.encode()).equals(a)).toBe(true);
    expect(Buffer.from(font.stream.buffer).toString('base64')).toBe(before);
  });

  it('adds the components of composite glyphs to the subset', () => {
    const entry = glyfFonts.find((f) => f.file === 'LiberationSans-Regular.ttf');
    expect(entry).toBeDefined();
    const font = entry!.font;
    const [aring] = font.glyphsForString('Å').map((g) => g.id);
    const subset = new TrueTypeSubset(font as unknown as GlyfFont);
    subset.includeGlyph(aring as number);
    subset.encode();
    // Glyph 0, the composite, then what it is drawn from.
    expect(subset.glyphs.length).toBeGreaterThan(2);
    expect(subset.glyphs.slice(0, 2)).toEqual([0, aring]);
  });
});
