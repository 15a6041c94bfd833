/**
 * CSS colour parsing: named and system colours, hex, the colour functions of CSS Color 4
 * (rgb, hsl, hwb, lab, lch, oklab, oklch, color()) with relative colour syntax, and color-mix()
 * of CSS Color 5. Colours outside sRGB are gamut mapped to it, the PDF output intent.
 */
import type { CssNode } from 'css-tree';
import type { ColorInterpolation, RgbaColor } from './types.js';
import { parseAngle } from './values.js';
import { CSS_NAMED_COLORS } from '../document/index.js';
import {
  convert,
  hueIndex,
  interpolate,
  toSrgbGamut,
  type Channel,
  type ColorSpace,
  type HueMethod,
  type SpaceColor,
} from './color-spaces.js';

/** CSS Color 4 system colours, as browsers print them on white paper. */
const SYSTEM: Readonly<Record<string, number>> = {
  canvas: 0xffffff,
  canvastext: 0x000000,
  linktext: 0x0000ee,
  visitedtext: 0x551a8b,
  activetext: 0xff0000,
  buttonface: 0xefefef,
  buttontext: 0x000000,
  buttonborder: 0x767676,
  field: 0xffffff,
  fieldtext: 0x000000,
  highlight: 0xb4d5fe,
  highlighttext: 0x000000,
  selecteditem: 0x0075ff,
  selecteditemtext: 0xffffff,
  mark: 0xffff00,
  marktext: 0x000000,
  graytext: 0x808080,
  accentcolor: 0x0075ff,
  accentcolortext: 0xffffff,
  // CSS2's system colours, deprecated but still written by office suites (Word's table borders
  // are "solid windowtext 1.0pt"); CSS Color 4 maps each onto one of the colours above.
  activeborder: 0x767676,
  activecaption: 0xffffff,
  appworkspace: 0xffffff,
  background: 0xffffff,
  buttonhighlight: 0xefefef,
  buttonshadow: 0xefefef,
  captiontext: 0x000000,
  inactiveborder: 0x767676,
  inactivecaption: 0xffffff,
  inactivecaptiontext: 0x808080,
  infobackground: 0xffffff,
  infotext: 0x000000,
  menu: 0xffffff,
  menutext: 0x000000,
  scrollbar: 0xffffff,
  threeddarkshadow: 0x767676,
  threedface: 0xefefef,
  threedhighlight: 0x767676,
  threedlightshadow: 0x767676,
  threedshadow: 0x767676,
  window: 0xffffff,
  windowframe: 0x767676,
  windowtext: 0x000000,
};

export const BLACK: RgbaColor = Object.freeze({ r: 0, g: 0, b: 0, a: 1 });
export const TRANSPARENT: RgbaColor = Object.freeze({ r: 0, g: 0, b: 0, a: 0 });

/**
 * A colour whose value depends on currentcolor (color-mix() or relative colour syntax with
 * currentColor inside): resolved against the element's colour at compute time.
 */
export interface CurrentColorDependent {
  readonly withCurrent: (current: RgbaColor) => RgbaColor;
}

/** A specified colour: a concrete value, currentcolor, or a value depending on currentcolor. */
export type ColorSpec = RgbaColor | 'currentcolor' | CurrentColorDependent;

/** The computed colour of a specified one, given the element's `color`. */
export function resolveColorSpec(spec: ColorSpec, current: RgbaColor): RgbaColor {
  if (spec === 'currentcolor') return current;
  return 'withCurrent' in spec ? spec.withCurrent(current) : spec;
}

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : Number.isFinite(v) ? v : 0);

/** Colour functions nest (color-mix of relative colours...); past this depth a value is invalid. */
const MAX_COLOR_DEPTH = 16;

interface ParseState {
  /** The colour currentcolor stands for; absent while parsing a specified value. */
  readonly current?: SpaceColor;
  /** Set when currentcolor was met without `current`. */
  usedCurrent: boolean;
}

/** Parses one colour node; null when it is not a colour we understand. */
export function parseColor(node: CssNode): ColorSpec | null {
  if (node.type === 'Identifier' && node.name.toLowerCase() === 'currentcolor')
    return 'currentcolor';
  const state: ParseState = { usedCurrent: false };
  const c = parseSpaceColor(node, state, 0);
  if (!c) return null;
  if (!state.usedCurrent) return toRgba(c);
  return {
    withCurrent: (current) => {
      const resolved = parseSpaceColor(node, { current: fromRgba(current), usedCurrent: false }, 0);
      return resolved ? toRgba(resolved) : current;
    },
  };
}

