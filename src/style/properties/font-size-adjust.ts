/**
 * `font-size-adjust` (CSS Fonts 5): the text is drawn at the size that gives the first
 * available font's chosen metric (x-height by default) `value` times the font size. The
 * computed font size, and with it em and numeric line heights, stay as they are.
 */
import type { CssNode } from 'css-tree';
import type { FontSizeAdjust, FontSizeAdjustMetric } from '../types.js';
import * as kit from './kit.js';
import * as cssValues from '../values.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

const METRICS: readonly FontSizeAdjustMetric[] = [
  'ex-height',
  'cap-height',
  'ch-width',
  'ic-width',
  'ic-height',
];

type Spec =
  'none' | { readonly metric: FontSizeAdjustMetric; readonly value: number | 'from-font' };

function parseValue(n: CssNode | undefined): number | 'from-font' | null {
  if (cssValues.ident(n) === 'from-font') return 'from-font';
  const v = cssValues.parseNumber(n);
  return v !== null && v >= 0 ? v : null;
}

function parseFontSizeAdjust(nodes: readonly CssNode[]): Spec | null {
  if (nodes.length === 1 && cssValues.ident(nodes[0]) === 'none') return 'none';
  let metric: FontSizeAdjustMetric = 'ex-height';
  let rest = nodes;
  if (nodes.length === 2) {
    const m = cssValues.ident(nodes[0]);
    if (!METRICS.includes(m as FontSizeAdjustMetric)) return null;
    metric = m as FontSizeAdjustMetric;
    rest = nodes.slice(1);
  }
  if (rest.length !== 1) return null;
  const value = parseValue(rest[0]);
  return value === null ? null : { metric, value };
}

/**
 * from-font computes to the element's own first font's metric, so descendants in another
 * family are brought to it. The cascade knows the x-height and the advance of '0' (those of
 * the bundled fonts when the family is a web font); other metrics use 1em here, which makes
 * from-font leave those sizes alone.
 */
function computeFontSizeAdjust(s: Spec, c: kit.ComputeCtx): FontSizeAdjust {
  if (s === 'none') return s;
  if (s.value !== 'from-font') return { metric: s.metric, value: s.value };
  const own =
    s.metric === 'ex-height' ? c.env.exRatio : s.metric === 'ch-width' ? c.env.chRatio : 1;
  return { metric: s.metric, value: own };
}

longhands.push(
  kit.longhand<Spec>({
    name: 'font-size-adjust',
    key: 'fontSizeAdjust',
    inherited: true,
    initial: 'none',
    parse: parseFontSizeAdjust,
    compute: computeFontSizeAdjust,
  }),
);
