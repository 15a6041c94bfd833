/**
 * Border images (CSS Backgrounds 3 §6): the five longhands (source, slice, width, outset,
 * repeat) and the `border-image` shorthand, with `-webkit-border-image`, its older form whose
 * middle is always filled.
 */
import type { CssNode } from 'css-tree';
import * as kit from './kit.js';
import { computeImage, parseImage, type ImageSpec } from './backgrounds.js';
import type {
  BorderImageOutset,
  BorderImageRepeat,
  BorderImageSlice,
  BorderImageWidth,
  Percentage,
  Sides,
} from '../types.js';
import * as cssValues from '../values.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

type SliceSpec = { readonly sides: Sides<number | Percentage>; readonly fill: boolean };
type WidthSpec = cssValues.LenSpec | { readonly factor: number } | 'auto';
type OutsetSpec = cssValues.LenSpec | { readonly factor: number };
type RepeatSpec = readonly [BorderImageRepeat, BorderImageRepeat];

const REPEATS: readonly BorderImageRepeat[] = ['stretch', 'repeat', 'round', 'space'];

/** A non-negative number, or null. */
function nonNegativeNumber(n: CssNode): number | null {
  const v = cssValues.parseNumber(n);
  return v !== null && v >= 0 ? v : null;
}

/** `[<number> | <percentage>]{1,4} && fill?`. */
export function parseSlice(nodes: readonly CssNode[]): SliceSpec | null {
  const fills = nodes.filter((n) => cssValues.ident(n) === 'fill');
  if (fills.length > 1) return null;
  // `fill` comes first or last, never between the numbers.
  const at = fills.length === 1 ? nodes.indexOf(fills[0]) : -1;
  if (at > 0 && at < nodes.length - 1) return null;
  const values: (number | Percentage)[] = [];
  for (const n of nodes) {
    if (n === fills[0]) continue;
    if (n.type === 'Percentage') {
      const v = parseFloat(n.value);
      if (!(v >= 0)) return null;
      values.push({ percent: v, px: 0 });
      continue;
    }
    const v = nonNegativeNumber(n);
    if (v === null) return null;
    values.push(v);
  }
  const sides = kit.boxSides(values);
  return sides && { sides, fill: fills.length === 1 };
}

function parseWidthSide(n: CssNode): WidthSpec | null {
  if (cssValues.ident(n) === 'auto') return 'auto';
  const factor = n.type === 'Number' ? nonNegativeNumber(n) : null;
  if (factor !== null) return { factor };
  return cssValues.parseLength(n, { pct: true, nonNegative: true });
}

function parseOutsetSide(n: CssNode): OutsetSpec | null {
  const factor = n.type === 'Number' ? nonNegativeNumber(n) : null;
  if (factor !== null) return { factor };
  return cssValues.parseLength(n, { nonNegative: true });
}

/** One to four values of `parseOne`, expanded to the four sides. */
function sidesOf<T>(parseOne: (n: CssNode) => T | null) {
  return (nodes: readonly CssNode[]): Sides<T> | null => {
    const v = nodes.map(parseOne);
    return v.some((x) => x === null) ? null : kit.boxSides(v as T[]);
  };
}
export const parseWidths = sidesOf(parseWidthSide);
export const parseOutsets = sidesOf(parseOutsetSide);

export function parseRepeat(nodes: readonly CssNode[]): RepeatSpec | null {
  const ids = nodes.map(cssValues.ident);
  if (ids.length < 1 || ids.length > 2) return null;
  if (ids.some((i) => !REPEATS.includes(i as BorderImageRepeat))) return null;
  const h = ids[0] as BorderImageRepeat;
  return [h, (ids[1] ?? h) as BorderImageRepeat];
}

function computeWidthSide(s: WidthSpec, c: kit.ComputeCtx): BorderImageWidth {
  if (s === 'auto' || 'factor' in s) return s;
  return cssValues.computeLength(s, c.env, true);
}

function computeOutsetSide(s: OutsetSpec, c: kit.ComputeCtx): BorderImageOutset {
  return 'factor' in s ? s : cssValues.computeAbsolute(s, c.env);
}

const INITIAL_SLICE: BorderImageSlice = {
  sides: [
    { percent: 100, px: 0 },
    { percent: 100, px: 0 },
    { percent: 100, px: 0 },
    { percent: 100, px: 0 },
  ],
  fill: false,
};
const ONE = { factor: 1 };

longhands.push(
  kit.longhand<ImageSpec>({
    name: 'border-image-source',
    key: 'borderImageSource',
    inherited: false,
    initial: 'none',
    parse: kit.single(parseImage),
    compute: computeImage,
  }),
  kit.longhand<SliceSpec>({
    name: 'border-image-slice',
    key: 'borderImageSlice',
    inherited: false,
    initial: INITIAL_SLICE,
    parse: parseSlice,
  }),
  kit.longhand<Sides<WidthSpec>>({
    name: 'border-image-width',
    key: 'borderImageWidth',
    inherited: false,
    initial: [ONE, ONE, ONE, ONE],
    parse: parseWidths,
    compute: (s, c) => s.map((v) => computeWidthSide(v, c)),
  }),
  kit.longhand<Sides<OutsetSpec>>({
    name: 'border-image-outset',
    key: 'borderImageOutset',
    inherited: false,
    initial: [0, 0, 0, 0],
    parse: parseOutsets,
    compute: (s, c) => s.map((v) => computeOutsetSide(v, c)),
  }),
  kit.longhand<RepeatSpec>({
    name: 'border-image-repeat',
    key: 'borderImageRepeat',
    inherited: false,
    initial: ['stretch', 'stretch'],
    parse: parseRepeat,
  }),
);

