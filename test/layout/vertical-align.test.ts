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

describe('vertical-align of a block container', () => {
  it('aligns a cell or an inline-block, not the text of its own lines', async () => {
    const r = await layoutSnippet(
      '<div id=d>Plain line</div>' +
        '<table style="border-spacing: 0"><tr><td id=m style="padding: 0">Middle cell</td>' +
        '<td id=b style="padding: 0; vertical-align: bottom">Bottom cell</td></tr></table>' +
        '<p style="margin: 0"><span id=i style="display: inline-block; vertical-align: middle">Badge</span></p>',
      PAGE,
    );
    const line = r.box('d')[0].height;
    // A cell's vertical-align (middle from the table's rows, or its own) places the cell's
    // content in the row; it does not shift the cell's text within its line box.
    expect(r.box('m')[0].height).toBeCloseTo(line, 2);
    expect(r.box('b')[0].height).toBeCloseTo(line, 2);
    expect(r.box('i')[0].height).toBeCloseTo(line, 2);
  });

  it('aligns the content of a cell taller than it by its height property', async () => {
    const r = await layoutSnippet(
      '<table style="border-spacing: 0"><tr>' +
        '<td id=m style="padding: 0; height: 100px">Middle</td>' +
        '<td id=b style="padding: 0; height: 100px; vertical-align: bottom">Bottom</td>' +
        '<td id=s style="padding: 0; height: 10px">Grows<br>to<br>fit</td></tr></table>',
      PAGE,
    );
    const m = r.box('m')[0];
    expect(m.height).toBeCloseTo(100, 2);
    const line = (t: string): number => {
      const l = r.lines(0).find((x) => x.text.includes(t));
      if (!l) throw new Error(`no line ${t}`);
      return l.baseline;
    };
    // Middle sits halfway down (not at the top), Bottom at the bottom.
    expect(line('Middle')).toBeGreaterThan(m.y + 50);
    expect(line('Bottom')).toBeGreaterThan(m.y + 90);
    // A height smaller than the content is only a minimum: the row holds three lines.
    expect(r.box('s')[0].height).toBeCloseTo(100, 2);
    expect(line('fit')).toBeLessThan(m.y + 100);
  });
});
