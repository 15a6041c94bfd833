/**
 * Simple SVGs (barcodes, icons, line art) drawn as vector paths instead of a raster, so they
 * print sharply at any size and stay small. Only a conservative subset is recognised: shapes,
 * groups, solid colours, opacity and transforms. Anything outside it (gradients, text, images,
 * filters, masks, clip paths, <use>, CSS) makes parseSimpleSvg answer undefined, and the caller
 * keeps the raster path, which librsvg renders faithfully.
 */
import type { Element } from '@xmldom/xmldom';
import {
  multiplyMatrix,
  type DisplayItem,
  type ItemTag,
  type Matrix,
  type PathOp,
  type RgbaColor,
  type StrokeStyle,
} from '../document/index.js';

/** Shapes in the root SVG user space (element transforms already applied). */
export type SvgVectorNode =
  | {
      readonly kind: 'shape';
      readonly ops: readonly PathOp[];
      readonly fill?: RgbaColor;
      readonly fillRule: 'nonzero' | 'evenodd';
      /** Width is in root user units. */
      readonly stroke?: StrokeStyle;
    }
  | {
      readonly kind: 'group';
      readonly opacity: number;
      readonly children: readonly SvgVectorNode[];
    };

export interface SvgVector {
  /** x, y, width, height; undefined when the root has no usable viewBox. */
  readonly viewBox?: readonly [number, number, number, number];
  readonly align: { readonly x: 0 | 0.5 | 1; readonly y: 0 | 0.5 | 1 } | 'none';
  readonly slice: boolean;
  /** The root's width and height attributes as written, for working out its intrinsic size. */
  readonly width?: string;
  readonly height?: string;
  readonly nodes: readonly SvgVectorNode[];
}

/** Bounds that keep a hostile file from costing unbounded time or memory (it falls back to raster). */
const MAX_ELEMENTS = 20_000;
const MAX_OPS = 500_000;
const MAX_DEPTH = 32;

const SVG_NS = 'http://www.w3.org/2000/svg';
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** Thrown inside the parser when the document is outside the subset; never escapes. */
class NotSimple extends Error {}

interface Paint {
  readonly fill: RgbaColor | null;
  readonly stroke: RgbaColor | null;
  readonly strokeWidth: number;
  readonly fillRule: 'nonzero' | 'evenodd';
  readonly fillOpacity: number;
  readonly strokeOpacity: number;
  readonly cap: 'butt' | 'round' | 'square';
  readonly join: 'miter' | 'round' | 'bevel';
}

const INITIAL: Paint = {
  fill: { r: 0, g: 0, b: 0, a: 1 },
  stroke: null,
  strokeWidth: 1,
  fillRule: 'nonzero',
  fillOpacity: 1,
  strokeOpacity: 1,
  cap: 'butt',
  join: 'miter',
};

const SHAPES = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon']);
/** Elements that draw nothing and carry nothing the subset needs. */
const IGNORED = new Set(['title', 'desc', 'metadata']);
const PAINT_PROPS = new Set([
  'fill',
  'stroke',
  'stroke-width',
  'fill-rule',
  'opacity',
  'fill-opacity',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
]);
/** Attributes that do not change what is drawn (identity, accessibility, hints). */
const BENIGN = new Set([
  'id',
  'class',
  'version',
  'baseProfile',
  'role',
  'shape-rendering',
  'lang',
]);
const GEOMETRY: Record<string, readonly string[]> = {
  svg: ['width', 'height', 'viewBox', 'preserveAspectRatio', 'x', 'y'],
  g: [],
  path: ['d'],
  rect: ['x', 'y', 'width', 'height', 'rx', 'ry'],
  circle: ['cx', 'cy', 'r'],
  ellipse: ['cx', 'cy', 'rx', 'ry'],
  line: ['x1', 'y1', 'x2', 'y2'],
  polyline: ['points'],
  polygon: ['points'],
};

/**
 * Parses an SVG document into vector shapes when it stays inside the simple subset; undefined
 * otherwise (including malformed XML), so the caller rasterises instead.
 */
export async function parseSimpleSvg(text: string): Promise<SvgVector | undefined> {
  // xmldom loads with the first SVG: its set-up (a frozen table of every HTML entity) costs a
  // plain page's cold start as much as laying the page out.
  const { DOMParser } = await import('@xmldom/xmldom');
  try {
    return parseOrThrow(text, DOMParser);
  } catch (e) {
    if (e instanceof NotSimple) return undefined;
    // xmldom reports malformed markup by throwing; such a file is not simple either.
    return undefined;
  }
}

