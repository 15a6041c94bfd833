/**
 * Multi-column layout: column-count, column-width and their `columns` shorthand, the column
 * rule, column-span and column-fill. (column-gap is shared with flex and grid: flex.ts.)
 */
import type { CssNode } from 'css-tree';
import * as kit from './kit.js';
import { BORDER_STYLES, parseBorderParts, parseBorderWidth } from './box.js';
import * as cssValues from '../values.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

/** More columns than this are not laid out (Chromium caps column-count likewise). */
const MAX_COLUMNS = 1000;

function parseCount(n: CssNode): number | 'auto' | null {
  if (cssValues.ident(n) === 'auto') return 'auto';
  const v = cssValues.parseInteger(n);
  return v !== null && v >= 1 ? Math.min(v, MAX_COLUMNS) : null;
}

type WidthSpec = cssValues.LenSpec | { readonly kw: 'auto' };
function parseWidth(n: CssNode): WidthSpec | null {
  if (cssValues.ident(n) === 'auto') return { kw: 'auto' };
  return cssValues.parseLength(n, { nonNegative: true });
}

longhands.push(
  kit.longhand<number | 'auto'>({
    name: 'column-count',
    key: 'columnCount',
    inherited: false,
    initial: 'auto',
    parse: kit.single(parseCount),
  }),
  kit.longhand<WidthSpec>({
    name: 'column-width',
    key: 'columnWidth',
    inherited: false,
    initial: 'auto',
    parse: kit.single(parseWidth),
    compute: (s, c) => ('kw' in s ? 'auto' : cssValues.computeAbsolute(s, c.env)),
  }),
  kit.longhand<cssValues.LenSpec>({
    name: 'column-rule-width',
    key: 'columnRuleWidth',
    inherited: false,
    initial: 3,
    parse: kit.single(parseBorderWidth),
    compute: (v, c) => cssValues.computeAbsolute(v, c.env),
  }),
  kit.keywordProp('column-rule-style', 'columnRuleStyle', false, 'none', BORDER_STYLES),
  kit.colorProp('column-rule-color', 'columnRuleColor', false, 'currentcolor'),
  kit.keywordProp('column-span', 'columnSpan', false, 'none', ['none', 'all']),
  kit.keywordProp('column-fill', 'columnFill', false, 'balance', [
    'auto',
    'balance',
    'balance-all',
  ]),
);

shorthands.push(
  {
    // [ column-width || column-count ]; `auto` fills whichever is left.
    name: 'columns',
    longhands: ['column-width', 'column-count'],
    expand(nodes) {
      if (nodes.length < 1 || nodes.length > 2) return null;
      let width: WidthSpec | undefined;
      let count: number | 'auto' | undefined;
      let autos = 0;
      for (const n of nodes) {
        if (cssValues.ident(n) === 'auto') {
          autos++;
          continue;
        }
        if (n.type === 'Number' && count === undefined) {
          const c = parseCount(n);
          if (c === null) return null;
          count = c;
          continue;
        }
        const w = parseWidth(n);
        if (!w || width !== undefined) return null;
        width = w;
      }
      if (autos > 2) return null;
      return new Map<string, unknown>([
        ['column-width', width ?? { kw: 'auto' }],
        ['column-count', count ?? 'auto'],
      ]);
    },
  },
  {
    name: 'column-rule',
    longhands: ['column-rule-width', 'column-rule-style', 'column-rule-color'],
    expand(nodes) {
      const p = parseBorderParts(nodes);
      if (!p) return null;
      return new Map<string, unknown>([
        ['column-rule-width', p.w ?? kit.INITIAL],
        ['column-rule-style', p.s ?? kit.INITIAL],
        ['column-rule-color', p.c ?? kit.INITIAL],
      ]);
    },
  },
);
