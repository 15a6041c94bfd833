/** Glyph lists: parallel arrays read back as glyphs, and made from glyphs. */
import { describe, expect, it } from 'vitest';
import { glyphAt, glyphListOf, glyphsOf } from '../../src/document/index.js';

describe('glyph lists', () => {
  it('keep offsets only when a glyph has one, and give them back per glyph', () => {
    const plain = glyphListOf([
      { id: 3, advance: 5.5, text: 'f' },
      { id: 4, advance: 2, text: '' },
    ]);
    expect(plain).toEqual({ ids: [3, 4], advances: [5.5, 2], texts: ['f', ''] });
    expect(glyphAt(plain, 1)).toEqual({ id: 4, advance: 2, text: '' });

    const marked = [
      { id: 7, advance: 6, text: 'e\u0301' },
      { id: 9, advance: 0, dx: -3, dy: -4.5, text: '' },
      { id: 8, advance: 6, text: 'a' },
    ];
    const list = glyphListOf(marked);
    expect(list.offsets).toEqual({ dx: [0, -3, 0], dy: [0, -4.5, 0] });
    // Glyphs without an offset read back without dx and dy, as they were made.
    expect(glyphsOf(list)).toEqual(marked);
    expect(Object.keys(glyphAt(list, 0))).toEqual(['id', 'advance', 'text']);
  });
});
