/**
 * Text: alignment, indent, transform, decoration, spacing, white-space and breaking, vertical
 * alignment, direction and bidi, hyphenation.
 */
import type { CssNode } from 'css-tree';
import { parseColor } from '../colors.js';
import * as kit from './kit.js';
import type {
  HyphenateLimitChars,
  InitialLetter,
  LineHeight,
  TextOverflow,
  TextWrapMode,
  WhiteSpace,
  WhiteSpaceCollapse,
} from '../types.js';
import * as cssValues from '../values.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

const TEXT_ALIGN = ['left', 'right', 'center', 'justify', 'start', 'end'] as const;
const TEXT_ALIGN_ALIASES = {
  '-webkit-left': 'left',
  '-webkit-right': 'right',
  '-webkit-center': 'center',
  '-moz-center': 'center',
  'match-parent': 'start',
  'justify-all': 'justify',
} as const;
/**
 * text-align as cascaded: the legacy keywords of presentational alignment (align=center,
 * <center>) align like their plain forms but are not inherited into tables; the internal ones
 * are the user-agent rules of tables and header cells.
 */
const LEGACY_ALIGN = ['-webkit-left', '-webkit-right', '-webkit-center'] as const;
const TEXT_ALIGN_SPECIFIED = [
  ...TEXT_ALIGN,
  ...LEGACY_ALIGN,
  '-internal-table',
  '-internal-th',
] as const;
export type TextAlignSpec = (typeof TEXT_ALIGN_SPECIFIED)[number];
const TEXT_ALIGN_SPECIFIED_ALIASES = {
  '-moz-center': '-webkit-center',
  '-moz-left': '-webkit-left',
  '-moz-right': '-webkit-right',
  'match-parent': 'start',
  'justify-all': 'justify',
} as const;

function isLegacyAlign(a: TextAlignSpec): boolean {
  return (LEGACY_ALIGN as readonly string[]).includes(a);
}

/** The alignment a cascaded text-align keyword lays lines out with. */
export function usedTextAlign(a: TextAlignSpec): (typeof TEXT_ALIGN)[number] {
  if (a === '-webkit-left') return 'left';
  if (a === '-webkit-right') return 'right';
  if (a === '-webkit-center') return 'center';
  // The internal keywords compute to another keyword; these are never left over.
  if (a === '-internal-table' || a === '-internal-th') return 'start';
  return a;
}

