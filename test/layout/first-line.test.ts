/**
 * ::first-line: the first formatted line of a block takes the pseudo-element's font, colour,
 * spacing, transform and decoration, inherited into inline children that do not set them;
 * the line is broken in that style and the rest of the paragraph in the element's own.
 */
import { describe, expect, it } from 'vitest';
import { glyphRuns } from './harness.js';
import { layoutSnippet } from './geometry.js';

const CSS = '@page { size: 400px 400px; margin: 0 } body { margin: 0; font: 16px/20px sans-serif }';
const WORDS = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi';

describe('::first-line', () => {
  it('styles only the first line, and breaks it in that style', async () => {
    const plain = await layoutSnippet(`<p id=p style="width: 300px">${WORDS}</p>`, CSS);
    const r = await layoutSnippet(
      `<p id=p style="width: 300px">${WORDS}</p>`,
      CSS +
        ' p::first-line { text-transform: uppercase; color: rgb(255 0 0); letter-spacing: 2px }',
    );
    const l = r.lines(0);
    const p = plain.lines(0);
    // Uppercase and spaced out, the first line holds fewer words than the plain one.
    expect(l[0].text).toBe(l[0].text.toUpperCase());
    expect(l[0].text.split(' ').length).toBeLessThan(p[0].text.split(' ').length);
    expect(l[1].text).toBe(l[1].text.toLowerCase());
    // Every word is there once, in order.
    expect(
      l
        .map((x) => x.text)
        .join(' ')
        .toLowerCase(),
    ).toBe(WORDS);
    const runs = glyphRuns(r.items(0));
    const first = runs.find((g) => g.glyphs.texts.some((x) => x === 'A'))!;
    expect(first.color).toEqual({ r: 1, g: 0, b: 0, a: 1 });
    const later = runs.find((g) => g.glyphs.texts.join('').includes('pi'))!;
    expect(later.color).toEqual({ r: 0, g: 0, b: 0, a: 1 });
  });

  it('takes a bigger font on the first line (taller line), the element keeps its own after', async () => {
    const r = await layoutSnippet(
      `<div style="width: 300px"><p id=p style="margin: 0">${WORDS}</p></div>`,
      CSS + ' div::first-line { font-size: 24px; line-height: 30px }',
    );
    const l = r.lines(0);
    expect(l[1].baseline - l[0].baseline).toBeGreaterThan(20.5);
    expect(l[2].baseline - l[1].baseline).toBeCloseTo(20, 0);
    const runs = glyphRuns(r.items(0));
    expect(runs[0].size).toBeCloseTo(24 * 0.75, 1);
    expect(runs.at(-1)!.size).toBeCloseTo(16 * 0.75, 1);
  });

  it('reaches inline children that do not set the property, not those that do', async () => {
    const r = await layoutSnippet(
      '<p>one <em>two</em> <b style="color: blue">three</b></p>',
      CSS + ' p::first-line { color: rgb(0 128 0) }',
    );
    const runs = glyphRuns(r.items(0));
    const colorOf = (w: string) => runs.find((g) => g.glyphs.texts.join('').includes(w))!.color;
    expect(colorOf('two')).toEqual({ r: 0, g: 128 / 255, b: 0, a: 1 });
    expect(colorOf('three')).toEqual({ r: 0, g: 0, b: 1, a: 1 });
  });

  it('works with ::first-letter and draws a first-line background', async () => {
    const r = await layoutSnippet(
      `<p id=p style="width: 300px">${WORDS}</p>`,
      CSS +
        ' p::first-line { color: rgb(255 0 0); background: yellow } p::first-letter { font-size: 32px }',
    );
    const runs = glyphRuns(r.items(0));
    const a = runs.find((g) => g.glyphs.texts[0] === 'a')!;
    expect(a.size).toBeCloseTo(32 * 0.75, 1);
    expect(a.color).toEqual({ r: 1, g: 0, b: 0, a: 1 });
    expect(r.text(0).replace(/\s/g, '')).toBe(WORDS.replace(/\s/g, ''));
    expect(r.warnings.filter((w) => w.message.includes('first-line'))).toEqual([]);
    // One yellow background, one line tall (20px), behind the first line only.
    const yellow = r
      .items(0)
      .filter(
        (i) =>
          i.kind === 'path' &&
          JSON.stringify(i.fill) === JSON.stringify({ r: 1, g: 1, b: 0, a: 1 }),
      );
    expect(yellow).toHaveLength(1);
    const op = yellow[0].kind === 'path' ? yellow[0].ops[0] : undefined;
    expect(op?.op).toBe('rect');
    if (op?.op === 'rect') expect(op.height).toBeGreaterThan(20 * 0.75 - 0.01);
  });
});
