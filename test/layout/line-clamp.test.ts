/**
 * Line clamping (CSS Overflow 4 §5, and the -webkit-line-clamp teaser pattern): a clamp
 * container keeps its first N lines, counted through its nested blocks; nothing after them is
 * laid out or drawn, the box ends with them, and the last kept line ends in the block ellipsis,
 * which carries the hidden text as its actual text.
 */
import { describe, expect, it } from 'vitest';
import type { GlyphRun } from '../../src/document/index.js';
import { glyphRuns } from './harness.js';
import { layoutSnippet } from './geometry.js';

const PAGE =
  '@page { size: 400px 400px; margin: 0 } body { margin: 0; font: 16px/20px sans-serif } p { margin: 0 }';
const CARD = 'width: 200px; display: -webkit-box; -webkit-box-orient: vertical; overflow: hidden';
const TEASER =
  'Line clamping keeps the first three lines of this teaser text and hides the rest of it behind an ellipsis at the end of the third line.';
const text = (r: GlyphRun): string => r.glyphs.texts.join('');
const right = (r: GlyphRun): number => r.x + r.glyphs.advances.reduce((a, b) => a + b, 0);

/** What a reader of the page gets: drawn text with each run's actual text in its place. */
const readOut = (runs: readonly GlyphRun[]): string =>
  runs.map((r) => r.actualText ?? text(r)).join(' ');
const words = (s: string): string => s.replace(/\s+/g, ' ').trim();

describe('-webkit-line-clamp', () => {
  it('keeps three lines, ends the box with them and ends the last in an ellipsis', async () => {
    const r = await layoutSnippet(
      `<div id=c style="${CARD}; -webkit-line-clamp: 3">${TEASER}</div><div id=after>After</div>`,
      PAGE,
    );
    expect(r.box('c')).toEqual([{ page: 0, x: 0, y: 0, width: 200, height: 60 }]);
    expect(r.box('after')[0].y).toBe(60);
    const lines = r.lines(0);
    expect(lines.map((l) => l.text)).toHaveLength(4);
    expect(lines[2].text.endsWith('…')).toBe(true);
    expect(lines[2].right).toBeLessThanOrEqual(200);
    const runs = glyphRuns(r.items(0));
    expect(runs.map(text).join('')).not.toContain('behind');
    const mark = runs.find((x) => text(x) === '…');
    expect(mark?.tag.kind).toBe('content');
    // Nothing is lost: the hidden rest of the teaser reads in place of the ellipsis.
    expect(words(readOut(runs.filter((x) => text(x) !== 'After')))).toBe(words(TEASER));
    expect(r.warnings).toEqual([]);
  });

  it('counts the lines of nested blocks and drops the blocks after the clamp point', async () => {
    const r = await layoutSnippet(
      `<div id=c style="${CARD}; -webkit-line-clamp: 3">
        <p id=a>First paragraph, which takes two lines.</p>
        <p id=b>Second paragraph, whose first line is the last one kept.</p>
        <p id=hidden>Third paragraph, never drawn.</p>
      </div>`,
      PAGE,
    );
    expect(r.box('a')[0].height).toBe(40);
    expect(r.box('b')).toEqual([{ page: 0, x: 0, y: 40, width: 200, height: 20 }]);
    expect(() => r.box('hidden')).toThrow();
    expect(r.box('c')[0].height).toBe(60);
    const runs = glyphRuns(r.items(0));
    expect(runs.map(text).join('')).not.toContain('Third');
    const mark = runs.find((x) => text(x) === '…');
    expect(mark?.actualText).toMatch(
      /first line is the last one kept\. Third paragraph, never drawn\.$/,
    );
  });

  it('draws one marker on a last line that also overflows (text-overflow: ellipsis)', async () => {
    const r = await layoutSnippet(
      `<div id=c style="${CARD}; -webkit-line-clamp: 2; text-overflow: ellipsis">Order number <b>https://shop.example.com/orders/2026/11/very-long-reference</b> and more after it</div>`,
      PAGE,
    );
    const runs = glyphRuns(r.items(0));
    expect(runs.filter((x) => text(x) === '…')).toHaveLength(1);
    for (const x of runs) expect(right(x)).toBeLessThanOrEqual(200 * 0.75 + 0.01);
    // (The address breaks after its slashes: compared without white space.)
    expect(readOut(runs).replace(/\s+/g, '')).toBe(
      'Ordernumberhttps://shop.example.com/orders/2026/11/very-long-referenceandmoreafterit',
    );
  });

  it('draws no ellipsis when the content ends on the last line kept', async () => {
    const r = await layoutSnippet(
      `<div id=c style="${CARD}; -webkit-line-clamp: 3">Two lines of text in this card are fewer than three.</div>`,
      PAGE,
    );
    expect(r.box('c')[0].height).toBe(40);
    expect(glyphRuns(r.items(0)).map(text)).not.toContain('…');
  });

  it('clamps only a vertical -webkit-box', async () => {
    const r = await layoutSnippet(
      `<div id=c style="width: 200px; overflow: hidden; -webkit-line-clamp: 2">${TEASER}</div>`,
      PAGE,
    );
    expect(r.box('c')[0].height).toBe(100);
    expect(glyphRuns(r.items(0)).map(text)).not.toContain('…');
  });
});