function parseOrThrow(
  text: string,
  DOMParser: typeof import('@xmldom/xmldom').DOMParser,
): SvgVector {
  // A DOCTYPE may declare entities; the subset has no use for them.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new NotSimple();
  const doc = new DOMParser({
    onError: (level) => {
      if (level !== 'warning') throw new NotSimple();
    },
  }).parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (!root || root.localName !== 'svg' || root.namespaceURI !== SVG_NS) throw new NotSimple();
  // xmldom puts an undeclared root in the SVG namespace for this MIME type; librsvg does not,
  // so such a file must not be drawn here either.
  if (!root.prefix && root.getAttribute('xmlns') !== SVG_NS) throw new NotSimple();
  const state = { elements: 0, ops: 0 };
  checkAttributes(root, 'svg');
  const own = presentation(root);
  const paint = applyPaint(INITIAL, own);
  const nodes = children(root, paint, IDENTITY, state, 0);
  const wrapped =
    own.opacity !== undefined && own.opacity < 1
      ? [{ kind: 'group' as const, opacity: own.opacity, children: nodes }]
      : nodes;
  const vb = root.getAttribute('viewBox');
  // Without a viewBox, user units are CSS px over the root's own width and height; sizes in
  // other units (mm, %) would need the rasteriser's conversions, so they stay raster.
  const viewBox = vb !== null ? parseViewBox(vb) : ownSize(root);
  const par = parseAspect(root.getAttribute('preserveAspectRatio'));
  const width = root.getAttribute('width');
  const height = root.getAttribute('height');
  return {
    ...(viewBox ? { viewBox } : {}),
    ...par,
    ...(width !== null ? { width } : {}),
    ...(height !== null ? { height } : {}),
    nodes: wrapped,
  };
}

function ownSize(root: Element): [number, number, number, number] | undefined {
  const w = root.getAttribute('width');
  const h = root.getAttribute('height');
  if (w === null || h === null) return undefined;
  const width = length(w);
  const height = length(h);
  if (width <= 0 || height <= 0) throw new NotSimple();
  return [0, 0, width, height];
}

interface Counter {
  elements: number;
  ops: number;
}

function children(
  parent: Element,
  paint: Paint,
  ctm: Matrix,
  state: Counter,
  depth: number,
): SvgVectorNode[] {
  if (depth > MAX_DEPTH) throw new NotSimple();
  const out: SvgVectorNode[] = [];
  for (let n = parent.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 3 || n.nodeType === 8 || n.nodeType === 7) {
      // Text between shapes is only whitespace in a drawing; anything else is a text node the
      // subset does not render (SVG draws no bare text), so it may be skipped.
      continue;
    }
    if (n.nodeType === 4) throw new NotSimple();
    if (n.nodeType !== 1) continue;
    const el = n as Element;
    if (el.namespaceURI !== SVG_NS) throw new NotSimple();
    const name = el.localName ?? '';
    if (IGNORED.has(name)) continue;
    if (name !== 'g' && !SHAPES.has(name)) throw new NotSimple();
    if (++state.elements > MAX_ELEMENTS) throw new NotSimple();
    checkAttributes(el, name);
    const own = presentation(el);
    const p = applyPaint(paint, own);
    const t = el.getAttribute('transform');
    const m = t === null ? ctm : multiplyMatrix(ctm, parseTransform(t));
    let drawn: SvgVectorNode[];
    if (name === 'g') drawn = children(el, p, m, state, depth + 1);
    else {
      const ops = transformOps(shapeOps(el, name), m);
      state.ops += ops.length;
      if (state.ops > MAX_OPS) throw new NotSimple();
      // Overflowing numbers (1e999) would reach the PDF as non-numbers; librsvg copes with them.
      if (!ops.every(finiteOp)) throw new NotSimple();
      drawn = ops.length > 0 ? shapeNode(ops, p, m, name) : [];
    }
    if (drawn.length === 0) continue;
    if (own.opacity !== undefined && own.opacity < 1)
      out.push({ kind: 'group', opacity: own.opacity, children: drawn });
    else out.push(...drawn);
  }
  return out;
}

function finiteOp(o: PathOp): boolean {
  return Object.values(o).every((v) => typeof v !== 'number' || Number.isFinite(v));
}

