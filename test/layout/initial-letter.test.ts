/**
 * initial-letter (CSS Inline 3 §7): a ::first-letter drop cap spans `size` lines, its baseline
 * on the baseline of line `sink`, and exactly `sink` lines wrap beside it.
 */
import { describe, expect, it } from 'vitest';
import { glyphRuns } from './harness.js';
import { layoutSnippet } from './geometry.js';

const PAGE =
  '@page { size: 400px 800px; margin: 0 } body { margin: 0; font: 16px/20px sans-serif } p { margin: 0; width: 300px }';
const OPENING =
  'When the flood of 1926 went down, the baker on the Rue Basse found that his oven now stood on the wrong bank of the river, and nobody had noticed it leaving.';
const PX = 0.75;

async function dropCap(value: string) {
  const r = await layoutSnippet(
    `<p id=p>${OPENING}</p>`,
    `${PAGE} p::first-letter { initial-letter: ${value}; font-size: 40px }`,
  );
  const runs = glyphRuns(r.items(0));
  const cap = runs.find((g) => g.glyphs.texts.join('') === 'W');
  if (!cap) throw new Error('no drop cap');
  const capRight = (cap.x + cap.glyphs.advances.reduce((a, b) => a + b, 0)) / PX;
  // Lines without the cap: the lines() helper would join it to the line of its baseline.
  const lines = r.lines(0).map((l) => (l.text.startsWith('W ') ? { ...l, x: capRight } : l));
  return { r, cap, capRight, lines };
}

describe('initial-letter', () => {
  it('sinks a three-line drop cap onto the third baseline, the first three lines beside it', async () => {
    const { r, cap, capRight, lines } = await dropCap('3');
    expect(cap.y / PX).toBeCloseTo(lines[2].baseline, 1);
    // Sized by the lines, not by the fallback font-size the author gave for other browsers.
    expect(cap.size / PX).toBeGreaterThan(60);
    for (const l of lines.slice(0, 3)) expect(l.x).toBeGreaterThanOrEqual(capRight - 0.01);
    expect(lines[3].x).toBe(0);
    // The paragraph keeps its line grid: five lines of 20px.
    lines.forEach((l, i) => expect(l.baseline - lines[0].baseline).toBeCloseTo(20 * i, 6));
    expect(r.box('p')[0].height).toBe(100);
    expect(r.warnings).toEqual([]);
  });

  it('takes a sink of its own: three lines tall, sunk two', async () => {
    const { cap, capRight, lines } = await dropCap('3 2');
    expect(cap.y / PX).toBeCloseTo(lines[1].baseline, 1);
    for (const l of lines.slice(0, 2)) expect(l.x).toBeGreaterThanOrEqual(capRight - 0.01);
    expect(lines[2].x).toBe(0);
  });

  it('is ignored on anything but ::first-letter', async () => {
    const r = await layoutSnippet(`<p><span style="initial-letter: 3">W</span>ord</p>`, PAGE);
    expect(r.lines(0)).toHaveLength(1);
    expect(new Set(glyphRuns(r.items(0)).map((g) => g.size))).toEqual(new Set([12]));
  });
});
