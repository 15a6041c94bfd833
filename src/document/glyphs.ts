/** Reading and making GlyphLists one glyph at a time (tests, and paths that are not hot). */
import type { GlyphList, PositionedGlyph } from './display-list.js';

/** Glyph `i` of a list as one object. */
export function glyphAt(list: GlyphList, i: number): PositionedGlyph {
  const dx = list.offsets?.dx[i] ?? 0;
  const dy = list.offsets?.dy[i] ?? 0;
  const id = list.ids[i];
  const advance = list.advances[i];
  const text = list.texts[i];
  return dx !== 0 || dy !== 0 ? { id, advance, dx, dy, text } : { id, advance, text };
}

/** Every glyph of a list as an object, in order. */
export function glyphsOf(list: GlyphList): PositionedGlyph[] {
  const out: PositionedGlyph[] = [];
  for (let i = 0; i < list.ids.length; i++) out.push(glyphAt(list, i));
  return out;
}

/** A list made of glyph objects. */
export function glyphListOf(glyphs: readonly PositionedGlyph[]): GlyphList {
  const offset = glyphs.some((g) => (g.dx ?? 0) !== 0 || (g.dy ?? 0) !== 0);
  return {
    ids: glyphs.map((g) => g.id),
    advances: glyphs.map((g) => g.advance),
    texts: glyphs.map((g) => g.text),
    ...(offset
      ? { offsets: { dx: glyphs.map((g) => g.dx ?? 0), dy: glyphs.map((g) => g.dy ?? 0) } }
      : {}),
  };
}