describe('line-clamp and its longhands', () => {
  it('clamps with line-clamp alone, overflow visible', async () => {
    const r = await layoutSnippet(
      `<p id=c style="width: 200px; line-clamp: 2">${TEASER}</p>`,
      PAGE,
    );
    expect(r.box('c')[0].height).toBe(40);
    expect(r.lines(0)).toHaveLength(2);
    expect(r.lines(0)[1].text.endsWith('…')).toBe(true);
  });

  it('draws the author’s block ellipsis, cutting the line to make room for it', async () => {
    const r = await layoutSnippet(
      `<p id=c style="width: 200px; line-clamp: 1 ' [read more]'">Clamped to one line with a long marker</p>`,
      PAGE,
    );
    const runs = glyphRuns(r.items(0));
    const mark = runs[runs.length - 1];
    expect(text(mark)).toBe(' [read more]');
    expect(right(mark)).toBeLessThanOrEqual(200 * 0.75 + 0.01);
    expect(words(readOut(runs))).toBe('Clamped to one line with a long marker');
  });

  it('with block-ellipsis: none, hides the rest without a marker and keeps it readable', async () => {
    const r = await layoutSnippet(
      `<p id=c style="width: 200px; max-lines: 2; continue: discard; block-ellipsis: none">${TEASER}</p>`,
      PAGE,
    );
    expect(r.box('c')[0].height).toBe(40);
    const runs = glyphRuns(r.items(0));
    expect(runs.map(text)).not.toContain('…');
    expect(words(readOut(runs))).toBe(words(TEASER));
  });

  it('keeps the hidden text of right-to-left lines, warning that no ellipsis is drawn', async () => {
    const r = await layoutSnippet(
      `<p dir=rtl lang=he style="width: 200px; line-clamp: 1">שורה ראשונה של טקסט ארוך שנחתך אחרי השורה הראשונה בלבד</p>`,
      PAGE,
    );
    expect(r.lines(0)).toHaveLength(1);
    const runs = glyphRuns(r.items(0));
    expect(runs.map((x) => x.actualText ?? '').join('')).toContain('בלבד');
    expect(r.warnings.map((w) => w.message).join('\n')).toMatch(/right-to-left/);
  });

  it('warns that continue: discard needs max-lines here', async () => {
    const r = await layoutSnippet(`<p style="continue: discard">Text</p>`, PAGE);
    expect(r.warnings.map((w) => w.message).join('\n')).toMatch(/continue: discard/);
  });
});
