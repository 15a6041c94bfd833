import { readFileSync } from 'node:fs';
import { create, type Font } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { fontDirectory } from '../../src/text/index.js';
import { WARM_UP_SAMPLE, warmUpText } from '../../src/text/warmup.js';

// The warm-up runs in every worker thread: a character outside the default faces would make
// each of them parse and keep a fallback face (Noto Arabic, DejaVu Sans, ...) for its lifetime.
describe('warm-up sample', () => {
  const faces = ['Sans', 'Serif', 'Mono'].flatMap((f) =>
    ['Regular', 'Bold'].map((w) => `Liberation${f}-${w}.ttf`),
  );

  it.each(faces)('is covered by %s, so no fallback face is loaded', (file) => {
    const font = create(readFileSync(`${fontDirectory()}/${file}`)) as Font;
    const missing = [...WARM_UP_SAMPLE].filter(
      (ch) => !font.hasGlyphForCodePoint(ch.codePointAt(0)!),
    );
    expect(missing).toEqual([]);
  });

  it('still exercises the text paths the engine uses (ligatures, right-to-left runs)', () => {
    expect(WARM_UP_SAMPLE).toContain('office');
    expect(() => warmUpText()).not.toThrow();
  });
});
