/**
 * Outlined and hollow text: -webkit-text-stroke (width and colour of a line drawn along the
 * glyph outlines) and -webkit-text-fill-color (the glyphs' fill, apart from `color`, which
 * still colours decorations). Every engine reads only these prefixed names.
 */
import type { CssNode } from 'css-tree';
import { parseColor, type ColorSpec } from '../colors.js';
import type { RgbaColor } from '../types.js';
import * as cssValues from '../values.js';
import * as kit from './kit.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

/** thin, medium and thick as border widths read them. */
const WIDTH_KEYWORDS: Readonly<Record<string, number>> = { thin: 1, medium: 3, thick: 5 };

type StrokeWidth = cssValues.LenSpec | { readonly kw: number };

function parseStrokeWidth(n: CssNode): StrokeWidth | null {
  const id = cssValues.ident(n);
  if (id !== null) return id in WIDTH_KEYWORDS ? { kw: WIDTH_KEYWORDS[id] } : null;
  return cssValues.parseLength(n, { nonNegative: true });
}

/**
 * A colour that keeps `currentcolor` as such when inherited, so a child with another colour
 * fills or strokes its text in its own colour.
 */
export function currentColorProp(name: string, key: string): kit.Longhand {
  const def = kit.longhand<'currentcolor' | ColorSpec>({
    name,
    key,
    inherited: true,
    initial: 'currentcolor',
    parse: kit.single((n) =>
      cssValues.ident(n) === 'currentcolor' ? 'currentcolor' : parseColor(n),
    ),
    compute: (v, ctx): 'currentcolor' | RgbaColor =>
      v === 'currentcolor' ? 'currentcolor' : kit.resolveColor(v, ctx.color),
  });
  return { ...def, keepsCurrentColor: true };
}

longhands.push(
  kit.longhand<StrokeWidth>({
    name: '-webkit-text-stroke-width',
    key: 'textStrokeWidth',
    inherited: true,
    initial: 0,
    parse: kit.single(parseStrokeWidth),
    compute: (v, ctx) =>
      'kw' in v ? v.kw * (ctx.env.zoom ?? 1) : cssValues.computeLength(v, ctx.env, true),
  }),
  currentColorProp('-webkit-text-stroke-color', 'textStrokeColor'),
  currentColorProp('-webkit-text-fill-color', 'textFillColor'),
);

shorthands.push({
  name: '-webkit-text-stroke',
  longhands: ['-webkit-text-stroke-width', '-webkit-text-stroke-color'],
  expand(nodes) {
    // <line-width> || <color>, in either order, each at most once.
    let width: StrokeWidth | undefined;
    let color: ColorSpec | 'currentcolor' | undefined;
    for (const n of nodes) {
      const w = width === undefined ? parseStrokeWidth(n) : null;
      if (w !== null) {
        width = w;
        continue;
      }
      if (color !== undefined) return null;
      const c = cssValues.ident(n) === 'currentcolor' ? 'currentcolor' : parseColor(n);
      if (c === null) return null;
      color = c;
    }
    if (width === undefined && color === undefined) return null;
    return new Map<string, unknown>([
      ['-webkit-text-stroke-width', width ?? kit.INITIAL],
      ['-webkit-text-stroke-color', color ?? kit.INITIAL],
    ]);
  },
});
