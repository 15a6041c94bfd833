import { describe, expect, it } from 'vitest';
import { pageStyleFor } from '../../src/style/page.js';
import { style } from './helpers.js';

const MM = 96 / 25.4;

describe('@page', () => {
  it('defaults to A4 with 20mm margins', async () => {
    const d = await style('<p>x</p>');
    const p = pageStyleFor(d.pageRules, { index: 0 });
    expect(p.width).toBeCloseTo(210 * MM);
    expect(p.height).toBeCloseTo(297 * MM);
    expect(p.marginTop).toBeCloseTo(20 * MM);
    expect(p.marginBoxes).toEqual([]);
  });

  it.each([
    ['A3', 297, 420],
    ['A5 landscape', 210, 148],
    ['a6', 105, 148],
    ['letter', 215.9, 279.4],
    ['Legal portrait', 215.9, 355.6],
    ['tabloid landscape', 431.8, 279.4],
    ['landscape', 297, 210],
    ['100mm 50mm', 100, 50],
    ['8in', 203.2, 203.2],
  ])('size: %s', async (size, w, h) => {
    const d = await style(`<style>@page { size: ${size} }</style>`);
    const p = pageStyleFor(d.pageRules, { index: 0 });
    expect(p.width / MM).toBeCloseTo(w, 1);
    expect(p.height / MM).toBeCloseTo(h, 1);
  });

  it('warns on an invalid size and keeps the default', async () => {
    const d = await style('<style>@page { size: A4 12px }</style>');
    expect(pageStyleFor(d.pageRules, { index: 0 }).width).toBeCloseTo(210 * MM);
    expect(d.warnings.map((w) => w.code)).toContain('css.invalid-value');
  });

  it('cascades margins with :first, :left and :right', async () => {
    const d = await style(`<style>
      @page { margin: 10mm 15mm }
      @page :first { margin-top: 50mm }
      @page :left { margin-left: 30mm }
      @page :right { margin-right: 25mm }
      @page { margin-bottom: 5% }</style>`);
    const first = pageStyleFor(d.pageRules, { index: 0 });
    const second = pageStyleFor(d.pageRules, { index: 1 });
    const third = pageStyleFor(d.pageRules, { index: 2 });
    expect(first.marginTop / MM).toBeCloseTo(50);
    expect(first.marginRight / MM).toBeCloseTo(25);
    expect(second.marginTop / MM).toBeCloseTo(10);
    expect(second.marginLeft / MM).toBeCloseTo(30);
    expect(second.marginRight / MM).toBeCloseTo(15);
    expect(third.marginLeft / MM).toBeCloseTo(15);
    expect(first.marginBottom).toBeCloseTo(0.05 * first.height);
  });

  it('exposes margin boxes with page counters and their computed style', async () => {
    const d = await style(`<html style="font-family: Lato; color: #333"><style>
      @page { font-size: 10pt;
        @top-left { content: "ACME " attr(x) "Ltd" }
        @bottom-right { content: "Page " counter(page) " of " counter(pages, lower-roman); color: red; font-size: 8pt }
        @bottom-center { content: none } }
      @page :first { @top-left { content: none } }</style></html>`);
    const first = pageStyleFor(d.pageRules, { index: 0 });
    const later = pageStyleFor(d.pageRules, { index: 3 });
    expect(first.marginBoxes.map((b) => b.name)).toEqual(['bottom-right']);
    expect(later.marginBoxes.map((b) => b.name).sort()).toEqual(['bottom-right', 'top-left']);
    const br = later.marginBoxes.find((b) => b.name === 'bottom-right');
    expect(br?.content).toEqual([
      { kind: 'text', text: 'Page ' },
      { kind: 'counter', name: 'page', style: 'decimal' },
      { kind: 'text', text: ' of ' },
      { kind: 'counter', name: 'pages', style: 'lower-roman' },
    ]);
    expect(br?.style.color).toEqual({ r: 1, g: 0, b: 0, a: 1 });
    expect(br?.style.fontSize).toBeCloseTo(8 * (96 / 72));
    expect(br?.style.textAlign).toBe('right');
    const tl = later.marginBoxes.find((b) => b.name === 'top-left');
    expect(tl?.style.fontFamily).toEqual(['Lato']); // page context inherits from the root
    expect(tl?.style.fontSize).toBeCloseTo(10 * (96 / 72));
    expect(tl?.style.textAlign).toBe('left');
  });

  it('supports named pages', async () => {
    const d = await style(
      `<style>@page wide { size: A4 landscape } @page wide:first { margin: 0 } .w { page: wide }</style><div class=w>x</div>`,
    );
    expect(pageStyleFor(d.pageRules, { index: 4, name: 'wide' }).width).toBeCloseTo(297 * MM);
    expect(pageStyleFor(d.pageRules, { index: 0, name: 'wide' }).marginTop).toBe(0);
    expect(pageStyleFor(d.pageRules, { index: 4 }).width).toBeCloseTo(210 * MM);
    expect(pageStyleFor(d.pageRules, { index: 4, name: 'unknown' }).width).toBeCloseTo(210 * MM);
  });

  it('page background colour comes from @page', async () => {
    const d = await style('<style>@page { background-color: #ff0 }</style>');
    expect(pageStyleFor(d.pageRules, { index: 0 }).backgroundColor).toEqual({
      r: 1,
      g: 1,
      b: 0,
      a: 1,
    });
  });
});