function shapeNode(ops: PathOp[], p: Paint, m: Matrix, name: string): SvgVectorNode[] {
  // A line encloses no area, so it is never filled.
  const fill =
    p.fill && name !== 'line' && p.fillOpacity > 0
      ? { ...p.fill, a: p.fill.a * p.fillOpacity }
      : undefined;
  // Stroke width follows the element's transform; a uniform scale is exact, a skewed or
  // non-uniform one is approximated by the area scale factor.
  const width = p.strokeWidth * Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
  const stroke =
    p.stroke && width > 0 && p.strokeOpacity > 0
      ? {
          paint: { ...p.stroke, a: p.stroke.a * p.strokeOpacity },
          width,
          cap: p.cap,
          join: p.join,
        }
      : undefined;
  if (!fill && !stroke) return [];
  return [
    {
      kind: 'shape',
      ops,
      fillRule: p.fillRule,
      ...(fill ? { fill } : {}),
      ...(stroke ? { stroke } : {}),
    },
  ];
}

function checkAttributes(el: Element, name: string): void {
  const geometry = GEOMETRY[name] ?? [];
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes.item(i)!;
    const n = a.name;
    if (n === 'xmlns' || n.startsWith('xmlns:') || n.startsWith('aria-') || n.startsWith('data-'))
      continue;
    if (n === 'style' || n === 'transform' || BENIGN.has(n) || PAINT_PROPS.has(n)) continue;
    if (geometry.includes(n)) continue;
    if (n === 'xml:space' || n === 'xml:lang') continue;
    throw new NotSimple();
  }
}

interface OwnProps {
  readonly values: ReadonlyMap<string, string>;
  readonly opacity?: number;
}

/** Presentation attributes, overridden by style="" declarations (as CSS specificity orders them). */
function presentation(el: Element): OwnProps {
  const values = new Map<string, string>();
  for (const p of PAINT_PROPS) {
    const v = el.getAttribute(p);
    if (v !== null) values.set(p, v.trim());
  }
  const style = el.getAttribute('style');
  if (style !== null) {
    for (const decl of style.split(';')) {
      if (decl.trim() === '') continue;
      const colon = decl.indexOf(':');
      if (colon < 0) throw new NotSimple();
      const prop = decl.slice(0, colon).trim().toLowerCase();
      const value = decl
        .slice(colon + 1)
        .trim()
        .replace(/\s*!important$/i, '');
      if (!PAINT_PROPS.has(prop)) throw new NotSimple();
      values.set(prop, value);
    }
  }
  const o = values.get('opacity');
  return o === undefined ? { values } : { values, opacity: fraction(o) };
}

function applyPaint(parent: Paint, own: OwnProps): Paint {
  let p = parent;
  for (const [prop, raw] of own.values) {
    if (raw === 'inherit') continue;
    switch (prop) {
      case 'fill':
        p = { ...p, fill: parseColor(raw) };
        break;
      case 'stroke':
        p = { ...p, stroke: parseColor(raw) };
        break;
      case 'stroke-width':
        p = { ...p, strokeWidth: length(raw) };
        break;
      case 'fill-rule':
        if (raw !== 'nonzero' && raw !== 'evenodd') throw new NotSimple();
        p = { ...p, fillRule: raw };
        break;
      case 'fill-opacity':
        p = { ...p, fillOpacity: fraction(raw) };
        break;
      case 'stroke-opacity':
        p = { ...p, strokeOpacity: fraction(raw) };
        break;
      case 'stroke-linecap':
        if (raw !== 'butt' && raw !== 'round' && raw !== 'square') throw new NotSimple();
        p = { ...p, cap: raw };
        break;
      case 'stroke-linejoin':
        if (raw !== 'miter' && raw !== 'round' && raw !== 'bevel') throw new NotSimple();
        p = { ...p, join: raw };
        break;
      default:
        // opacity is not inherited: the caller turns it into a group.
        break;
    }
  }
  return p;
}

function fraction(raw: string): number {
  const m = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(%?)$/i.exec(raw.trim());
  if (!m) throw new NotSimple();
  const v = Number(m[1]) / (m[2] ? 100 : 1);
  return Math.min(1, Math.max(0, v));
}

/** A user-unit length: a plain number or px. Other units and percentages are not in the subset. */
function length(raw: string): number {
  const m = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(px)?$/i.exec(raw.trim());
  if (!m) throw new NotSimple();
  return Number(m[1]);
}

function attrLength(el: Element, name: string, fallback = 0): number {
  const v = el.getAttribute(name);
  return v === null || v.trim() === '' ? fallback : length(v);
}

