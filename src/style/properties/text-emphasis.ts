/**
 * Emphasis marks (CSS Text Decoration 3 §3): text-emphasis-style, -color and -position and the
 * text-emphasis shorthand. The style computes to the mark's string, which layout draws centred
 * over (or under) each character.
 */
import type { CssNode } from 'css-tree';
import { parseColor, type ColorSpec } from '../colors.js';
import type { TextEmphasisPosition, TextEmphasisStyle } from '../types.js';
import * as cssValues from '../values.js';
import * as kit from './kit.js';
import { currentColorProp } from './text-stroke.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

type Shape = 'dot' | 'circle' | 'double-circle' | 'triangle' | 'sesame';

/** Each shape's mark: [filled, open]. */
const MARKS: Readonly<Record<Shape, readonly [string, string]>> = {
  dot: ['\u2022', '\u25e6'],
  circle: ['\u25cf', '\u25cb'],
  'double-circle': ['\u25c9', '\u25ce'],
  triangle: ['\u25b2', '\u25b3'],
  sesame: ['\ufe45', '\ufe46'],
};

/** The first grapheme cluster: a string draws only that much as the mark. */
function firstGrapheme(s: string): string {
  const seg = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { segment } of seg.segment(s)) return segment;
  return '';
}

/**
 * none | [filled | open] || <shape> | <string>. A fill without a shape takes circle (the
 * horizontal writing default); a shape without a fill is filled.
 */
function parseEmphasisStyle(nodes: readonly CssNode[]): TextEmphasisStyle | null {
  if (nodes.length === 1) {
    const only = nodes[0];
    if (cssValues.ident(only) === 'none') return 'none';
    const str = cssValues.stringValue(only);
    if (str !== null) return str === '' ? 'none' : firstGrapheme(str);
  }
  if (nodes.length < 1 || nodes.length > 2) return null;
  let fill: 'filled' | 'open' | undefined;
  let shape: Shape | undefined;
  for (const n of nodes) {
    const id = cssValues.ident(n);
    if ((id === 'filled' || id === 'open') && fill === undefined) fill = id;
    else if (id !== null && id in MARKS && shape === undefined) shape = id as Shape;
    else return null;
  }
  return MARKS[shape ?? 'circle'][fill === 'open' ? 1 : 0];
}

/** [over | under] && [right | left]? — right and left only matter for vertical text. */
function parseEmphasisPosition(nodes: readonly CssNode[]): TextEmphasisPosition | null {
  let side: TextEmphasisPosition | undefined;
  let lr: string | undefined;
  for (const n of nodes) {
    const id = cssValues.ident(n);
    if ((id === 'over' || id === 'under') && side === undefined) side = id;
    else if ((id === 'right' || id === 'left') && lr === undefined) lr = id;
    else return null;
  }
  return side ?? null;
}

longhands.push(
  kit.longhand<TextEmphasisStyle>({
    name: 'text-emphasis-style',
    key: 'textEmphasisStyle',
    inherited: true,
    initial: 'none',
    parse: parseEmphasisStyle,
  }),
  currentColorProp('text-emphasis-color', 'textEmphasisColor'),
  kit.longhand<TextEmphasisPosition>({
    name: 'text-emphasis-position',
    key: 'textEmphasisPosition',
    inherited: true,
    initial: 'over',
    parse: parseEmphasisPosition,
  }),
);

shorthands.push({
  name: 'text-emphasis',
  longhands: ['text-emphasis-style', 'text-emphasis-color'],
  expand(nodes) {
    // <'text-emphasis-style'> || <'text-emphasis-color'>: the colour is one node, first or last.
    let color: ColorSpec | 'currentcolor' | undefined;
    let rest = nodes;
    for (const at of [0, nodes.length - 1]) {
      const n = nodes[at];
      if (color !== undefined || nodes.length < 1) break;
      const c = cssValues.ident(n) === 'currentcolor' ? 'currentcolor' : parseColor(n);
      if (c === null) continue;
      color = c;
      rest = at === 0 ? nodes.slice(1) : nodes.slice(0, -1);
    }
    const style = rest.length > 0 ? parseEmphasisStyle(rest) : undefined;
    if (style === null || (style === undefined && color === undefined)) return null;
    return new Map<string, unknown>([
      ['text-emphasis-style', style ?? kit.INITIAL],
      ['text-emphasis-color', color ?? kit.INITIAL],
    ]);
  },
});
