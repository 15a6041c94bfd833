/** Visual effects: colour, opacity, visibility and overflow. */
import { BLACK } from '../colors.js';
import * as kit from './kit.js';
import * as cssValues from '../values.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

const OVERFLOW = ['visible', 'hidden', 'clip', 'scroll', 'auto'] as const;
longhands.push(
  kit.keywordProp('overflow-x', 'overflowX', false, 'visible', OVERFLOW),
  kit.keywordProp('overflow-y', 'overflowY', false, 'visible', OVERFLOW),
  kit.longhand<number>({
    name: 'opacity',
    key: 'opacity',
    inherited: false,
    initial: 1,
    parse: kit.single((n) => {
      const v = cssValues.parseAlphaValue(n);
      return v === null ? null : Math.min(1, Math.max(0, v));
    }),
  }),
  kit.keywordProp('visibility', 'visibility', true, 'visible', ['visible', 'hidden', 'collapse']),
  kit.colorProp('color', 'color', true, BLACK),
);
shorthands.push({
  name: 'overflow',
  longhands: ['overflow-x', 'overflow-y'],
  expand(nodes) {
    const p = kit.keywordParser(OVERFLOW);
    const v = nodes.map(p);
    if (v.length < 1 || v.length > 2 || v.some((x) => x === null)) return null;
    return new Map([
      ['overflow-x', v[0]],
      ['overflow-y', v[1] ?? v[0]],
    ]);
  },
});
