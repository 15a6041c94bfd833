/**
 * Shaping leaves out a face's mark positioning (its largest GPOS lookups, decoded on first use)
 * for text that has no mark, and the result must be exactly what full shaping gives; text with a
 * combining mark is shaped in full, its mark placed on its base.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import { describe, expect, it, vi } from 'vitest';
import { fontDirectory } from '../../src/text/index.js';
import { TextFontContext } from '../../src/text/context.js';
import {
  glyphClasses,
  hasMarkGlyph,
  isMarkGlyph,
  withoutMarkPositioning,
} from '../../src/text/mark-positioning.js';

const SAMPLES = [
  'office AVATAR Wave “quoted” — 1/2 ½ €1,234.56',
  'Łódź Ærøskøbing Straße ﬁnal naïve café',
  'Ελληνικά κείμενο, русский текст',
];

describe('isMarkGlyph', () => {
  it('reads format 1 class arrays', () => {
    const def = { version: 1, startGlyph: 10, classValueArray: [1, 3, 2, 3] };
    expect([9, 10, 11, 12, 13, 14].map((g) => isMarkGlyph(def, g))).toEqual([
      false,
      false,
      true,
      false,
      true,
      false,
    ]);
  });

  it('reads format 2 class ranges', () => {
    const def = {
      version: 2,
      classRangeRecord: [
        { start: 5, end: 9, class: 1 },
        { start: 20, end: 29, class: 3 },
        { start: 40, end: 40, class: 3 },
      ],
    };
    expect([4, 5, 19, 20, 25, 29, 30, 40, 41].map((g) => isMarkGlyph(def, g))).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
      false,
      true,
      false,
    ]);
  });
});

describe('withoutMarkPositioning', () => {
  const classes = { version: 2, classRangeRecord: [] };
  it('turns mark and mkmk off for text without a combining mark', () => {
    expect(withoutMarkPositioning('plain text', undefined, classes)).toEqual({
      mark: false,
      mkmk: false,
    });
    expect(withoutMarkPositioning('plain', { liga: false }, classes)).toEqual({
      liga: false,
      mark: false,
      mkmk: false,
    });
  });

  it('keeps them for a combining mark, a request of them, or a font without glyph classes', () => {
    expect(withoutMarkPositioning('e\u0301', undefined, classes)).toBeUndefined();
    expect(withoutMarkPositioning('plain', { mark: true }, classes)).toBeUndefined();
    expect(withoutMarkPositioning('plain', { mkmk: false }, classes)).toBeUndefined();
    expect(withoutMarkPositioning('plain', undefined, undefined)).toBeUndefined();
  });
});

describe('shaping without mark positioning', () => {
  const dir = fontDirectory();
  const files = readdirSync(dir).filter((f) => /Regular\.(ttf|otf)$/.test(f));

  it.each(files)('gives what full shaping gives, %s', (file) => {
    const font = fontkit.create(readFileSync(join(dir, file))) as fontkit.Font;
    const classes = glyphClasses(font);
    for (const text of SAMPLES) {
      const full = font.layout(text);
      const lean = font.layout(text, { mark: false, mkmk: false });
      if (classes && hasMarkGlyph(classes, full.glyphs)) continue;
      expect(
        lean.glyphs.map((g) => g.id),
        `${file}: ${text}`,
      ).toEqual(full.glyphs.map((g) => g.id));
      expect(lean.positions, `${file}: ${text}`).toEqual(full.positions);
    }
  });

  it('is what a face does for text without marks, and full shaping with a mark', () => {
    const face = new TextFontContext().matchFont(['Noto Sans'], 400, 'normal');
    const layout = vi.spyOn(face.font, 'layout');
    // A fraction slash keeps the text from the direct path (direct-shaping.ts), so fontkit shapes it.
    face.shape('Verdana 1\u20442 text', 'latn', false, undefined, '');
    expect(layout).toHaveBeenCalledTimes(1);
    expect(layout.mock.calls[0][1]).toMatchObject({ mark: false, mkmk: false });

    layout.mockClear();
    // A combining acute on e: shaped with the font's mark positioning, the accent moved off
    // its default place onto the base.
    const units = face.shape('ne\u0301e', 'latn', false, undefined, '');
    expect(layout).toHaveBeenCalledTimes(1);
    expect(layout.mock.calls[0][1]).toBeUndefined();
    const full = face.font.layout('ne\u0301e');
    expect(Array.from(units.ids)).toEqual(full.glyphs.map((g) => g.id));
    const classes = glyphClasses(face.font)!;
    const markAt = full.glyphs.findIndex((g) => isMarkGlyph(classes, g.id));
    if (markAt >= 0) {
      expect(units.xOffsets[markAt] !== 0 || units.yOffsets[markAt] !== 0).toBe(true);
    } else {
      // The font composed e + acute into é: no mark glyph is left to place.
      expect(full.glyphs.length).toBe(3);
    }
    layout.mockRestore();
  });
});
