/** Tables: layout algorithm, border model and spacing, caption side, empty cells. */
import { keywordProp, longhand, type Longhand, type Shorthand } from './kit.js';
import { computeAbsolute, parseLength, type LenSpec } from '../values.js';

export const longhands: Longhand[] = [];
export const shorthands: Shorthand[] = [];

interface SpacingSpec {
  readonly h: LenSpec;
  readonly v: LenSpec;
}
longhands.push(
  keywordProp('table-layout', 'tableLayout', false, 'auto', ['auto', 'fixed']),
  keywordProp('border-collapse', 'borderCollapse', true, 'separate', ['separate', 'collapse']),
  longhand<SpacingSpec>({
    name: 'border-spacing',
    key: '_borderSpacing',
    inherited: true,
    initial: [0, 0],
    parse: (nodes) => {
      const v = nodes.map((n) => parseLength(n, { nonNegative: true }));
      if (v.length < 1 || v.length > 2 || v.some((x) => x === null)) return null;
      return { h: v[0] as LenSpec, v: (v[1] ?? v[0]) as LenSpec };
    },
    compute: (s, c) => [computeAbsolute(s.h, c.env), computeAbsolute(s.v, c.env)],
  }),
  keywordProp('caption-side', 'captionSide', true, 'top', ['top', 'bottom']),
  keywordProp('empty-cells', 'emptyCells', true, 'show', ['show', 'hide']),
);
