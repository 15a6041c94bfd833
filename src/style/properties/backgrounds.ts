/**
 * Backgrounds: colour and the layered image longhands (images; linear, radial and conic
 * gradients, repeating or not; position, size, repeat, origin, clip) with the `background`
 * shorthand.
 */
import type { CssNode } from 'css-tree';
import { TRANSPARENT, parseColor, parseInterpolationMethod, type ColorSpec } from '../colors.js';
import * as kit from './kit.js';
import type {
  BackgroundBox,
  BackgroundClip,
  ColorInterpolation,
  BackgroundRepeatKeyword,
  CssImage,
  CssLinearGradient,
  GradientStops,
  LengthPercentage,
  RadialExtent,
} from '../types.js';
import * as cssValues from '../values.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

type StopSpec =
  | { readonly color: ColorSpec; readonly pos: cssValues.LenSpec | null }
  | { readonly hint: cssValues.LenSpec };
interface LinearSpec {
  readonly kind: 'linear-gradient';
  readonly direction: CssLinearGradient['direction'];
  readonly stops: readonly StopSpec[];
  readonly repeating: boolean;
  readonly interpolation?: ColorInterpolation;
}
type RadialSizeSpec =
  RadialExtent | { readonly rx: cssValues.LenSpec; readonly ry: cssValues.LenSpec };
interface RadialSpec {
  readonly kind: 'radial-gradient';
  readonly shape: 'circle' | 'ellipse';
  readonly size: RadialSizeSpec;
  readonly position: PosSpec;
  readonly stops: readonly StopSpec[];
  readonly repeating: boolean;
  readonly interpolation?: ColorInterpolation;
}
interface ConicSpec {
  readonly kind: 'conic-gradient';
  readonly from: number;
  readonly position: PosSpec;
  readonly stops: readonly StopSpec[];
  readonly repeating: boolean;
  readonly interpolation?: ColorInterpolation;
}
type GradientSpec = LinearSpec | RadialSpec | ConicSpec;
/** A specified `<image>` (or none): a resolved url() or a gradient whose stops still compute. */
export type ImageSpec = { readonly kind: 'url'; readonly url: string } | GradientSpec | 'none';

const SIDE_ANGLE: Readonly<Record<string, number>> = { top: 0, right: 90, bottom: 180, left: 270 };
const EXTENTS: readonly RadialExtent[] = [
  'closest-side',
  'closest-corner',
  'farthest-side',
  'farthest-corner',
];
const CENTER: PosSpec = {
  x: { edgePct: 50, fromEnd: false, off: null },
  y: { edgePct: 50, fromEnd: false, off: null },
};

const GRADIENTS = new Set(['linear-gradient', 'radial-gradient', 'conic-gradient']);

/** The gradient function a name stands for, without `repeating-` and `-webkit-`; or null. */
function gradientName(fnName: string): { base: string; repeating: boolean } | null {
  const name = fnName.toLowerCase().replace(/^-webkit-/, '');
  const repeating = name.startsWith('repeating-');
  const base = repeating ? name.slice('repeating-'.length) : name;
  return GRADIENTS.has(base) ? { base, repeating } : null;
}

function parseGradient(fn: CssNode): GradientSpec | null {
  if (fn.type !== 'Function') return null;
  const named = gradientName(fn.name);
  if (!named) return null;
  const { base, repeating } = named;
  const parts = cssValues.splitCommas(fn.children.toArray().filter((n) => n.type !== 'WhiteSpace'));
  // The first part is a head (direction, shape, centre) unless it starts with a colour.
  const first = parts[0] ?? [];
  const hasHead = first.length > 0 && !parseColor(first[0]);
  const stopParts = hasHead ? parts.slice(1) : parts;
  const split = hasHead ? splitInterpolation(first) : { rest: [] };
  if (!split) return null;
  const head = split.rest;
  const method = split.interpolation ? { interpolation: split.interpolation } : {};
  if (base === 'conic-gradient') {
    const h = head.length > 0 ? parseConicHead(head) : { from: 0, position: CENTER };
    const stops = h && parseStopList(stopParts, parseTurnPosition);
    return h && stops ? { kind: 'conic-gradient', ...h, stops, repeating, ...method } : null;
  }
  const stops = parseStopList(stopParts, parseRayPosition);
  if (!stops) return null;
  if (base === 'radial-gradient') {
    const h = head.length > 0 ? parseRadialHead(head) : RADIAL_DEFAULT;
    return h ? { kind: 'radial-gradient', ...h, stops, repeating, ...method } : null;
  }
  const direction = head.length > 0 ? parseLinearDirection(head) : { angle: 180 };
  return direction ? { kind: 'linear-gradient', direction, stops, repeating, ...method } : null;
}

