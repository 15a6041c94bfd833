/**
 * box-shadow and text-shadow as the cascade parses and computes them: lists in order, lengths
 * in px, `inset` and the colour anywhere in a shadow, currentColor, `none`, and the forms CSS
 * refuses dropped with a warning.
 */
import { describe, expect, it } from 'vitest';
import { byId, find, style } from './helpers.js';

const RED = { r: 1, g: 0, b: 0, a: 1 };

async function computed(css: string, html = '<p id=t>x<span id=s>y</span></p>') {
  const d = await style(`<style>${css}</style>${html}`);
  return {
    p: find(d.root, byId('t')).style,
    span: find(d.root, byId('s')).style,
    warnings: d.warnings,
  };
}

describe('box-shadow', () => {
  it('computes a list with offsets, blur, spread, inset and colours in order', async () => {
    const { p, warnings } = await computed(
      '#t { font-size: 10px; color: blue; box-shadow: 1px 2px 3px 4px red, inset 0 0 1em, rgba(0, 0, 0, 0.5) -2px 3px inset }',
    );
    expect(warnings).toEqual([]);
    expect(p.boxShadow).toEqual([
      { inset: false, x: 1, y: 2, blur: 3, spread: 4, color: RED },
      { inset: true, x: 0, y: 0, blur: 10, spread: 0, color: { r: 0, g: 0, b: 1, a: 1 } },
      { inset: true, x: -2, y: 3, blur: 0, spread: 0, color: { r: 0, g: 0, b: 0, a: 0.5 } },
    ]);
  });

  it('is empty for none and is not inherited', async () => {
    const { p, span } = await computed('#t { box-shadow: 0 0 4px red } #s { color: red }');
    expect(p.boxShadow).toHaveLength(1);
    expect(span.boxShadow).toEqual([]);
    expect((await computed('#t { box-shadow: none }')).p.boxShadow).toEqual([]);
  });

  it.each([
    ['a negative blur', '1px 1px -2px red'],
    ['one length', '2px red'],
    ['five lengths', '1px 1px 1px 1px 1px'],
    ['lengths split by the colour', '1px red 1px'],
    ['two colours', '1px 1px red blue'],
    ['an empty shadow in the list', '1px 1px red,'],
    ['none in a list', 'none, 1px 1px red'],
    ['a percentage', '10% 1px red'],
  ])('drops %s with a warning', async (_what, value) => {
    const { p, warnings } = await computed(`#t { box-shadow: 3px 3px red; box-shadow: ${value} }`);
    expect(p.boxShadow).toEqual([{ inset: false, x: 3, y: 3, blur: 0, spread: 0, color: RED }]);
    expect(warnings.map((w) => w.message).join('\n')).toContain('box-shadow');
  });
});

describe('text-shadow', () => {
  it('computes offsets, blur and colour, and is inherited', async () => {
    const { p, span, warnings } = await computed('#t { text-shadow: 1px 2px 3px red, 0 0 1px }');
    expect(warnings).toEqual([]);
    const expected = [
      { x: 1, y: 2, blur: 3, color: RED },
      { x: 0, y: 0, blur: 1, color: 'currentcolor' },
    ];
    expect(p.textShadow).toEqual(expected);
    expect(span.textShadow).toEqual(expected);
  });

  it('keeps currentColor so an inheriting element casts it in its own colour', async () => {
    const { span } = await computed(
      '#t { color: blue; text-shadow: 1px 1px currentColor } #s { color: red }',
    );
    expect(span.textShadow).toEqual([{ x: 1, y: 1, blur: 0, color: 'currentcolor' }]);
  });

  it('takes no spread and no inset', async () => {
    for (const value of ['1px 1px 1px 1px red', 'inset 1px 1px red']) {
      const { p, warnings } = await computed(`#t { text-shadow: ${value} }`);
      expect(p.textShadow).toEqual([]);
      expect(warnings.map((w) => w.message).join('\n')).toContain('text-shadow');
    }
  });
});