const srgb = (r: number, g: number, b: number, a: Channel = 1): SpaceColor => ({
  space: 'srgb',
  c: [r, g, b],
  alpha: a,
});

function fromRgba(c: RgbaColor): SpaceColor {
  return srgb(c.r, c.g, c.b, c.a);
}

/** The sRGB value we paint: legacy sRGB forms clip, wider spaces are gamut mapped. */
function toRgba(c: SpaceColor): RgbaColor {
  const a = clamp01(c.alpha ?? 0);
  if (c.space === 'srgb' || c.space === 'hsl' || c.space === 'hwb') {
    const s = convert(c, 'srgb').c;
    return { r: clamp01(s[0] ?? 0), g: clamp01(s[1] ?? 0), b: clamp01(s[2] ?? 0), a };
  }
  const [r, g, b] = toSrgbGamut(c);
  return { r, g, b, a };
}

function fromHex(hex: string): SpaceColor | null {
  if (!/^[0-9a-f]+$/i.test(hex)) return null;
  const n = hex.length;
  if (n === 3 || n === 4) {
    const d = [...hex].map((c) => parseInt(c + c, 16) / 255);
    return srgb(d[0], d[1], d[2], n === 4 ? d[3] : 1);
  }
  if (n === 6 || n === 8) {
    const d = [0, 2, 4, 6].slice(0, n / 2).map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    return srgb(d[0], d[1], d[2], n === 8 ? d[3] : 1);
  }
  return null;
}

function fromInt(v: number): SpaceColor {
  return srgb(((v >> 16) & 255) / 255, ((v >> 8) & 255) / 255, (v & 255) / 255);
}

function parseSpaceColor(node: CssNode, state: ParseState, depth: number): SpaceColor | null {
  if (depth > MAX_COLOR_DEPTH) return null;
  if (node.type === 'Hash') return fromHex(node.value);
  if (node.type === 'Identifier') {
    const name = node.name.toLowerCase();
    if (name === 'currentcolor') {
      if (state.current) return state.current;
      state.usedCurrent = true;
      return srgb(0, 0, 0);
    }
    if (name === 'transparent') return srgb(0, 0, 0, 0);
    const v = CSS_NAMED_COLORS[name] ?? SYSTEM[name];
    return v === undefined ? null : fromInt(v);
  }
  if (node.type !== 'Function') return null;
  const fn = node.name.toLowerCase();
  if (fn === 'color-mix') return parseColorMix(node, state, depth);
  if (fn === 'light-dark') return parseLightDark(node, state, depth);
  return parseColorFunction(fn, node, state, depth);
}

// ---------------------------------------------------------------------------------------------
// Colour functions

/** How one colour function reads its three channels. */
interface FunctionSpace {
  readonly space: ColorSpace;
  /** Channel keywords of relative colour syntax. */
  readonly keys: readonly [string, string, string];
  /** What 100% stands for, per channel; 0 marks a hue (no percentages). */
  readonly ref: readonly [number, number, number];
  /** Factor from the channel's CSS value to the space's coordinate. */
  readonly scale: number;
}

const FUNCTIONS: Readonly<Record<string, FunctionSpace>> = {
  rgb: { space: 'srgb', keys: ['r', 'g', 'b'], ref: [255, 255, 255], scale: 1 / 255 },
  hsl: { space: 'hsl', keys: ['h', 's', 'l'], ref: [0, 100, 100], scale: 1 },
  hwb: { space: 'hwb', keys: ['h', 'w', 'b'], ref: [0, 100, 100], scale: 1 },
  lab: { space: 'lab', keys: ['l', 'a', 'b'], ref: [100, 125, 125], scale: 1 },
  lch: { space: 'lch', keys: ['l', 'c', 'h'], ref: [100, 150, 0], scale: 1 },
  oklab: { space: 'oklab', keys: ['l', 'a', 'b'], ref: [1, 0.4, 0.4], scale: 1 },
  oklch: { space: 'oklch', keys: ['l', 'c', 'h'], ref: [1, 0.4, 0], scale: 1 },
};

