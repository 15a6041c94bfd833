/**
 * Display and positioning: display, position, the insets (top … left, inset), float, clear and
 * z-index.
 */
import type { CssNode } from 'css-tree';
import * as kit from './kit.js';
import type { Display, Position } from '../types.js';
import * as cssValues from '../values.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

const positionKeyword = kit.keywordParser<Position>(['static', 'relative', 'absolute', 'fixed'], {
  sticky: 'relative',
  '-webkit-sticky': 'relative',
});

/**
 * The legacy box of old flexbox: a line-clamp container when it stacks vertically and clamps
 * its lines, otherwise a flex container (resolveLegacyBox in the cascade decides which).
 */
export type LegacyBoxDisplay = '-webkit-box' | '-webkit-inline-box';

const DISPLAY_ONE: Readonly<Record<string, Display | LegacyBoxDisplay>> = {
  block: 'block',
  inline: 'inline',
  'inline-block': 'inline-block',
  'flow-root': 'flow-root',
  'list-item': 'list-item',
  flex: 'flex',
  'inline-flex': 'inline-flex',
  table: 'table',
  'inline-table': 'inline-table',
  grid: 'grid',
  'inline-grid': 'inline-grid',
  'table-row-group': 'table-row-group',
  'table-header-group': 'table-header-group',
  'table-footer-group': 'table-footer-group',
  'table-row': 'table-row',
  'table-cell': 'table-cell',
  'table-column-group': 'table-column-group',
  'table-column': 'table-column',
  'table-caption': 'table-caption',
  contents: 'contents',
  none: 'none',
  '-webkit-box': '-webkit-box',
  '-webkit-inline-box': '-webkit-inline-box',
  '-webkit-flex': 'flex',
  '-webkit-inline-flex': 'inline-flex',
  '-ms-flexbox': 'flex',
  '-ms-inline-flexbox': 'inline-flex',
};

function parseDisplay(nodes: readonly CssNode[]): Display | LegacyBoxDisplay | null {
  const ids = nodes.map(cssValues.ident);
  if (ids.some((i) => i === null)) return null;
  if (ids.length === 1) {
    return DISPLAY_ONE[ids[0] as string] ?? null;
  }
  // Two- and three-value syntax: outer inner [list-item].
  const set = new Set(ids as string[]);
  const outer = set.has('inline') ? 'inline' : 'block';
  if (set.has('list-item')) return outer === 'block' ? 'list-item' : null;
  if (set.has('flex')) return outer === 'inline' ? 'inline-flex' : 'flex';
  if (set.has('grid')) return outer === 'inline' ? 'inline-grid' : 'grid';
  if (set.has('flow-root')) return outer === 'inline' ? 'inline-block' : 'flow-root';
  if (set.has('table')) return outer === 'inline' ? 'inline-table' : 'table';
  if (set.has('flow')) return outer;
  return null;
}

longhands.push(
  kit.longhand<Display | LegacyBoxDisplay>({
    name: 'display',
    key: 'display',
    inherited: false,
    initial: 'inline',
    parse: parseDisplay,
  }),
  kit.longhand<Position>({
    name: 'position',
    key: 'position',
    inherited: false,
    initial: 'static',
    parse: kit.single((n): Position | null => {
      // running(<custom-ident>): a running element for page margin boxes (CSS GCPM).
      if (n.type === 'Function' && n.name.toLowerCase() === 'running') {
        const a = n.children.toArray().filter((x) => x.type !== 'WhiteSpace');
        return a.length === 1 && a[0].type === 'Identifier'
          ? (`running(${a[0].name})` as const)
          : null;
      }
      return positionKeyword(n);
    }),
  }),
  kit.lengthProp('top', 'top', false, 'auto', { pct: true }, ['auto']),
  kit.lengthProp('right', 'right', false, 'auto', { pct: true }, ['auto']),
  kit.lengthProp('bottom', 'bottom', false, 'auto', { pct: true }, ['auto']),
  kit.lengthProp('left', 'left', false, 'auto', { pct: true }, ['auto']),
  kit.longhand<number | 'auto'>({
    name: 'z-index',
    key: 'zIndex',
    inherited: false,
    initial: 'auto',
    parse: kit.single((n) => (cssValues.ident(n) === 'auto' ? 'auto' : cssValues.parseInteger(n))),
  }),
  // inline-start/inline-end stay as written here; the cascade maps them to left/right by the
  // parent's direction (the containing block's).
  kit.keywordProp('float', 'float', false, 'none', [
    'none',
    'left',
    'right',
    'inline-start',
    'inline-end',
    'footnote',
  ]),
  kit.keywordProp('clear', 'clear', false, 'none', [
    'none',
    'left',
    'right',
    'both',
    'inline-start',
    'inline-end',
  ]),
);
shorthands.push({
  name: 'inset',
  longhands: ['top', 'right', 'bottom', 'left'],
  expand(nodes) {
    const v = nodes.map((n) => kit.lengthOrKeyword(n, { pct: true }, ['auto']));
    if (v.some((x) => x === null)) return null;
    const s = kit.boxSides(v);
    return (
      s &&
      new Map([
        ['top', s[0]],
        ['right', s[1]],
        ['bottom', s[2]],
        ['left', s[3]],
      ])
    );
  },
});
