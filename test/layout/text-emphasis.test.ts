/**
 * Emphasis marks (text-emphasis): half-size marks centred over (or under) each character but
 * spaces and punctuation, drawn as Layout artifacts; the line makes room for them outside the
 * text's ascent (or descent) when the half-leading is too small, as Chromium does.
 */
import { describe, expect, it } from 'vitest';
import type { GlyphRun } from '../../src/document/index.js';
import { glyphRuns } from './harness.js';
import { layoutSnippet } from './geometry.js';

const PAGE =
  "@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 20px 'DejaVu Sans' } div { width: 300px }";
const text = (r: GlyphRun): string => r.glyphs.texts.join('');
const pens = (r: GlyphRun): number[] => {
  const out: number[] = [];
  let x = r.x;
  for (const a of r.glyphs.advances) {
    out.push(x);
    x += a;
  }
  return out;
};

describe('text-emphasis', () => {
  it('draws a half-size mark centred over each letter, not over spaces or punctuation', async () => {
    const r = await layoutSnippet(
      '<div style="text-emphasis: filled circle red">ab c.</div>',
      PAGE,
    );
    expect(r.warnings).toEqual([]);
    const runs = glyphRuns(r.items(0));
    const body = runs.find((x) => text(x) === 'ab c.') as GlyphRun;
    const marks = runs.find((x) => x !== body) as GlyphRun;
    expect(text(marks)).toBe('\u25cf'.repeat(3));
    expect(marks.size).toBeCloseTo(body.size / 2, 6);
    expect(marks.color).toEqual({ r: 1, g: 0, b: 0, a: 1 });
    expect(marks.tag).toEqual({ kind: 'artifact', type: 'Layout' });
    expect(body.tag.kind).toBe('content');
    // Centred: each mark's centre over its letter's (a, b and c: glyphs 0, 1 and 3).
    const letters = pens(body);
    const centreOf = (i: number): number => letters[i] + body.glyphs.advances[i] / 2;
    const markWidth = marks.glyphs.advances.at(-1) as number;
    const markCentres = pens(marks).map((x) => x + markWidth / 2);
    expect(markCentres[0]).toBeCloseTo(centreOf(0), 3);
    expect(markCentres[1]).toBeCloseTo(centreOf(1), 3);
    expect(marks.x + (marks.glyphs.advances[0] + marks.glyphs.advances[1])).toBeCloseTo(
      centreOf(3) - markWidth / 2,
      3,
    );
    expect(marks.y).toBeLessThan(body.y - body.size * 0.7);
  });

  it('puts the marks under the text with text-emphasis-position: under', async () => {
    const r = await layoutSnippet(
      '<div style="-webkit-text-emphasis: open dot; text-emphasis-position: under left">ab</div>',
      PAGE,
    );
    expect(r.warnings).toEqual([]);
    const [body, marks] = glyphRuns(r.items(0));
    expect(text(marks)).toBe('\u25e6\u25e6');
    expect(marks.y).toBeGreaterThan(body.y);
  });

  it('makes the line taller when the marks do not fit in the half-leading', async () => {
    const r = await layoutSnippet(
      `<div id=a>plain</div><div id=b style="text-emphasis: dot">marked</div>
       <div id=c style="line-height: 3">plain</div><div id=d style="line-height: 3; text-emphasis: dot">marked</div>
       <div id=e style="text-emphasis: dot; text-emphasis-position: under">marked</div>`,
      PAGE,
    );
    const h = (id: string): number => r.box(id)[0].height;
    // DejaVu Sans: ascent + descent is 1.164em, so a 10px mark takes 11.64px.
    expect(h('b')).toBeCloseTo(h('a') + 11.64, 1);
    expect(h('e')).toBeCloseTo(h('a') + 11.64, 1);
    // 60px lines have 18px of half-leading above the text: the marks fit.
    expect(h('d')).toBe(h('c'));
  });

  it('takes a string’s first character as the mark, and none as no marks', async () => {
    const r = await layoutSnippet(
      `<div style="text-emphasis-style: '*x'; text-emphasis-color: blue">ab</div>
       <div style="text-emphasis: filled sesame"><span style="text-emphasis: none">no</span></div>`,
      PAGE,
    );
    const runs = glyphRuns(r.items(0));
    expect(runs.map(text)).toEqual(['ab', '**', 'no']);
    expect(runs[1].color).toEqual({ r: 0, g: 0, b: 1, a: 1 });
  });
});