const RGB_KEYS: readonly [string, string, string] = ['r', 'g', 'b'];
const XYZ_KEYS: readonly [string, string, string] = ['x', 'y', 'z'];

/** The predefined spaces of color(). */
const PREDEFINED: Readonly<Record<string, ColorSpace>> = {
  srgb: 'srgb',
  'srgb-linear': 'srgb-linear',
  'display-p3': 'display-p3',
  'a98-rgb': 'a98-rgb',
  'prophoto-rgb': 'prophoto-rgb',
  rec2020: 'rec2020',
  xyz: 'xyz-d65',
  'xyz-d50': 'xyz-d50',
  'xyz-d65': 'xyz-d65',
};

/** Arguments of a colour function: `from <colour>`, channels, and the alpha after '/' or a 4th comma. */
function splitArgs(
  fn: CssNode,
): { origin: CssNode | null; args: CssNode[]; alpha: CssNode | null } | null {
  if (fn.type !== 'Function') return null;
  const args: CssNode[] = [];
  let alpha: CssNode | null = null;
  let origin: CssNode | null = null;
  let afterSlash = false;
  let commas = 0;
  const items = fn.children.toArray().filter((c) => c.type !== 'WhiteSpace');
  for (let i = 0; i < items.length; i++) {
    const c = items[i];
    if (i === 0 && c.type === 'Identifier' && c.name.toLowerCase() === 'from') {
      origin = items[++i] ?? null;
      if (!origin) return null;
      continue;
    }
    if (c.type === 'Operator') {
      const op = c.value.trim();
      if (op === '/' && !afterSlash) afterSlash = true;
      else if (op === ',') commas++;
      else return null;
      continue;
    }
    if (afterSlash) {
      if (alpha) return null;
      alpha = c;
    } else args.push(c);
  }
  // Legacy syntax: rgba(r, g, b, a).
  if (!alpha && commas === 3 && args.length === 4) alpha = args.pop() ?? null;
  if (commas !== 0 && (commas !== args.length - 1 + (alpha && !afterSlash ? 1 : 0) || origin))
    return null;
  return { origin, args, alpha };
}

function parseColorFunction(
  fn: string,
  node: CssNode,
  state: ParseState,
  depth: number,
): SpaceColor | null {
  const parsed = splitArgs(node);
  if (!parsed) return null;
  let { args } = parsed;
  let def: FunctionSpace | undefined =
    FUNCTIONS[fn.endsWith('a') && fn.length === 4 ? fn.slice(0, 3) : fn];
  if (fn === 'color') {
    const id = args[0]?.type === 'Identifier' ? args[0].name.toLowerCase() : '';
    const space = PREDEFINED[id];
    if (!space) return null;
    const xyz = space.startsWith('xyz');
    def = { space, keys: xyz ? XYZ_KEYS : RGB_KEYS, ref: [1, 1, 1], scale: 1 };
    args = args.slice(1);
  }
  if (!def || args.length !== 3) return null;
  const vars = new Map<string, Channel>();
  if (parsed.origin) {
    const origin = parseSpaceColor(parsed.origin, state, depth + 1);
    if (!origin) return null;
    const o = convert(origin, def.space);
    def.keys.forEach((k, i) => {
      const v = o.c[i];
      vars.set(k, v === null ? 0 : v / def.scale);
    });
    vars.set('alpha', o.alpha ?? 0);
  }
  const c: Channel[] = [];
  for (let i = 0; i < 3; i++) {
    const v = channelValue(args[i], def.ref[i], vars);
    if (v === undefined) return null;
    c.push(v === null ? null : v * def.scale);
  }
  let alpha: Channel = parsed.origin ? (vars.get('alpha') ?? 1) : 1;
  if (parsed.alpha) {
    const a = channelValue(parsed.alpha, 1, vars);
    if (a === undefined) return null;
    alpha = a === null ? null : clamp01(a);
  }
  return { space: def.space, c: clampChannels(def.space, c), alpha };
}

