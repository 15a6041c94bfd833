/** hyphenate-character and hyphenate-limit-chars: what an inserted hyphen draws, and where. */
import { describe, expect, it } from 'vitest';
import { layoutSnippet } from '../layout/geometry.js';

const CSS = `@page { size: 300px 400px; margin: 10px } body { margin: 0 }
  p { width: 90px; font: 16px/20px 'Liberation Sans'; hyphens: auto; margin: 0 }`;
const WORDS = '<p lang=en>Extraordinarily characteristic representations</p>';

describe('hyphenate-character', () => {
  it('draws the author string where a word is hyphenated, and the font hyphen for auto', async () => {
    const auto = await layoutSnippet(WORDS, CSS);
    const equals = await layoutSnippet(WORDS, `${CSS} p { hyphenate-character: "=" }`);
    const lines = (r: typeof auto): string[] => r.lines(0).map((l) => l.text);
    // The same breaks (the text keeps a soft hyphen where the word was cut).
    expect(lines(equals)).toEqual(lines(auto));
    expect(lines(auto)[0].endsWith('\u00ad')).toBe(true);
    // The first line's glyphs: the same letters, a different glyph after them.
    const first = (r: typeof auto): number[] => {
      const run = r.items(0).find((i) => i.kind === 'glyphs');
      return run?.kind === 'glyphs' ? [...run.glyphs.ids] : [];
    };
    const [a, e] = [first(auto), first(equals)];
    expect(e.slice(0, -1)).toEqual(a.slice(0, -1));
    expect(e.at(-1)).not.toBe(a.at(-1));
  });

  it('inherits, and is reset by auto', async () => {
    const r = await layoutSnippet(
      `<div>${WORDS}</div>`,
      `${CSS} div { hyphenate-character: "~" } p { hyphenate-character: auto }`,
    );
    const plain = await layoutSnippet(WORDS, CSS);
    const ids = (x: typeof r): number[] =>
      x.items(0).flatMap((i) => (i.kind === 'glyphs' ? [...i.glyphs.ids] : []));
    expect(ids(r)).toEqual(ids(plain));
  });

  it('keeps hyphenate-limit-chars: no break leaves fewer characters than asked', async () => {
    const cut = (css: string) =>
      layoutSnippet(WORDS, `${CSS} ${css}`).then((r) =>
        r
          .lines(0)
          .map((l) => l.text)
          .filter((t) => t.endsWith('\u00ad')),
      );
    const free = await cut('');
    expect(free.length).toBeGreaterThan(0);
    // At least 6 characters before every break, 6 after it.
    const strict = await cut('p { hyphenate-limit-chars: auto 6 }');
    for (const line of strict) {
      const word = line.slice(0, -1).split(' ').at(-1)!;
      expect(word.length).toBeGreaterThanOrEqual(6);
    }
    expect(strict).not.toEqual(free);
    // Words shorter than 40 characters are not hyphenated at all.
    expect(await cut('p { hyphenate-limit-chars: 40 }')).toEqual([]);
  });
});
