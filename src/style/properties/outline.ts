/**
 * Outlines: a line around the border box that takes no room (outline-width, -style, -color,
 * -offset and the `outline` shorthand). `auto` draws as solid and `invert` as the text colour,
 * as browsers print them.
 */
import type { CssNode } from 'css-tree';
import { parseColor, type ColorSpec } from '../colors.js';
import type { BorderStyle } from '../types.js';
import * as cssValues from '../values.js';
import { BORDER_STYLES, parseBorderWidth } from './box.js';
import * as kit from './kit.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

/** Outline styles: the border styles but hidden, and auto (drawn solid). */
const OUTLINE_STYLES: readonly string[] = [...BORDER_STYLES.filter((s) => s !== 'hidden'), 'auto'];

function parseOutlineStyle(n: CssNode): BorderStyle | null {
  const id = cssValues.ident(n);
  if (id === null || !OUTLINE_STYLES.includes(id)) return null;
  return id === 'auto' ? 'solid' : (id as BorderStyle);
}

function parseOutlineColor(n: CssNode): ColorSpec | null {
  return cssValues.ident(n) === 'invert' ? 'currentcolor' : parseColor(n);
}

longhands.push(
  kit.longhand<cssValues.LenSpec>({
    name: 'outline-width',
    key: 'outlineWidth',
    inherited: false,
    initial: 3,
    parse: kit.single(parseBorderWidth),
    compute: (v, c) => cssValues.computeAbsolute(v, c.env),
  }),
  kit.longhand<BorderStyle>({
    name: 'outline-style',
    key: 'outlineStyle',
    inherited: false,
    initial: 'none',
    parse: kit.single(parseOutlineStyle),
  }),
  kit.longhand<ColorSpec>({
    name: 'outline-color',
    key: 'outlineColor',
    inherited: false,
    initial: 'currentcolor',
    parse: kit.single(parseOutlineColor),
    compute: (s, c) => kit.resolveColor(s, c.color),
  }),
  kit.lengthProp('outline-offset', 'outlineOffset', false, 0, {}),
);

shorthands.push({
  name: 'outline',
  longhands: ['outline-width', 'outline-style', 'outline-color'],
  expand(nodes) {
    if (nodes.length === 0 || nodes.length > 3) return null;
    let width: cssValues.LenSpec | undefined;
    let style: BorderStyle | undefined;
    let color: ColorSpec | undefined;
    for (const n of nodes) {
      const s = style === undefined ? parseOutlineStyle(n) : null;
      if (s !== null) {
        style = s;
        continue;
      }
      const w = width === undefined ? parseBorderWidth(n) : null;
      if (w !== null) {
        width = w;
        continue;
      }
      const c = color === undefined ? parseOutlineColor(n) : null;
      if (c === null) return null;
      color = c;
    }
    return new Map<string, unknown>([
      ['outline-width', width ?? kit.INITIAL],
      ['outline-style', style ?? kit.INITIAL],
      ['outline-color', color ?? kit.INITIAL],
    ]);
  },
});