/** Ranges CSS clamps at parse time: lightness, and chroma/saturation/whiteness that cannot be negative. */
function clampChannels(space: ColorSpace, c: Channel[]): [Channel, Channel, Channel] {
  const cl = (v: Channel, lo: number, hi = Infinity): Channel =>
    v === null ? null : Math.min(hi, Math.max(lo, v));
  switch (space) {
    case 'lab':
    case 'oklab':
      return [cl(c[0], 0, space === 'lab' ? 100 : 1), c[1], c[2]];
    case 'lch':
    case 'oklch':
      return [cl(c[0], 0, space === 'lch' ? 100 : 1), cl(c[1], 0), c[2]];
    case 'hsl':
      return [c[0], cl(c[1], 0), cl(c[2], 0, 100)];
    case 'hwb':
      return [c[0], cl(c[1], 0, 100), cl(c[2], 0, 100)];
    default:
      return [c[0], c[1], c[2]];
  }
}

/**
 * One channel: a number, a percentage of `ref` (ref 0: a hue, which takes angles instead),
 * `none` (null), a relative-syntax keyword, or a math function of those. undefined: invalid.
 */
function channelValue(
  n: CssNode | undefined,
  ref: number,
  vars: ReadonlyMap<string, Channel>,
): Channel | undefined {
  if (!n) return undefined;
  if (n.type === 'Identifier' && n.name.toLowerCase() === 'none') return null;
  const v = mathOperand(n, ref, vars, 0);
  return v === null || !Number.isFinite(v) ? undefined : v;
}

const MATH = new Set(['calc', 'min', 'max', 'clamp', 'abs']);

function mathOperand(
  n: CssNode,
  ref: number,
  vars: ReadonlyMap<string, Channel>,
  depth: number,
): number | null {
  if (depth > MAX_COLOR_DEPTH) return null;
  switch (n.type) {
    case 'Number':
      return parseFloat(n.value);
    case 'Percentage':
      return ref === 0 ? null : (parseFloat(n.value) * ref) / 100;
    case 'Dimension':
      return ref === 0 ? parseAngle(n) : null;
    case 'Identifier': {
      const id = n.name.toLowerCase();
      if (vars.has(id)) return vars.get(id) ?? 0;
      if (id === 'pi') return Math.PI;
      if (id === 'e') return Math.E;
      return null;
    }
    case 'Parentheses':
      return mathSum(n.children.toArray(), ref, vars, depth + 1);
    case 'Function': {
      const name = n.name.toLowerCase();
      if (!MATH.has(name)) return null;
      const parts: CssNode[][] = [[]];
      for (const c of n.children.toArray()) {
        if (c.type === 'Operator' && c.value.trim() === ',') parts.push([]);
        else parts[parts.length - 1].push(c);
      }
      const vals = parts.map((p) => mathSum(p, ref, vars, depth + 1));
      if (vals.some((v) => v === null)) return null;
      const v = vals as number[];
      if (name === 'calc' || name === 'abs') {
        if (v.length !== 1) return null;
        return name === 'abs' ? Math.abs(v[0]) : v[0];
      }
      if (name === 'clamp') return v.length === 3 ? Math.max(v[0], Math.min(v[1], v[2])) : null;
      return name === 'min' ? Math.min(...v) : Math.max(...v);
    }
  }
  return null;
}

/** A sum of products inside a math function, evaluated left to right with * and / first. */
function mathSum(
  tokens: readonly CssNode[],
  ref: number,
  vars: ReadonlyMap<string, Channel>,
  depth: number,
): number | null {
  let sum = 0;
  let sign = 1;
  let product: number | null = null;
  let op: '*' | '/' | null = null;
  for (const t of tokens) {
    if (t.type === 'WhiteSpace') continue;
    if (t.type === 'Operator') {
      const o = t.value.trim();
      if (product === null) return null;
      if (o === '+' || o === '-') {
        sum += sign * product;
        sign = o === '+' ? 1 : -1;
        product = null;
      } else if (o === '*' || o === '/') op = o;
      else return null;
      continue;
    }
    const v = mathOperand(t, ref, vars, depth);
    if (v === null) return null;
    if (product === null) product = v;
    else if (op === '*') product *= v;
    else if (op === '/') product /= v;
    else return null;
    op = null;
  }
  return product === null || op !== null ? null : sum + sign * product;
}

/** light-dark(): paper is a light colour scheme, so the first colour. */
function parseLightDark(node: CssNode, state: ParseState, depth: number): SpaceColor | null {
  if (node.type !== 'Function') return null;
  const parts = node.children.toArray().filter((c) => c.type !== 'WhiteSpace');
  if (parts.length !== 3 || parts[1].type !== 'Operator' || parts[1].value.trim() !== ',')
    return null;
  const dark = parseSpaceColor(parts[2], state, depth + 1);
  return dark ? parseSpaceColor(parts[0], state, depth + 1) : null;
}

