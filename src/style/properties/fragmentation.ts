/**
 * Replaced content and fragmentation: object-fit and object-position, the break properties
 * (with the legacy page-break aliases), orphans, widows and named pages.
 */
import { keywordProp, longhand, numberProp, single, type Shorthand, type Longhand } from './kit.js';
import { ident } from '../values.js';
import { type PosSpec, computePosition, parsePosition } from './backgrounds.js';

export const longhands: Longhand[] = [];
export const shorthands: Shorthand[] = [];

const BREAK_KW = ['auto', 'avoid', 'page', 'left', 'right', 'recto', 'verso'] as const;
const BREAK_ALIASES = {
  'avoid-page': 'avoid',
  always: 'page',
  all: 'page',
  column: 'auto',
  'avoid-column': 'auto',
  region: 'auto',
  'avoid-region': 'auto',
} as const;
const INSIDE_ALIASES = {
  'avoid-page': 'avoid',
  'avoid-column': 'auto',
  'avoid-region': 'auto',
} as const;

longhands.push(
  keywordProp('object-fit', 'objectFit', false, 'fill', [
    'fill',
    'contain',
    'cover',
    'none',
    'scale-down',
  ]),
  longhand<PosSpec>({
    name: 'object-position',
    key: 'objectPosition',
    inherited: false,
    initial: { x: { percent: 50, px: 0 }, y: { percent: 50, px: 0 } },
    parse: parsePosition,
    compute: computePosition,
  }),
  keywordProp('break-before', 'breakBefore', false, 'auto', BREAK_KW, BREAK_ALIASES),
  keywordProp('break-after', 'breakAfter', false, 'auto', BREAK_KW, BREAK_ALIASES),
  keywordProp('break-inside', 'breakInside', false, 'auto', ['auto', 'avoid'], INSIDE_ALIASES),
  numberProp('orphans', 'orphans', true, 2, (v) => Number.isInteger(v) && v >= 1),
  numberProp('widows', 'widows', true, 2, (v) => Number.isInteger(v) && v >= 1),
  longhand<string>({
    name: 'page',
    key: 'page',
    inherited: false,
    initial: 'auto',
    parse: single((n) =>
      n.type === 'Identifier' ? (n.name.toLowerCase() === 'auto' ? 'auto' : n.name) : null,
    ),
  }),
);

function aliasShorthand(
  name: string,
  target: string,
  map: Readonly<Record<string, string>>,
): Shorthand {
  return {
    name,
    longhands: [target],
    expand(nodes) {
      const id = nodes.length === 1 ? ident(nodes[0]) : null;
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