const NAMED: Record<string, readonly [number, number, number]> = {
  black: [0, 0, 0],
  white: [255, 255, 255],
  red: [255, 0, 0],
  lime: [0, 255, 0],
  green: [0, 128, 0],
  blue: [0, 0, 255],
  yellow: [255, 255, 0],
  cyan: [0, 255, 255],
  aqua: [0, 255, 255],
  magenta: [255, 0, 255],
  fuchsia: [255, 0, 255],
  gray: [128, 128, 128],
  grey: [128, 128, 128],
  silver: [192, 192, 192],
  maroon: [128, 0, 0],
  olive: [128, 128, 0],
  navy: [0, 0, 128],
  purple: [128, 0, 128],
  teal: [0, 128, 128],
  orange: [255, 165, 0],
};

/** A colour, or null for none. currentColor is black: an image has no CSS colour to inherit. */
export function parseColor(raw: string): RgbaColor | null {
  const v = raw.trim().toLowerCase();
  if (v === 'none' || v === 'transparent') return null;
  if (v === 'currentcolor') return { r: 0, g: 0, b: 0, a: 1 };
  const named = NAMED[v];
  if (named) return rgb(named[0], named[1], named[2]);
  let m = /^#([0-9a-f]{3})$/.exec(v);
  if (m) {
    const h = m[1];
    return rgb(parseInt(h[0] + h[0], 16), parseInt(h[1] + h[1], 16), parseInt(h[2] + h[2], 16));
  }
  m = /^#([0-9a-f]{6})$/.exec(v);
  if (m) {
    const h = m[1];
    return rgb(
      parseInt(h.slice(0, 2), 16),
      parseInt(h.slice(2, 4), 16),
      parseInt(h.slice(4, 6), 16),
    );
  }
  m = /^rgb\(\s*([^,\s]+)\s*,\s*([^,\s]+)\s*,\s*([^,\s)]+)\s*\)$/.exec(v);
  if (m) {
    const c = (s: string): number => {
      const p = /^(\d+\.?\d*|\.\d+)(%?)$/.exec(s);
      if (!p) throw new NotSimple();
      return p[2] ? (Number(p[1]) * 255) / 100 : Number(p[1]);
    };
    return rgb(c(m[1]), c(m[2]), c(m[3]));
  }
  throw new NotSimple();
}

function rgb(r: number, g: number, b: number): RgbaColor {
  const c = (x: number): number => Math.min(1, Math.max(0, x / 255));
  return { r: c(r), g: c(g), b: c(b), a: 1 };
}

function parseViewBox(raw: string): [number, number, number, number] | undefined {
  const n = raw
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (n.length !== 4 || n.some((x) => !Number.isFinite(x))) throw new NotSimple();
  // A zero or negative size disables rendering in SVG; leave that to the rasteriser.
  if (n[2] <= 0 || n[3] <= 0) throw new NotSimple();
  return [n[0], n[1], n[2], n[3]];
}

function parseAspect(raw: string | null): Pick<SvgVector, 'align' | 'slice'> {
  const v = (raw ?? '').trim();
  if (v === '') return { align: { x: 0.5, y: 0.5 }, slice: false };
  const m = /^(none|x(Min|Mid|Max)Y(Min|Mid|Max))(?:\s+(meet|slice))?$/.exec(v);
  if (!m) throw new NotSimple();
  const slice = m[4] === 'slice';
  if (m[1] === 'none') return { align: 'none', slice };
  const f = (s: string): 0 | 0.5 | 1 => (s === 'Min' ? 0 : s === 'Mid' ? 0.5 : 1);
  return { align: { x: f(m[2]), y: f(m[3]) }, slice };
}

// ---------------------------------------------------------------------------------------------
// Transforms

export function parseTransform(raw: string): Matrix {
  let m: Matrix = IDENTITY;
  const re = /\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?/gy;
  let pos = 0;
  const src = raw.trim();
  re.lastIndex = 0;
  while (pos < src.length) {
    re.lastIndex = pos;
    const t = re.exec(src);
    if (!t) throw new NotSimple();
    pos = re.lastIndex;
    const args =
      t[2].trim() === ''
        ? []
        : t[2]
            .trim()
            .split(/[\s,]+/)
            .map(Number);
    if (args.some((x) => !Number.isFinite(x))) throw new NotSimple();
    const need = (...counts: number[]): void => {
      if (!counts.includes(args.length)) throw new NotSimple();
    };
    let step: Matrix;
    switch (t[1]) {
      case 'matrix':
        need(6);
        step = [args[0], args[1], args[2], args[3], args[4], args[5]];
        break;
      case 'translate':
        need(1, 2);
        step = [1, 0, 0, 1, args[0], args[1] ?? 0];
        break;
      case 'scale':
        need(1, 2);
        step = [args[0], 0, 0, args[1] ?? args[0], 0, 0];
        break;
      case 'rotate': {
        need(1, 3);
        const r = (args[0] * Math.PI) / 180;
        const c = Math.cos(r);
        const s = Math.sin(r);
        const cx = args[1] ?? 0;
        const cy = args[2] ?? 0;
        step = [c, s, -s, c, cx - c * cx + s * cy, cy - s * cx - c * cy];
        break;
      }
      case 'skewX':
        need(1);
        step = [1, 0, Math.tan((args[0] * Math.PI) / 180), 1, 0, 0];
        break;
      default:
        need(1);
        step = [1, Math.tan((args[0] * Math.PI) / 180), 0, 1, 0, 0];
        break;
    }
    m = multiplyMatrix(m, step);
  }
  return m;
}

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/**
 * Maps moveTo/lineTo/curveTo/close ops (the only kinds this module produces) through m. A plain
 * loop over the points, without a tuple per point: a barcode or a map is thousands of ops,
 * placed again on every document that draws it.
 */
