/**
 * How form controls and clipped inline-blocks sit in a line of text, measured against
 * Chromium: controls have line-height normal whatever the text around them, check boxes and
 * radio buttons sit on their border box, a select on its text, and a scroll container (a
 * textarea, an inline-block with overflow: hidden) on its bottom edge.
 */
import { describe, expect, it } from 'vitest';
import { layoutSnippet } from './geometry.js';

const PAGE =
  '<!DOCTYPE html><html lang=en><head><title>t</title><style>@page { size: 600px 400px; margin: 0 }' +
  ' body { margin: 0; font: 16px/20px sans-serif } p { margin: 0 }</style></head><body>';

async function lay(body: string): Promise<Awaited<ReturnType<typeof layoutSnippet>>> {
  return layoutSnippet(`${PAGE}${body}</body></html>`);
}

function baselineOf(r: Awaited<ReturnType<typeof layoutSnippet>>, text: string): number {
  const l = r.lines(0).find((x) => x.text.includes(text));
  if (!l) throw new Error(`no line with ${text}`);
  return l.baseline;
}

describe('form controls in a line', () => {
  it('gives a text field the normal line height of its own font, not the inherited one', async () => {
    const r = await lay('<p style="line-height: 40px">Aa <input id=i value=Val> Bb</p>');
    // 13.33px text at its normal line height, 2px padding and 1px border above and below.
    expect(r.box('i')[0].height).toBeGreaterThan(19);
    expect(r.box('i')[0].height).toBeLessThan(23);
  });

  it('puts a check box and a radio button at the same height, on their border boxes', async () => {
    const r = await lay('<p id=p>Cc <input id=c type=checkbox> Dd <input id=r type=radio> Ee</p>');
    const c = r.box('c')[0];
    expect(r.box('r')[0].y).toBeCloseTo(c.y, 2);
    expect(c.y + c.height).toBeCloseTo(baselineOf(r, 'Cc'), 0);
  });

  it('sits a select on the baseline of its shown option', async () => {
    const r = await lay(
      '<p>Ff <select><option>Opt1</option><option>A longer option</option></select> Gg</p>',
    );
    // One line: the option's text shares the baseline of the text around it.
    expect(r.lines(0)).toHaveLength(1);
    expect(r.lines(0)[0].text).toContain('Opt1');
  });

  it('sits a textarea and a clipped inline-block on their bottom edges', async () => {
    const r = await lay(
      '<p>Ff <textarea id=t rows=2>Area</textarea> Gg</p>' +
        '<p>Hh <span id=o style="display: inline-block; overflow: hidden; height: 30px">Cut</span> Ii</p>',
    );
    const t = r.box('t')[0];
    expect(t.y + t.height).toBeCloseTo(baselineOf(r, 'Gg'), 0);
    const o = r.box('o')[0];
    expect(o.y + o.height).toBeCloseTo(baselineOf(r, 'Ii'), 0);
  });
});

describe('other boxes in a line', () => {
  it('sits an inline-grid or inline-flex box on its first line, an inline-block on its last', async () => {
    const r = await lay(
      '<p>Pre <span style="display: inline-grid; grid-template-columns: 40px 40px">G1 G2 G3</span> post</p>' +
        '<p>Ante <span style="display: inline-block; width: 40px">B1 B2</span> postb</p>',
    );
    const lines = r.lines(0);
    expect(lines.find((l) => l.text.includes('Pre'))?.text).toContain('G1');
    expect(lines.find((l) => l.text.includes('Ante'))?.text).toContain('B2');
  });

  it('indents a right-to-left list on the right', async () => {
    const r = await lay('<ul dir=rtl id=u><li id=li>بند</li></ul>');
    const u = r.box('u')[0];
    const li = r.box('li')[0];
    expect(u.x + u.width - (li.x + li.width)).toBeCloseTo(40, 1);
    expect(li.x).toBeCloseTo(u.x, 1);
  });
});

describe('lines taller than the page', () => {
  it('warns, naming the paragraph, when a line cannot fit on any page', async () => {
    const r = await lay('<p class=big>Small and <b style="font-size: 5000px">huge</b> text</p>');
    const w = r.warnings.filter((x) => x.code === 'layout.line-taller-than-page');
    expect(w).toHaveLength(1);
    expect(w[0].source).toBe('p.big');
  });
});

describe('list markers', () => {
  it('ends a numbered marker one space before the item text, as browsers set "1. "', async () => {
    const r = await lay('<ol style="padding-left: 40px"><li>First</li></ol>');
    const glyphs = r
      .items(0)
      .filter((i) => i.kind === 'glyphs')
      .map((g) => g as Extract<typeof g, { kind: 'glyphs' }>);
    const marker = glyphs.find((g) => g.glyphs.texts.join('') === '1.');
    const text = glyphs.find((g) => g.glyphs.texts.join('').startsWith('First'));
    expect(marker && text).toBeDefined();
    if (!marker || !text) return;
    const end = marker.x + marker.glyphs.advances.reduce((a, b) => a + b, 0);
    // 16px sans-serif: a space is about a quarter of an em (4-5px), not the half em of bullets.
    const gapPx = (text.x - end) / 0.75;
    expect(gapPx).toBeGreaterThan(3);
    expect(gapPx).toBeLessThan(6);
  });
});
