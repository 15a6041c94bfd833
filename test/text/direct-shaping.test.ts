/**
 * Words shaped without fontkit's layout engine must come out exactly as fontkit shapes them:
 * every shipped font, Latin, Greek and Cyrillic words with kerning pairs, ligature candidates,
 * digits and punctuation, under the feature sets text is shaped with. Words the direct path
 * declines go to fontkit, so only what it does shape is compared; that it shapes most plain
 * words is checked too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { fontDirectory } from '../../src/text/index.js';
import { directPlan, shapeDirect, type DirectFont } from '../../src/text/direct-shaping.js';
import { LoadedFace } from '../../src/text/face.js';
import { kernInPlace } from '../../src/text/kern.js';

const WORDS: Record<string, string[]> = {
  latn: [
    'AVATAR',
    'Tokyo',
    'WAVE',
    'Yacht',
    'P.',
    "L'Arc",
    'office',
    'fluffy',
    'ffi',
    'To be',
    'Wave, Vowel; “quoted” — 1,234.56',
    '€99',
    '1/2',
    'café',
    'naïve',
    'Ærøskøbing',
    'Łódź',
    'Straße',
    'x',
    'TTTT',
    'Av.',
    '(Fig. 7)',
    'rn rm',
    'Th',
    'www',
    'fjord',
    'affable',
    'fifty',
    'flo',
    'AT&T',
    'Vt',
    'Lindqvist',
    'Senior design',
    'igloo jiji',
  ],
  grek: ['Καλημέρα', 'ΑΥΤΟ', 'Ώρα', 'λόγος'],
  cyrl: ['Привет', 'ТАЙГА', 'Гусь', 'Юрий'],
};

const FEATURE_SETS: (Record<string, boolean> | undefined)[] = [
  undefined,
  { mark: false, mkmk: false },
  { kern: false, mark: false, mkmk: false },
  { liga: false, clig: false, mark: false, mkmk: false },
  { smcp: true, mark: false, mkmk: false },
  { onum: true, tnum: true },
];

type Kit = DirectFont & {
  layout(
    text: string,
    features: Record<string, boolean> | undefined,
    script: string,
    language: string | undefined,
    direction: string,
  ): {
    glyphs: { id: number }[];
    positions: { xAdvance: number; xOffset: number; yOffset: number }[];
  };
};

const fonts = readdirSync(fontDirectory())
  .filter((f) => /\.(ttf|otf)$/.test(f))
  .map((file) => {
    const font = fontkit.create(readFileSync(join(fontDirectory(), file)));
    // As faces are loaded: a legacy kern table read in place, which the direct path uses.
    kernInPlace(font as fontkit.Font);
    return { file, font: font as unknown as Kit };
  });

describe('shapeDirect', () => {
  let shaped = 0;
  let declined = 0;

  for (const { file, font } of fonts) {
    it(`matches fontkit's layout for ${file}`, () => {
      for (const features of FEATURE_SETS)
        for (const [script, words] of Object.entries(WORDS)) {
          const plan = directPlan(font, script, undefined, features);
          if (!plan) continue;
          for (const word of words) {
            const direct = shapeDirect(plan, word, (cp) => font.glyphForCodePoint(cp));
            if (!direct) {
              declined++;
              continue;
            }
            shaped++;
            const run = font.layout(word, features && { ...features }, script, undefined, 'ltr');
            const where = `${file} ${script} ${JSON.stringify(features)} "${word}"`;
            expect([...direct.ids], where).toEqual(run.glyphs.map((g) => g.id));
            expect([...direct.advances], where).toEqual(run.positions.map((p) => p.xAdvance));
            expect([...direct.xOffsets], where).toEqual(run.positions.map((p) => p.xOffset));
            expect([...direct.yOffsets], where).toEqual(run.positions.map((p) => p.yOffset));
          }
        }
    });
  }

  it('matches fontkit on random Latin strings', () => {
    const alphabet =
      'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,;:-–—’“”()&/@€%fiflffTVAWYLPkéüøß';
    let x = 12345;
    const next = (m: number) => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return x % m;
    };
    const features = { mark: false, mkmk: false };
    for (const { file, font } of fonts) {
      const plan = directPlan(font, 'latn', undefined, features);
      if (!plan) continue;
      for (let w = 0; w < 60; w++) {
        let word = '';
        const length = 1 + next(12);
        for (let c = 0; c < length; c++) word += alphabet[next(alphabet.length)];
        const direct = shapeDirect(plan, word, (cp) => font.glyphForCodePoint(cp));
        if (!direct) continue;
        shaped++;
        const run = font.layout(word, { ...features }, 'latn', undefined, 'ltr');
        const where = `${file} "${word}"`;
        expect([...direct.ids], where).toEqual(run.glyphs.map((g) => g.id));
        expect([...direct.advances], where).toEqual(run.positions.map((p) => p.xAdvance));
        expect([...direct.xOffsets], where).toEqual(run.positions.map((p) => p.xOffset));
        expect([...direct.yOffsets], where).toEqual(run.positions.map((p) => p.yOffset));
      }
    }
  });

  it('shapes most plain words itself', () => {
    expect(shaped).toBeGreaterThan(declined);
  });

  it('declines a fraction slash, a combining mark and a soft hyphen', () => {
    const font = fonts.find((f) => f.file === 'LiberationSans-Regular.ttf')!.font;
    const plan = directPlan(font, 'latn', undefined, { mark: false, mkmk: false });
    expect(plan).not.toBeNull();
    const glyphFor = (cp: number) => font.glyphForCodePoint(cp);
    expect(shapeDirect(plan!, 'Wave', glyphFor)).toBeDefined();
    for (const word of ['1\u20442', 'cafe\u0301', 'hy\u00adphen', 'a\u200db', ''])
      expect(shapeDirect(plan!, word, glyphFor), JSON.stringify(word)).toBeUndefined();
  });

  it('kerns from a legacy kern table and leaves a forming ligature to fontkit', () => {
    const font = fonts.find((f) => f.file === 'OpenSans-Regular.ttf')!.font;
    const plan = directPlan(font, 'latn', undefined, { mark: false, mkmk: false });
    expect(plan?.legacyKern).toBeDefined();
    const glyphFor = (cp: number) => font.glyphForCodePoint(cp);
    const av = shapeDirect(plan!, 'AV', glyphFor);
    expect(av).toBeDefined();
    expect(av!.advances[0]).toBeLessThan(font.glyphForCodePoint(0x41).advanceWidth);
    const serif = fonts.find((f) => f.file === 'NotoSerif-Regular.ttf')!.font;
    const serifPlan = directPlan(serif, 'latn', undefined, { mark: false, mkmk: false })!;
    const serifGlyph = (cp: number) => serif.glyphForCodePoint(cp);
    expect(serifPlan.ligatures.length).toBeGreaterThan(0);
    expect(shapeDirect(serifPlan, 'office', serifGlyph)).toBeUndefined();
    expect(shapeDirect(serifPlan, 'of', serifGlyph)).toBeDefined();
  });

  it('has no plan for scripts with their own shaper or right-to-left text', () => {
    const font = fonts.find((f) => f.file === 'NotoSansArabic-Regular.ttf')!.font;
    expect(directPlan(font, 'arab', undefined, undefined)).toBeNull();
    const hebrew = fonts.find((f) => f.file === 'NotoSansHebrew-Regular.ttf')!.font;
    expect(directPlan(hebrew, 'hebr', undefined, undefined)).toBeNull();
  });
});

describe('LoadedFace shaping', () => {
  it('gives the same glyphs for a word whether or not it was shaped directly', () => {
    const bytes = new Uint8Array(readFileSync(join(fontDirectory(), 'NotoSerif-Regular.ttf')));
    const direct = new LoadedFace(
      'Noto Serif',
      400,
      'normal',
      fontkit.create(Buffer.from(bytes)) as never,
      bytes,
    );
    const text = 'AVATAR Tokyo Wave';
    const units = direct.shape(text, 'latn', false, undefined, 'k');
    const font = fontkit.create(Buffer.from(bytes)) as unknown as Kit;
    const run = font.layout(text, { mark: false, mkmk: false }, 'latn', undefined, 'ltr');
    expect([...units.ids]).toEqual(run.glyphs.map((g) => g.id));
    expect([...units.advances]).toEqual(run.positions.map((p) => p.xAdvance));
    expect([...units.clusters]).toEqual(run.glyphs.map((_, i) => i));
  });
});
