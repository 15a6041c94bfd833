/**
 * Fonts: family, size (relative to the parent's), weight, style, stretch, variant caps and
 * line-height, with the `font` and `font-variant` shorthands.
 */
import type { CssNode } from 'css-tree';
import { parseLigatures, parseNumeric, variantSubvalues } from './font-features.js';
import * as kit from './kit.js';
import type { LineHeight } from '../types.js';
import * as cssValues from '../values.js';
import { CSS_FONT_SIZE_KEYWORDS, CSS_FONT_STRETCH_KEYWORDS } from '../../document/index.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

const GENERIC = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-serif',
  'ui-sans-serif',
  'ui-monospace',
  'math',
  'emoji',
]);

function parseFontFamily(nodes: readonly CssNode[]): string[] | null {
  const out: string[] = [];
  for (const part of cssValues.splitCommas(nodes)) {
    if (part.length === 1 && part[0].type === 'String') {
      out.push(part[0].value);
      continue;
    }
    const ids = part.map((n) => (n.type === 'Identifier' ? n.name : null));
    if (ids.length === 0 || ids.some((i) => i === null)) return null;
    const name = (ids as string[]).join(' ');
    const lower = name.toLowerCase();
    if (['inherit', 'initial', 'unset', 'default', 'revert'].includes(lower)) return null;
    out.push(ids.length === 1 && GENERIC.has(lower) ? lower : name);
  }
  return out;
}

const FONT_SIZE_KW = CSS_FONT_SIZE_KEYWORDS;
type FontSizeSpec = cssValues.LenSpec | { readonly kw: string };
function parseFontSize(n: CssNode): FontSizeSpec | null {
  const id = cssValues.ident(n);
  if (id !== null)
    return id in FONT_SIZE_KW || id === 'larger' || id === 'smaller' ? { kw: id } : null;
  return cssValues.parseLength(n, { pct: true, nonNegative: true });
}
/**
 * font-size resolves against the parent's font size, which `ctx.env.fontSize` carries here
 * (times the element's own zoom factor).
 */
function computeFontSize(s: FontSizeSpec, c: kit.ComputeCtx): number {
  const parent = c.env.fontSize;
  if ('kw' in s) {
    if (s.kw === 'larger') return parent * 1.2;
    if (s.kw === 'smaller') return parent / 1.2;
    // The parser keeps only the keywords of the table (and larger, smaller).
    const kw = FONT_SIZE_KW[s.kw];
    return kw === undefined ? parent : kw * (c.env.zoom ?? 1);
  }
  return Math.max(0, cssValues.computeAbsolute(s, c.env, parent));
}

type WeightSpec = number | 'bolder' | 'lighter';
function parseFontWeight(n: CssNode): WeightSpec | null {
  const id = cssValues.ident(n);
  if (id === 'normal') return 400;
  if (id === 'bold') return 700;
  if (id === 'bolder' || id === 'lighter') return id;
  const v = cssValues.parseNumber(n);
  return v !== null && v >= 1 && v <= 1000 ? v : null;
}
function computeFontWeight(s: WeightSpec, c: kit.ComputeCtx): number {
  if (typeof s === 'number') return s;
  const p = c.parent.fontWeight as number;
  // CSS Fonts 4 relative weights table.
  if (s === 'bolder') return p < 350 ? 400 : p < 550 ? 700 : Math.max(900, p);
  return p < 550 ? Math.min(100, p) : p < 750 ? 400 : 700;
}

const parseFontStyleKw = kit.keywordParser(['normal', 'italic', 'oblique'] as const);
function parseFontStyle(nodes: readonly CssNode[]): 'normal' | 'italic' | 'oblique' | null {
  if (
    nodes.length === 2 &&
    cssValues.ident(nodes[0]) === 'oblique' &&
    cssValues.parseAngle(nodes[1]) !== null
  )
    return 'oblique';
  return nodes.length === 1 ? parseFontStyleKw(nodes[0]) : null;
}

type LineHeightSpec = { readonly kw: 'normal' } | { readonly num: number } | cssValues.LenSpec;
function parseLineHeight(n: CssNode): LineHeightSpec | null {
  if (cssValues.ident(n) === 'normal') return { kw: 'normal' };
  const num = cssValues.parseNumber(n);
  if (num !== null) return num >= 0 ? { num } : null;
  return cssValues.parseLength(n, { pct: true, nonNegative: true });
}
function computeLineHeight(s: LineHeightSpec, c: kit.ComputeCtx): LineHeight {
  if ('kw' in s) return { kind: 'normal' };
  if ('num' in s) return { kind: 'number', value: s.num };
  return { kind: 'length', px: Math.max(0, cssValues.computeAbsolute(s, c.env, c.env.fontSize)) };
}

const FONT_STRETCH = ['normal', ...CSS_FONT_STRETCH_KEYWORDS];

