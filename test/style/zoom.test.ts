/**
 * `zoom` (CSS Viewport): the effective zoom multiplies every absolute length the element and
 * its descendants compute; font-relative units follow the already zoomed font size, so they
 * are not zoomed twice, and percentages stay as they are.
 */
import { describe, expect, it } from 'vitest';
import { byId, find, style } from './helpers.js';

async function styles(css: string, body: string) {
  const d = await style(`<style>${css}</style><body>${body}</body>`);
  return {
    of: (id: string) => find(d.root, byId(id)).style,
    warnings: d.warnings.map((w) => w.message),
  };
}

describe('zoom', () => {
  it('multiplies lengths, compounds when nested and leaves percentages alone', async () => {
    const { of, warnings } = await styles(
      'div { width: 100px; margin-left: 10pt; border: 2px solid; font-size: 10px }',
      '<div id=a style="zoom: 2"><div id=b style="zoom: 150%"><div id=c style="width: 50%"></div></div></div>',
    );
    expect(warnings).toEqual([]);
    expect([of('a').zoom, of('b').zoom, of('c').zoom]).toEqual([2, 3, 3]);
    expect(of('a').width).toBe(200);
    expect(of('b').width).toBe(300);
    expect(of('a').marginLeft).toBeCloseTo(26.667, 3);
    expect(of('b').borderTopWidth).toBe(6);
    expect(of('c').width).toEqual({ percent: 50, px: 0 });
    expect(of('c').fontSize).toBe(30);
  });

  it('does not zoom em, ex or ch twice, and zooms rem and viewport units', async () => {
    const { of } = await styles(
      ':root { font-size: 20px } div { font-size: 10px }',
      `<div id=a style="zoom: 2; width: 3em; height: 1rem; padding-left: 10vw; margin-top: 2ex"></div>
       <div id=n style="padding-left: 10vw; margin-top: 2ex"></div>`,
    );
    expect(of('a').fontSize).toBe(20);
    expect(of('a').width).toBe(60);
    expect(of('a').height).toBe(40);
    expect(of('a').paddingLeft).toBeCloseTo((of('n').paddingLeft as number) * 2, 6);
    expect(of('a').marginTop).toBeCloseTo((of('n').marginTop as number) * 2, 6);
  });

  it('scales font sizes given relative to the parent by the element’s own zoom', async () => {
    const { of } = await styles(
      'p { margin: 0 }',
      `<div style="font-size: 10px"><p id=em style="zoom: 2; font-size: 2em"></p>
       <p id=pct style="zoom: 2; font-size: 150%"></p><p id=kw style="zoom: 2; font-size: medium"></p>
       <p id=inh style="zoom: 2"><span id=deeper style="font-size: 1.5em"></span></p></div>`,
    );
    expect(of('em').fontSize).toBe(40);
    expect(of('pct').fontSize).toBe(30);
    expect(of('kw').fontSize).toBe(32);
    expect(of('inh').fontSize).toBe(20);
    expect(of('deeper').fontSize).toBe(30);
  });

  it('multiplies inherited lengths and nonzero initial values by the element’s own zoom', async () => {
    const { of } = await styles(
      'body { line-height: 20px; letter-spacing: 1px; text-indent: 5px; text-shadow: 1px 2px 3px red }',
      `<p id=p style="zoom: 2; border-style: solid; outline-style: solid"><span id=s style="width: inherit"></span></p>`,
    );
    const p = of('p');
    expect(p.lineHeight).toEqual({ kind: 'length', px: 40 });
    expect([p.letterSpacing, p.textIndent]).toEqual([2, 10]);
    expect(p.textShadow[0]).toMatchObject({ x: 2, y: 4, blur: 6 });
    // medium borders and outlines: 3px at zoom 1.
    expect([p.borderTopWidth, p.outlineWidth]).toEqual([6, 6]);
    // The span inherits from a parent already at its zoom: nothing more.
    expect(of('s').lineHeight).toEqual({ kind: 'length', px: 40 });
  });

  it('reads normal and refuses negative values', async () => {
    const { of, warnings } = await styles(
      '',
      '<div id=a style="zoom: normal; width: 10px"></div><div id=b style="zoom: -1; width: 10px"></div>',
    );
    expect([of('a').zoom, of('a').width, of('b').zoom]).toEqual([1, 10, 1]);
    expect(warnings.some((w) => w.includes('zoom'))).toBe(true);
  });
});