export const BORDER_IMAGE_LONGHANDS = [
  'border-image-source',
  'border-image-slice',
  'border-image-width',
  'border-image-outset',
  'border-image-repeat',
] as const;

interface Parts {
  source?: ImageSpec;
  slice?: SliceSpec;
  width?: Sides<WidthSpec>;
  outset?: Sides<OutsetSpec>;
  repeat?: RepeatSpec;
}

const isSliceToken = (n: CssNode | undefined): boolean =>
  !!n && (n.type === 'Number' || n.type === 'Percentage' || cssValues.ident(n) === 'fill');

/**
 * `<source> || <slice> [ / <width> | / <width>? / <outset> ]? || <repeat>`, each part at most
 * once; widths and outsets only right after the slice.
 */
export function parseBorderImage(nodes: readonly CssNode[], ctx: kit.ParseCtx): Parts | null {
  const out: Parts = {};
  let i = 0;
  while (i < nodes.length) {
    const n = nodes[i];
    const id = cssValues.ident(n);
    if (out.source === undefined && (n.type === 'Url' || n.type === 'Function' || id === 'none')) {
      const source = parseImage(n, ctx);
      if (!source) return null;
      out.source = source;
      i++;
      continue;
    }
    if (out.repeat === undefined && id !== null && REPEATS.includes(id as BorderImageRepeat)) {
      const two = REPEATS.includes(cssValues.ident(nodes[i + 1]) as BorderImageRepeat);
      const repeat = parseRepeat(nodes.slice(i, two ? i + 2 : i + 1));
      if (!repeat) return null;
      out.repeat = repeat;
      i += two ? 2 : 1;
      continue;
    }
    if (out.slice === undefined && isSliceToken(n)) {
      let j = i;
      while (j < nodes.length && isSliceToken(nodes[j])) j++;
      const slice = parseSlice(nodes.slice(i, j));
      if (!slice) return null;
      out.slice = slice;
      i = j;
      if (!cssValues.isSlash(nodes[i])) continue;
      const after = slashParts(nodes, i);
      if (!after) return null;
      if (after.width) out.width = after.width;
      if (after.outset) out.outset = after.outset;
      i = after.end;
      continue;
    }
    return null;
  }
  return out;
}

/** The run of tokens from `from` that are not a source or a repeat keyword. */
function runEnd(nodes: readonly CssNode[], from: number): number {
  let j = from;
  while (j < nodes.length) {
    const n = nodes[j];
    const id = cssValues.ident(n);
    if (cssValues.isSlash(n) || n.type === 'Url' || (n.type === 'Function' && !isMath(n))) break;
    if (id !== null && id !== 'auto') break;
    j++;
  }
  return j;
}

function isMath(n: CssNode): boolean {
  return n.type === 'Function' && cssValues.parseLength(n, { pct: true }) !== null;
}

/** `/ <width>` or `/ <width>? / <outset>` from the slash at `at`. */
function slashParts(
  nodes: readonly CssNode[],
  at: number,
): { width?: Sides<WidthSpec>; outset?: Sides<OutsetSpec>; end: number } | null {
  const wEnd = runEnd(nodes, at + 1);
  const widthNodes = nodes.slice(at + 1, wEnd);
  const width = widthNodes.length > 0 ? parseWidths(widthNodes) : undefined;
  if (width === null) return null;
  if (!cssValues.isSlash(nodes[wEnd])) {
    return width ? { width, end: wEnd } : null;
  }
  const oEnd = runEnd(nodes, wEnd + 1);
  const outset = parseOutsets(nodes.slice(wEnd + 1, oEnd));
  if (!outset) return null;
  return { ...(width ? { width } : {}), outset, end: oEnd };
}

function borderImageShorthand(name: string, alwaysFill: boolean): kit.Shorthand {
  return {
    name,
    longhands: BORDER_IMAGE_LONGHANDS,
    expand(nodes, ctx) {
      const p = parseBorderImage(nodes, ctx);
      if (!p) return null;
      const slice = alwaysFill && p.slice ? { ...p.slice, fill: true } : p.slice;
      return new Map<string, unknown>([
        ['border-image-source', p.source ?? kit.INITIAL],
        [
          'border-image-slice',
          slice ?? (alwaysFill ? { ...INITIAL_SLICE, fill: true } : kit.INITIAL),
        ],
        ['border-image-width', p.width ?? kit.INITIAL],
        ['border-image-outset', p.outset ?? kit.INITIAL],
        ['border-image-repeat', p.repeat ?? kit.INITIAL],
      ]);
    },
  };
}

shorthands.push(
  borderImageShorthand('border-image', false),
  // The prefixed form predates `fill` and always draws the middle.
  borderImageShorthand('-webkit-border-image', true),
);