const DECORATION_LINES = ['underline', 'overline', 'line-through'] as const;
type DecoLine = (typeof DECORATION_LINES)[number];
function parseDecorationLine(nodes: readonly CssNode[]): DecoLine[] | null {
  const ids = nodes.map(cssValues.ident);
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

function spacingProp(name: string, key: string): kit.Longhand {
  return kit.longhand<cssValues.LenSpec | 'normal'>({
    name,
    key,
    inherited: true,
    initial: 0,
    parse: kit.single((n) =>
      cssValues.ident(n) === 'normal' ? 'normal' : cssValues.parseLength(n),
    ),
    compute: (s, c) => (s === 'normal' ? 0 : cssValues.computeAbsolute(s, c.env)),
  });
}

// ---------------------------------------------------------------------------------------------
// White space and wrapping (CSS Text 4 §3, §5.1): white-space is the shorthand of
// white-space-collapse and text-wrap-mode, text-wrap of text-wrap-mode and text-wrap-style.

const COLLAPSE = ['collapse', 'preserve', 'preserve-breaks', 'break-spaces'] as const;
const WRAP_MODES = ['wrap', 'nowrap'] as const;
const WRAP_STYLES = ['auto', 'balance', 'pretty'] as const;
const WHITE_SPACE_TRIM = ['discard-before', 'discard-after', 'discard-inner'];

/** The legacy white-space keywords as the pair of longhands they stand for. */
const LEGACY_WHITE_SPACE: Readonly<Record<string, readonly [WhiteSpaceCollapse, TextWrapMode]>> = {
  normal: ['collapse', 'wrap'],
  pre: ['preserve', 'nowrap'],
  nowrap: ['collapse', 'nowrap'],
  'pre-wrap': ['preserve', 'wrap'],
  'pre-line': ['preserve-breaks', 'wrap'],
  'break-spaces': ['break-spaces', 'wrap'],
};

function parseCollapse(n: CssNode, ctx: kit.ParseCtx): WhiteSpaceCollapse | null {
  if (cssValues.ident(n) === 'preserve-spaces') {
    // Spaces kept, segment breaks turned into spaces: no line breaker here keeps the one
    // without the other, and keeping both loses no text.
    ctx.warn("white-space-collapse: preserve-spaces is not supported; laid out as 'preserve'");
    return 'preserve';
  }
  return kit.keywordParser(COLLAPSE)(n);
}

/**
 * The white-space value layout works with, from the two longhands; break-spaces that may not
 * wrap keeps its spaces as pre does.
 */
export function legacyWhiteSpace(collapse: WhiteSpaceCollapse, mode: TextWrapMode): WhiteSpace {
  if (mode === 'nowrap') {
    if (collapse === 'collapse') return 'nowrap';
    return collapse === 'preserve-breaks' ? 'pre-line-nowrap' : 'pre';
  }
  if (collapse === 'collapse') return 'normal';
  if (collapse === 'preserve') return 'pre-wrap';
  return collapse === 'preserve-breaks' ? 'pre-line' : 'break-spaces';
}

shorthands.push(
  {
    name: 'white-space',
    longhands: ['white-space-collapse', 'text-wrap-mode'],
    expand(nodes, ctx) {
      const legacy =
        nodes.length === 1 ? LEGACY_WHITE_SPACE[cssValues.ident(nodes[0]) ?? ''] : null;
      if (legacy) {
        return new Map<string, unknown>([
          ['white-space-collapse', legacy[0]],
          ['text-wrap-mode', legacy[1]],
        ]);
      }
      // <'white-space-collapse'> || <'text-wrap-mode'> || <'white-space-trim'>
      let collapse: unknown = kit.INITIAL;
      let mode: unknown = kit.INITIAL;
      let trim = false;
      for (const n of nodes) {
        const id = cssValues.ident(n) ?? '';
        const m = kit.keywordParser(WRAP_MODES)(n);
        if (m && mode === kit.INITIAL) mode = m;
        else if (WHITE_SPACE_TRIM.includes(id) && !trim) trim = true;
        else if (collapse === kit.INITIAL && (collapse = parseCollapse(n, ctx)) !== null) continue;
        else return null;
      }
      if (trim) ctx.warn('white-space-trim is not supported; the white space was kept');
      return new Map<string, unknown>([
        ['white-space-collapse', collapse],
        ['text-wrap-mode', mode],
      ]);
    },
  },
  {
    name: 'text-wrap',
    longhands: ['text-wrap-mode', 'text-wrap-style'],
    expand(nodes) {
      const pMode = kit.keywordParser(WRAP_MODES);
      const pStyle = kit.keywordParser(WRAP_STYLES, { stable: 'auto' });
      let mode: unknown = kit.INITIAL;
      let style: unknown = kit.INITIAL;
      for (const n of nodes) {
        const m = pMode(n);
        const st = m ? null : pStyle(n);
        if (m && mode === kit.INITIAL) mode = m;
        else if (st && style === kit.INITIAL) style = st;
        else return null;
      }
      return new Map<string, unknown>([
        ['text-wrap-mode', mode],
        ['text-wrap-style', style],
      ]);
    },
  },
);

/** normal | <number [1,∞]> [<integer [1,∞]> | drop | raise]? (drop, the default: sunk its size). */
function parseInitialLetter(nodes: readonly CssNode[]): InitialLetter | null {
  if (nodes.length === 1 && cssValues.ident(nodes[0]) === 'normal') return 'normal';
  if (nodes.length < 1 || nodes.length > 2) return null;
  const size = cssValues.parseNumber(nodes[0]);
  if (size === null || size < 1) return null;
  const second = nodes[1];
  if (!second) return { size, sink: Math.max(1, Math.floor(size)) };
  const id = cssValues.ident(second);
  if (id === 'drop') return { size, sink: Math.max(1, Math.floor(size)) };
  if (id === 'raise') return { size, sink: 1 };
  const sink = cssValues.parseInteger(second);
  return sink !== null && sink >= 1 ? { size, sink } : null;
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
  kit.longhand<TextAlignSpec>({
    name: 'text-align',
    // The cascaded keyword, legacy ones kept apart; the cascade derives `textAlign` from it.
    key: '_textAlign',
    inherited: true,
    initial: 'start',
    parse: kit.single(kit.keywordParser(TEXT_ALIGN_SPECIFIED, TEXT_ALIGN_SPECIFIED_ALIASES)),
    compute: (spec, ctx) => {
      const inherited = ctx.parent._textAlign as TextAlignSpec;
      // A table does not inherit the legacy alignment of <center> or align=center around it,
      // which aligns its text anew from the start (as browsers do).
      if (spec === '-internal-table') return isLegacyAlign(inherited) ? 'start' : inherited;
      // A header cell is centred unless the row around it sets an alignment of its own.
      if (spec === '-internal-th') return inherited === 'start' ? 'center' : inherited;
      return spec;
    },
  }),
  kit.keywordProp(
    'text-align-last',
    'textAlignLast',
    true,
    'auto',
    ['auto', ...TEXT_ALIGN],
    TEXT_ALIGN_ALIASES,
  ),
  kit.longhand<cssValues.LenSpec>({
    name: 'text-indent',
    key: 'textIndent',
    inherited: true,
    initial: 0,
    parse: (nodes) => {
      // `hanging` and `each-line` are rare in documents; the length is what matters.
      const lens = nodes.filter(
        (n) => !['hanging', 'each-line'].includes(cssValues.ident(n) ?? ''),
      );
      return lens.length === 1 ? cssValues.parseLength(lens[0], { pct: true }) : null;
    },
    compute: (s, c) => cssValues.computeLength(s, c.env),
  }),
  kit.keywordProp('text-transform', 'textTransform', true, 'none', [
    'none',
    'uppercase',
    'lowercase',
    'capitalize',
  ]),
  kit.longhand<DecoLine[]>({
    name: 'text-decoration-line',
    key: 'textDecorationLine',
    inherited: false,
    initial: [],
    parse: parseDecorationLine,
  }),
  kit.colorProp('text-decoration-color', 'textDecorationColor', false, 'currentcolor'),
  kit.keywordProp(
    'text-decoration-style',
    'textDecorationStyle',
    false,
    'solid',
    DECORATION_STYLES,
  ),
  decorationLength('text-decoration-thickness', 'textDecorationThickness', false, ['from-font']),
  decorationLength('text-underline-offset', 'textUnderlineOffset', true, []),
  kit.keywordProp(
    'text-underline-position',
    'textUnderlinePosition',
    true,
    'auto',
    ['auto', 'under', 'from-font'],
    // Sideways positions only matter in vertical text, which is laid out horizontally here.
    { left: 'auto', right: 'auto' },
  ),
  spacingProp('letter-spacing', 'letterSpacing'),
  spacingProp('word-spacing', 'wordSpacing'),
  kit.longhand<WhiteSpaceCollapse>({
    name: 'white-space-collapse',
    key: 'whiteSpaceCollapse',
    inherited: true,
    initial: 'collapse',
    parse: (nodes, ctx) => (nodes.length === 1 ? parseCollapse(nodes[0], ctx) : null),
  }),
  kit.keywordProp('text-wrap-mode', 'textWrapMode', true, 'wrap', WRAP_MODES),
  kit.keywordProp('text-wrap-style', 'textWrapStyle', true, 'auto', WRAP_STYLES, {
    stable: 'auto',
  }),
  kit.keywordProp('word-break', 'wordBreak', true, 'normal', [
    'normal',
    'break-all',
    'keep-all',
    'break-word',
  ]),
  kit.keywordProp('overflow-wrap', 'overflowWrap', true, 'normal', [
    'normal',
    'break-word',
    'anywhere',
  ]),
  kit.longhand<number | cssValues.LenSpec>({
    name: 'tab-size',
    key: 'tabSize',
    inherited: true,
    initial: 8,
    parse: kit.single((n) => {
      const v = cssValues.parseNumber(n);
      if (v !== null) return v >= 0 ? v : null;
      return cssValues.parseLength(n, { nonNegative: true });
    }),
    compute: (s, c) => (typeof s === 'number' ? s : { px: cssValues.computeAbsolute(s, c.env) }),
  }),
  kit.longhand<kit.LenOrKeyword>({
    name: 'vertical-align',
    key: 'verticalAlign',
    inherited: false,
    initial: 'baseline',
    parse: kit.single((n) => kit.lengthOrKeyword(n, { pct: true }, VALIGN_KW)),
    compute: (s, c) => {
      if ('kw' in s) return s.kw;
      const lh = c.self.lineHeight as LineHeight;
      const fs = c.env.fontSize;
      const basis = lh.kind === 'length' ? lh.px : lh.kind === 'number' ? lh.value * fs : 1.2 * fs;
      return cssValues.computeAbsolute(s, c.env, basis);
    },
  }),
  kit.longhand<InitialLetter>({
    name: 'initial-letter',
    key: 'initialLetter',
    inherited: false,
    initial: 'normal',
    parse: parseInitialLetter,
  }),
  kit.keywordProp('direction', 'direction', true, 'ltr', ['ltr', 'rtl']),
  kit.keywordProp('unicode-bidi', 'unicodeBidi', false, 'normal', [
    'normal',
    'embed',
    'isolate',
    'bidi-override',
    'isolate-override',
    'plaintext',
  ]),
  kit.keywordProp('hyphens', 'hyphens', true, 'manual', ['none', 'manual', 'auto']),
  // Shortest word hyphenated, and fewest characters before and after the break (auto: the
  // language's patterns decide).
  kit.longhand<HyphenateLimitChars>({
    name: 'hyphenate-limit-chars',
    key: 'hyphenateLimitChars',
    inherited: true,
    initial: { word: 'auto', before: 'auto', after: 'auto' },
    parse: (nodes) => {
      if (nodes.length < 1 || nodes.length > 3) return null;
      const vals = nodes.map((n) =>
        cssValues.ident(n) === 'auto' ? 'auto' : cssValues.parseInteger(n),
      );
      if (vals.some((v) => v === null || (typeof v === 'number' && v < 0))) return null;
      const [word, before = 'auto', after = before] = vals as (number | 'auto')[];
      return { word, before, after };
    },
  }),
  // What an inserted hyphen draws: the font's hyphen (auto) or the author's string.
  kit.longhand<string>({
    name: 'hyphenate-character',
    key: 'hyphenateCharacter',
    inherited: true,
    initial: 'auto',
    parse: kit.single((n) =>
      n.type === 'String' ? n.value : cssValues.ident(n) === 'auto' ? 'auto' : null,
    ),
  }),
  kit.longhand<TextOverflow>({
    name: 'text-overflow',
    key: 'textOverflow',
    inherited: false,
    initial: 'clip',
    // One value is the end edge's (the start edge's second value matters only for text
    // scrolled to its end, which print never shows).
    parse: (nodes) => {
      if (nodes.length < 1 || nodes.length > 2) return null;
      const last = nodes[nodes.length - 1];
      const read = (n: CssNode): TextOverflow | null => {
        const id = cssValues.ident(n);
        if (id === 'clip' || id === 'ellipsis') return id;
        return n.type === 'String' ? { string: n.value } : null;
      };
      if (nodes.length === 2 && !read(nodes[0])) return null;
      return read(last);
    },
  }),
);
shorthands.push({
  name: 'text-decoration',
  longhands: [
    'text-decoration-line',
    'text-decoration-style',
    'text-decoration-color',
    'text-decoration-thickness',
  ],
  expand(nodes) {
    const lines: CssNode[] = [];
    let style: unknown = kit.INITIAL;
    let color: unknown = kit.INITIAL;
    let thickness: unknown = kit.INITIAL;
    const pStyle = kit.keywordParser(DECORATION_STYLES);
    for (const n of nodes) {
      const id = cssValues.ident(n);
      if (
        id !== null &&
        (DECORATION_LINES.includes(id as DecoLine) || id === 'none' || id === 'blink')
      ) {
        lines.push(n);
        continue;
      }
      const st = pStyle(n);
      if (st && style === kit.INITIAL) {
        style = st;
        continue;
      }
      const c = parseColor(n);
      if (c && color === kit.INITIAL) {
        color = c;
        continue;
      }
      const t = thickness === kit.INITIAL ? parseDecorationLength(n, ['from-font']) : null;
      if (t) {
        thickness = t;
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
      ['text-decoration-thickness', thickness],
    ]);
  },
});

/** `auto`, a keyword meaning auto, or a length or percentage of 1em. */
function parseDecorationLength(
  n: CssNode,
  autoKeywords: readonly string[],
): 'auto' | cssValues.LenSpec | null {
  const id = cssValues.ident(n);
  if (id !== null) return id === 'auto' || autoKeywords.includes(id) ? 'auto' : null;
  return cssValues.parseLength(n, { pct: true });
}

/** text-decoration-thickness and text-underline-offset: px, percentages of the font size. */
function decorationLength(
  name: string,
  key: string,
  inherited: boolean,
  autoKeywords: readonly string[],
): kit.Longhand {
  return kit.longhand<'auto' | cssValues.LenSpec>({
    name,
    key,
    inherited,
    initial: 'auto',
    parse: kit.single((n) => parseDecorationLength(n, autoKeywords)),
    compute: (s, c) =>
      s === 'auto' ? 'auto' : cssValues.computeAbsolute(s, c.env, c.env.fontSize),
  });
}
