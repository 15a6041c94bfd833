/**
 * Replaced content and fragmentation: object-fit and object-position, the break properties
 * (with the legacy page-break aliases), orphans, widows and named pages.
 */
import * as kit from './kit.js';
import * as cssValues from '../values.js';
import { type PosSpec, computePosition, parsePosition } from './backgrounds.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

const BREAK_KW = [
  'auto',
  'avoid',
  'page',
  'left',
  'right',
  'recto',
  'verso',
  'column',
  'avoid-column',
] as const;
const BREAK_ALIASES = {
  'avoid-page': 'avoid',
  always: 'page',
  all: 'page',
  region: 'auto',
  'avoid-region': 'auto',
} as const;
const INSIDE_ALIASES = {
  'avoid-page': 'avoid',
  'avoid-region': 'auto',
} as const;

longhands.push(
  kit.keywordProp('object-fit', 'objectFit', false, 'fill', [
    'fill',
    'contain',
    'cover',
    'none',
    'scale-down',
  ]),
  kit.longhand<PosSpec>({
    name: 'object-position',
    key: 'objectPosition',
    inherited: false,
    initial: { x: { percent: 50, px: 0 }, y: { percent: 50, px: 0 } },
    parse: parsePosition,
    compute: computePosition,
  }),
  kit.keywordProp('break-before', 'breakBefore', false, 'auto', BREAK_KW, BREAK_ALIASES),
  kit.keywordProp('break-after', 'breakAfter', false, 'auto', BREAK_KW, BREAK_ALIASES),
  kit.keywordProp(
    'break-inside',
    'breakInside',
    false,
    'auto',
    ['auto', 'avoid', 'avoid-column'],
    INSIDE_ALIASES,
  ),
  kit.keywordProp('box-decoration-break', 'boxDecorationBreak', false, 'slice', ['slice', 'clone']),
  kit.numberProp('orphans', 'orphans', true, 2, (v) => Number.isInteger(v) && v >= 1),
  kit.numberProp('widows', 'widows', true, 2, (v) => Number.isInteger(v) && v >= 1),
  kit.longhand<string>({
    name: 'page',
    key: 'page',
    inherited: false,
    initial: 'auto',
    parse: kit.single((n) =>
      n.type === 'Identifier' ? (n.name.toLowerCase() === 'auto' ? 'auto' : n.name) : null,
    ),
  }),
);

function aliasShorthand(
  name: string,
  target: string,
  map: Readonly<Record<string, string>>,
): kit.Shorthand {
  return {
    name,
    longhands: [target],
    expand(nodes) {
      const id = nodes.length === 1 ? cssValues.ident(nodes[0]) : null;
      const v = id !== null && Object.prototype.hasOwnProperty.call(map, id) ? map[id] : null;
      return v === null ? null : new Map([[target, v]]);
    },
  };
}
const PAGE_BREAK = {
  auto: 'auto',
  always: 'page',
  avoid: 'avoid',
  left: 'left',
  right: 'right',
  recto: 'recto',
  verso: 'verso',
};
shorthands.push(
  aliasShorthand('page-break-before', 'break-before', PAGE_BREAK),
  aliasShorthand('page-break-after', 'break-after', PAGE_BREAK),
  aliasShorthand('page-break-inside', 'break-inside', { auto: 'auto', avoid: 'avoid' }),
);
