/**
 * font-size-adjust (CSS Fonts 5): text is drawn at the size that gives the first available
 * font's x-height (or the metric named) the wanted share of the font size; em units and
 * numeric line heights keep the computed size, as Chromium lays them out.
 */
import { describe, expect, it } from 'vitest';
import { createFontContext } from '../../src/text/index.js';
import { layoutSnippet } from './geometry.js';

const PAGE =
  "@page { size: 600px 400px; margin: 0 } body { margin: 0; font-family: 'DejaVu Sans' }";
const width = (line: { x: number; right: number }): number => line.right - line.x;

describe('font-size-adjust', () => {
  it('scales the drawn text so the x-height is the number times the font size', async () => {
    const r = await layoutSnippet(
      `<div id=a style="font-size: 20px; font-size-adjust: 0.8; width: 10em">xxxx</div>
       <div id=b style="font-size: 20px; width: 10em">xxxx</div>`,
      PAGE,
    );
    expect(r.warnings).toEqual([]);
    const xHeight = createFontContext().matchFont(['DejaVu Sans'], 400, 'normal').metrics.xHeight;
    const [adjusted, plain] = r.lines(0);
    expect(width(adjusted) / width(plain)).toBeCloseTo(0.8 / xHeight, 3);
    // em keeps the computed size; normal line height follows the drawn one.
    expect(r.box('a')[0].width).toBe(200);
    expect(r.box('a')[0].height / r.box('b')[0].height).toBeCloseTo(0.8 / xHeight, 1);
  });

  it('keeps numeric line heights on the computed size, and reads the metric named', async () => {
    const r = await layoutSnippet(
      `<div id=c style="font-size: 20px; font-size-adjust: 0.8; line-height: 1.5">xxxx</div>
       <div id=d style="font-size: 20px; font-size-adjust: cap-height 0.8">HHHH</div>
       <div id=e style="font-size: 20px">HHHH</div>`,
      PAGE,
    );
    expect(r.box('c')[0].height).toBe(30);
    const capHeight = createFontContext().matchFont(['DejaVu Sans'], 400, 'normal').metrics
      .capHeight;
    const lines = r.lines(0);
    expect(width(lines[1]) / width(lines[2])).toBeCloseTo(0.8 / capHeight, 3);
  });

  it('brings a child in another family to the parent’s x-height with from-font', async () => {
    const r = await layoutSnippet(
      `<p style="font: 20px 'DejaVu Sans'; font-size-adjust: from-font">xxxx
       <span style="font-family: 'Liberation Serif'">xxxx</span></p>`,
      PAGE,
    );
    const runs = r.lines(0);
    expect(runs).toHaveLength(1);
    const ctx = createFontContext();
    const sans = ctx.matchFont(['DejaVu Sans'], 400, 'normal').metrics.xHeight;
    const serif = ctx.matchFont(['Liberation Serif'], 400, 'normal').metrics.xHeight;
    expect(sans).not.toBeCloseTo(serif, 2);
    const sizes = r.document.pages[0].items.flatMap((i) => (i.kind === 'glyphs' ? [i.size] : []));
    expect(sizes[0]).toBeCloseTo(15, 3);
    expect(sizes.at(-1)).toBeCloseTo((15 * sans) / serif, 3);
  });

  it('parses the forms of the value and refuses the wrong ones', async () => {
    const r = await layoutSnippet(
      `<p style="font-size-adjust: none">a</p><p style="font-size-adjust: ic-width 1">b</p>
       <p style="font-size-adjust: -1">c</p><p style="font-size-adjust: cap-height">d</p>`,
      PAGE,
    );
    expect(r.warnings.filter((w) => w.message.includes('font-size-adjust'))).toHaveLength(2);
  });
});