longhands.push(
  kit.longhand<string[]>({
    name: 'font-family',
    key: 'fontFamily',
    inherited: true,
    initial: ['serif'],
    parse: parseFontFamily,
  }),
  kit.longhand<FontSizeSpec>({
    name: 'font-size',
    key: 'fontSize',
    inherited: true,
    initial: 16,
    parse: kit.single(parseFontSize),
    compute: computeFontSize,
  }),
  kit.longhand<WeightSpec>({
    name: 'font-weight',
    key: 'fontWeight',
    inherited: true,
    initial: 400,
    parse: kit.single(parseFontWeight),
    compute: computeFontWeight,
  }),
  kit.longhand<'normal' | 'italic' | 'oblique'>({
    name: 'font-style',
    key: 'fontStyle',
    inherited: true,
    initial: 'normal',
    parse: parseFontStyle,
  }),
  kit.keywordProp('font-variant-caps', 'fontVariantCaps', true, 'normal', [
    'normal',
    'small-caps',
    'all-small-caps',
    'petite-caps',
    'all-petite-caps',
    'unicase',
    'titling-caps',
  ]),
  kit.longhand<string>({
    name: 'font-stretch',
    key: '_fontStretch',
    inherited: true,
    initial: 'normal',
    parse: kit.single((n) => {
      const id = cssValues.ident(n);
      return id && FONT_STRETCH.includes(id) ? id : n.type === 'Percentage' ? 'normal' : null;
    }),
  }),
  kit.longhand<LineHeightSpec>({
    name: 'line-height',
    key: 'lineHeight',
    inherited: true,
    initial: { kind: 'normal' },
    parse: kit.single(parseLineHeight),
    compute: computeLineHeight,
  }),
);

const CAPS = new Set([
  'small-caps',
  'all-small-caps',
  'petite-caps',
  'all-petite-caps',
  'unicase',
  'titling-caps',
]);
/** Keywords of font-variant's east-asian and alternates parts, which fonts here do not use. */
const OTHER_VARIANTS = new Set([
  'historical-forms',
  'jis78',
  'jis83',
  'jis90',
  'jis04',
  'simplified',
  'traditional',
  'full-width',
  'proportional-width',
  'ruby',
]);

shorthands.push({
  name: 'font-variant',
  longhands: [
    'font-variant-caps',
    'font-variant-ligatures',
    'font-variant-numeric',
    'font-variant-position',
  ],
  expand(nodes) {
    const ids = nodes.map(cssValues.ident);
    // What the value leaves out returns to its initial value.
    const out = new Map<string, unknown>([
      ['font-variant-caps', kit.INITIAL],
      ['font-variant-ligatures', kit.INITIAL],
      ['font-variant-numeric', kit.INITIAL],
      ['font-variant-position', kit.INITIAL],
    ]);
    if (ids.length === 1 && (ids[0] === 'normal' || ids[0] === 'none')) {
      if (ids[0] === 'none') out.set('font-variant-ligatures', parseLigatures(nodes));
      return out;
    }
    const parts = variantSubvalues(nodes);
    if (parts.ligatures.length > 0) {
      const v = parseLigatures(parts.ligatures);
      if (!v) return null;
      out.set('font-variant-ligatures', v);
    }
    if (parts.numeric.length > 0) {
      const v = parseNumeric(parts.numeric);
      if (!v) return null;
      out.set('font-variant-numeric', v);
    }
    if (parts.position.length > 1) return null;
    if (parts.position.length === 1)
      out.set('font-variant-position', cssValues.ident(parts.position[0]));
    for (const n of parts.rest) {
      const id = cssValues.ident(n);
      if (id !== null && CAPS.has(id) && out.get('font-variant-caps') === kit.INITIAL)
        out.set('font-variant-caps', id);
      else if (id === null || !OTHER_VARIANTS.has(id)) return null;
    }
    return out;
  },
});

shorthands.push({
  name: 'font',
  longhands: [
    'font-style',
    'font-variant-caps',
    'font-variant-ligatures',
    'font-variant-numeric',
    'font-variant-position',
    'font-kerning',
    'font-weight',
    'font-stretch',
    'font-size',
    'line-height',
    'font-family',
  ],
  expand(nodes) {
    let style: unknown = kit.INITIAL;
    let variant: unknown = kit.INITIAL;
    let weight: unknown = kit.INITIAL;
    let stretch: unknown = kit.INITIAL;
    let i = 0;
    // Up to four optional leading keywords/numbers before the size.
    for (; i < nodes.length && i < 4; i++) {
      const n = nodes[i];
      const id = cssValues.ident(n);
      if (id === 'normal') continue;
      if (id === 'italic' || id === 'oblique') {
        if (style !== kit.INITIAL) return null;
        style = id;
        continue;
      }
      if (id === 'small-caps') {
        if (variant !== kit.INITIAL) return null;
        variant = id;
        continue;
      }
      if (id !== null && FONT_STRETCH.includes(id)) {
        if (stretch !== kit.INITIAL) return null;
        stretch = id;
        continue;
      }
      const w =
        id === 'bold' || id === 'bolder' || id === 'lighter' || n.type === 'Number'
          ? parseFontWeight(n)
          : null;
      if (w !== null) {
        if (weight !== kit.INITIAL) return null;
        weight = w;
        continue;
      }
      break;
    }
    const size = parseFontSize(nodes[i]);
    if (!size) return null;
    i++;
    let lh: unknown = kit.INITIAL;
    if (cssValues.isSlash(nodes[i])) {
      lh = parseLineHeight(nodes[i + 1]);
      if (!lh) return null;
      i += 2;
    }
    const family = parseFontFamily(nodes.slice(i));
    if (!family || family.length === 0) return null;
    return new Map<string, unknown>([
      ['font-style', style],
      ['font-variant-caps', variant],
      ['font-variant-ligatures', kit.INITIAL],
      ['font-variant-numeric', kit.INITIAL],
      ['font-variant-position', kit.INITIAL],
      ['font-kerning', kit.INITIAL],
      ['font-weight', weight],
      ['font-stretch', stretch],
      ['font-size', size],
      ['line-height', lh],
      ['font-family', family],
    ]);
  },
});
