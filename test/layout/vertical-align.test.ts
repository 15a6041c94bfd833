/**
 * Inline content inside a raised or lowered inline box moves with it: a footnote reference is
 * written <sup><a>[1]</a></sup> by Google Docs and as nested spans by Word.
 */
import { describe, expect, it } from 'vitest';
import { layoutSnippet } from './geometry.js';
import { glyphRuns } from './harness.js';

const PAGE = '@page { size: 400px 200px; margin: 0 } body { margin: 0; font-size: 20px }';

describe('vertical-align of nested inline content', () => {
  it('keeps a link inside <sup> raised with it, and a <sub> span lowered', async () => {
    const r = await layoutSnippet(
      '<p>After<sup><a href="#n">[1]</a></sup> x<sup>2</sup> H<sub><span>2</span></sub>O ' +
        '<span style="vertical-align: 6px"><b>up</b></span> ' +
        '<sup><span style="vertical-align: middle">m</span></sup></p><p id=n>Note</p>',
      PAGE,
    );
    const y = (t: string): number => {
      const run = glyphRuns(r.items(0)).find((g) => g.glyphs.texts.join('') === t);
      if (!run) throw new Error(`no run ${t}`);
      return run.y;
    };
    expect(y('[1]')).toBeCloseTo(y('2'), 3);
    expect(y('[1]')).toBeLessThan(y('After') - 4);
    const runs = glyphRuns(r.items(0)).filter((g) => g.glyphs.texts.join('') === '2');
    expect(runs).toHaveLength(2);
    const [sup, sub] = runs;
    expect(sub.y).toBeGreaterThan(y('O '));
    expect(sup.y).toBeLessThan(y('O '));
    expect(y('up')).toBeCloseTo(y('After') - 4.5, 1);
    // An alignment of its own starts afresh: middle does not add the <sup> shift.
    expect(y('m')).toBeGreaterThan(sup.y);
  });
});
