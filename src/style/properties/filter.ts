/**
 * filter (Filter Effects 1 §5): the list of filter functions. The colour functions are drawn
 * (layout applies them to the colours of what the box paints); blur(), drop-shadow() and url()
 * are kept so that layout can say they are not drawn.
 */
import type { CssNode } from 'css-tree';
import * as kit from './kit.js';
import * as cssValues from '../values.js';
import { parseShadow, px, type ShadowSpec } from './shadows.js';
import type { ColorMatrixFilter, FilterFunction } from '../types.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

/** Functions whose amount is a number or percentage, with the value an empty () means. */
const AMOUNTS: Readonly<Record<ColorMatrixFilter['fn'], { readonly clamp: boolean }>> = {
  grayscale: { clamp: true },
  sepia: { clamp: true },
  invert: { clamp: true },
  opacity: { clamp: true },
  saturate: { clamp: false },
  brightness: { clamp: false },
  contrast: { clamp: false },
  'hue-rotate': { clamp: false },
};

type Spec =
  | ColorMatrixFilter
  | { readonly fn: 'blur'; readonly radius: cssValues.LenSpec }
  | { readonly fn: 'drop-shadow'; readonly shadow: ShadowSpec }
  | { readonly fn: 'url'; readonly url: string };

function args(fn: CssNode): CssNode[] {
  return fn.type === 'Function' ? fn.children.toArray().filter((n) => n.type !== 'WhiteSpace') : [];
}

function parseFunction(n: CssNode, ctx: kit.ParseCtx): Spec | null {
  if (n.type === 'Url') return { fn: 'url', url: kit.resolveUrl(n.value, ctx.base) };
  if (n.type !== 'Function') return null;
  const name = n.name.toLowerCase();
  const a = args(n);
  if (name === 'hue-rotate') {
    if (a.length > 1) return null;
    const deg = a.length === 0 ? 0 : cssValues.parseAngle(a[0]);
    return deg === null ? null : { fn: 'hue-rotate', amount: deg };
  }
  if (name in AMOUNTS) {
    if (a.length > 1) return null;
    const v = a.length === 0 ? 1 : cssValues.parseAlphaValue(a[0]);
    if (v === null || v < 0) return null;
    const fn = name as ColorMatrixFilter['fn'];
    return { fn, amount: AMOUNTS[fn].clamp ? Math.min(1, v) : v };
  }
  if (name === 'blur') {
    if (a.length > 1) return null;
    if (a.length === 0) return { fn: 'blur', radius: { t: 'dim', v: 0, unit: 'px' } };
    const r = cssValues.parseLength(a[0], { nonNegative: true });
    return r ? { fn: 'blur', radius: r } : null;
  }
  if (name === 'drop-shadow') {
    // Two or three lengths and an optional colour, in either order.
    const shadow = parseShadow(a, 3, false);
    return shadow ? { fn: 'drop-shadow', shadow } : null;
  }
  return null;
}

function parseFilter(
  nodes: readonly CssNode[],
  ctx: kit.ParseCtx,
): readonly Spec[] | 'none' | null {
  if (nodes.length === 1 && cssValues.ident(nodes[0]) === 'none') return 'none';
  if (nodes.length === 0) return null;
  const out: Spec[] = [];
  for (const n of nodes) {
    const f = parseFunction(n, ctx);
    if (!f) return null;
    out.push(f);
  }
  return out;
}

longhands.push(
  kit.longhand<readonly Spec[] | 'none'>({
    name: 'filter',
    key: 'filter',
    inherited: false,
    initial: 'none',
    parse: parseFilter,
    compute: (s, c): readonly FilterFunction[] | 'none' =>
      s === 'none'
        ? 'none'
        : s.map((f): FilterFunction => {
            if (f.fn === 'drop-shadow') {
              const [x, y, blur] = f.shadow.lengths;
              return {
                fn: 'drop-shadow',
                x: px(x, c),
                y: px(y, c),
                blur: Math.max(0, px(blur, c)),
                color: kit.resolveColor(f.shadow.color ?? 'currentcolor', c.color),
              };
            }
            if (f.fn !== 'blur') return f;
            const r = cssValues.computeLength(f.radius, c.env, true);
            return { fn: 'blur', radius: typeof r === 'number' ? r : 1 };
          }),
  }),
);