/**
 * A gradient's head without its `<color-interpolation-method>`, which comes first or last
 * (CSS Images 4, 3.1); null when an `in` is there but not a valid method.
 */
function splitInterpolation(
  head: readonly CssNode[],
): { rest: CssNode[]; interpolation?: ColorInterpolation } | null {
  const at = head.findIndex((n) => cssValues.ident(n) === 'in');
  if (at < 0) return { rest: [...head] };
  // The method is `in <space>` plus `<hue-method> hue` when those follow.
  for (const length of [4, 2]) {
    const interpolation = parseInterpolationMethod(head.slice(at, at + length));
    if (!interpolation) continue;
    const rest = [...head.slice(0, at), ...head.slice(at + length)];
    // Between the other parts of the head it would split them: not valid there.
    if (at > 0 && at + length < head.length) return null;
    return { rest, interpolation };
  }
  return null;
}

function parseLinearDirection(head: readonly CssNode[]): CssLinearGradient['direction'] | null {
  const angle =
    head.length === 1 && head[0].type !== 'Number' ? cssValues.parseAngle(head[0]) : null;
  if (angle !== null) return { angle };
  if (cssValues.ident(head[0]) !== 'to') return null;
  const ids = head.slice(1).map(cssValues.ident);
  if (ids.length < 1 || ids.length > 2 || ids.some((i) => i === null || !(i in SIDE_ANGLE)))
    return null;
  if (ids.length === 1) return { angle: SIDE_ANGLE[ids[0] as string] };
  const x = ids.find((i) => i === 'left' || i === 'right') as 'left' | 'right' | undefined;
  const y = ids.find((i) => i === 'top' || i === 'bottom') as 'top' | 'bottom' | undefined;
  return x && y ? { corner: { x, y } } : null;
}

/** `at <position>` closing a head, or the centre when there is no `at`; null when invalid. */
export function splitAt(head: readonly CssNode[]): { before: CssNode[]; position: PosSpec } | null {
  const at = head.findIndex((n) => cssValues.ident(n) === 'at');
  if (at < 0) return { before: [...head], position: CENTER };
  const position = parsePosition(head.slice(at + 1));
  return position ? { before: head.slice(0, at), position } : null;
}

const RADIAL_DEFAULT = {
  shape: 'ellipse',
  size: 'farthest-corner',
  position: CENTER,
} as const satisfies Pick<RadialSpec, 'shape' | 'size' | 'position'>;

/** `[ <ending-shape> || <size> ]? [ at <position> ]?` (CSS Images 3, 3.2). */
function parseRadialHead(
  head: readonly CssNode[],
): Pick<RadialSpec, 'shape' | 'size' | 'position'> | null {
  const split = splitAt(head);
  if (!split) return null;
  let shape: RadialSpec['shape'] | null = null;
  let extent: RadialExtent | null = null;
  // The radii come as one run of one or two lengths, in either place around the shape.
  const radii: CssNode[] = [];
  for (const [i, n] of split.before.entries()) {
    const id = cssValues.ident(n);
    if ((id === 'circle' || id === 'ellipse') && !shape) shape = id;
    else if (EXTENTS.includes(id as RadialExtent) && !extent) extent = id as RadialExtent;
    else if (id === null && (radii.length === 0 || split.before[i - 1] === radii[radii.length - 1]))
      radii.push(n);
    else return null;
  }
  const kind = shape ?? (radii.length === 1 ? 'circle' : 'ellipse');
  if (radii.length === 0) return { shape: kind, size: extent ?? 'farthest-corner', ...split };
  if (extent) return null;
  // A circle has one radius, a length; an ellipse two, which may be percentages.
  const parsed = radii.map((n) =>
    cssValues.parseLength(n, { pct: kind === 'ellipse', nonNegative: true }),
  );
  if (parsed.some((l) => l === null) || parsed.length !== (kind === 'circle' ? 1 : 2)) return null;
  const rx = parsed[0] as cssValues.LenSpec;
  return {
    shape: kind,
    size: { rx, ry: parsed[1] ?? rx },
    position: split.position,
  };
}

