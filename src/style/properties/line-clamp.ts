/**
 * Line clamping (CSS Overflow 4 §5): max-lines, block-ellipsis and continue, their shorthand
 * line-clamp, and the legacy -webkit-line-clamp with -webkit-box-orient, which clamp only a
 * `display: -webkit-box` that stacks vertically (resolved in the cascade once display is known).
 */
import type { CssNode } from 'css-tree';
import * as kit from './kit.js';
import type { BlockEllipsis } from '../types.js';
import * as cssValues from '../values.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

function parseMaxLines(n: CssNode): number | 'none' | null {
  if (cssValues.ident(n) === 'none') return 'none';
  const v = cssValues.parseInteger(n);
  return v !== null && v >= 1 ? v : null;
}

function parseBlockEllipsis(n: CssNode): BlockEllipsis | null {
  if (n.type === 'String') return { string: n.value };
  const id = cssValues.ident(n);
  return id === 'none' || id === 'auto' ? id : null;
}

type ContinueSpec = 'auto' | 'discard' | '-webkit-legacy';

longhands.push(
  kit.longhand<number | 'none'>({
    name: 'max-lines',
    key: 'maxLines',
    inherited: false,
    initial: 'none',
    parse: kit.single(parseMaxLines),
  }),
  kit.longhand<BlockEllipsis>({
    name: 'block-ellipsis',
    key: 'blockEllipsis',
    inherited: true,
    initial: 'none',
    parse: kit.single(parseBlockEllipsis),
  }),
  // `collapse` (the newer draft's name for hiding what follows the clamp) lays out as discard.
  kit.keywordProp<ContinueSpec>(
    'continue',
    'continue',
    false,
    'auto',
    ['auto', 'discard', '-webkit-legacy'],
    { collapse: 'discard' },
  ),
  kit.keywordProp(
    '-webkit-box-orient',
    '_boxOrient',
    false,
    'horizontal',
    ['horizontal', 'vertical'],
    {
      'inline-axis': 'horizontal',
      'block-axis': 'vertical',
    },
  ),
);

shorthands.push(
  {
    // none | <integer [1,∞]> <'block-ellipsis'>?
    name: 'line-clamp',
    longhands: ['max-lines', 'block-ellipsis', 'continue'],
    expand(nodes) {
      if (nodes.length === 1 && cssValues.ident(nodes[0]) === 'none') {
        return new Map<string, unknown>([
          ['max-lines', 'none'],
          ['block-ellipsis', 'none'],
          ['continue', 'auto'],
        ]);
      }
      if (nodes.length < 1 || nodes.length > 2) return null;
      const lines = parseMaxLines(nodes[0]);
      const ellipsis = nodes.length === 2 ? parseBlockEllipsis(nodes[1]) : 'auto';
      if (typeof lines !== 'number' || ellipsis === null) return null;
      return new Map<string, unknown>([
        ['max-lines', lines],
        ['block-ellipsis', ellipsis],
        ['continue', 'discard'],
      ]);
    },
  },
  {
    name: '-webkit-line-clamp',
    longhands: ['max-lines', 'block-ellipsis', 'continue'],
    expand(nodes) {
      const lines = nodes.length === 1 ? parseMaxLines(nodes[0]) : null;
      if (lines === null) return null;
      return new Map<string, unknown>([
        ['max-lines', lines],
        ['block-ellipsis', lines === 'none' ? 'none' : 'auto'],
        ['continue', lines === 'none' ? 'auto' : '-webkit-legacy'],
      ]);
    },
  },
);
