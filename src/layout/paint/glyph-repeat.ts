/** A glyph list repeated along a line: leader fills and emphasis marks. */
import type { GlyphList } from '../../document/index.js';

/** `copies` copies of `one`, each copy's last advance lengthened by `gapAfter(copy)`. */
export function repeatGlyphs(
  one: GlyphList,
  copies: number,
  gapAfter: (copy: number) => number,
): GlyphList {
  const ids: number[] = [];
  const advances: number[] = [];
  const texts: string[] = [];
  const dx: number[] = [];
  const dy: number[] = [];
  const n = one.ids.length;
  for (let k = 0; k < copies; k++) {
    const gap = gapAfter(k);
    for (let i = 0; i < n; i++) {
      ids.push(one.ids[i]);
      advances.push(i === n - 1 ? one.advances[i] + gap : one.advances[i]);
      texts.push(one.texts[i]);
      if (one.offsets) {
        dx.push(one.offsets.dx[i]);
        dy.push(one.offsets.dy[i]);
      }
    }
  }
  return { ids, advances, texts, ...(one.offsets ? { offsets: { dx, dy } } : {}) };
}
