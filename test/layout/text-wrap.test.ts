/**
 * text-wrap (CSS Text 4): `balance` fills the lines of a short paragraph to the narrowest width
 * that keeps their number, aligning them in the full width still; `pretty` brings a second word
 * down to a last line of one; the mode longhand wraps or not, and white-space-collapse keeps
 * line breaks apart from wrapping.
 */
import { describe, expect, it } from 'vitest';
import { layoutSnippet, type TextLine } from './geometry.js';

const PAGE =
  '@page { size: 400px 800px; margin: 0 } body { margin: 0; font: 16px/20px sans-serif } p, h2 { margin: 0 } h2 { font-size: 24px; line-height: 30px }';
const HEADLINE = 'A headline that wraps onto a second line with one word';
const PRETTY =
  'Pretty wrapping looks at the last lines of a paragraph and avoids leaving a word alone.';
const width = (l: TextLine): number => l.right - l.x;
const spread = (ls: readonly TextLine[]): number =>
  Math.max(...ls.map(width)) - Math.min(...ls.map(width));

describe('text-wrap: balance', () => {
  it('evens out the lines without adding one', async () => {
    const r = await layoutSnippet(
      `<h2 id=a style="width: 300px">${HEADLINE}</h2><h2 id=b style="width: 300px; text-wrap: balance">${HEADLINE}</h2>`,
      PAGE,
    );
    const lines = r.lines(0);
    const plain = lines.slice(0, 3);
    const balanced = lines.slice(3);
    expect(balanced).toHaveLength(3);
    expect(r.box('b')[0].height).toBe(r.box('a')[0].height);
    expect(plain.map((l) => l.text).join(' ')).toBe(HEADLINE);
    expect(balanced.map((l) => l.text).join(' ')).toBe(HEADLINE);
    // The wrapped heading ends in a short line; balanced, its lines differ by a word or so.
    expect(spread(plain)).toBeGreaterThan(150);
    expect(spread(balanced)).toBeLessThan(80);
    for (const l of balanced) expect(l.right).toBeLessThanOrEqual(300);
  });

  it('aligns the balanced lines in the box’s full width', async () => {
    const r = await layoutSnippet(
      `<h2 style="width: 300px; text-wrap: balance; text-align: center">${HEADLINE}</h2>`,
      PAGE,
    );
    for (const l of r.lines(0)) expect((l.x + l.right) / 2).toBeCloseTo(150, 0);
  });

  it('leaves one-line text and paragraphs of more than six lines as they wrap', async () => {
    const long = `${PRETTY} `.repeat(4);
    const r = await layoutSnippet(
      `<p style="width: 300px">${long}</p><p style="width: 300px; text-wrap: balance">${long}</p><h2 style="text-wrap: balance">Short</h2>`,
      PAGE,
    );
    const lines = r.lines(0);
    const half = (lines.length - 1) / 2;
    expect(half).toBeGreaterThan(6);
    expect(lines.slice(half, 2 * half).map((l) => l.text)).toEqual(
      lines.slice(0, half).map((l) => l.text),
    );
    expect(lines[lines.length - 1].x).toBe(0);
  });
});

describe('text-wrap: pretty', () => {
  it('brings a word down to a last line of one, keeping the line count', async () => {
    const r = await layoutSnippet(
      `<p id=a style="width: 300px">${PRETTY}</p><p id=b style="width: 300px; text-wrap: pretty">${PRETTY}</p>`,
      PAGE,
    );
    const lines = r.lines(0).map((l) => l.text);
    expect(lines.slice(0, 3)).toEqual([
      'Pretty wrapping looks at the last lines of a',
      'paragraph and avoids leaving a word',
      'alone.',
    ]);
    // Only the line before the orphan gives up a word.
    expect(lines.slice(3)).toEqual([
      'Pretty wrapping looks at the last lines of a',
      'paragraph and avoids leaving a',
      'word alone.',
    ]);
    expect(r.box('b')[0].height).toBe(r.box('a')[0].height);
  });

  it('stable wraps as auto; a paragraph without an orphan is left alone', async () => {
    const r = await layoutSnippet(
      `<p style="width: 320px; text-wrap: pretty">${PRETTY}</p><p style="width: 300px; text-wrap: stable">${PRETTY}</p>`,
      PAGE,
    );
    expect(r.lines(0).map((l) => l.text)).toEqual([
      'Pretty wrapping looks at the last lines of a',
      'paragraph and avoids leaving a word alone.',
      'Pretty wrapping looks at the last lines of a',
      'paragraph and avoids leaving a word',
      'alone.',
    ]);
  });
});

describe('text-wrap-mode and white-space-collapse', () => {
  it('keeps text on one line with text-wrap: nowrap, and line breaks without wrapping', async () => {
    const r = await layoutSnippet(
      `<p style="width: 100px; text-wrap: nowrap">Never wrapped at all</p>
       <p style="width: 100px; white-space: preserve-breaks nowrap">First   line kept whole
second line</p>`,
      PAGE,
    );
    expect(r.lines(0).map((l) => l.text)).toEqual([
      'Never wrapped at all',
      'First line kept whole',
      'second line',
    ]);
  });
});
