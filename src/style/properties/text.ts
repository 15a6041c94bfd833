/**
 * Text: alignment, indent, transform, decoration, spacing, white-space and breaking, vertical
 * alignment, direction and bidi, hyphenation.
 */
import type { CssNode } from 'css-tree';
import { parseColor } from '../colors.js';
import {
  INITIAL,
  colorProp,
  keywordParser,
  keywordProp,
  lengthOrKeyword,
  longhand,
  single,
  type LenOrKeyword,
  type Longhand,
  type Shorthand,
} from './kit.js';
import type { LineHeight } from '../types.js';
import {
  computeAbsolute,
  computeLength,
  ident,
  parseLength,
  parseNumber,
  type LenSpec,
} from '../values.js';

export const longhands: Longhand[] = [];
export const shorthands: Shorthand[] = [];

const TEXT_ALIGN = ['left', 'right', 'center', 'justify', 'start', 'end'] as const;
const TEXT_ALIGN_ALIASES = {
  '-webkit-left': 'left',
  '-webkit-right': 'right',
  '-webkit-center': 'center',
  '-moz-center': 'center',
  'match-parent': 'start',
  'justify-all': 'justify',
} as const;
const DECORATION_LINES = ['underline', 'overline', 'line-through'] as const;
type DecoLine = (typeof DECORATION_LINES)[number];
function parseDecorationLine(nodes: readonly CssNode[]): DecoLine[] | null {
  const ids = nodes.map(ident);
  if (ids.length === 1 && ids[0] === 'none') return [];
  const out: DecoLine[] = [];
  for (const id of ids) {
    if (id === 'blink') continue;
    if (!DECORATION_LINES.includes(id as DecoLine) || out.includes(id as DecoLine)) return null;
    out.push(id as DecoLine);
  }
  return out;
}
const DECORATION_STYLES = ['solid', 'double', 'dotted', 'dashed', 'wavy'] as const;

function spacingProp(name: string, key: string): Longhand {
  return longhand<LenSpec | 'normal'>({
    name,
    key,
    inherited: true,
    initial: 0,
    parse: single((n) => (ident(n) === 'normal' ? 'normal' : parseLength(n))),
    compute: (s, c) => (s === 'normal' ? 0 : computeAbsolute(s, c.env)),
  });
}

const VALIGN_KW = [
  'baseline',
  'sub',
  'super',
  'top',
  'text-top',
  'middle',
  'bottom',
  'text-bottom',
];

longhands.push(
  keywordProp('text-align', 'textAlign', true, 'start', TEXT_ALIGN, TEXT_ALIGN_ALIASES),
  keywordProp(
    'text-align-last',
    'textAlignLast',
    true,
    'auto',
    ['auto', ...TEXT_ALIGN],
    TEXT_ALIGN_ALIASES,
  ),
  longhand<LenSpec>({
    name: 'text-indent',
    key: 'textIndent',
    inherited: true,
    initial: 0,
    parse: (nodes) => {
      // `hanging` and `each-line` are rare in documents; the length is what matters.
      const lens = nodes.filter((n) => !['hanging', 'each-line'].includes(ident(n) ?? ''));
      return lens.length === 1 ? parseLength(lens[0], { pct: true }) : null;
    },
    compute: (s, c) => computeLength(s, c.env),
  }),
  keywordProp('text-transform', 'textTransform', true, 'none', [
    'none',
    'uppercase',
    'lowercase',
    'capitalize',
  ]),
  longhand<DecoLine[]>({
    name: 'text-decoration-line',
    key: 'textDecorationLine',
    inherited: false,
    initial: [],
    parse: parseDecorationLine,
  }),
  colorProp('text-decoration-color', 'textDecorationColor', false, 'currentcolor'),
  keywordProp('text-decoration-style', 'textDecorationStyle', false, 'solid', DECORATION_STYLES),
  spacingProp('letter-spacing', 'letterSpacing'),
  spacingProp('word-spacing', 'wordSpacing'),
  keywordProp('white-space', 'whiteSpace', true, 'normal', [
    'normal',
    'pre',
    'nowrap',
    'pre-wrap',
    'pre-line',
    'break-spaces',
  ]),
  keywordProp('word-break', 'wordBreak', true, 'normal', [
    'normal',
    'break-all',
    'keep-all',
    'break-word',
  ]),
  keywordProp('overflow-wrap', 'overflowWrap', true, 'normal', [
    'normal',
    'break-word',
    'anywhere',
  ]),
  longhand<number | LenSpec>({
    name: 'tab-size',
    key: 'tabSize',
    inherited: true,
    initial: 8,
    parse: single((n) => {
      const v = parseNumber(n);
      if (v !== null) return v >= 0 ? v : null;
      return parseLength(n, { nonNegative: true });
    }),
    compute: (s, c) => (typeof s === 'number' ? s : { px: computeAbsolute(s, c.env) }),
  }),
  longhand<LenOrKeyword>({
    name: 'vertical-align',
    key: 'verticalAlign',
    inherited: false,
    initial: 'baseline',
    parse: single((n) => lengthOrKeyword(n, { pct: true }, VALIGN_KW)),
    compute: (s, c) => {
      if ('kw' in s) return s.kw;
      const lh = c.self.lineHeight as LineHeight;
      const fs = c.env.fontSize;
      const basis = lh.kind === 'length' ? lh.px : lh.kind === 'number' ? lh.value * fs : 1.2 * fs;
      return computeAbsolute(s, c.env, basis);
    },
  }),
  keywordProp('direction', 'direction', true, 'ltr', ['ltr', 'rtl']),
  keywordProp('unicode-bidi', 'unicodeBidi', false, 'normal', [
    'normal',
    'embed',
    'isolate',
    'bidi-override',
    'isolate-override',
    'plaintext',
  ]),
  keywordProp('hyphens', 'hyphens', true, 'manual', ['none', 'manual', 'auto']),
);
shorthands.push({
  name: 'text-decoration',
  longhands: ['text-decoration-line', 'text-decoration-style', 'text-decoration-color'],
  expand(nodes, ctx) {
    const lines: CssNode[] = [];
    let style: unknown = INITIAL;
    let color: unknown = INITIAL;
    const pStyle = keywordParser(DECORATION_STYLES);
    for (const n of nodes) {
      const id = ident(n);
      if (
        id !== null &&
        (DECORATION_LINES.includes(id as DecoLine) || id === 'none' || id === 'blink')
      ) {
        lines.push(n);
        continue;
      }
      const st = pStyle(n);
      if (st && style === INITIAL) {
        style = st;
        continue;
      }
      const c = parseColor(n);
      if (c && color === INITIAL) {
        color = c;
        continue;
      }
      if (id === 'auto' || id === 'from-font' || parseLength(n, { pct: true })) {
        ctx.warn('text-decoration thickness is taken from the font');
        continue;
      }
      return null;
    }
    const line = lines.length ? parseDecorationLine(lines) : [];
    if (!line) return null;
    return new Map<string, unknown>([
      ['text-decoration-line', line],
      ['text-decoration-style', style],
      ['text-decoration-color', color],
    ]);
  },
});
