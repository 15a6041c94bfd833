/**
 * Every supported CSS property: longhands (parse → specified value → computed value) and
 * shorthands (expanding into longhands). Anything not here is reported as unsupported.
 */
import type { CssNode } from 'css-tree';
import { BLACK, TRANSPARENT, parseColor, type ColorSpec } from '../colors.js';
import {
  INITIAL,
  boxSides,
  colorProp,
  computeLenOrKeyword,
  keywordParser,
  keywordProp,
  lengthOrKeyword,
  lengthProp,
  longhand,
  numberProp,
  resolveColor,
  resolveUrl,
  single,
  type ComputeCtx,
  type LenOrKeyword,
  type Longhand,
  type ParseCtx,
  type Shorthand,
} from './kit.js';
import type {
  BackgroundBox,
  BackgroundRepeatKeyword,
  BorderStyle,
  ContentItem,
  CounterChange,
  CounterStyleName,
  CssImage,
  CssLinearGradient,
  Display,
  LengthPercentage,
  LineHeight,
  ListStyleType,
  Quotes,
} from '../types.js';
import {
  computeAbsolute,
  computeLength,
  ident,
  isSlash,
  parseAlphaValue,
  parseAngle,
  parseInteger,
  parseLength,
  parseNumber,
  splitCommas,
  stringValue,
  type LenSpec,
} from '../values.js';

const LONG: Longhand[] = [];
const SHORT: Shorthand[] = [];
const add = (...l: Longhand[]): void => {
  LONG.push(...l);
};

// ---------------------------------------------------------------------------------------------
// Display and positioning

const DISPLAY_ONE: Readonly<Record<string, Display>> = {
  block: 'block',
  inline: 'inline',
  'inline-block': 'inline-block',
  'flow-root': 'flow-root',
  'list-item': 'list-item',
  flex: 'flex',
  'inline-flex': 'inline-flex',
  table: 'table',
  'inline-table': 'inline-table',
  'table-row-group': 'table-row-group',
  'table-header-group': 'table-header-group',
  'table-footer-group': 'table-footer-group',
  'table-row': 'table-row',
  'table-cell': 'table-cell',
  'table-column-group': 'table-column-group',
  'table-column': 'table-column',
  'table-caption': 'table-caption',
  contents: 'contents',
  none: 'none',
  '-webkit-box': 'flex',
  '-webkit-flex': 'flex',
};

function parseDisplay(nodes: readonly CssNode[], ctx: ParseCtx): Display | null {
  const ids = nodes.map(ident);
  if (ids.some((i) => i === null)) return null;
  if (ids.length === 1) {
    const id = ids[0] as string;
    if (id === 'grid' || id === 'inline-grid') {
      ctx.warn(`display: ${id} is not supported; the element keeps its previous display`);
      return null;
    }
    return DISPLAY_ONE[id] ?? null;
  }
  // Two- and three-value syntax: outer inner [list-item].
  const set = new Set(ids as string[]);
  const outer = set.has('inline') ? 'inline' : 'block';
  if (set.has('list-item')) return outer === 'block' ? 'list-item' : null;
  if (set.has('flex')) return outer === 'inline' ? 'inline-flex' : 'flex';
  if (set.has('flow-root')) return outer === 'inline' ? 'inline-block' : 'flow-root';
  if (set.has('table')) return outer === 'inline' ? 'inline-table' : 'table';
  if (set.has('flow')) return outer;
  return null;
}

add(
  longhand<Display>({
    name: 'display',
    key: 'display',
    inherited: false,
    initial: 'inline',
    parse: parseDisplay,
  }),
  keywordProp(
    'position',
    'position',
    false,
    'static',
    ['static', 'relative', 'absolute', 'fixed'],
    {
      sticky: 'relative',
      '-webkit-sticky': 'relative',
    },
  ),
  lengthProp('top', 'top', false, 'auto', { pct: true }, ['auto']),
  lengthProp('right', 'right', false, 'auto', { pct: true }, ['auto']),
  lengthProp('bottom', 'bottom', false, 'auto', { pct: true }, ['auto']),
  lengthProp('left', 'left', false, 'auto', { pct: true }, ['auto']),
  longhand<number | 'auto'>({
    name: 'z-index',
    key: 'zIndex',
    inherited: false,
    initial: 'auto',
    parse: single((n) => (ident(n) === 'auto' ? 'auto' : parseInteger(n))),
  }),
  keywordProp('float', 'float', false, 'none', ['none', 'left', 'right'], {
    'inline-start': 'left',
    'inline-end': 'right',
  }),
  keywordProp('clear', 'clear', false, 'none', ['none', 'left', 'right', 'both'], {
    'inline-start': 'left',
    'inline-end': 'right',
  }),
);
SHORT.push({
  name: 'inset',
  longhands: ['top', 'right', 'bottom', 'left'],
  expand(nodes) {
    const v = nodes.map((n) => lengthOrKeyword(n, { pct: true }, ['auto']));
    if (v.some((x) => x === null)) return null;
    const s = boxSides(v);
    return (
      s &&
      new Map([
        ['top', s[0]],
        ['right', s[1]],
        ['bottom', s[2]],
        ['left', s[3]],
      ])
    );
  },
});

// ---------------------------------------------------------------------------------------------
// Box model

const SIDES = ['top', 'right', 'bottom', 'left'] as const;
const Side = { top: 'Top', right: 'Right', bottom: 'Bottom', left: 'Left' } as const;

function sidesShorthand(
  name: string,
  longs: readonly string[],
  parseOne: (n: CssNode) => unknown,
): Shorthand {
  return {
    name,
    longhands: longs,
    expand(nodes) {
      const v = nodes.map(parseOne);
      if (v.some((x) => x === null)) return null;
      const s = boxSides(v);
      return s && new Map(longs.map((l, i) => [l, s[i]]));
    },
  };
}

for (const s of SIDES) {
  add(lengthProp(`margin-${s}`, `margin${Side[s]}`, false, 0, { pct: true }, ['auto']));
  add(lengthProp(`padding-${s}`, `padding${Side[s]}`, false, 0, { pct: true, nonNegative: true }));
}
SHORT.push(
  sidesShorthand(
    'margin',
    SIDES.map((s) => `margin-${s}`),
    (n) => lengthOrKeyword(n, { pct: true }, ['auto']),
  ),
  sidesShorthand(
    'padding',
    SIDES.map((s) => `padding-${s}`),
    (n) => parseLength(n, { pct: true, nonNegative: true }),
  ),
);

const BORDER_STYLES: readonly BorderStyle[] = [
  'none',
  'hidden',
  'solid',
  'dashed',
  'dotted',
  'double',
  'groove',
  'ridge',
  'inset',
  'outset',
];
const parseBorderStyle = keywordParser(BORDER_STYLES);
const BORDER_WIDTH_KW: Readonly<Record<string, LenSpec>> = {
  thin: { t: 'dim', v: 1, unit: 'px' },
  medium: { t: 'dim', v: 3, unit: 'px' },
  thick: { t: 'dim', v: 5, unit: 'px' },
};
function parseBorderWidth(n: CssNode): LenSpec | null {
  const id = ident(n);
  if (id !== null) return BORDER_WIDTH_KW[id] ?? null;
  return parseLength(n, { nonNegative: true });
}

for (const s of SIDES) {
  add(
    longhand<LenSpec>({
      name: `border-${s}-width`,
      key: `border${Side[s]}Width`,
      inherited: false,
      initial: 3,
      parse: single(parseBorderWidth),
      compute: (v, c) => computeAbsolute(v, c.env),
    }),
    keywordProp(`border-${s}-style`, `border${Side[s]}Style`, false, 'none', BORDER_STYLES),
    colorProp(`border-${s}-color`, `border${Side[s]}Color`, false, 'currentcolor'),
  );
}

/** Splits `1px solid red` into width, style and colour in any order. */
function parseBorderParts(
  nodes: readonly CssNode[],
): { w?: LenSpec; s?: BorderStyle; c?: ColorSpec } | null {
  const out: { w?: LenSpec; s?: BorderStyle; c?: ColorSpec } = {};
  if (nodes.length === 0 || nodes.length > 3) return null;
  for (const n of nodes) {
    const st = parseBorderStyle(n);
    if (st && !out.s) {
      out.s = st;
      continue;
    }
    const w = parseBorderWidth(n);
    if (w && !out.w) {
      out.w = w;
      continue;
    }
    const c = parseColor(n);
    if (c && !out.c) {
      out.c = c;
      continue;
    }
    return null;
  }
  return out;
}

function borderLonghands(sides: readonly string[]): string[] {
  return sides.flatMap((s) => [`border-${s}-width`, `border-${s}-style`, `border-${s}-color`]);
}

