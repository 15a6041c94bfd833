/**
 * Shadows: `box-shadow` (CSS Backgrounds 3 §7) and `text-shadow` (CSS Text Decoration 3 §4),
 * each a comma-separated list, first shadow on top.
 */
import type { CssNode } from 'css-tree';
import { parseColor, type ColorSpec } from '../colors.js';
import type { BoxShadow, TextShadow } from '../types.js';
import * as kit from './kit.js';
import * as cssValues from '../values.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

export interface ShadowSpec {
  readonly inset: boolean;
  /** Offset x, offset y, then blur and spread when given. */
  readonly lengths: readonly cssValues.LenSpec[];
  readonly color: ColorSpec | null;
}

/**
 * One shadow: an optional `inset`, two to `maxLengths` lengths side by side, an optional colour,
 * the three groups in any order. Null when it is not one.
 */
export function parseShadow(
  nodes: readonly CssNode[],
  maxLengths: number,
  insetAllowed: boolean,
): ShadowSpec | null {
  let inset = false;
  let color: ColorSpec | null = null;
  let lengths: cssValues.LenSpec[] | null = null;
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i];
    if (insetAllowed && !inset && cssValues.ident(n) === 'inset') {
      inset = true;
      continue;
    }
    const l = cssValues.parseLength(n);
    if (l) {
      if (lengths) return null; // the lengths must be one group
      lengths = [l];
      while (i + 1 < nodes.length) {
        const next = cssValues.parseLength(nodes[i + 1]);
        if (!next) break;
        lengths.push(next);
        i++;
      }
      if (lengths.length < 2 || lengths.length > maxLengths) return null;
      continue;
    }
    const c: ColorSpec | null = color === null ? parseColor(n) : null;
    if (c === null) return null;
    color = c;
  }
  if (!lengths) return null;
  // Blur may not be negative; a calc() is checked when computed.
  const blur = lengths[2];
  if (blur && blur.t === 'dim' && blur.v < 0) return null;
  return { inset, lengths, color };
}

function parseList(maxLengths: number, insetAllowed: boolean) {
  return (nodes: readonly CssNode[]): readonly ShadowSpec[] | null => {
    if (nodes.length === 1 && cssValues.ident(nodes[0]) === 'none') return [];
    const out: ShadowSpec[] = [];
    for (const part of cssValues.splitCommas(nodes)) {
      const s = parseShadow(part, maxLengths, insetAllowed);
      if (!s) return null;
      out.push(s);
    }
    return out.length > 0 ? out : null;
  };
}

export function px(l: cssValues.LenSpec | undefined, ctx: kit.ComputeCtx): number {
  return l ? cssValues.computeAbsolute(l, ctx.env) : 0;
}

longhands.push(
  kit.longhand<readonly ShadowSpec[]>({
    name: 'box-shadow',
    key: 'boxShadow',
    inherited: false,
    initial: [],
    parse: parseList(4, true),
    compute: (list, ctx): BoxShadow[] =>
      list.map((s) => ({
        inset: s.inset,
        x: px(s.lengths[0], ctx),
        y: px(s.lengths[1], ctx),
        blur: Math.max(0, px(s.lengths[2], ctx)),
        spread: px(s.lengths[3], ctx),
        color: kit.resolveColor(s.color ?? 'currentcolor', ctx.color),
      })),
  }),
  kit.longhand<readonly ShadowSpec[]>({
    name: 'text-shadow',
    key: 'textShadow',
    inherited: true,
    initial: [],
    parse: parseList(3, false),
    // currentcolor stays a keyword: an inheriting element draws the shadow in its own colour.
    compute: (list, ctx): TextShadow[] =>
      list.map((s) => ({
        x: px(s.lengths[0], ctx),
        y: px(s.lengths[1], ctx),
        blur: Math.max(0, px(s.lengths[2], ctx)),
        color:
          s.color === null || s.color === 'currentcolor'
            ? 'currentcolor'
            : kit.resolveColor(s.color, ctx.color),
      })),
  }),
);