/** `[ from <angle> ]? [ at <position> ]?` (CSS Images 4, 3.3). */
function parseConicHead(head: readonly CssNode[]): Pick<ConicSpec, 'from' | 'position'> | null {
  const split = splitAt(head);
  if (!split) return null;
  const b = split.before;
  if (b.length === 0) return { from: 0, position: split.position };
  if (b.length !== 2 || cssValues.ident(b[0]) !== 'from') return null;
  const from = cssValues.parseAngle(b[1]);
  return from === null ? null : { from, position: split.position };
}

/** A stop position along a linear or radial ray: a length or percentage. */
function parseRayPosition(n: CssNode): cssValues.LenSpec | null {
  return cssValues.parseLength(n, { pct: true });
}

/** A conic stop position: an angle or percentage, kept as the percentage of a turn. */
function parseTurnPosition(n: CssNode): cssValues.LenSpec | null {
  if (n.type === 'Percentage') return cssValues.parseLength(n, { pct: true });
  const deg = cssValues.parseAngle(n);
  return deg === null ? null : { t: 'pct', v: deg / 3.6 };
}

/**
 * `<color-stop-list>`: at least two colour stops, each with up to two positions, and at most
 * one hint (a bare position) between two stops.
 */
function parseStopList(
  parts: readonly (readonly CssNode[])[],
  position: (n: CssNode) => cssValues.LenSpec | null,
): StopSpec[] | null {
  const stops: StopSpec[] = [];
  let colours = 0;
  for (const p of parts) {
    const color = p.length > 0 ? parseColor(p[0]) : null;
    if (!color) {
      const hint = p.length === 1 ? position(p[0]) : null;
      const prev = stops[stops.length - 1];
      if (!hint || !prev || 'hint' in prev) return null;
      stops.push({ hint });
      continue;
    }
    const pos = p.slice(1).map(position);
    if (pos.length > 2 || pos.some((x) => x === null)) return null;
    if (pos.length === 0) stops.push({ color, pos: null });
    for (const x of pos) stops.push({ color, pos: x });
    colours++;
  }
  const last = stops[stops.length - 1];
  return colours >= 2 && last && !('hint' in last) ? stops : null;
}

export function parseImage(n: CssNode, ctx: kit.ParseCtx): ImageSpec | null {
  if (cssValues.ident(n) === 'none') return 'none';
  if (n.type === 'Url') return { kind: 'url', url: kit.resolveUrl(n.value, ctx.base) };
  if (n.type === 'Function') {
    // A gradient written wrong is an invalid value, reported as such by the caller.
    if (!gradientName(n.name)) ctx.warn(`${n.name}() is not supported as an image`);
    return parseGradient(n);
  }
  return null;
}

function computeStops(stops: readonly StopSpec[], c: kit.ComputeCtx): GradientStops {
  return stops.map((st) =>
    'hint' in st
      ? { hint: cssValues.computeLength(st.hint, c.env) }
      : {
          color: kit.resolveColor(st.color, c.color),
          position: st.pos ? cssValues.computeLength(st.pos, c.env) : null,
        },
  );
}

export function computeImage(s: ImageSpec, c: kit.ComputeCtx): CssImage | 'none' {
  if (s === 'none' || s.kind === 'url') return s;
  const stops = computeStops(s.stops, c);
  const { repeating } = s;
  const method = s.interpolation ? { interpolation: s.interpolation } : {};
  switch (s.kind) {
    case 'linear-gradient':
      return { kind: s.kind, direction: s.direction, repeating, stops, ...method };
    case 'conic-gradient':
      return {
        kind: s.kind,
        from: s.from,
        position: computePosition(s.position, c),
        repeating,
        stops,
        ...method,
      };
    case 'radial-gradient':
      return {
        kind: s.kind,
        shape: s.shape,
        size:
          typeof s.size === 'string'
            ? s.size
            : {
                rx: cssValues.computeLength(s.size.rx, c.env, true),
                ry: cssValues.computeLength(s.size.ry, c.env, true),
              },
        position: computePosition(s.position, c),
        repeating,
        stops,
        ...method,
      };
  }
}