function borderShorthand(name: string, sides: readonly string[]): Shorthand {
  return {
    name,
    longhands: borderLonghands(sides),
    expand(nodes) {
      const p = parseBorderParts(nodes);
      if (!p) return null;
      const m = new Map<string, unknown>();
      for (const s of sides) {
        m.set(`border-${s}-width`, p.w ?? INITIAL);
        m.set(`border-${s}-style`, p.s ?? INITIAL);
        m.set(`border-${s}-color`, p.c ?? INITIAL);
      }
      return m;
    },
  };
}

SHORT.push(
  borderShorthand('border', SIDES),
  ...SIDES.map((s) => borderShorthand(`border-${s}`, [s])),
  sidesShorthand(
    'border-width',
    SIDES.map((s) => `border-${s}-width`),
    parseBorderWidth,
  ),
  sidesShorthand(
    'border-style',
    SIDES.map((s) => `border-${s}-style`),
    parseBorderStyle,
  ),
  sidesShorthand(
    'border-color',
    SIDES.map((s) => `border-${s}-color`),
    parseColor,
  ),
);

const CORNERS = [
  ['top-left', 'TopLeft'],
  ['top-right', 'TopRight'],
  ['bottom-right', 'BottomRight'],
  ['bottom-left', 'BottomLeft'],
] as const;
interface RadiusSpec {
  readonly h: LenSpec;
  readonly v: LenSpec;
}
const parseRadiusLen = (n: CssNode): LenSpec | null =>
  parseLength(n, { pct: true, nonNegative: true });
for (const [c, k] of CORNERS) {
  add(
    longhand<RadiusSpec>({
      name: `border-${c}-radius`,
      key: `border${k}Radius`,
      inherited: false,
      initial: { horizontal: 0, vertical: 0 },
      parse: (nodes) => {
        const v = nodes.map(parseRadiusLen);
        if (v.length < 1 || v.length > 2 || v.some((x) => x === null)) return null;
        return { h: v[0] as LenSpec, v: (v[1] ?? v[0]) as LenSpec };
      },
      compute: (s, ctx) => ({
        horizontal: computeLength(s.h, ctx.env, true),
        vertical: computeLength(s.v, ctx.env, true),
      }),
    }),
  );
}
SHORT.push({
  name: 'border-radius',
  longhands: CORNERS.map(([c]) => `border-${c}-radius`),
  expand(nodes) {
    const slash = nodes.findIndex(isSlash);
    const hn = slash < 0 ? nodes : nodes.slice(0, slash);
    const vn = slash < 0 ? nodes : nodes.slice(slash + 1);
    const h = hn.map(parseRadiusLen);
    const v = vn.map(parseRadiusLen);
    if (h.some((x) => x === null) || v.some((x) => x === null)) return null;
    const hs = boxSides(h as LenSpec[]);
    const vs = boxSides(v as LenSpec[]);
    if (!hs || !vs) return null;
    return new Map(
      CORNERS.map(([c], i) => [`border-${c}-radius`, { h: hs[i], v: vs[i] } satisfies RadiusSpec]),
    );
  },
});

const SIZE_KW = ['auto', 'min-content', 'max-content', 'fit-content'];
function sizeProp(
  name: string,
  key: string,
  initial: string,
  keywords: readonly string[],
): Longhand {
  return longhand<LenOrKeyword>({
    name,
    key,
    inherited: false,
    initial,
    parse: single((n) => {
      if (n.type === 'Function' && n.name.toLowerCase() === 'fit-content')
        return { kw: 'fit-content' };
      const id = ident(n);
      if (id === '-webkit-fill-available' || id === 'stretch') return { kw: 'auto' };
      return lengthOrKeyword(n, { pct: true, nonNegative: true }, keywords);
    }),
    compute: (s, c) => computeLenOrKeyword(s, c.env, true),
  });
}
add(
  keywordProp('box-sizing', 'boxSizing', false, 'content-box', ['content-box', 'border-box']),
  sizeProp('width', 'width', 'auto', SIZE_KW),
  sizeProp('height', 'height', 'auto', SIZE_KW),
  sizeProp('min-width', 'minWidth', 'auto', SIZE_KW),
  sizeProp('min-height', 'minHeight', 'auto', SIZE_KW),
  sizeProp('max-width', 'maxWidth', 'none', ['none', 'min-content', 'max-content', 'fit-content']),
  sizeProp('max-height', 'maxHeight', 'none', [
    'none',
    'min-content',
    'max-content',
    'fit-content',
  ]),
  longhand<number | 'auto'>({
    name: 'aspect-ratio',
    key: 'aspectRatio',
    inherited: false,
    initial: 'auto',
    parse: (nodes) => {
      const rest = nodes.filter((n) => ident(n) !== 'auto');
      if (rest.length === 0) return nodes.length === 1 ? 'auto' : null;
      const a = parseNumber(rest[0]);
      if (a === null || a <= 0) return null;
      if (rest.length === 1) return a;
      if (rest.length === 3 && isSlash(rest[1])) {
        const b = parseNumber(rest[2]);
        return b !== null && b > 0 ? a / b : null;
      }
      return null;
    },
  }),
);

// ---------------------------------------------------------------------------------------------
// Backgrounds

type StopSpec = { readonly color: ColorSpec; readonly pos: LenSpec | null };
interface GradientSpec {
  readonly kind: 'linear-gradient';
  readonly direction: CssLinearGradient['direction'];
  readonly stops: readonly StopSpec[];
  readonly repeating: boolean;
}
type ImageSpec = { readonly kind: 'url'; readonly url: string } | GradientSpec | 'none';

const SIDE_ANGLE: Readonly<Record<string, number>> = { top: 0, right: 90, bottom: 180, left: 270 };

function parseGradient(fn: CssNode, ctx: ParseCtx): GradientSpec | null {
  if (fn.type !== 'Function') return null;
  const name = fn.name.toLowerCase().replace(/^-webkit-/, '');
  if (name !== 'linear-gradient' && name !== 'repeating-linear-gradient') return null;
  const parts = splitCommas(fn.children.toArray().filter((n) => n.type !== 'WhiteSpace'));
  let direction: CssLinearGradient['direction'] = { angle: 180 };
  let first = 0;
  const head = parts[0];
  const angle = head.length === 1 ? parseAngle(head[0]) : null;
  if (angle !== null && !(head[0].type === 'Number')) {
    direction = { angle };
    first = 1;
  } else if (ident(head[0]) === 'to') {
    const ids = head.slice(1).map(ident);
    if (ids.length < 1 || ids.length > 2 || ids.some((i) => i === null || !(i in SIDE_ANGLE)))
      return null;
    if (ids.length === 1) direction = { angle: SIDE_ANGLE[ids[0] as string] };
    else {
      const x = ids.find((i) => i === 'left' || i === 'right') as 'left' | 'right' | undefined;
      const y = ids.find((i) => i === 'top' || i === 'bottom') as 'top' | 'bottom' | undefined;
      if (!x || !y) return null;
      direction = { corner: { x, y } };
    }
    first = 1;
  }
  const stops: StopSpec[] = [];
  for (const p of parts.slice(first)) {
    const color = p.length > 0 ? parseColor(p[0]) : null;
    if (!color) {
      // A bare length is a colour hint (interpolation midpoint), which we approximate as linear.
      if (p.length === 1 && parseLength(p[0], { pct: true })) {
        ctx.warn('gradient colour hints are drawn as linear interpolation');
        continue;
      }
      return null;
    }
    const pos = p.slice(1).map((n) => parseLength(n, { pct: true }));
    if (pos.length > 2 || pos.some((x) => x === null)) return null;
    if (pos.length === 0) stops.push({ color, pos: null });
    for (const x of pos) stops.push({ color, pos: x });
  }
  if (stops.length < 2) return null;
  return { kind: 'linear-gradient', direction, stops, repeating: name.startsWith('repeating') };
}

function parseImage(n: CssNode, ctx: ParseCtx): ImageSpec | null {
  if (ident(n) === 'none') return 'none';
  if (n.type === 'Url') return { kind: 'url', url: resolveUrl(n.value, ctx.base) };
  if (n.type === 'Function') {
    const g = parseGradient(n, ctx);
    if (!g) ctx.warn(`${n.name}() is not supported as an image`);
    return g;
  }
  return null;
}

function computeImage(s: ImageSpec, c: ComputeCtx): CssImage | 'none' {
  if (s === 'none' || s.kind === 'url') return s;
  return {
    kind: 'linear-gradient',
    direction: s.direction,
    repeating: s.repeating,
    stops: s.stops.map((st) => ({
      color: resolveColor(st.color, c.color),
      position: st.pos ? computeLength(st.pos, c.env) : null,
    })),
  };
}