// ---------------------------------------------------------------------------------------------
// color-mix()

const MIX_SPACES: Readonly<Record<string, ColorSpace>> = {
  ...PREDEFINED,
  lab: 'lab',
  lch: 'lch',
  oklab: 'oklab',
  oklch: 'oklch',
  hsl: 'hsl',
  hwb: 'hwb',
};

const HUE_METHODS = new Set<string>(['shorter', 'longer', 'increasing', 'decreasing']);

/**
 * `in <colorspace> [<hue-method> hue]` (CSS Color 4 §12.1), all of its tokens and nothing
 * else; null when that is not what they are.
 */
export function parseInterpolationMethod(nodes: readonly CssNode[]): ColorInterpolation | null {
  const ids = nodes.map((m) => (m.type === 'Identifier' ? m.name.toLowerCase() : null));
  if (ids[0] !== 'in') return null;
  const space = ids[1] ? MIX_SPACES[ids[1]] : undefined;
  if (!space) return null;
  if (ids.length === 2) return { space, hue: 'shorter' };
  if (ids.length !== 4 || hueIndex(space) < 0 || !ids[2] || !HUE_METHODS.has(ids[2])) return null;
  return ids[3] === 'hue' ? { space, hue: ids[2] as HueMethod } : null;
}

/**
 * Two sRGB colours mixed at `w` (0 = a, 1 = b) the way `method` says, premultiplied by alpha,
 * and brought back into sRGB.
 */
export function mixColors(
  a: RgbaColor,
  b: RgbaColor,
  w: number,
  method: ColorInterpolation,
): RgbaColor {
  const from = (c: RgbaColor): SpaceColor => ({ space: 'srgb', c: [c.r, c.g, c.b], alpha: c.a });
  return toRgba(interpolate(from(a), from(b), w, method.space, method.hue));
}

function parseColorMix(node: CssNode, state: ParseState, depth: number): SpaceColor | null {
  if (node.type !== 'Function') return null;
  const groups: CssNode[][] = [[]];
  for (const c of node.children.toArray()) {
    if (c.type === 'WhiteSpace') continue;
    if (c.type === 'Operator' && c.value.trim() === ',') groups.push([]);
    else groups[groups.length - 1].push(c);
  }
  // The interpolation method is optional (CSS Color 5 defaults to oklab).
  let space: ColorSpace = 'oklab';
  let hue: HueMethod = 'shorter';
  const first = groups[0];
  if (first[0]?.type === 'Identifier' && first[0].name.toLowerCase() === 'in') {
    const method = parseInterpolationMethod(groups.shift() ?? []);
    if (!method) return null;
    ({ space, hue } = method);
  }
  if (groups.length !== 2) return null;
  const items: { color: SpaceColor; pct: number | null }[] = [];
  for (const g of groups) {
    let color: SpaceColor | null = null;
    let pct: number | null = null;
    for (const n of g) {
      if (n.type === 'Percentage' && pct === null) {
        pct = parseFloat(n.value);
        if (!(pct >= 0 && pct <= 100)) return null;
      } else if (!color) {
        const p =
          n.type === 'Function' && MATH.has(n.name.toLowerCase())
            ? mathOperand(n, 100, new Map(), 0)
            : null;
        if (p !== null && pct === null) {
          if (!(p >= 0 && p <= 100)) return null;
          pct = p;
          continue;
        }
        color = parseSpaceColor(n, state, depth + 1);
        if (!color) return null;
      } else return null;
    }
    if (!color) return null;
    items.push({ color, pct });
  }
  let [p1, p2] = [items[0].pct, items[1].pct];
  if (p1 === null && p2 === null) [p1, p2] = [50, 50];
  else if (p1 === null) p1 = 100 - (p2 as number);
  else if (p2 === null) p2 = 100 - p1;
  const total = p1 + (p2 as number);
  if (total <= 0) return null;
  // Percentages summing to less than 100% make the result partly transparent.
  const alphaScale = Math.min(1, total / 100);
  const mixed = interpolate(items[0].color, items[1].color, (p2 as number) / total, space, hue);
  return { ...mixed, alpha: mixed.alpha === null ? null : mixed.alpha * alphaScale };
}
