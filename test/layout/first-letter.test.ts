/**
 * ::first-letter in WeasyPrint's manner: lay out a snippet, assert where the letter went, how
 * it is drawn and what the lines beside a floated drop cap do. Chromium and WeasyPrint 57 give
 * the same placements for these snippets.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem, GlyphRun } from '../../src/document/index.js';
import { layoutSnippet } from './geometry.js';

const PAGE = `@page { size: 400px 300px; margin: 0 }
  body { margin: 0; font: 16px/20px 'Liberation Sans' } p { margin: 0 }`;

function runs(items: readonly DisplayItem[]): GlyphRun[] {
  return items.flatMap((i) =>
    i.kind === 'glyphs' ? [i] : i.kind === 'group' ? runs(i.items) : [],
  );
}

/** Text and whether it is drawn red, run by run. */
function colours(items: readonly DisplayItem[]): [string, boolean][] {
  return runs(items).map((r) => [r.glyphs.texts.join(''), r.color.r > 0.5]);
}

describe('::first-letter', () => {
  it('floats a drop cap with the punctuation before it, the first lines beside it', async () => {
    const r = await layoutSnippet(
      `<p>“At a quarter past five on a Thursday in March, the only light on the quay comes from
       the open door of the ice house, and a few more words to wrap onto a fourth line below.</p>`,
      `${PAGE} p::first-letter { float: left; font-size: 50px; line-height: 1; margin-right: 4px }`,
    );
    const lines = r.lines(0);
    const cap = lines.find((l) => l.text === '“A');
    expect(cap?.x).toBe(0);
    const text = lines.filter((l) => l !== cap);
    // A 50px float: the two lines whose tops are above its bottom start after it (and its
    // 4px margin); the next starts at the left edge again.
    expect(text[0].text.startsWith('t a quarter')).toBe(true);
    expect(text.slice(0, 3).map((l) => l.x > 50)).toEqual([true, true, true]);
    expect(text[3].x).toBe(0);
  });

  it('styles the first letter inside an inline element and in the first child block only', async () => {
    const r = await layoutSnippet(
      `<div><p><em>Wow</em> text</p><p>Second</p></div>`,
      `${PAGE} div::first-letter { color: rgb(255, 0, 0) }`,
    );
    expect(colours(r.items(0))).toEqual([
      ['W', true],
      ['ow', false],
      [' text', false],
      ['Second', false],
    ]);
  });

  it('finds no first letter after an inline-block or an image', async () => {
    const r = await layoutSnippet(
      `<div><span style="display:inline-block">Box</span> after</div>`,
      `${PAGE} div::first-letter { color: rgb(255, 0, 0) }`,
    );
    expect(colours(r.items(0)).some(([, red]) => red)).toBe(false);
  });

  it('keeps the letter in the paragraph text of the structure tree, in reading order', async () => {
    const r = await layoutSnippet(
      `<p>Drop cap paragraph.</p>`,
      `${PAGE} p::first-letter { float: left; font-size: 40px }`,
    );
    expect(r.flowText(0).replace(/\s+/g, '')).toBe('Dropcapparagraph.');
  });
});