/** One axis of a position: an offset from the start (or end) edge. */
interface PosAxis {
  readonly edgePct: number;
  readonly fromEnd: boolean;
  readonly off: LenSpec | null;
}
interface PosSpec {
  readonly x: PosAxis;
  readonly y: PosAxis;
}
const X_KW: Readonly<Record<string, number>> = { left: 0, center: 50, right: 100 };
const Y_KW: Readonly<Record<string, number>> = { top: 0, center: 50, bottom: 100 };

function parsePosition(nodes: readonly CssNode[]): PosSpec | null {
  const len = (n: CssNode): LenSpec | null => parseLength(n, { pct: true });
  const axisOf = (kw: string, off: LenSpec | null): PosAxis => ({
    edgePct: kw === 'center' ? 50 : 0,
    fromEnd: kw === 'right' || kw === 'bottom',
    off,
  });
  const center: PosAxis = { edgePct: 50, fromEnd: false, off: null };
  if (nodes.length === 1) {
    const id = ident(nodes[0]);
    if (id === null) {
      const l = len(nodes[0]);
      return l ? { x: { edgePct: 0, fromEnd: false, off: l }, y: center } : null;
    }
    if (id in X_KW) return { x: axisOf(id, null), y: center };
    if (id in Y_KW) return { x: center, y: axisOf(id, null) };
    return null;
  }
  if (nodes.length === 2) {
    const [a, b] = nodes.map(ident);
    const la = a === null ? len(nodes[0]) : null;
    const lb = b === null ? len(nodes[1]) : null;
    if ((a === null && !la) || (b === null && !lb)) return null;
    const swap =
      (a !== null && (a === 'top' || a === 'bottom')) ||
      (b !== null && (b === 'left' || b === 'right'));
    const [xa, xl, ya, yl] = swap ? [b, lb, a, la] : [a, la, b, lb];
    if (xa !== null && !(xa in X_KW)) return null;
    if (ya !== null && !(ya in Y_KW)) return null;
    const x: PosAxis = xa !== null ? axisOf(xa, null) : { edgePct: 0, fromEnd: false, off: xl };
    const y: PosAxis = ya !== null ? axisOf(ya, null) : { edgePct: 0, fromEnd: false, off: yl };
    return { x, y };
  }
  if (nodes.length === 3 || nodes.length === 4) {
    // Keyword-offset pairs: `right 10px top`, `left 5% bottom 2em`.
    let x: PosAxis | null = null;
    let y: PosAxis | null = null;
    let i = 0;
    while (i < nodes.length) {
      const id = ident(nodes[i]);
      if (id === null) return null;
      const next = nodes[i + 1];
      const off = next && ident(next) === null ? len(next) : null;
      if (next && ident(next) === null && !off) return null;
      if (off && id === 'center') return null;
      const axis = axisOf(id, off);
      if ((id === 'left' || id === 'right') && !x) x = axis;
      else if ((id === 'top' || id === 'bottom') && !y) y = axis;
      else if (id === 'center' && !x && !(nodes.length > 2 && isYFirst(nodes))) x = axis;
      else if (id === 'center' && !y) y = axis;
      else return null;
      i += off ? 2 : 1;
    }
    if (!x || !y) return null;
    return { x, y };
  }
  return null;
}

function isYFirst(nodes: readonly CssNode[]): boolean {
  const ids = nodes.map(ident).filter((i) => i !== null);
  return ids.includes('left') || ids.includes('right');
}

function computeAxis(a: PosAxis, c: ComputeCtx): LengthPercentage {
  const off: LengthPercentage = a.off ? computeLength(a.off, c.env) : 0;
  if (!a.fromEnd) {
    if (typeof off === 'number') return a.edgePct === 0 ? off : { percent: a.edgePct, px: off };
    if ('calc' in off)
      return { calc: { op: '+', a: { op: 'value', px: 0, percent: a.edgePct }, b: off.calc } };
    return { percent: a.edgePct + off.percent, px: off.px };
  }
  if (typeof off === 'number') return { percent: 100, px: -off };
  if ('calc' in off)
    return { calc: { op: '-', a: { op: 'value', px: 0, percent: 100 }, b: off.calc } };
  return { percent: 100 - off.percent, px: -off.px };
}

const computePosition = (s: PosSpec, c: ComputeCtx) => ({
  x: computeAxis(s.x, c),
  y: computeAxis(s.y, c),
});

type SizeSpec = 'cover' | 'contain' | { readonly w: LenOrKeyword; readonly h: LenOrKeyword };
function parseBgSize(nodes: readonly CssNode[]): SizeSpec | null {
  if (nodes.length === 1) {
    const id = ident(nodes[0]);
    if (id === 'cover' || id === 'contain') return id;
  }
  if (nodes.length < 1 || nodes.length > 2) return null;
  const v = nodes.map((n) => lengthOrKeyword(n, { pct: true, nonNegative: true }, ['auto']));
  if (v.some((x) => x === null)) return null;
  return { w: v[0] as LenOrKeyword, h: (v[1] ?? { kw: 'auto' }) as LenOrKeyword };
}

type RepeatSpec = readonly [BackgroundRepeatKeyword, BackgroundRepeatKeyword];
const REPEAT_KW: readonly BackgroundRepeatKeyword[] = ['repeat', 'no-repeat', 'space', 'round'];
function parseRepeat(nodes: readonly CssNode[]): RepeatSpec | null {
  const ids = nodes.map(ident);
  if (ids.length === 1) {
    if (ids[0] === 'repeat-x') return ['repeat', 'no-repeat'];
    if (ids[0] === 'repeat-y') return ['no-repeat', 'repeat'];
  }
  if (
    ids.length < 1 ||
    ids.length > 2 ||
    ids.some((i) => !REPEAT_KW.includes(i as BackgroundRepeatKeyword))
  ) {
    return null;
  }
  const x = ids[0] as BackgroundRepeatKeyword;
  return [x, (ids[1] ?? x) as BackgroundRepeatKeyword];
}
const BOX_KW: readonly BackgroundBox[] = ['border-box', 'padding-box', 'content-box'];

/** A comma-separated list longhand (background layers). */
function listProp<S>(
  name: string,
  key: string,
  initial: unknown,
  parseOne: (nodes: readonly CssNode[], ctx: ParseCtx) => S | null,
  computeOne: (s: S, c: ComputeCtx) => unknown = (s) => s,
): Longhand {
  return longhand<S[]>({
    name,
    key,
    inherited: false,
    initial,
    parse: (nodes, ctx) => {
      const parts = splitCommas(nodes).map((p) => parseOne(p, ctx));
      return parts.some((p) => p === null) ? null : (parts as S[]);
    },
    compute: (list, c) => list.map((s) => computeOne(s, c)),
  });
}

const CENTERLESS_ORIGIN: PosSpec = {
  x: { edgePct: 0, fromEnd: false, off: null },
  y: { edgePct: 0, fromEnd: false, off: null },
};

add(
  colorProp('background-color', 'backgroundColor', false, TRANSPARENT),
  listProp<ImageSpec>('background-image', '_bgImage', ['none'], single(parseImage), computeImage),
  listProp<PosSpec>(
    'background-position',
    '_bgPosition',
    [{ x: 0, y: 0 }],
    parsePosition,
    computePosition,
  ),
  listProp<SizeSpec>(
    'background-size',
    '_bgSize',
    [{ width: 'auto', height: 'auto' }],
    parseBgSize,
    (s, c) =>
      typeof s === 'string'
        ? s
        : {
            width: computeLenOrKeyword(s.w, c.env, true),
            height: computeLenOrKeyword(s.h, c.env, true),
          },
  ),
  listProp<RepeatSpec>('background-repeat', '_bgRepeat', [['repeat', 'repeat']], parseRepeat),
  listProp<BackgroundBox>(
    'background-origin',
    '_bgOrigin',
    ['padding-box'],
    single(keywordParser(BOX_KW)),
  ),
  listProp<BackgroundBox>(
    'background-clip',
    '_bgClip',
    ['border-box'],
    single(keywordParser(BOX_KW)),
  ),
  listProp<string>(
    'background-attachment',
    '_bgAttachment',
    ['scroll'],
    single(keywordParser(['scroll', 'fixed', 'local'])),
  ),
);

