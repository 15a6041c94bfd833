/** Flex containers and items: direction, wrap, grow, shrink, basis, alignment, gaps, order. */
import type { CssNode } from 'css-tree';
import {
  INITIAL,
  computeLenOrKeyword,
  keywordParser,
  keywordProp,
  lengthOrKeyword,
  longhand,
  numberProp,
  single,
  type Longhand,
  type Shorthand,
} from './kit.js';
import { ident, parseInteger, parseLength, parseNumber, type LenSpec } from '../values.js';

export const longhands: Longhand[] = [];
export const shorthands: Shorthand[] = [];

const ALIGN_ALIASES = {
  normal: 'stretch',
  start: 'flex-start',
  'self-start': 'flex-start',
  end: 'flex-end',
  'self-end': 'flex-end',
  'first baseline': 'baseline',
} as const;
function alignParser<K extends string>(values: readonly K[], aliases: Readonly<Record<string, K>>) {
  const p = keywordParser(values, aliases);
  // `safe`/`unsafe` overflow positions are accepted and ignored.
  return (nodes: readonly CssNode[]): K | null => {
    const rest = nodes.filter((n) => !['safe', 'unsafe'].includes(ident(n) ?? ''));
    return rest.length === 1 ? p(rest[0]) : null;
  };
}
const ALIGN_ITEMS = ['stretch', 'flex-start', 'flex-end', 'center', 'baseline'] as const;
const ALIGN_CONTENT = [
  'stretch',
  'flex-start',
  'flex-end',
  'center',
  'space-between',
  'space-around',
  'space-evenly',
] as const;

const gapLong = (n: CssNode): LenSpec | { kw: string } | null =>
  ident(n) === 'normal'
    ? { t: 'dim', v: 0, unit: 'px' }
    : parseLength(n, { pct: true, nonNegative: true });

type BasisSpec = LenSpec | { readonly kw: string };
const parseBasis = (n: CssNode): BasisSpec | null =>
  lengthOrKeyword(n, { pct: true, nonNegative: true }, ['auto', 'content']);

longhands.push(
  keywordProp('flex-direction', 'flexDirection', false, 'row', [
    'row',
    'row-reverse',
    'column',
    'column-reverse',
  ]),
  keywordProp('flex-wrap', 'flexWrap', false, 'nowrap', ['nowrap', 'wrap', 'wrap-reverse']),
  numberProp('flex-grow', 'flexGrow', false, 0, (v) => v >= 0),
  numberProp('flex-shrink', 'flexShrink', false, 1, (v) => v >= 0),
  longhand<BasisSpec>({
    name: 'flex-basis',
    key: 'flexBasis',
    inherited: false,
    initial: 'auto',
    parse: single(parseBasis),
    compute: (s, c) => computeLenOrKeyword(s, c.env, true),
  }),
  longhand<string>({
    name: 'justify-content',
    key: 'justifyContent',
    inherited: false,
    initial: 'flex-start',
    parse: alignParser(
      ['flex-start', 'flex-end', 'center', 'space-between', 'space-around', 'space-evenly'],
      {
        normal: 'flex-start',
        start: 'flex-start',
        left: 'flex-start',
        end: 'flex-end',
        right: 'flex-end',
        stretch: 'flex-start',
      },
    ),
  }),
  longhand<string>({
    name: 'align-items',
    key: 'alignItems',
    inherited: false,
    initial: 'stretch',
    parse: alignParser(ALIGN_ITEMS, ALIGN_ALIASES),
  }),
  longhand<string>({
    name: 'align-self',
    key: 'alignSelf',
    inherited: false,
    initial: 'auto',
    parse: alignParser(['auto', ...ALIGN_ITEMS], ALIGN_ALIASES),
  }),
  longhand<string>({
    name: 'align-content',
    key: 'alignContent',
    inherited: false,
    initial: 'stretch',
    parse: alignParser(ALIGN_CONTENT, { normal: 'stretch', start: 'flex-start', end: 'flex-end' }),
  }),
  longhand<LenSpec | { kw: string }>({
    name: 'row-gap',
    key: 'rowGap',
    inherited: false,
    initial: 0,
    parse: single(gapLong),
    compute: (s, c) => computeLenOrKeyword(s, c.env, true),
  }),
  longhand<LenSpec | { kw: string }>({
    name: 'column-gap',
    key: 'columnGap',
    inherited: false,
    initial: 0,
    parse: single(gapLong),
    compute: (s, c) => computeLenOrKeyword(s, c.env, true),
  }),
  longhand<number>({
    name: 'order',
    key: 'order',
    inherited: false,
    initial: 0,
    parse: single(parseInteger),
  }),
);
shorthands.push(
  {
    name: 'gap',
    longhands: ['row-gap', 'column-gap'],
    expand(nodes) {
      const v = nodes.map(gapLong);
      if (v.length < 1 || v.length > 2 || v.some((x) => x === null)) return null;
      return new Map([
        ['row-gap', v[0]],
        ['column-gap', v[1] ?? v[0]],
      ]);
    },
  },
  {
    name: 'flex-flow',
    longhands: ['flex-direction', 'flex-wrap'],
    expand(nodes) {
      let dir: unknown = INITIAL;
      let wrap: unknown = INITIAL;
      for (const n of nodes) {
        const id = ident(n);
        if (
          id &&
          ['row', 'row-reverse', 'column', 'column-reverse'].includes(id) &&
          dir === INITIAL
        )
          dir = id;
        else if (id && ['nowrap', 'wrap', 'wrap-reverse'].includes(id) && wrap === INITIAL)
          wrap = id;
        else return null;
      }
      return nodes.length
        ? new Map([
            ['flex-direction', dir],
            ['flex-wrap', wrap],
          ])
        : null;
    },
  },
  {
    name: 'flex',
    longhands: ['flex-grow', 'flex-shrink', 'flex-basis'],
    expand(nodes) {
      const m = (g: number, s: number, b: BasisSpec): Map<string, unknown> =>
        new Map<string, unknown>([
          ['flex-grow', g],
          ['flex-shrink', s],
          ['flex-basis', b],
        ]);
      const zero: LenSpec = { t: 'pct', v: 0 };
      if (nodes.length === 1) {
        const id = ident(nodes[0]);
        if (id === 'none') return m(0, 0, { kw: 'auto' });
        if (id === 'auto') return m(1, 1, { kw: 'auto' });
      }
      const nums: number[] = [];
      let basis: BasisSpec | null = null;
      for (const n of nodes) {
        const v = n.type === 'Number' && parseFloat(n.value) !== 0 ? parseNumber(n) : null;
        if (v !== null && basis === null && nums.length < 2) {
          if (v < 0) return null;
          nums.push(v);
          continue;
        }
        // A bare 0 is a grow/shrink number until two numbers were seen, then a basis.
        if (n.type === 'Number' && parseFloat(n.value) === 0 && nums.length < 2 && basis === null) {
          nums.push(0);
          continue;
        }
        const b: BasisSpec | null = basis === null ? parseBasis(n) : null;
        if (!b) return null;
        basis = b;
      }
      if (nums.length === 0 && basis === null) return null;
      return m(nums[0] ?? 1, nums[1] ?? 1, basis ?? zero);
    },
  },
);