/** One axis of a position: an offset from the start (or end) edge. */
interface PosAxis {
  readonly edgePct: number;
  readonly fromEnd: boolean;
  readonly off: cssValues.LenSpec | null;
}
export interface PosSpec {
  readonly x: PosAxis;
  readonly y: PosAxis;
}
export const X_KW: Readonly<Record<string, number>> = { left: 0, center: 50, right: 100 };
export const Y_KW: Readonly<Record<string, number>> = { top: 0, center: 50, bottom: 100 };

export function parsePosition(nodes: readonly CssNode[]): PosSpec | null {
  const len = (n: CssNode): cssValues.LenSpec | null => cssValues.parseLength(n, { pct: true });
  const axisOf = (kw: string, off: cssValues.LenSpec | null): PosAxis => ({
    edgePct: kw === 'center' ? 50 : 0,
    fromEnd: kw === 'right' || kw === 'bottom',
    off,
  });
  const center: PosAxis = { edgePct: 50, fromEnd: false, off: null };
  if (nodes.length === 1) {
    const id = cssValues.ident(nodes[0]);
    if (id === null) {
      const l = len(nodes[0]);
      return l ? { x: { edgePct: 0, fromEnd: false, off: l }, y: center } : null;
    }
    if (id in X_KW) return { x: axisOf(id, null), y: center };
    if (id in Y_KW) return { x: center, y: axisOf(id, null) };
    return null;
  }
  if (nodes.length === 2) {
    const [a, b] = nodes.map(cssValues.ident);
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
      const id = cssValues.ident(nodes[i]);
      if (id === null) return null;
      const next = nodes[i + 1];
      const off = next && cssValues.ident(next) === null ? len(next) : null;
      if (next && cssValues.ident(next) === null && !off) return null;
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
  const ids = nodes.map(cssValues.ident).filter((i) => i !== null);
  return ids.includes('left') || ids.includes('right');
}

function computeAxis(a: PosAxis, c: kit.ComputeCtx): LengthPercentage {
  const off: LengthPercentage = a.off ? cssValues.computeLength(a.off, c.env) : 0;
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

export const computePosition = (s: PosSpec, c: kit.ComputeCtx) => ({
  x: computeAxis(s.x, c),
  y: computeAxis(s.y, c),
});

export type SizeSpec =
  'cover' | 'contain' | { readonly w: kit.LenOrKeyword; readonly h: kit.LenOrKeyword };
export function parseBgSize(nodes: readonly CssNode[]): SizeSpec | null {
  if (nodes.length === 1) {
    const id = cssValues.ident(nodes[0]);
    if (id === 'cover' || id === 'contain') return id;
  }
  if (nodes.length < 1 || nodes.length > 2) return null;
  const v = nodes.map((n) => kit.lengthOrKeyword(n, { pct: true, nonNegative: true }, ['auto']));
  if (v.some((x) => x === null)) return null;
  return { w: v[0] as kit.LenOrKeyword, h: (v[1] ?? { kw: 'auto' }) as kit.LenOrKeyword };
}

export function computeBgSize(s: SizeSpec, c: kit.ComputeCtx): unknown {
  return typeof s === 'string'
    ? s
    : {
        width: kit.computeLenOrKeyword(s.w, c.env, true),
        height: kit.computeLenOrKeyword(s.h, c.env, true),
      };
}

export type RepeatSpec = readonly [BackgroundRepeatKeyword, BackgroundRepeatKeyword];
export const REPEAT_KW: readonly BackgroundRepeatKeyword[] = [
  'repeat',
  'no-repeat',
  'space',
  'round',
];
export function parseRepeat(nodes: readonly CssNode[]): RepeatSpec | null {
  const ids = nodes.map(cssValues.ident);
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
const CLIP_KW: readonly BackgroundClip[] = [...BOX_KW, 'text'];

/** A comma-separated list kit.longhand (background layers). */
export function listProp<S>(
  name: string,
  key: string,
  initial: unknown,
  parseOne: (nodes: readonly CssNode[], ctx: kit.ParseCtx) => S | null,
  computeOne: (s: S, c: kit.ComputeCtx) => unknown = (s) => s,
): kit.Longhand {
  return kit.longhand<S[]>({
    name,
    key,
    inherited: false,
    initial,
    parse: (nodes, ctx) => {
      const parts = cssValues.splitCommas(nodes).map((p) => parseOne(p, ctx));
      return parts.some((p) => p === null) ? null : (parts as S[]);
    },
    compute: (list, c) => list.map((s) => computeOne(s, c)),
  });
}

const CENTERLESS_ORIGIN: PosSpec = {
  x: { edgePct: 0, fromEnd: false, off: null },
  y: { edgePct: 0, fromEnd: false, off: null },
};

longhands.push(
  kit.colorProp('background-color', 'backgroundColor', false, TRANSPARENT),
  listProp<ImageSpec>(
    'background-image',
    '_bgImage',
    ['none'],
    kit.single(parseImage),
    computeImage,
  ),
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
    computeBgSize,
  ),
  listProp<RepeatSpec>('background-repeat', '_bgRepeat', [['repeat', 'repeat']], parseRepeat),
  listProp<BackgroundBox>(
    'background-origin',
    '_bgOrigin',
    ['padding-box'],
    kit.single(kit.keywordParser(BOX_KW)),
  ),
  listProp<BackgroundClip>(
    'background-clip',
    '_bgClip',
    ['border-box'],
    kit.single(kit.keywordParser(CLIP_KW)),
  ),
  listProp<string>(
    'background-attachment',
    '_bgAttachment',
    ['scroll'],
    kit.single(kit.keywordParser(['scroll', 'fixed', 'local'])),
  ),
);

shorthands.push({
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
    const layers = cssValues.splitCommas(nodes);
    const images: ImageSpec[] = [];
    const positions: PosSpec[] = [];
    const sizes: SizeSpec[] = [];
    const repeats: RepeatSpec[] = [];
    const origins: BackgroundBox[] = [];
    const clips: BackgroundClip[] = [];
    const attachments: string[] = [];
    let color: ColorSpec | typeof kit.INITIAL = kit.INITIAL;
    for (let li = 0; li < layers.length; li++) {
      const layer = layers[li];
      let image: ImageSpec | null = null;
      let pos: PosSpec | null = null;
      let size: SizeSpec | null = null;
      let repeat: RepeatSpec | null = null;
      let attachment: string | null = null;
      const boxes: BackgroundBox[] = [];
      let textClip = false;
      let i = 0;
      while (i < layer.length) {
        const n = layer[i];
        const id = cssValues.ident(n);
        if (!image && (n.type === 'Url' || n.type === 'Function' || id === 'none')) {
          const c = n.type === 'Function' ? parseColor(n) : null;
          if (c && li === layers.length - 1 && color === kit.INITIAL) {
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
          const two = cssValues.ident(layer[i + 1]);
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
        if (id === 'text' && !textClip) {
          textClip = true;
          i++;
          continue;
        }
        const isPosToken = (x: CssNode | undefined): boolean => {
          if (!x) return false;
          const xi = cssValues.ident(x);
          if (xi !== null) return xi in X_KW || xi in Y_KW;
          return cssValues.parseLength(x, { pct: true }) !== null;
        };
        if (!pos && isPosToken(n)) {
          let j = i;
          while (j < layer.length && j - i < 4 && isPosToken(layer[j])) j++;
          pos = parsePosition(layer.slice(i, j));
          if (!pos) return null;
          i = j;
          if (cssValues.isSlash(layer[i])) {
            let k = i + 1;
            while (
              k < layer.length &&
              k - i - 1 < 2 &&
              (cssValues.ident(layer[k]) === 'auto' ||
                cssValues.ident(layer[k]) === 'cover' ||
                cssValues.ident(layer[k]) === 'contain' ||
                cssValues.parseLength(layer[k], { pct: true }) !== null)
            )
              k++;
            size = parseBgSize(layer.slice(i + 1, k));
            if (!size) return null;
            i = k;
          }
          continue;
        }
        const c = parseColor(n);
        if (c && li === layers.length - 1 && color === kit.INITIAL) {
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
      clips.push(textClip ? 'text' : (boxes[1] ?? boxes[0] ?? 'border-box'));
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