SHORT.push({
  name: 'background',
  longhands: [
    'background-color',
    'background-image',
    'background-position',
    'background-size',
    'background-repeat',
    'background-origin',
    'background-clip',
    'background-attachment',
  ],
  expand(nodes, ctx) {
    const layers = splitCommas(nodes);
    const images: ImageSpec[] = [];
    const positions: PosSpec[] = [];
    const sizes: SizeSpec[] = [];
    const repeats: RepeatSpec[] = [];
    const origins: BackgroundBox[] = [];
    const clips: BackgroundBox[] = [];
    const attachments: string[] = [];
    let color: ColorSpec | typeof INITIAL = INITIAL;
    for (let li = 0; li < layers.length; li++) {
      const layer = layers[li];
      let image: ImageSpec | null = null;
      let pos: PosSpec | null = null;
      let size: SizeSpec | null = null;
      let repeat: RepeatSpec | null = null;
      let attachment: string | null = null;
      const boxes: BackgroundBox[] = [];
      let i = 0;
      while (i < layer.length) {
        const n = layer[i];
        const id = ident(n);
        if (!image && (n.type === 'Url' || n.type === 'Function' || id === 'none')) {
          const c = n.type === 'Function' ? parseColor(n) : null;
          if (c && li === layers.length - 1 && color === INITIAL) {
            color = c;
            i++;
            continue;
          }
          image = parseImage(n, ctx);
          if (!image) return null;
          i++;
          continue;
        }
        if (
          id &&
          ['repeat', 'no-repeat', 'space', 'round', 'repeat-x', 'repeat-y'].includes(id) &&
          !repeat
        ) {
          const two = ident(layer[i + 1]);
          const take =
            two &&
            REPEAT_KW.includes(two as BackgroundRepeatKeyword) &&
            REPEAT_KW.includes(id as BackgroundRepeatKeyword)
              ? 2
              : 1;
          repeat = parseRepeat(layer.slice(i, i + take));
          if (!repeat) return null;
          i += take;
          continue;
        }
        if (id && ['scroll', 'fixed', 'local'].includes(id) && !attachment) {
          attachment = id;
          i++;
          continue;
        }
        if (id && BOX_KW.includes(id as BackgroundBox) && boxes.length < 2) {
          boxes.push(id as BackgroundBox);
          i++;
          continue;
        }
        const isPosToken = (x: CssNode | undefined): boolean => {
          if (!x) return false;
          const xi = ident(x);
          if (xi !== null) return xi in X_KW || xi in Y_KW;
          return parseLength(x, { pct: true }) !== null;
        };
        if (!pos && isPosToken(n)) {
          let j = i;
          while (j < layer.length && j - i < 4 && isPosToken(layer[j])) j++;
          pos = parsePosition(layer.slice(i, j));
          if (!pos) return null;
          i = j;
          if (isSlash(layer[i])) {
            let k = i + 1;
            while (
              k < layer.length &&
              k - i - 1 < 2 &&
              (ident(layer[k]) === 'auto' ||
                ident(layer[k]) === 'cover' ||
                ident(layer[k]) === 'contain' ||
                parseLength(layer[k], { pct: true }) !== null)
            )
              k++;
            size = parseBgSize(layer.slice(i + 1, k));
            if (!size) return null;
            i = k;
          }
          continue;
        }
        const c = parseColor(n);
        if (c && li === layers.length - 1 && color === INITIAL) {
          color = c;
          i++;
          continue;
        }
        return null;
      }
      images.push(image ?? 'none');
      positions.push(pos ?? CENTERLESS_ORIGIN);
      sizes.push(size ?? { w: { kw: 'auto' }, h: { kw: 'auto' } });
      repeats.push(repeat ?? ['repeat', 'repeat']);
      origins.push(boxes[0] ?? 'padding-box');
      clips.push(boxes[1] ?? boxes[0] ?? 'border-box');
      attachments.push(attachment ?? 'scroll');
    }
    return new Map<string, unknown>([
      ['background-color', color],
      ['background-image', images],
      ['background-position', positions],
      ['background-size', sizes],
      ['background-repeat', repeats],
      ['background-origin', origins],
      ['background-clip', clips],
      ['background-attachment', attachments],
    ]);
  },
});

// ---------------------------------------------------------------------------------------------
// Visual effects

const OVERFLOW = ['visible', 'hidden', 'clip', 'scroll', 'auto'] as const;
add(
  keywordProp('overflow-x', 'overflowX', false, 'visible', OVERFLOW),
  keywordProp('overflow-y', 'overflowY', false, 'visible', OVERFLOW),
  longhand<number>({
    name: 'opacity',
    key: 'opacity',
    inherited: false,
    initial: 1,
    parse: single((n) => {
      const v = parseAlphaValue(n);
      return v === null ? null : Math.min(1, Math.max(0, v));
    }),
  }),
  keywordProp('visibility', 'visibility', true, 'visible', ['visible', 'hidden', 'collapse']),
  colorProp('color', 'color', true, BLACK),
);
SHORT.push({
  name: 'overflow',
  longhands: ['overflow-x', 'overflow-y'],
  expand(nodes) {
    const p = keywordParser(OVERFLOW);
    const v = nodes.map(p);
    if (v.length < 1 || v.length > 2 || v.some((x) => x === null)) return null;
    return new Map([
      ['overflow-x', v[0]],
      ['overflow-y', v[1] ?? v[0]],
    ]);
  },
});

