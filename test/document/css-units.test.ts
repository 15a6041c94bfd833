import { describe, expect, it } from 'vitest';
import {
  CSS_FONT_SIZE_KEYWORDS,
  CSS_NAMED_COLORS,
  CSS_PX_PER_UNIT,
} from '../../src/document/index.js';
import { parseSimpleSvg } from '../../src/images/svg-vector.js';
import { layoutSnippet } from '../layout/geometry.js';

describe('shared CSS look-up tables', () => {
  it('find nothing for the names of Object methods', () => {
    for (const key of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(CSS_NAMED_COLORS[key]).toBeUndefined();
      expect(CSS_PX_PER_UNIT[key]).toBeUndefined();
      expect(CSS_FONT_SIZE_KEYWORDS[key]).toBeUndefined();
    }
    expect(CSS_PX_PER_UNIT.mm).toBeCloseTo(96 / 25.4, 12);
    expect(CSS_NAMED_COLORS.steelblue).toBe(0x4682b4);
  });

  it('leave such a word invalid in an SVG and in a style sheet', async () => {
    const svg = (attrs: string): string =>
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><rect width="1" height="1" ${attrs}/></svg>`;
    expect(await parseSimpleSvg(svg('fill="constructor"'))).toBeUndefined();
    expect(await parseSimpleSvg(svg('stroke="red" stroke-width="1toString"'))).toBeUndefined();
    const r = await layoutSnippet(
      '<p id="p">Text</p>',
      'body { font-size: 20px } p { font-size: constructor; margin: 0; line-height: 1 }',
    );
    expect(r.box('p')[0].height).toBe(20);
  });
});