export function transformOps(ops: readonly PathOp[], m: Matrix): PathOp[] {
  if (m === IDENTITY) return [...ops];
  const [a, b, c, d, e, f] = m;
  const out: PathOp[] = [];
  for (const o of ops) {
    switch (o.op) {
      case 'moveTo':
      case 'lineTo':
        out.push({ op: o.op, x: a * o.x + c * o.y + e, y: b * o.x + d * o.y + f });
        break;
      case 'curveTo':
        out.push({
          op: 'curveTo',
          x1: a * o.x1 + c * o.y1 + e,
          y1: b * o.x1 + d * o.y1 + f,
          x2: a * o.x2 + c * o.y2 + e,
          y2: b * o.x2 + d * o.y2 + f,
          x: a * o.x + c * o.y + e,
          y: b * o.x + d * o.y + f,
        });
        break;
      case 'rect': {
        // Not produced by this module; expanded so that a rotation stays correct.
        const [x0, y0] = apply(m, o.x, o.y);
        const [x1, y1] = apply(m, o.x + o.width, o.y);
        const [x2, y2] = apply(m, o.x + o.width, o.y + o.height);
        const [x3, y3] = apply(m, o.x, o.y + o.height);
        out.push(
          { op: 'moveTo', x: x0, y: y0 },
          { op: 'lineTo', x: x1, y: y1 },
          { op: 'lineTo', x: x2, y: y2 },
          { op: 'lineTo', x: x3, y: y3 },
          { op: 'close' },
        );
        break;
      }
      default:
        out.push(o);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Shapes

/** Bézier handle length for a quarter circle of radius 1. */
const KAPPA = 0.5522847498307936;

function shapeOps(el: Element, name: string): PathOp[] {
  switch (name) {
    case 'path':
      return parsePathData(el.getAttribute('d') ?? '');
    case 'rect': {
      const x = attrLength(el, 'x');
      const y = attrLength(el, 'y');
      const w = attrLength(el, 'width');
      const h = attrLength(el, 'height');
      if (w <= 0 || h <= 0) return [];
      const rxA = el.getAttribute('rx');
      const ryA = el.getAttribute('ry');
      let rx = rxA !== null ? length(rxA) : ryA !== null ? length(ryA) : 0;
      let ry = ryA !== null ? length(ryA) : rx;
      rx = Math.min(Math.max(0, rx), w / 2);
      ry = Math.min(Math.max(0, ry), h / 2);
      if (rx === 0 || ry === 0) {
        return [
          { op: 'moveTo', x, y },
          { op: 'lineTo', x: x + w, y },
          { op: 'lineTo', x: x + w, y: y + h },
          { op: 'lineTo', x, y: y + h },
          { op: 'close' },
        ];
      }
      const kx = rx * KAPPA;
      const ky = ry * KAPPA;
      const r = x + w;
      const b = y + h;
      return [
        { op: 'moveTo', x: x + rx, y },
        { op: 'lineTo', x: r - rx, y },
        { op: 'curveTo', x1: r - rx + kx, y1: y, x2: r, y2: y + ry - ky, x: r, y: y + ry },
        { op: 'lineTo', x: r, y: b - ry },
        { op: 'curveTo', x1: r, y1: b - ry + ky, x2: r - rx + kx, y2: b, x: r - rx, y: b },
        { op: 'lineTo', x: x + rx, y: b },
        { op: 'curveTo', x1: x + rx - kx, y1: b, x2: x, y2: b - ry + ky, x, y: b - ry },
        { op: 'lineTo', x, y: y + ry },
        { op: 'curveTo', x1: x, y1: y + ry - ky, x2: x + rx - kx, y2: y, x: x + rx, y },
        { op: 'close' },
      ];
    }
    case 'circle': {
      const r = attrLength(el, 'r');
      return ellipseOps(attrLength(el, 'cx'), attrLength(el, 'cy'), r, r);
    }
    case 'ellipse':
      return ellipseOps(
        attrLength(el, 'cx'),
        attrLength(el, 'cy'),
        attrLength(el, 'rx'),
        attrLength(el, 'ry'),
      );
    case 'line':
      return [
        { op: 'moveTo', x: attrLength(el, 'x1'), y: attrLength(el, 'y1') },
        { op: 'lineTo', x: attrLength(el, 'x2'), y: attrLength(el, 'y2') },
      ];
    default: {
      const nums = numbersOf(el.getAttribute('points') ?? '');
      // An odd count drops the last number, as SVG does.
      const ops: PathOp[] = [];
      for (let i = 0; i + 1 < nums.length; i += 2)
        ops.push({ op: i === 0 ? 'moveTo' : 'lineTo', x: nums[i], y: nums[i + 1] });
      if (ops.length > 0 && name === 'polygon') ops.push({ op: 'close' });
      return ops;
    }
  }
}

function ellipseOps(cx: number, cy: number, rx: number, ry: number): PathOp[] {
  if (rx <= 0 || ry <= 0) return [];
  const kx = rx * KAPPA;
  const ky = ry * KAPPA;
  return [
    { op: 'moveTo', x: cx + rx, y: cy },
    { op: 'curveTo', x1: cx + rx, y1: cy + ky, x2: cx + kx, y2: cy + ry, x: cx, y: cy + ry },
    { op: 'curveTo', x1: cx - kx, y1: cy + ry, x2: cx - rx, y2: cy + ky, x: cx - rx, y: cy },
    { op: 'curveTo', x1: cx - rx, y1: cy - ky, x2: cx - kx, y2: cy - ry, x: cx, y: cy - ry },
    { op: 'curveTo', x1: cx + kx, y1: cy - ry, x2: cx + rx, y2: cy - ky, x: cx + rx, y: cy },
    { op: 'close' },
  ];
}

function numbersOf(raw: string): number[] {
  const out: number[] = [];
  const re = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/g;
  const rest = raw.replace(re, (s) => {
    out.push(Number(s));
    return ' ';
  });
  if (/[^\s,]/.test(rest)) throw new NotSimple();
  return out;
}

// ---------------------------------------------------------------------------------------------
// Path data

const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
const ARG_COUNT: Record<string, number> = {
  m: 2,
  l: 2,
  h: 1,
  v: 1,
  c: 6,
  s: 4,
  q: 4,
  t: 2,
  a: 7,
  z: 0,
};

/**
 * SVG path data to absolute moveTo/lineTo/curveTo/close ops. Quadratic curves and arcs become
 * cubic Béziers. As SVG specifies, a syntax error ends the path: what came before is drawn.
 */
export function parsePathData(d: string): PathOp[] {
  const ops: PathOp[] = [];
  let i = 0;
  const n = d.length;
  let cx = 0;
  let cy = 0;
  let sx = 0;
  let sy = 0;
  // Reflection points for S and T, valid only right after a curve of the same family.
  let lastC: [number, number] | undefined;
  let lastQ: [number, number] | undefined;
  let cmd = '';
  let first = true;

  const skip = (): void => {
    while (i < n && /[\s,]/.test(d[i])) i++;
  };
  const num = (): number | undefined => {
    skip();
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(d);
    if (!m) return undefined;
    i = NUMBER.lastIndex;
    return Number(m[0]);
  };
  const flag = (): number | undefined => {
    skip();
    if (d[i] === '0' || d[i] === '1') return Number(d[i++]);
    return undefined;
  };

  for (;;) {
    skip();
    if (i >= n) break;
    const ch = d[i];
    if (/[MmLlHhVvCcSsQqTtAaZz]/.test(ch)) {
      cmd = ch;
      i++;
    } else if (cmd === '' || cmd === 'z' || cmd === 'Z') {
      break; // numbers with no command: an error, stop here
    }
    if (first && cmd !== 'M' && cmd !== 'm') break;
    first = false;
    const lower = cmd.toLowerCase();
    const rel = cmd !== cmd.toUpperCase();
    if (lower === 'z') {
      ops.push({ op: 'close' });
      cx = sx;
      cy = sy;
      lastC = lastQ = undefined;
      continue;
    }
    const args: number[] = [];
    const count = ARG_COUNT[lower];
    for (let k = 0; k < count; k++) {
      const v = lower === 'a' && (k === 3 || k === 4) ? flag() : num();
      if (v === undefined) return ops;
      args.push(v);
    }
    const ox = rel ? cx : 0;
    const oy = rel ? cy : 0;
    switch (lower) {
      case 'm':
        cx = sx = args[0] + ox;
        cy = sy = args[1] + oy;
        ops.push({ op: 'moveTo', x: cx, y: cy });
        // Further pairs after a moveto are implicit linetos.
        cmd = rel ? 'l' : 'L';
        lastC = lastQ = undefined;
        break;
      case 'l':
        cx = args[0] + ox;
        cy = args[1] + oy;
        ops.push({ op: 'lineTo', x: cx, y: cy });
        lastC = lastQ = undefined;
        break;
      case 'h':
        cx = args[0] + ox;
        ops.push({ op: 'lineTo', x: cx, y: cy });
        lastC = lastQ = undefined;
        break;
      case 'v':
        cy = args[0] + (rel ? cy : 0);
        ops.push({ op: 'lineTo', x: cx, y: cy });
        lastC = lastQ = undefined;
        break;
      case 'c': {
        const [x1, y1, x2, y2, x, y] = [
          args[0] + ox,
          args[1] + oy,
          args[2] + ox,
          args[3] + oy,
          args[4] + ox,
          args[5] + oy,
        ];
        ops.push({ op: 'curveTo', x1, y1, x2, y2, x, y });
        lastC = [x2, y2];
        lastQ = undefined;
        cx = x;
        cy = y;
        break;
      }
      case 's': {
        const x1 = lastC ? 2 * cx - lastC[0] : cx;
        const y1 = lastC ? 2 * cy - lastC[1] : cy;
        const [x2, y2, x, y] = [args[0] + ox, args[1] + oy, args[2] + ox, args[3] + oy];
        ops.push({ op: 'curveTo', x1, y1, x2, y2, x, y });
        lastC = [x2, y2];
        lastQ = undefined;
        cx = x;
        cy = y;
        break;
      }
      case 'q':
      case 't': {
        let qx: number;
        let qy: number;
        let x: number;
        let y: number;
        if (lower === 'q') {
          [qx, qy, x, y] = [args[0] + ox, args[1] + oy, args[2] + ox, args[3] + oy];
        } else {
          qx = lastQ ? 2 * cx - lastQ[0] : cx;
          qy = lastQ ? 2 * cy - lastQ[1] : cy;
          [x, y] = [args[0] + ox, args[1] + oy];
        }
        // Degree elevation: the cubic's handles lie 2/3 of the way to the quadratic control.
        ops.push({
          op: 'curveTo',
          x1: cx + (2 / 3) * (qx - cx),
          y1: cy + (2 / 3) * (qy - cy),
          x2: x + (2 / 3) * (qx - x),
          y2: y + (2 / 3) * (qy - y),
          x,
          y,
        });
        lastQ = [qx, qy];
        lastC = undefined;
        cx = x;
        cy = y;
        break;
      }
      default: {
        const x = args[5] + ox;
        const y = args[6] + oy;
        ops.push(
          ...arcToCurves(cx, cy, args[0], args[1], args[2], args[3] === 1, args[4] === 1, x, y),
        );
        lastC = lastQ = undefined;
        cx = x;
        cy = y;
        break;
      }
    }
  }
  return ops;
}

/**
 * An elliptical arc (endpoint form, SVG 1.1 appendix F.6) as cubic Béziers of at most 90°
 * each: converted to centre form, radii scaled up when too small, then split.
 */
export function arcToCurves(
  x1: number,
  y1: number,
  rxIn: number,
  ryIn: number,
  angleDeg: number,
  largeArc: boolean,
  sweep: boolean,
  x2: number,
  y2: number,
): PathOp[] {
  if (x1 === x2 && y1 === y2) return [];
  let rx = Math.abs(rxIn);
  let ry = Math.abs(ryIn);
  if (rx === 0 || ry === 0) return [{ op: 'lineTo', x: x2, y: y2 }];
  const phi = ((angleDeg % 360) * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (x1 - x2) / 2;
  const dy = (y1 - y2) / 2;
  const xp = cos * dx + sin * dy;
  const yp = -sin * dx + cos * dy;
  const lambda = (xp * xp) / (rx * rx) + (yp * yp) / (ry * ry);
  if (lambda > 1) {
    const s = Math.sqrt(lambda);
    rx *= s;
    ry *= s;
  }
  const num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp;
  const den = rx * rx * yp * yp + ry * ry * xp * xp;
  let coef = Math.sqrt(Math.max(0, num / den));
  if (largeArc === sweep) coef = -coef;
  const cxp = (coef * rx * yp) / ry;
  const cyp = (-coef * ry * xp) / rx;
  const ccx = cos * cxp - sin * cyp + (x1 + x2) / 2;
  const ccy = sin * cxp + cos * cyp + (y1 + y2) / 2;
  const angle = (ux: number, uy: number, vx: number, vy: number): number => {
    const a = Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
    return a;
  };
  const ux = (xp - cxp) / rx;
  const uy = (yp - cyp) / ry;
  const vx = (-xp - cxp) / rx;
  const vy = (-yp - cyp) / ry;
  const theta1 = angle(1, 0, ux, uy);
  let delta = angle(ux, uy, vx, vy);
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  else if (sweep && delta < 0) delta += 2 * Math.PI;
  const segments = Math.max(1, Math.ceil(Math.abs(delta) / (Math.PI / 2) - 1e-9));
  const step = delta / segments;
  // Handle length for a unit-circle arc of `step` radians.
  const k = (4 / 3) * Math.tan(step / 4);
  const point = (t: number): [number, number] => {
    const ex = rx * Math.cos(t);
    const ey = ry * Math.sin(t);
    return [cos * ex - sin * ey + ccx, sin * ex + cos * ey + ccy];
  };
  const deriv = (t: number): [number, number] => {
    const ex = -rx * Math.sin(t);
    const ey = ry * Math.cos(t);
    return [cos * ex - sin * ey, sin * ex + cos * ey];
  };
  const ops: PathOp[] = [];
  for (let s = 0; s < segments; s++) {
    const t0 = theta1 + s * step;
    const t1 = t0 + step;
    const p0 = point(t0);
    const d0 = deriv(t0);
    const d1 = deriv(t1);
    const p1 = s === segments - 1 ? ([x2, y2] as [number, number]) : point(t1);
    ops.push({
      op: 'curveTo',
      x1: p0[0] + k * d0[0],
      y1: p0[1] + k * d0[1],
      x2: p1[0] - k * d1[0],
      y2: p1[1] - k * d1[1],
      x: p1[0],
      y: p1[1],
    });
  }
  return ops;
}

// ---------------------------------------------------------------------------------------------
// Placement

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Display items for a vector SVG drawn into `viewport` (where the raster would have been
 * placed, in points) and clipped to `clip`. `intrinsic` is the size in user units used when the
 * root has no viewBox. Every path carries `tag`, the tag the image item would have had.
 */
export function svgVectorItems(
  svg: SvgVector,
  viewport: Rect,
  clip: Rect,
  intrinsic: { readonly width: number; readonly height: number },
  tag: ItemTag,
): DisplayItem[] {
  const [vx, vy, vw, vh] = svg.viewBox ?? [0, 0, intrinsic.width, intrinsic.height];
  if (vw <= 0 || vh <= 0 || viewport.width <= 0 || viewport.height <= 0) return [];
  let sx = viewport.width / vw;
  let sy = viewport.height / vh;
  let tx = viewport.x;
  let ty = viewport.y;
  if (svg.align !== 'none') {
    const s = svg.slice ? Math.max(sx, sy) : Math.min(sx, sy);
    sx = sy = s;
    tx += (viewport.width - vw * s) * svg.align.x;
    ty += (viewport.height - vh * s) * svg.align.y;
  }
  const m: Matrix = [sx, 0, 0, sy, tx - vx * sx, ty - vy * sy];
  const widthScale = Math.sqrt(Math.abs(sx * sy));
  const place = (nodes: readonly SvgVectorNode[]): DisplayItem[] =>
    nodes.map((node): DisplayItem => {
      if (node.kind === 'group')
        return { kind: 'group', opacity: node.opacity, items: place(node.children) };
      return {
        kind: 'path',
        ops: transformOps(node.ops, m),
        ...(node.fill ? { fill: node.fill, fillRule: node.fillRule } : {}),
        ...(node.stroke
          ? { stroke: { ...node.stroke, width: node.stroke.width * widthScale } }
          : {}),
        tag,
      };
    });
  const items = place(svg.nodes);
  if (items.length === 0) return [];
  const x0 = Math.max(viewport.x, clip.x);
  const y0 = Math.max(viewport.y, clip.y);
  const x1 = Math.min(viewport.x + viewport.width, clip.x + clip.width);
  const y1 = Math.min(viewport.y + viewport.height, clip.y + clip.height);
  if (x1 <= x0 || y1 <= y0) return [];
  return [
    {
      kind: 'group',
      clip: [{ op: 'rect', x: x0, y: y0, width: x1 - x0, height: y1 - y0 }],
      items,
    },
  ];
}