// ---------------------------------------------------------------------------------------------
// Fonts

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
  for (const part of splitCommas(nodes)) {
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

const FONT_SIZE_KW: Readonly<Record<string, number>> = {
  'xx-small': 9,
  'x-small': 10,
  small: 13,
  medium: 16,
  large: 18,
  'x-large': 24,
  'xx-large': 32,
  'xxx-large': 48,
};
type FontSizeSpec = LenSpec | { readonly kw: string };
function parseFontSize(n: CssNode): FontSizeSpec | null {
  const id = ident(n);
  if (id !== null)
    return id in FONT_SIZE_KW || id === 'larger' || id === 'smaller' ? { kw: id } : null;
  return parseLength(n, { pct: true, nonNegative: true });
}
/** font-size resolves against the parent's font size, which `ctx.env.fontSize` carries here. */
function computeFontSize(s: FontSizeSpec, c: ComputeCtx): number {
  const parent = c.env.fontSize;
  if ('kw' in s) {
    if (s.kw === 'larger') return parent * 1.2;
    if (s.kw === 'smaller') return parent / 1.2;
    return FONT_SIZE_KW[s.kw];
  }
  return Math.max(0, computeAbsolute(s, c.env, parent));
}

type WeightSpec = number | 'bolder' | 'lighter';
function parseFontWeight(n: CssNode): WeightSpec | null {
  const id = ident(n);
  if (id === 'normal') return 400;
  if (id === 'bold') return 700;
  if (id === 'bolder' || id === 'lighter') return id;
  const v = parseNumber(n);
  return v !== null && v >= 1 && v <= 1000 ? v : null;
}
function computeFontWeight(s: WeightSpec, c: ComputeCtx): number {
  if (typeof s === 'number') return s;
  const p = c.parent.fontWeight as number;
  // CSS Fonts 4 relative weights table.
  if (s === 'bolder') return p < 350 ? 400 : p < 550 ? 700 : Math.max(900, p);
  return p < 550 ? Math.min(100, p) : p < 750 ? 400 : 700;
}

const parseFontStyleKw = keywordParser(['normal', 'italic', 'oblique'] as const);
function parseFontStyle(nodes: readonly CssNode[]): 'normal' | 'italic' | 'oblique' | null {
  if (nodes.length === 2 && ident(nodes[0]) === 'oblique' && parseAngle(nodes[1]) !== null)
    return 'oblique';
  return nodes.length === 1 ? parseFontStyleKw(nodes[0]) : null;
}

type LineHeightSpec = { readonly kw: 'normal' } | { readonly num: number } | LenSpec;
function parseLineHeight(n: CssNode): LineHeightSpec | null {
  if (ident(n) === 'normal') return { kw: 'normal' };
  const num = parseNumber(n);
  if (num !== null) return num >= 0 ? { num } : null;
  return parseLength(n, { pct: true, nonNegative: true });
}
function computeLineHeight(s: LineHeightSpec, c: ComputeCtx): LineHeight {
  if ('kw' in s) return { kind: 'normal' };
  if ('num' in s) return { kind: 'number', value: s.num };
  return { kind: 'length', px: Math.max(0, computeAbsolute(s, c.env, c.env.fontSize)) };
}

const FONT_STRETCH = [
  'normal',
  'ultra-condensed',
  'extra-condensed',
  'condensed',
  'semi-condensed',
  'semi-expanded',
  'expanded',
  'extra-expanded',
  'ultra-expanded',
];

add(
  longhand<string[]>({
    name: 'font-family',
    key: 'fontFamily',
    inherited: true,
    initial: ['serif'],
    parse: parseFontFamily,
  }),
  longhand<FontSizeSpec>({
    name: 'font-size',
    key: 'fontSize',
    inherited: true,
    initial: 16,
    parse: single(parseFontSize),
    compute: computeFontSize,
  }),
  longhand<WeightSpec>({
    name: 'font-weight',
    key: 'fontWeight',
    inherited: true,
    initial: 400,
    parse: single(parseFontWeight),
    compute: computeFontWeight,
  }),
  longhand<'normal' | 'italic' | 'oblique'>({
    name: 'font-style',
    key: 'fontStyle',
    inherited: true,
    initial: 'normal',
    parse: parseFontStyle,
  }),
  keywordProp('font-variant-caps', 'fontVariantCaps', true, 'normal', [
    'normal',
    'small-caps',
    'all-small-caps',
  ]),
  longhand<string>({
    name: 'font-stretch',
    key: '_fontStretch',
    inherited: true,
    initial: 'normal',
    parse: single((n) => {
      const id = ident(n);
      return id && FONT_STRETCH.includes(id) ? id : n.type === 'Percentage' ? 'normal' : null;
    }),
  }),
  longhand<LineHeightSpec>({
    name: 'line-height',
    key: 'lineHeight',
    inherited: true,
    initial: { kind: 'normal' },
    parse: single(parseLineHeight),
    compute: computeLineHeight,
  }),
);

SHORT.push({
  name: 'font-variant',
  longhands: ['font-variant-caps'],
  expand(nodes) {
    const ids = nodes.map(ident);
    if (ids.length === 1 && (ids[0] === 'normal' || ids[0] === 'none'))
      return new Map([['font-variant-caps', 'normal']]);
    if (ids.includes('small-caps')) return new Map([['font-variant-caps', 'small-caps']]);
    if (ids.includes('all-small-caps')) return new Map([['font-variant-caps', 'all-small-caps']]);
    // Numeric, ligature and east-asian variants change glyph choice only; shaping keeps defaults.
    return ids.every((i) => i !== null) ? new Map([['font-variant-caps', 'normal']]) : null;
  },
});

SHORT.push({
  name: 'font',
  longhands: [
    'font-style',
    'font-variant-caps',
    'font-weight',
    'font-stretch',
    'font-size',
    'line-height',
    'font-family',
  ],
  expand(nodes) {
    let style: unknown = INITIAL;
    let variant: unknown = INITIAL;
    let weight: unknown = INITIAL;
    let stretch: unknown = INITIAL;
    let i = 0;
    // Up to four optional leading keywords/numbers before the size.
    for (; i < nodes.length && i < 4; i++) {
      const n = nodes[i];
      const id = ident(n);
      if (id === 'normal') continue;
      if (id === 'italic' || id === 'oblique') {
        if (style !== INITIAL) return null;
        style = id;
        continue;
      }
      if (id === 'small-caps') {
        if (variant !== INITIAL) return null;
        variant = id;
        continue;
      }
      if (id !== null && FONT_STRETCH.includes(id)) {
        if (stretch !== INITIAL) return null;
        stretch = id;
        continue;
      }
      const w =
        id === 'bold' || id === 'bolder' || id === 'lighter' || n.type === 'Number'
          ? parseFontWeight(n)
          : null;
      if (w !== null) {
        if (weight !== INITIAL) return null;
        weight = w;
        continue;
      }
      break;
    }
    const size = parseFontSize(nodes[i]);
    if (!size) return null;
    i++;
    let lh: unknown = INITIAL;
    if (isSlash(nodes[i])) {
      lh = parseLineHeight(nodes[i + 1]);
      if (!lh) return null;
      i += 2;
    }
    const family = parseFontFamily(nodes.slice(i));
    if (!family || family.length === 0) return null;
    return new Map<string, unknown>([
      ['font-style', style],
      ['font-variant-caps', variant],
      ['font-weight', weight],
      ['font-stretch', stretch],
      ['font-size', size],
      ['line-height', lh],
      ['font-family', family],
    ]);
  },
});

// ---------------------------------------------------------------------------------------------
// Text

const TEXT_ALIGN = ['left', 'right', 'center', 'justify', 'start', 'end'] as const;
const TEXT_ALIGN_ALIASES = {
  '-webkit-left': 'left',
  '-webkit-right': 'right',
  '-webkit-center': 'center',
  '-moz-center': 'center',
  'match-parent': 'start',
  'justify-all': 'justify',
} as const;
const DECORATION_LINES = ['underline', 'overline', 'line-through'] as const;
type DecoLine = (typeof DECORATION_LINES)[number];
function parseDecorationLine(nodes: readonly CssNode[]): DecoLine[] | null {
  const ids = nodes.map(ident);
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

function spacingProp(name: string, key: string): Longhand {
  return longhand<LenSpec | 'normal'>({
    name,
    key,
    inherited: true,
    initial: 0,
    parse: single((n) => (ident(n) === 'normal' ? 'normal' : parseLength(n))),
    compute: (s, c) => (s === 'normal' ? 0 : computeAbsolute(s, c.env)),
  });
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

add(
  keywordProp('text-align', 'textAlign', true, 'start', TEXT_ALIGN, TEXT_ALIGN_ALIASES),
  keywordProp(
    'text-align-last',
    'textAlignLast',
    true,
    'auto',
    ['auto', ...TEXT_ALIGN],
    TEXT_ALIGN_ALIASES,
  ),
  longhand<LenSpec>({
    name: 'text-indent',
    key: 'textIndent',
    inherited: true,
    initial: 0,
    parse: (nodes) => {
      // `hanging` and `each-line` are rare in documents; the length is what matters.
      const lens = nodes.filter((n) => !['hanging', 'each-line'].includes(ident(n) ?? ''));
      return lens.length === 1 ? parseLength(lens[0], { pct: true }) : null;
    },
    compute: (s, c) => computeLength(s, c.env),
  }),
  keywordProp('text-transform', 'textTransform', true, 'none', [
    'none',
    'uppercase',
    'lowercase',
    'capitalize',
  ]),
  longhand<DecoLine[]>({
    name: 'text-decoration-line',
    key: 'textDecorationLine',
    inherited: false,
    initial: [],
    parse: parseDecorationLine,
  }),
  colorProp('text-decoration-color', 'textDecorationColor', false, 'currentcolor'),
  keywordProp('text-decoration-style', 'textDecorationStyle', false, 'solid', DECORATION_STYLES),
  spacingProp('letter-spacing', 'letterSpacing'),
  spacingProp('word-spacing', 'wordSpacing'),
  keywordProp('white-space', 'whiteSpace', true, 'normal', [
    'normal',
    'pre',
    'nowrap',
    'pre-wrap',
    'pre-line',
    'break-spaces',
  ]),
  keywordProp('word-break', 'wordBreak', true, 'normal', [
    'normal',
    'break-all',
    'keep-all',
    'break-word',
  ]),
  keywordProp('overflow-wrap', 'overflowWrap', true, 'normal', [
    'normal',
    'break-word',
    'anywhere',
  ]),
  longhand<number | LenSpec>({
    name: 'tab-size',
    key: 'tabSize',
    inherited: true,
    initial: 8,
    parse: single((n) => {
      const v = parseNumber(n);
      if (v !== null) return v >= 0 ? v : null;
      return parseLength(n, { nonNegative: true });
    }),
    compute: (s, c) => (typeof s === 'number' ? s : { px: computeAbsolute(s, c.env) }),
  }),
  longhand<LenOrKeyword>({
    name: 'vertical-align',
    key: 'verticalAlign',
    inherited: false,
    initial: 'baseline',
    parse: single((n) => lengthOrKeyword(n, { pct: true }, VALIGN_KW)),
    compute: (s, c) => {
      if ('kw' in s) return s.kw;
      const lh = c.self.lineHeight as LineHeight;
      const fs = c.env.fontSize;
      const basis = lh.kind === 'length' ? lh.px : lh.kind === 'number' ? lh.value * fs : 1.2 * fs;
      return computeAbsolute(s, c.env, basis);
    },
  }),
  keywordProp('direction', 'direction', true, 'ltr', ['ltr', 'rtl']),
  keywordProp('unicode-bidi', 'unicodeBidi', false, 'normal', [
    'normal',
    'embed',
    'isolate',
    'bidi-override',
    'isolate-override',
    'plaintext',
  ]),
  keywordProp('hyphens', 'hyphens', true, 'manual', ['none', 'manual', 'auto']),
);
SHORT.push({
  name: 'text-decoration',
  longhands: ['text-decoration-line', 'text-decoration-style', 'text-decoration-color'],
  expand(nodes, ctx) {
    const lines: CssNode[] = [];
    let style: unknown = INITIAL;
    let color: unknown = INITIAL;
    const pStyle = keywordParser(DECORATION_STYLES);
    for (const n of nodes) {
      const id = ident(n);
      if (
        id !== null &&
        (DECORATION_LINES.includes(id as DecoLine) || id === 'none' || id === 'blink')
      ) {
        lines.push(n);
        continue;
      }
      const st = pStyle(n);
      if (st && style === INITIAL) {
        style = st;
        continue;
      }
      const c = parseColor(n);
      if (c && color === INITIAL) {
        color = c;
        continue;
      }
      if (id === 'auto' || id === 'from-font' || parseLength(n, { pct: true })) {
        ctx.warn('text-decoration thickness is taken from the font');
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
    ]);
  },
});

// ---------------------------------------------------------------------------------------------
// Lists and generated content

const COUNTER_STYLES: readonly CounterStyleName[] = [
  'disc',
  'circle',
  'square',
  'disclosure-open',
  'disclosure-closed',
  'decimal',
  'decimal-leading-zero',
  'lower-roman',
  'upper-roman',
  'lower-alpha',
  'upper-alpha',
  'lower-latin',
  'upper-latin',
  'lower-greek',
  'arabic-indic',
  'hebrew',
];

export function parseCounterStyle(n: CssNode | undefined, ctx: ParseCtx): ListStyleType | null {
  if (!n) return null;
  if (n.type === 'String') return { string: n.value };
  const id = ident(n);
  if (id === null) return null;
  if (id === 'none') return 'none';
  if (COUNTER_STYLES.includes(id as CounterStyleName)) return id as CounterStyleName;
  if (['inherit', 'initial', 'unset', 'revert', 'default'].includes(id)) return null;
  ctx.warn(`counter style '${id}' is not supported; decimal is used`);
  return 'decimal';
}

function parseCounterChanges(dflt: number) {
  return (nodes: readonly CssNode[]): CounterChange[] | null => {
    if (nodes.length === 1 && ident(nodes[0]) === 'none') return [];
    const out: CounterChange[] = [];
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[i];
      if (n.type !== 'Identifier') return null;
      const name = n.name;
      if (['none', 'inherit', 'initial', 'unset', 'default'].includes(name.toLowerCase()))
        return null;
      const v = parseInteger(nodes[i + 1]);
      if (v !== null) i++;
      out.push({ name, value: v ?? dflt });
    }
    return out.length ? out : null;
  };
}

function parseContent(
  nodes: readonly CssNode[],
  ctx: ParseCtx,
): ContentItem[] | 'normal' | 'none' | null {
  if (nodes.length === 1) {
    const id = ident(nodes[0]);
    if (id === 'normal' || id === 'none') return id;
  }
  // Alternative text after '/' is accepted; the visible content is what we lay out.
  const slash = nodes.findIndex(isSlash);
  const main = slash < 0 ? nodes : nodes.slice(0, slash);
  const out: ContentItem[] = [];
  for (const n of main) {
    if (n.type === 'String') out.push({ kind: 'string', text: n.value });
    else if (n.type === 'Url') out.push({ kind: 'url', url: resolveUrl(n.value, ctx.base) });
    else if (n.type === 'Identifier') {
      const id = n.name.toLowerCase();
      if (
        id === 'open-quote' ||
        id === 'close-quote' ||
        id === 'no-open-quote' ||
        id === 'no-close-quote'
      ) {
        out.push({ kind: 'quote', which: id });
      } else return null;
    } else if (n.type === 'Function') {
      const fn = n.name.toLowerCase();
      const args = splitCommas(n.children.toArray().filter((x) => x.type !== 'WhiteSpace'));
      if (fn === 'attr') {
        const name = args[0]?.[0];
        if (!name || name.type !== 'Identifier') return null;
        out.push({ kind: 'attr', name: name.name.toLowerCase() });
      } else if (fn === 'counter' || fn === 'counters') {
        const name = args[0]?.[0];
        if (!name || name.type !== 'Identifier' || args[0].length !== 1) return null;
        if (fn === 'counter') {
          const style = args[1] ? parseCounterStyle(args[1][0], ctx) : 'decimal';
          if (!style || args.length > 2) return null;
          out.push({ kind: 'counter', name: name.name, style });
        } else {
          const sep = stringValue(args[1]?.[0]);
          const style = args[2] ? parseCounterStyle(args[2][0], ctx) : 'decimal';
          if (sep === null || !style || args.length > 3) return null;
          out.push({ kind: 'counters', name: name.name, separator: sep, style });
        }
      } else if (fn === 'url') {
        const s = stringValue(args[0]?.[0]);
        if (s === null) return null;
        out.push({ kind: 'url', url: resolveUrl(s, ctx.base) });
      } else {
        ctx.warn(`content function ${fn}() is not supported`);
        return null;
      }
    } else return null;
  }
  return out.length ? out : null;
}

function parseQuotes(nodes: readonly CssNode[]): Quotes | null {
  if (nodes.length === 1) {
    const id = ident(nodes[0]);
    if (id === 'auto' || id === 'none') return id;
  }
  if (nodes.length === 0 || nodes.length % 2 !== 0) return null;
  const strs = nodes.map(stringValue);
  if (strs.some((s) => s === null)) return null;
  const pairs: [string, string][] = [];
  for (let i = 0; i < strs.length; i += 2) pairs.push([strs[i] as string, strs[i + 1] as string]);
  return pairs;
}

add(
  longhand<ListStyleType>({
    name: 'list-style-type',
    key: 'listStyleType',
    inherited: true,
    initial: 'disc',
    parse: (nodes, ctx) => (nodes.length === 1 ? parseCounterStyle(nodes[0], ctx) : null),
  }),
  keywordProp('list-style-position', 'listStylePosition', true, 'outside', ['inside', 'outside']),
  longhand<{ kind: 'url'; url: string } | 'none'>({
    name: 'list-style-image',
    key: 'listStyleImage',
    inherited: true,
    initial: 'none',
    parse: single((n, ctx) => {
      if (ident(n) === 'none') return 'none';
      return n.type === 'Url' ? { kind: 'url', url: resolveUrl(n.value, ctx.base) } : null;
    }),
  }),
  longhand<ContentItem[] | 'normal' | 'none'>({
    name: 'content',
    key: 'content',
    inherited: false,
    initial: 'normal',
    parse: parseContent,
  }),
  longhand<CounterChange[]>({
    name: 'counter-reset',
    key: 'counterReset',
    inherited: false,
    initial: [],
    parse: parseCounterChanges(0),
  }),
  longhand<CounterChange[]>({
    name: 'counter-increment',
    key: 'counterIncrement',
    inherited: false,
    initial: [],
    parse: parseCounterChanges(1),
  }),
  longhand<CounterChange[]>({
    name: 'counter-set',
    key: 'counterSet',
    inherited: false,
    initial: [],
    parse: parseCounterChanges(0),
  }),
  longhand<Quotes>({
    name: 'quotes',
    key: 'quotes',
    inherited: true,
    initial: 'auto',
    parse: parseQuotes,
  }),
);
SHORT.push({
  name: 'list-style',
  longhands: ['list-style-type', 'list-style-position', 'list-style-image'],
  expand(nodes, ctx) {
    let type: unknown = INITIAL;
    let pos: unknown = INITIAL;
    let image: unknown = INITIAL;
    let nones = 0;
    for (const n of nodes) {
      const id = ident(n);
      if (id === 'none') {
        nones++;
        continue;
      }
      if ((id === 'inside' || id === 'outside') && pos === INITIAL) {
        pos = id;
        continue;
      }
      if (n.type === 'Url' && image === INITIAL) {
        image = { kind: 'url', url: resolveUrl(n.value, ctx.base) };
        continue;
      }
      const t = type === INITIAL ? parseCounterStyle(n, ctx) : null;
      if (t) {
        type = t;
        continue;
      }
      return null;
    }
    // `none` fills whichever of type and image was not given.
    if (nones > 0 && type === INITIAL) {
      type = 'none';
      nones--;
    }
    if (nones > 0 && image === INITIAL) {
      image = 'none';
      nones--;
    }
    if (nones > 0) return null;
    return new Map<string, unknown>([
      ['list-style-type', type],
      ['list-style-position', pos],
      ['list-style-image', image],
    ]);
  },
});

// ---------------------------------------------------------------------------------------------
// Tables

interface SpacingSpec {
  readonly h: LenSpec;
  readonly v: LenSpec;
}
add(
  keywordProp('table-layout', 'tableLayout', false, 'auto', ['auto', 'fixed']),
  keywordProp('border-collapse', 'borderCollapse', true, 'separate', ['separate', 'collapse']),
  longhand<SpacingSpec>({
    name: 'border-spacing',
    key: '_borderSpacing',
    inherited: true,
    initial: [0, 0],
    parse: (nodes) => {
      const v = nodes.map((n) => parseLength(n, { nonNegative: true }));
      if (v.length < 1 || v.length > 2 || v.some((x) => x === null)) return null;
      return { h: v[0] as LenSpec, v: (v[1] ?? v[0]) as LenSpec };
    },
    compute: (s, c) => [computeAbsolute(s.h, c.env), computeAbsolute(s.v, c.env)],
  }),
  keywordProp('caption-side', 'captionSide', true, 'top', ['top', 'bottom']),
  keywordProp('empty-cells', 'emptyCells', true, 'show', ['show', 'hide']),
);

// ---------------------------------------------------------------------------------------------
// Flex

const ALIGN_ALIASES = {
  normal: 'stretch',
  start: 'flex-start',
  'self-start': 'flex-start',
  end: 'flex-end',
  'self-end': 'flex-end',
  'first baseline': 'baseline',
} as const;
function alignParser<K extends string>(values: readonly K[], aliases: Readonly<Record<string, K>>) {
  const p = keywordParser(values, aliases);
  // `safe`/`unsafe` overflow positions are accepted and ignored.
  return (nodes: readonly CssNode[]): K | null => {
    const rest = nodes.filter((n) => !['safe', 'unsafe'].includes(ident(n) ?? ''));
    return rest.length === 1 ? p(rest[0]) : null;
  };
}
const ALIGN_ITEMS = ['stretch', 'flex-start', 'flex-end', 'center', 'baseline'] as const;
const ALIGN_CONTENT = [
  'stretch',
  'flex-start',
  'flex-end',
  'center',
  'space-between',
  'space-around',
  'space-evenly',
] as const;

const gapLong = (n: CssNode): LenSpec | { kw: string } | null =>
  ident(n) === 'normal'
    ? { t: 'dim', v: 0, unit: 'px' }
    : parseLength(n, { pct: true, nonNegative: true });

type BasisSpec = LenSpec | { readonly kw: string };
const parseBasis = (n: CssNode): BasisSpec | null =>
  lengthOrKeyword(n, { pct: true, nonNegative: true }, ['auto', 'content']);

add(
  keywordProp('flex-direction', 'flexDirection', false, 'row', [
    'row',
    'row-reverse',
    'column',
    'column-reverse',
  ]),
  keywordProp('flex-wrap', 'flexWrap', false, 'nowrap', ['nowrap', 'wrap', 'wrap-reverse']),
  numberProp('flex-grow', 'flexGrow', false, 0, (v) => v >= 0),
  numberProp('flex-shrink', 'flexShrink', false, 1, (v) => v >= 0),
  longhand<BasisSpec>({
    name: 'flex-basis',
    key: 'flexBasis',
    inherited: false,
    initial: 'auto',
    parse: single(parseBasis),
    compute: (s, c) => computeLenOrKeyword(s, c.env, true),
  }),
  longhand<string>({
    name: 'justify-content',
    key: 'justifyContent',
    inherited: false,
    initial: 'flex-start',
    parse: alignParser(
      ['flex-start', 'flex-end', 'center', 'space-between', 'space-around', 'space-evenly'],
      {
        normal: 'flex-start',
        start: 'flex-start',
        left: 'flex-start',
        end: 'flex-end',
        right: 'flex-end',
        stretch: 'flex-start',
      },
    ),
  }),
  longhand<string>({
    name: 'align-items',
    key: 'alignItems',
    inherited: false,
    initial: 'stretch',
    parse: alignParser(ALIGN_ITEMS, ALIGN_ALIASES),
  }),
  longhand<string>({
    name: 'align-self',
    key: 'alignSelf',
    inherited: false,
    initial: 'auto',
    parse: alignParser(['auto', ...ALIGN_ITEMS], ALIGN_ALIASES),
  }),
  longhand<string>({
    name: 'align-content',
    key: 'alignContent',
    inherited: false,
    initial: 'stretch',
    parse: alignParser(ALIGN_CONTENT, { normal: 'stretch', start: 'flex-start', end: 'flex-end' }),
  }),
  longhand<LenSpec | { kw: string }>({
    name: 'row-gap',
    key: 'rowGap',
    inherited: false,
    initial: 0,
    parse: single(gapLong),
    compute: (s, c) => computeLenOrKeyword(s, c.env, true),
  }),
  longhand<LenSpec | { kw: string }>({
    name: 'column-gap',
    key: 'columnGap',
    inherited: false,
    initial: 0,
    parse: single(gapLong),
    compute: (s, c) => computeLenOrKeyword(s, c.env, true),
  }),
  longhand<number>({
    name: 'order',
    key: 'order',
    inherited: false,
    initial: 0,
    parse: single(parseInteger),
  }),
);
SHORT.push(
  {
    name: 'gap',
    longhands: ['row-gap', 'column-gap'],
    expand(nodes) {
      const v = nodes.map(gapLong);
      if (v.length < 1 || v.length > 2 || v.some((x) => x === null)) return null;
      return new Map([
        ['row-gap', v[0]],
        ['column-gap', v[1] ?? v[0]],
      ]);
    },
  },
  {
    name: 'flex-flow',
    longhands: ['flex-direction', 'flex-wrap'],
    expand(nodes) {
      let dir: unknown = INITIAL;
      let wrap: unknown = INITIAL;
      for (const n of nodes) {
        const id = ident(n);
        if (
          id &&
          ['row', 'row-reverse', 'column', 'column-reverse'].includes(id) &&
          dir === INITIAL
        )
          dir = id;
        else if (id && ['nowrap', 'wrap', 'wrap-reverse'].includes(id) && wrap === INITIAL)
          wrap = id;
        else return null;
      }
      return nodes.length
        ? new Map([
            ['flex-direction', dir],
            ['flex-wrap', wrap],
          ])
        : null;
    },
  },
  {
    name: 'flex',
    longhands: ['flex-grow', 'flex-shrink', 'flex-basis'],
    expand(nodes) {
      const m = (g: number, s: number, b: BasisSpec): Map<string, unknown> =>
        new Map<string, unknown>([
          ['flex-grow', g],
          ['flex-shrink', s],
          ['flex-basis', b],
        ]);
      const zero: LenSpec = { t: 'pct', v: 0 };
      if (nodes.length === 1) {
        const id = ident(nodes[0]);
        if (id === 'none') return m(0, 0, { kw: 'auto' });
        if (id === 'auto') return m(1, 1, { kw: 'auto' });
      }
      const nums: number[] = [];
      let basis: BasisSpec | null = null;
      for (const n of nodes) {
        const v = n.type === 'Number' && parseFloat(n.value) !== 0 ? parseNumber(n) : null;
        if (v !== null && basis === null && nums.length < 2) {
          if (v < 0) return null;
          nums.push(v);
          continue;
        }
        // A bare 0 is a grow/shrink number until two numbers were seen, then a basis.
        if (n.type === 'Number' && parseFloat(n.value) === 0 && nums.length < 2 && basis === null) {
          nums.push(0);
          continue;
        }
        const b: BasisSpec | null = basis === null ? parseBasis(n) : null;
        if (!b) return null;
        basis = b;
      }
      if (nums.length === 0 && basis === null) return null;
      return m(nums[0] ?? 1, nums[1] ?? 1, basis ?? zero);
    },
  },
);

// ---------------------------------------------------------------------------------------------
// Replaced content and fragmentation

const BREAK_KW = ['auto', 'avoid', 'page', 'left', 'right', 'recto', 'verso'] as const;
const BREAK_ALIASES = {
  'avoid-page': 'avoid',
  always: 'page',
  all: 'page',
  column: 'auto',
  'avoid-column': 'auto',
  region: 'auto',
  'avoid-region': 'auto',
} as const;
const INSIDE_ALIASES = {
  'avoid-page': 'avoid',
  'avoid-column': 'auto',
  'avoid-region': 'auto',
} as const;

add(
  keywordProp('object-fit', 'objectFit', false, 'fill', [
    'fill',
    'contain',
    'cover',
    'none',
    'scale-down',
  ]),
  longhand<PosSpec>({
    name: 'object-position',
    key: 'objectPosition',
    inherited: false,
    initial: { x: { percent: 50, px: 0 }, y: { percent: 50, px: 0 } },
    parse: parsePosition,
    compute: computePosition,
  }),
  keywordProp('break-before', 'breakBefore', false, 'auto', BREAK_KW, BREAK_ALIASES),
  keywordProp('break-after', 'breakAfter', false, 'auto', BREAK_KW, BREAK_ALIASES),
  keywordProp('break-inside', 'breakInside', false, 'auto', ['auto', 'avoid'], INSIDE_ALIASES),
  numberProp('orphans', 'orphans', true, 2, (v) => Number.isInteger(v) && v >= 1),
  numberProp('widows', 'widows', true, 2, (v) => Number.isInteger(v) && v >= 1),
  longhand<string>({
    name: 'page',
    key: 'page',
    inherited: false,
    initial: 'auto',
    parse: single((n) =>
      n.type === 'Identifier' ? (n.name.toLowerCase() === 'auto' ? 'auto' : n.name) : null,
    ),
  }),
);

function aliasShorthand(
  name: string,
  target: string,
  map: Readonly<Record<string, string>>,
): Shorthand {
  return {
    name,
    longhands: [target],
    expand(nodes) {
      const id = nodes.length === 1 ? ident(nodes[0]) : null;
      const v = id !== null && Object.prototype.hasOwnProperty.call(map, id) ? map[id] : null;
      return v === null ? null : new Map([[target, v]]);
    },
  };
}
const PAGE_BREAK = {
  auto: 'auto',
  always: 'page',
  avoid: 'avoid',
  left: 'left',
  right: 'right',
  recto: 'recto',
  verso: 'verso',
};
SHORT.push(
  aliasShorthand('page-break-before', 'break-before', PAGE_BREAK),
  aliasShorthand('page-break-after', 'break-after', PAGE_BREAK),
  aliasShorthand('page-break-inside', 'break-inside', { auto: 'auto', avoid: 'avoid' }),
);

// ---------------------------------------------------------------------------------------------
// Registry

/** Property names that are plain synonyms of another. */
export const PROPERTY_ALIASES: ReadonlyMap<string, string> = new Map([
  ['word-wrap', 'overflow-wrap'],
  ['-webkit-hyphens', 'hyphens'],
  ['-ms-hyphens', 'hyphens'],
  ['grid-gap', 'gap'],
  ['grid-row-gap', 'row-gap'],
  ['grid-column-gap', 'column-gap'],
  ['-webkit-box-sizing', 'box-sizing'],
]);

/**
 * Properties that cannot affect a static PDF (interaction, animation, rendering hints): ignored
 * without a warning because nothing is lost.
 */
export const NO_EFFECT_PROPERTIES: ReadonlySet<string> = new Set([
  'cursor',
  'pointer-events',
  'user-select',
  'transition',
  'transition-property',
  'transition-duration',
  'transition-timing-function',
  'transition-delay',
  'animation',
  'animation-name',
  'animation-duration',
  'animation-timing-function',
  'animation-delay',
  'animation-iteration-count',
  'animation-direction',
  'animation-fill-mode',
  'animation-play-state',
  'will-change',
  'touch-action',
  'scroll-behavior',
  'caret-color',
  'resize',
  'text-rendering',
  'print-color-adjust',
  'color-adjust',
  'color-scheme',
  'font-display',
  'appearance',
  'speak',
  'outline-offset',
  'font-kerning',
  'font-feature-settings',
  'font-variant-ligatures',
  'font-variant-numeric',
  'font-optical-sizing',
  'text-size-adjust',
]);

// ---------------------------------------------------------------------------------------------
// Logical properties (horizontal writing only): block-axis ones are plain aliases of top/bottom
// and height; inline-start/end depend on `direction`, so they cascade as their own longhands and
// the cascade maps them onto left/right once the element's direction is known.

const PHYSICAL = new Map(LONG.map((l) => [l.name, l]));

function aliasOf(name: string, target: string): Shorthand {
  const t = PHYSICAL.get(target) as Longhand;
  return {
    name,
    longhands: [target],
    expand(nodes, ctx) {
      const v = t.parse(nodes, ctx);
      return v === null ? null : new Map([[target, v]]);
    },
  };
}

function pairOf(
  name: string,
  first: string,
  second: string,
  parseOne: (n: CssNode, ctx: ParseCtx) => unknown,
): Shorthand {
  return {
    name,
    longhands: [first, second],
    expand(nodes, ctx) {
      const v = nodes.map((n) => parseOne(n, ctx));
      if (v.length < 1 || v.length > 2 || v.some((x) => x === null)) return null;
      return new Map([
        [first, v[0]],
        [second, v[1] ?? v[0]],
      ]);
    },
  };
}

/** Inline-direction longhand → [physical in ltr, physical in rtl]. */
export const LOGICAL_INLINE: ReadonlyMap<string, readonly [string, string]> = (() => {
  const m = new Map<string, readonly [string, string]>();
  for (const p of ['margin', 'padding']) {
    m.set(`${p}-inline-start`, [`${p}-left`, `${p}-right`]);
    m.set(`${p}-inline-end`, [`${p}-right`, `${p}-left`]);
  }
  for (const part of ['width', 'style', 'color']) {
    m.set(`border-inline-start-${part}`, [`border-left-${part}`, `border-right-${part}`]);
    m.set(`border-inline-end-${part}`, [`border-right-${part}`, `border-left-${part}`]);
  }
  m.set('inset-inline-start', ['left', 'right']);
  m.set('inset-inline-end', ['right', 'left']);
  return m;
})();

for (const [name, [ltr]] of LOGICAL_INLINE) {
  const phys = PHYSICAL.get(ltr) as Longhand;
  // Same parser as the physical property; `key` marks it as never computed on its own.
  LONG.push({ ...phys, name, key: '_logical', inherited: false });
}
const lengthAuto = (n: CssNode): unknown => lengthOrKeyword(n, { pct: true }, ['auto']);
const padLen = (n: CssNode): unknown => parseLength(n, { pct: true, nonNegative: true });
SHORT.push(
  aliasOf('margin-block-start', 'margin-top'),
  aliasOf('margin-block-end', 'margin-bottom'),
  aliasOf('padding-block-start', 'padding-top'),
  aliasOf('padding-block-end', 'padding-bottom'),
  aliasOf('inset-block-start', 'top'),
  aliasOf('inset-block-end', 'bottom'),
  aliasOf('inline-size', 'width'),
  aliasOf('block-size', 'height'),
  aliasOf('min-inline-size', 'min-width'),
  aliasOf('min-block-size', 'min-height'),
  aliasOf('max-inline-size', 'max-width'),
  aliasOf('max-block-size', 'max-height'),
  ...['width', 'style', 'color'].flatMap((part) => [
    aliasOf(`border-block-start-${part}`, `border-top-${part}`),
    aliasOf(`border-block-end-${part}`, `border-bottom-${part}`),
  ]),
  pairOf('margin-block', 'margin-top', 'margin-bottom', lengthAuto),
  pairOf('margin-inline', 'margin-inline-start', 'margin-inline-end', lengthAuto),
  pairOf('padding-block', 'padding-top', 'padding-bottom', padLen),
  pairOf('padding-inline', 'padding-inline-start', 'padding-inline-end', padLen),
  pairOf('inset-block', 'top', 'bottom', lengthAuto),
  pairOf('inset-inline', 'inset-inline-start', 'inset-inline-end', lengthAuto),
  borderShorthand('border-block', ['top', 'bottom']),
  borderShorthand('border-block-start', ['top']),
  borderShorthand('border-block-end', ['bottom']),
  borderShorthand('border-inline', ['inline-start', 'inline-end']),
  borderShorthand('border-inline-start', ['inline-start']),
  borderShorthand('border-inline-end', ['inline-end']),
);

// `all` takes only CSS-wide keywords (handled before shorthand expansion) and covers every
// longhand except direction and unicode-bidi.
SHORT.push({
  name: 'all',
  longhands: LONG.filter((l) => l.name !== 'direction' && l.name !== 'unicode-bidi').map(
    (l) => l.name,
  ),
  expand: () => null,
});

export const LONGHANDS: ReadonlyMap<string, Longhand> = new Map(LONG.map((l) => [l.name, l]));
export const SHORTHANDS: ReadonlyMap<string, Shorthand> = new Map(SHORT.map((s) => [s.name, s]));
/**
 * Longhands in computation order: fonts, colour, line-height, display and direction before the
 * rest (lengths need the font size; logical properties need the direction).
 */
export const COMPUTE_ORDER: readonly Longhand[] = (() => {
  const first = [
    'font-family',
    'font-style',
    'font-weight',
    'font-size',
    'color',
    'line-height',
    'display',
    'direction',
  ];
  return [
    ...first.map((n) => LONGHANDS.get(n) as Longhand),
    ...LONG.filter((l) => !first.includes(l.name) && l.key !== '_logical'),
  ];
})();
