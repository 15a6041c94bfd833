/** Flex containers and items: direction, wrap, grow, shrink, basis, alignment, gaps, order. */
import type { CssNode } from 'css-tree';
import * as kit from './kit.js';
import * as cssValues from '../values.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

const ALIGN_ALIASES = {
  normal: 'stretch',
  start: 'flex-start',
  'self-start': 'flex-start',
  end: 'flex-end',
  'self-end': 'flex-end',
  'first baseline': 'baseline',
} as const;
function alignParser<K extends string>(values: readonly K[], aliases: Readonly<Record<string, K>>) {
  const p = kit.keywordParser(values, aliases);
  // `safe`/`unsafe` overflow positions are accepted and ignored.
  return (nodes: readonly CssNode[]): K | null => {
    const rest = nodes.filter((n) => !['safe', 'unsafe'].includes(cssValues.ident(n) ?? ''));
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

/** `normal` is kept: it is 0 between flex items and grid tracks but 1em between columns. */
const gapLong = (n: CssNode): cssValues.LenSpec | { kw: string } | null =>
  cssValues.ident(n) === 'normal'
    ? { kw: 'normal' }
    : cssValues.parseLength(n, { pct: true, nonNegative: true });

type BasisSpec = cssValues.LenSpec | { readonly kw: string };
const parseBasis = (n: CssNode): BasisSpec | null =>
  kit.lengthOrKeyword(n, { pct: true, nonNegative: true }, ['auto', 'content']);

longhands.push(
  kit.keywordProp('flex-direction', 'flexDirection', false, 'row', [
    'row',
    'row-reverse',
    'column',
    'column-reverse',
  ]),
  kit.keywordProp('flex-wrap', 'flexWrap', false, 'nowrap', ['nowrap', 'wrap', 'wrap-reverse']),
  kit.numberProp('flex-grow', 'flexGrow', false, 0, (v) => v >= 0),
  kit.numberProp('flex-shrink', 'flexShrink', false, 1, (v) => v >= 0),
  kit.longhand<BasisSpec>({
    name: 'flex-basis',
    key: 'flexBasis',
    inherited: false,
    initial: 'auto',
    parse: kit.single(parseBasis),
    compute: (s, c) => kit.computeLenOrKeyword(s, c.env, true),
  }),
  kit.longhand<string>({
    name: 'justify-content',
    key: 'justifyContent',
    inherited: false,
    initial: 'normal',
    parse: alignParser(['normal', ...ALIGN_CONTENT], {
      start: 'flex-start',
      left: 'flex-start',
      end: 'flex-end',
      right: 'flex-end',
    }),
  }),
  kit.longhand<string>({
    name: 'align-items',
    key: 'alignItems',
    inherited: false,
    initial: 'stretch',
    parse: alignParser(ALIGN_ITEMS, ALIGN_ALIASES),
  }),
  kit.longhand<string>({
    name: 'align-self',
    key: 'alignSelf',
    inherited: false,
    initial: 'auto',
    parse: alignParser(['auto', ...ALIGN_ITEMS], ALIGN_ALIASES),
  }),
  kit.longhand<string>({
    name: 'align-content',
    key: 'alignContent',
    inherited: false,
    initial: 'stretch',
    parse: alignParser(ALIGN_CONTENT, { normal: 'stretch', start: 'flex-start', end: 'flex-end' }),
  }),
  kit.longhand<cssValues.LenSpec | { kw: string }>({
    name: 'row-gap',
    key: 'rowGap',
    inherited: false,
    initial: 0,
    parse: kit.single(gapLong),
    compute: (s, c) => ('kw' in s ? 0 : kit.computeLenOrKeyword(s, c.env, true)),
  }),
  kit.longhand<cssValues.LenSpec | { kw: string }>({
    name: 'column-gap',
    key: 'columnGap',
    inherited: false,
    initial: 'normal',
    parse: kit.single(gapLong),
    compute: (s, c) => kit.computeLenOrKeyword(s, c.env, true),
  }),
  kit.longhand<number>({
    name: 'order',
    key: 'order',
    inherited: false,
    initial: 0,
    parse: kit.single(cssValues.parseInteger),
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
      let dir: unknown = kit.INITIAL;
      let wrap: unknown = kit.INITIAL;
      for (const n of nodes) {
        const id = cssValues.ident(n);
        if (
          id &&
          ['row', 'row-reverse', 'column', 'column-reverse'].includes(id) &&
          dir === kit.INITIAL
        )
          dir = id;
        else if (id && ['nowrap', 'wrap', 'wrap-reverse'].includes(id) && wrap === kit.INITIAL)
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
      const zero: cssValues.LenSpec = { t: 'pct', v: 0 };
      if (nodes.length === 1) {
        const id = cssValues.ident(nodes[0]);
        if (id === 'none') return m(0, 0, { kw: 'auto' });
        if (id === 'auto') return m(1, 1, { kw: 'auto' });
      }
      const nums: number[] = [];
      let basis: BasisSpec | null = null;
      for (const n of nodes) {
        const v =
          n.type === 'Number' && parseFloat(n.value) !== 0 ? cssValues.parseNumber(n) : null;
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
