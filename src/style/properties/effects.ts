/** Visual effects: colour, opacity, visibility and overflow. */
import { BLACK } from '../colors.js';
import {
  colorProp,
  keywordParser,
  keywordProp,
  longhand,
  single,
  type Longhand,
  type Shorthand,
} from './kit.js';
import { parseAlphaValue } from '../values.js';

export const longhands: Longhand[] = [];
export const shorthands: Shorthand[] = [];

const OVERFLOW = ['visible', 'hidden', 'clip', 'scroll', 'auto'] as const;
longhands.push(
  keywordProp('overflow-x', 'overflowX', false, 'visible', OVERFLOW),
  keywordProp('overflow-y', 'overflowY', false, 'visible', OVERFLOW),
  longhand<number>({
    name: 'opacity',
    key: 'opacity',
    inherited: false,
    initial: 1,
    parse: single((n) => {
      const v = parseAlphaValue(n);
      return v === null ? null : Math.min(1, Math.max(0, v));
    }),
  }),
  keywordProp('visibility', 'visibility', true, 'visible', ['visible', 'hidden', 'collapse']),
  colorProp('color', 'color', true, BLACK),
);
shorthands.push({
  name: 'overflow',
  longhands: ['overflow-x', 'overflow-y'],
  expand(nodes) {
    const p = keywordParser(OVERFLOW);
    const v = nodes.map(p);
    if (v.length < 1 || v.length > 2 || v.some((x) => x === null)) return null;
    return new Map([
      ['overflow-x', v[0]],
      ['overflow-y', v[1] ?? v[0]],
    ]);
  },
});
