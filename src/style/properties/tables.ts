/** Tables: layout algorithm, border model and spacing, caption side, empty cells. */
import * as kit from './kit.js';
import * as cssValues from '../values.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

interface SpacingSpec {
  readonly h: cssValues.LenSpec;
  readonly v: cssValues.LenSpec;
}
longhands.push(
  kit.keywordProp('table-layout', 'tableLayout', false, 'auto', ['auto', 'fixed']),
  kit.keywordProp('border-collapse', 'borderCollapse', true, 'separate', ['separate', 'collapse']),
  kit.longhand<SpacingSpec>({
    name: 'border-spacing',
    key: '_borderSpacing',
    inherited: true,
    initial: [0, 0],
    parse: (nodes) => {
      const v = nodes.map((n) => cssValues.parseLength(n, { nonNegative: true }));
      if (v.length < 1 || v.length > 2 || v.some((x) => x === null)) return null;
      return { h: v[0] as cssValues.LenSpec, v: (v[1] ?? v[0]) as cssValues.LenSpec };
    },
    compute: (s, c) => [
      cssValues.computeAbsolute(s.h, c.env),
      cssValues.computeAbsolute(s.v, c.env),
    ],
  }),
  kit.keywordProp('caption-side', 'captionSide', true, 'top', ['top', 'bottom']),
  kit.keywordProp('empty-cells', 'emptyCells', true, 'show', ['show', 'hide']),
);
