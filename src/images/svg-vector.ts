/**
 * SVGs drawn as vector paths instead of a raster, so they print sharply at any size, stay small
 * and cost little: shapes, text (svg-text.ts), groups, nested viewports, <use> and <symbol>,
 * solid colours (CSS colour syntax), linear and radial gradients, opacity, dashes, transforms,
 * one-shape clip paths, and <style> sheets with simple selectors. Anything outside that subset (radial gradients,
 * patterns, filters, masks, markers, images, complex selectors) makes parseSimpleSvg answer
 * undefined, and the caller keeps the raster path, which librsvg renders faithfully.
 */
import type { Element, Node } from '@xmldom/xmldom';
import {
  CSS_FONT_STRETCH_KEYWORDS,
  invertMatrix,
  multiplyMatrix,
  pathBounds,
  transformPaint,
  type DisplayItem,
  type ItemTag,
  type Matrix,
  type Paint as FillPaint,
  type PathOp,
  type RgbaColor,
  type StrokeStyle,
} from '../document/index.js';
import { parseSvgColor } from './svg-color.js';
import {
  isReference,
  parsePaint,
  resolveGradient,
  type PaintScope,
  type PaintSource,
} from './svg-paint.js';
import {
  parseDeclarations,
  parseSvgStyleSheet,
  sheetDeclarations,
  type SvgRule,
} from './svg-style.js';
import { NotSimple, svgLength } from './svg-subset.js';
import {
  applyTextProps,
  INITIAL_TEXT_PROPS,
  parseSvgText,
  placeSvgText,
  TEXT_PROPS,
  type SvgTextFill,
  type SvgTextHooks,
  type SvgTextNode,
  type SvgTextProps,
  type SvgTextShaper,
} from './svg-text.js';

/** Shapes in the root SVG user space (element transforms already applied). */
export type SvgVectorNode =
  | {
      readonly kind: 'shape';
      readonly ops: readonly PathOp[];
      readonly fill?: FillPaint;
      readonly fillRule: 'nonzero' | 'evenodd';
      /** Width and dashes are in root user units. */
      readonly stroke?: StrokeStyle;
      /**
       * The fill or stroke is currentColor with no color property in the file: the colour of
       * the element that holds the SVG, known only where it is drawn (black for an image).
       * The colour given carries the alpha to apply to it.
       */
      readonly hostFill?: true;
      readonly hostStroke?: true;
    }
  | {
      readonly kind: 'group';
      readonly opacity: number;
      /** A clip in root user units. */
      readonly clip?: readonly PathOp[];
      readonly children: readonly SvgVectorNode[];
    }
  | SvgTextNode;

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
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const BLACK: RgbaColor = { r: 0, g: 0, b: 0, a: 1 };

/** What an element passes to its children (the inherited properties, resolved). */
interface Paint {
  readonly fill: PaintSource;
  readonly stroke: PaintSource;
  readonly strokeWidth: number;
  readonly fillRule: 'nonzero' | 'evenodd';
  readonly fillOpacity: number;
  readonly strokeOpacity: number;
  readonly cap: 'butt' | 'round' | 'square';
  readonly join: 'miter' | 'round' | 'bevel';
  /** Dash lengths in user units; null for a solid line. */
  readonly dash: readonly number[] | null;
  readonly dashOffset: number;
  /** What currentColor stands for. */
  readonly color: RgbaColor;
  /** Whether a color property was declared; if not, currentColor is the host's colour. */
  readonly colorSet: boolean;
  readonly visible: boolean;
  /** Ids of the <marker> elements drawn at a shape's first, middle and last vertices. */
  readonly markers: { readonly start?: string; readonly mid?: string; readonly end?: string };
}

/** currentColor without a color property: the host's colour, resolved where it is drawn. */
const HOST_COLOR: RgbaColor = { r: 0, g: 0, b: 0, a: 1 };

const INITIAL: Paint = {
  fill: BLACK,
  stroke: null,
  strokeWidth: 1,
  fillRule: 'nonzero',
  fillOpacity: 1,
  strokeOpacity: 1,
  cap: 'butt',
  join: 'miter',
  dash: null,
  dashOffset: 0,
  color: BLACK,
  colorSet: false,
  visible: true,
  markers: {},
};

const SHAPES = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon']);
/** Shapes that carry markers at their vertices. */
const MARKABLE = new Set(['path', 'line', 'polyline', 'polygon']);
/** Elements that hold others and pass their properties on. */
const CONTAINERS = new Set(['g', 'a', 'use', 'svg']);
/** Elements that draw nothing where they stand: metadata, and definitions used by reference. */
const NOT_DRAWN = new Set([
  'title',
  'desc',
  'metadata',
  'defs',
  'style',
  'linearGradient',
  'radialGradient',
  'clipPath',
  'symbol',
  'pattern',
  'mask',
  'filter',
  'marker',
]);
/** Properties the subset draws with, as presentation attributes or in CSS. */
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
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-miterlimit',
  'color',
  'display',
  'visibility',
  'clip-path',
  'clip-rule',
  'marker',
  'marker-start',
  'marker-mid',
  'marker-end',
  // Text properties inherit through groups like paint; svg-text.ts reads them.
  ...TEXT_PROPS,
]);
/**
 * Properties that change nothing the subset draws at the values given here (any value where
 * none is listed): rendering hints, interactivity, and text properties on elements without text.
 */
const NEUTRAL_PROPS: ReadonlyMap<string, readonly string[] | null> = new Map([
  ['shape-rendering', null],
  ['image-rendering', null],
  ['color-rendering', null],
  ['color-interpolation', null],
  ['color-interpolation-filters', null],
  ['pointer-events', null],
  ['cursor', null],
  ['vector-effect', ['none']],
  ['paint-order', ['normal', 'fill stroke', 'fill stroke markers', 'fill']],
  ['mix-blend-mode', ['normal']],
  ['isolation', ['auto']],
  ['overflow', null],
  // Written by editors (Inkscape) on every shape, at values that change nothing drawn; text
  // properties that would change text keep their own checks in svg-text.ts.
  ['line-height', null],
  ['text-indent', null],
  ['text-align', null],
  ['text-align-last', null],
  ['shape-padding', null],
  ['shape-margin', null],
  ['solid-color', null],
  ['solid-opacity', null],
  ['block-progression', null],
  ['-inkscape-font-specification', null],
  ['font-feature-settings', ['normal']],
  ['font-variant-ligatures', ['normal']],
  ['font-variant-position', ['normal']],
  ['font-variant-caps', ['normal']],
  ['font-variant-numeric', ['normal']],
  ['font-variant-alternates', ['normal']],
  ['font-variant-east-asian', ['normal']],
  ['font-variation-settings', ['normal']],
  ['text-decoration-line', ['none']],
  ['text-decoration-style', null],
  ['text-decoration-color', null],
  ['text-transform', ['none']],
  ['text-orientation', ['mixed']],
  ['white-space', ['normal']],
  ['inline-size', ['0', 'auto']],
  ['shape-inside', ['none']],
  ['shape-subtract', ['none']],
  ['enable-background', null],
]);
/**
 * CSS box properties on the outermost <svg>: they size and place the image in its page (the
 * HTML layout reads them there), not what is drawn inside it.
 */
const ROOT_BOX_PROPS = new Set([
  'width',
  'height',
  'max-width',
  'max-height',
  'min-width',
  'min-height',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'display',
  'vertical-align',
  'float',
  'box-sizing',
  'aspect-ratio',
  'line-height',
  'user-select',
  '-webkit-user-select',
  '-webkit-tap-highlight-color',
  'touch-action',
]);
/** Attributes that do not change what is drawn (identity, accessibility, hints). */
const BENIGN = new Set([
  'id',
  'class',
  'version',
  'baseProfile',
  'role',
  'lang',
  'tabindex',
  'focusable',
  'preserveAspectRatio',
  'enable-background',
]);
const GEOMETRY: Record<string, readonly string[]> = {
  svg: ['width', 'height', 'viewBox', 'preserveAspectRatio', 'x', 'y'],
  g: [],
  a: ['href', 'xlink:href', 'target', 'xlink:title', 'xlink:type', 'xlink:show'],
  use: ['x', 'y', 'width', 'height', 'href', 'xlink:href'],
  marker: [
    'viewBox',
    'preserveAspectRatio',
    'refX',
    'refY',
    'markerWidth',
    'markerHeight',
    'markerUnits',
    'orient',
    'overflow',
  ],
  path: ['d', 'pathLength'],
  rect: ['x', 'y', 'width', 'height', 'rx', 'ry'],
  circle: ['cx', 'cy', 'r'],
  ellipse: ['cx', 'cy', 'rx', 'ry'],
  line: ['x1', 'y1', 'x2', 'y2'],
  text: ['x', 'y', 'dx', 'dy'],
  tspan: ['x', 'y', 'dx', 'dy'],
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

/** A viewport's size in user units, the base of percentages inside it. */
interface Viewport {
  readonly width: number;
  readonly height: number;
}

/** What the walk over the file shares. */
interface Walk {
  readonly ids: ReadonlyMap<string, Element>;
  readonly rules: readonly SvgRule[];
  elements: number;
  ops: number;
  /** <use> elements being expanded, so that a reference cycle is caught. */
  readonly using: Set<Element>;
}

function parseOrThrow(
  text: string,
  DOMParser: typeof import('@xmldom/xmldom').DOMParser,
): SvgVector {
  // A DOCTYPE with an internal subset may declare entities; the subset has no use for them.
  // The plain public identifier that editors and graphviz write declares none.
  if (/<!ENTITY/i.test(text) || /<!DOCTYPE[^>[]*\[/i.test(text)) throw new NotSimple();
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
  const walk: Walk = { ...indexFile(root), elements: 0, ops: 0, using: new Set() };
  checkAttributes(root, 'svg');
  const own = presentation(root, walk.rules);
  const vb = root.getAttribute('viewBox');
  // Without a viewBox, user units are CSS px over the root's own width and height.
  const viewBox = vb !== null ? parseViewBox(vb) : ownSize(root);
  const vp = viewBox ? { width: viewBox[2], height: viewBox[3] } : undefined;
  const paint = applyPaint(INITIAL, own, vp);
  const textProps = applyTextProps(INITIAL_TEXT_PROPS, own.values, root.getAttribute('xml:space'));
  const nodes =
    own.display === 'none' ? [] : children(root, paint, textProps, IDENTITY, walk, 0, vp);
  const wrapped =
    own.opacity !== undefined && own.opacity < 1
      ? [{ kind: 'group' as const, opacity: own.opacity, children: nodes }]
      : nodes;
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

/** Elements by id and the rules of every <style> element, read once before drawing. */
function indexFile(root: Element): { ids: Map<string, Element>; rules: SvgRule[] } {
  const ids = new Map<string, Element>();
  const rules: SvgRule[] = [];
  let seen = 0;
  const visit = (el: Element): void => {
    if (++seen > MAX_ELEMENTS) throw new NotSimple();
    const id = el.getAttribute('id');
    // The first element with an id wins, as in browsers.
    if (id !== null && !ids.has(id)) ids.set(id, el);
    if (el.localName === 'style' && el.namespaceURI === SVG_NS) {
      const type = el.getAttribute('type');
      if (type !== null && type.trim() !== '' && type.trim().toLowerCase() !== 'text/css') return;
      rules.push(...parseSvgStyleSheet(el.textContent ?? '', rules.length));
      return;
    }
    for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) visit(n as Element);
  };
  visit(root);
  return { ids, rules };
}

function ownSize(root: Element): [number, number, number, number] | undefined {
  const w = root.getAttribute('width');
  const h = root.getAttribute('height');
  if (w === null || h === null) return undefined;
  const width = svgLength(w);
  const height = svgLength(h);
  if (width <= 0 || height <= 0) throw new NotSimple();
  return [0, 0, width, height];
}

function children(
  parent: Element,
  paint: Paint,
  text: SvgTextProps,
  ctm: Matrix,
  walk: Walk,
  depth: number,
  vp: Viewport | undefined,
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
    out.push(...element(n as Element, paint, text, ctm, walk, depth, vp));
  }
  return out;
}

/** The nodes one element draws, given what it inherits. */
function element(
  el: Element,
  paint: Paint,
  text: SvgTextProps,
  ctm: Matrix,
  walk: Walk,
  depth: number,
  vp: Viewport | undefined,
): SvgVectorNode[] {
  if (el.namespaceURI !== SVG_NS) throw new NotSimple();
  const name = el.localName ?? '';
  if (NOT_DRAWN.has(name)) return [];
  if (!CONTAINERS.has(name) && name !== 'text' && !SHAPES.has(name)) throw new NotSimple();
  if (++walk.elements > MAX_ELEMENTS) throw new NotSimple();
  checkAttributes(el, name);
  const own = presentation(el, walk.rules);
  if (own.display === 'none') return [];
  const p = applyPaint(paint, own, vp);
  const ts =
    CONTAINERS.has(name) || name === 'text'
      ? applyTextProps(text, own.values, el.getAttribute('xml:space'))
      : text;
  const t = el.getAttribute('transform');
  const m = t === null ? ctm : multiplyMatrix(ctm, parseTransform(t));
  let drawn: SvgVectorNode[];
  if (name === 'g' || name === 'a') drawn = children(el, p, ts, m, walk, depth + 1, vp);
  else if (name === 'use') drawn = useNodes(el, p, ts, m, walk, depth, vp);
  else if (name === 'svg') drawn = nestedViewport(el, el, p, ts, m, walk, depth, vp, true);
  else if (name === 'text') {
    const node = p.visible ? parseSvgText(el, p, ts, m, textHooks(walk, vp)) : undefined;
    drawn = node ? [node] : [];
  } else {
    const ops = transformOps(shapeOps(el, name, vp), m);
    walk.ops += ops.length;
    if (walk.ops > MAX_OPS) throw new NotSimple();
    // Overflowing numbers (1e999) would reach the PDF as non-numbers; librsvg copes with them.
    if (!ops.every(finiteOp)) throw new NotSimple();
    drawn =
      ops.length > 0 && p.visible
        ? shapeNode(ops, p, m, name, { ids: walk.ids, viewport: vp })
        : [];
    if (p.visible && MARKABLE.has(name) && (p.markers.start || p.markers.mid || p.markers.end))
      drawn = [...drawn, ...markerNodes(el, name, p, m, walk, depth, vp)];
  }
  if (drawn.length === 0) return [];
  const clip = own.clipPath ? clipOps(own.clipPath, m, walk, vp) : undefined;
  const opacity = own.opacity !== undefined && own.opacity < 1 ? own.opacity : 1;
  if (clip === null) return [];
  if (opacity < 1 || clip)
    return [{ kind: 'group', opacity, ...(clip ? { clip } : {}), children: drawn }];
  return drawn;
}

/** A <use>: the element it references, drawn in its place with what the <use> passes on. */
function useNodes(
  use: Element,
  p: Paint,
  text: SvgTextProps,
  m: Matrix,
  walk: Walk,
  depth: number,
  vp: Viewport | undefined,
): SvgVectorNode[] {
  const href = use.getAttribute('href') ?? use.getAttributeNS(XLINK_NS, 'href');
  if (href === null) return [];
  // References into other files would need fetching; librsvg does not follow them either.
  if (!href.trim().startsWith('#')) throw new NotSimple();
  const target = walk.ids.get(href.trim().slice(1));
  if (!target) return [];
  if (walk.using.has(use)) throw new NotSimple();
  const placed = multiplyMatrix(m, [
    1,
    0,
    0,
    1,
    geometry(use, 'x', vp, 'x'),
    geometry(use, 'y', vp, 'y'),
  ]);
  walk.using.add(use);
  try {
    if (target.localName === 'symbol' && target.namespaceURI === SVG_NS) {
      if (++walk.elements > MAX_ELEMENTS) throw new NotSimple();
      checkAttributes(target, 'svg');
      const own = presentation(target, walk.rules);
      if (own.display === 'none') return [];
      const inner = applyPaint(p, own, vp);
      const innerText = applyTextProps(text, own.values, target.getAttribute('xml:space'));
      const drawn = nestedViewport(
        target,
        use,
        inner,
        innerText,
        placed,
        walk,
        depth + 1,
        vp,
        false,
      );
      return own.opacity !== undefined && own.opacity < 1 && drawn.length > 0
        ? [{ kind: 'group', opacity: own.opacity, children: drawn }]
        : drawn;
    }
    // A <use> may not reach its own ancestors: that would draw without end.
    for (let a: Node | null = use; a; a = a.parentNode) if (a === target) throw new NotSimple();
    return element(target, p, text, placed, walk, depth + 1, vp);
  } finally {
    walk.using.delete(use);
  }
}

/**
 * A new viewport: a nested <svg> (sized and placed by its own attributes), or a <symbol>
 * sized by the <use> that draws it. Its viewBox maps into it and its content is clipped to it,
 * as the initial `overflow: hidden` of both asks.
 */
function nestedViewport(
  el: Element,
  sizer: Element,
  p: Paint,
  text: SvgTextProps,
  m: Matrix,
  walk: Walk,
  depth: number,
  vp: Viewport | undefined,
  placeSelf: boolean,
): SvgVectorNode[] {
  const size = (name: 'width' | 'height'): number => {
    const raw = sizer.getAttribute(name) ?? (sizer === el ? null : el.getAttribute(name));
    return svgLength(raw ?? '100%', vp?.[name]);
  };
  const w = size('width');
  const h = size('height');
  if (w <= 0 || h <= 0) return [];
  const x = placeSelf ? geometry(el, 'x', vp, 'x') : 0;
  const y = placeSelf ? geometry(el, 'y', vp, 'y') : 0;
  const vbRaw = el.getAttribute('viewBox');
  const vb = vbRaw !== null ? parseViewBox(vbRaw) : undefined;
  const inner = vb
    ? multiplyMatrix(
        m,
        fitViewBox(vb, parseAspect(el.getAttribute('preserveAspectRatio')), {
          x,
          y,
          width: w,
          height: h,
        }),
      )
    : multiplyMatrix(m, [1, 0, 0, 1, x, y]);
  const nodes = children(
    el,
    p,
    text,
    inner,
    walk,
    depth + 1,
    vb ? { width: vb[2], height: vb[3] } : { width: w, height: h },
  );
  if (nodes.length === 0) return [];
  const overflow = (el.getAttribute('overflow') ?? '').trim();
  if (overflow === 'visible' || overflow === 'auto') return nodes;
  const clip = transformOps([{ op: 'rect', x, y, width: w, height: h }], m);
  return [{ kind: 'group', opacity: 1, clip, children: nodes }];
}

/**
 * The clip path `ref` (clipPathUnits userSpaceOnUse) in root user units, for an element whose
 * user space maps there by `m`; null when it references nothing that clips (the element is
 * then not drawn, as SVG asks). One shape only: several would need their union, which one
 * nonzero path does not give when their windings differ.
 */
function clipOps(ref: string, m: Matrix, walk: Walk, vp: Viewport | undefined): PathOp[] | null {
  const cp = walk.ids.get(ref);
  if (!cp) return null;
  if (cp.localName !== 'clipPath') throw new NotSimple();
  for (let i = 0; i < cp.attributes.length; i++) {
    const a = cp.attributes.item(i)!;
    if (a.name === 'clipPathUnits' && a.value.trim() === 'userSpaceOnUse') continue;
    if (a.name !== 'id' && a.name !== 'transform' && !a.name.startsWith('xmlns'))
      throw new NotSimple();
  }
  const t = cp.getAttribute('transform');
  const space = t === null ? m : multiplyMatrix(m, parseTransform(t));
  let shape: Element | undefined;
  for (let n = cp.firstChild; n; n = n.nextSibling) {
    if (n.nodeType !== 1) continue;
    const el = n as Element;
    if (el.namespaceURI !== SVG_NS) throw new NotSimple();
    if (el.localName === 'title' || el.localName === 'desc') continue;
    if (!SHAPES.has(el.localName ?? '') || shape) throw new NotSimple();
    shape = el;
  }
  if (!shape) return null;
  checkAttributes(shape, shape.localName!);
  const own = presentation(shape, walk.rules);
  if (own.display === 'none') return null;
  const rule = own.values.get('clip-rule');
  if (rule !== undefined && rule !== 'nonzero') throw new NotSimple();
  if (own.clipPath) throw new NotSimple();
  const st = shape.getAttribute('transform');
  const ops = transformOps(
    shapeOps(shape, shape.localName!, vp),
    st === null ? space : multiplyMatrix(space, parseTransform(st)),
  );
  if (!ops.every(finiteOp)) throw new NotSimple();
  return ops.length > 0 ? ops : null;
}

/** How svg-text.ts reads a tspan's declarations and paint, as this module reads shapes'. */
function textHooks(walk: Walk, vp: Viewport | undefined): SvgTextHooks<Paint> {
  return {
    own: (tspan) => {
      if (++walk.elements > MAX_ELEMENTS) throw new NotSimple();
      checkAttributes(tspan, 'tspan');
      return presentation(tspan, walk.rules).values;
    },
    paint: (parent, own) => applyPaint(parent, { values: own }, vp),
    fill: textFill,
    spend: (chars) => {
      walk.ops += chars;
      if (walk.ops > MAX_OPS) throw new NotSimple();
    },
  };
}

/** Text is filled only, with a colour: a stroke or a gradient on glyphs is left to librsvg. */
function textFill(p: Paint): SvgTextFill | undefined {
  if (p.stroke && p.strokeWidth > 0 && p.strokeOpacity > 0) throw new NotSimple();
  if (p.fill && isReference(p.fill)) throw new NotSimple();
  if (!p.visible || !p.fill || p.fillOpacity <= 0) return undefined;
  return { color: { ...p.fill, a: p.fill.a * p.fillOpacity }, host: p.fill === HOST_COLOR };
}

/** A vertex of a shape, with the directions (radians) of the segments into and out of it. */
interface Vertex {
  readonly x: number;
  readonly y: number;
  into?: number;
  out?: number;
}

/**
 * The vertices of `ops` (user space), one at the end of each command: `ends` holds the op
 * index after each command, as parsePathData reports it.
 */
function vertices(ops: readonly PathOp[], ends: readonly number[]): Vertex[] {
  const out: Vertex[] = [];
  let cx = 0;
  let cy = 0;
  let sx = 0;
  let sy = 0;
  let from = 0;
  const angle = (dx: number, dy: number): number | undefined =>
    dx === 0 && dy === 0 ? undefined : Math.atan2(dy, dx);
  for (const end of ends) {
    const seg = ops.slice(from, end);
    from = end;
    if (seg.length === 0) continue;
    const first = seg[0];
    if (first.op === 'moveTo') {
      cx = sx = first.x;
      cy = sy = first.y;
      out.push({ x: cx, y: cy });
      continue;
    }
    let outAngle: number | undefined;
    let inAngle: number | undefined;
    for (const o of seg) {
      let start: number | undefined;
      let finish: number | undefined;
      let x = cx;
      let y = cy;
      if (o.op === 'lineTo' || o.op === 'close') {
        x = o.op === 'close' ? sx : o.x;
        y = o.op === 'close' ? sy : o.y;
        start = finish = angle(x - cx, y - cy);
      } else if (o.op === 'curveTo') {
        x = o.x;
        y = o.y;
        start = angle(o.x1 - cx, o.y1 - cy) ?? angle(o.x2 - cx, o.y2 - cy) ?? angle(x - cx, y - cy);
        finish = angle(x - o.x2, y - o.y2) ?? angle(x - o.x1, y - o.y1) ?? angle(x - cx, y - cy);
      }
      outAngle ??= start;
      if (finish !== undefined) inAngle = finish;
      cx = x;
      cy = y;
    }
    const previous = out[out.length - 1];
    if (previous && previous.out === undefined) previous.out = outAngle;
    out.push({ x: cx, y: cy, into: inAngle });
  }
  return out;
}

/** The markers of a shape, in its user space mapped by `m`, drawn in vertex order. */
function markerNodes(
  el: Element,
  name: string,
  p: Paint,
  m: Matrix,
  walk: Walk,
  depth: number,
  vp: Viewport | undefined,
): SvgVectorNode[] {
  const ends: number[] = [];
  let ops: PathOp[];
  if (name === 'path') ops = parsePathData(el.getAttribute('d') ?? '', ends);
  else {
    ops = shapeOps(el, name, vp);
    ops.forEach((_, i) => ends.push(i + 1));
  }
  const list = vertices(ops, ends);
  const out: SvgVectorNode[] = [];
  list.forEach((v, i) => {
    const role = i === 0 ? 'start' : i === list.length - 1 ? 'end' : 'mid';
    const ref = p.markers[role];
    if (!ref) return;
    // The bisector of the directions in and out ('auto'); one of them at the ends.
    const a = v.into ?? v.out ?? 0;
    const b = v.out ?? v.into ?? 0;
    const auto =
      role === 'start'
        ? b
        : role === 'end'
          ? a
          : Math.atan2(Math.sin(a) + Math.sin(b), Math.cos(a) + Math.cos(b));
    out.push(...marker(ref, v, auto, role === 'start', p.strokeWidth, m, walk, depth));
  });
  return out;
}

/** One marker drawn at vertex `v`; `auto` is the direction orient="auto" takes there. */
function marker(
  ref: string,
  v: Vertex,
  auto: number,
  atStart: boolean,
  strokeWidth: number,
  m: Matrix,
  walk: Walk,
  depth: number,
): SvgVectorNode[] {
  const el = walk.ids.get(ref);
  if (!el || el.localName !== 'marker' || el.namespaceURI !== SVG_NS) return [];
  if (depth > MAX_DEPTH || ++walk.elements > MAX_ELEMENTS) throw new NotSimple();
  checkAttributes(el, 'marker');
  const width = svgLength(el.getAttribute('markerWidth') ?? '3');
  const height = svgLength(el.getAttribute('markerHeight') ?? '3');
  if (width <= 0 || height <= 0) return [];
  const units = (el.getAttribute('markerUnits') ?? 'strokeWidth').trim();
  if (units !== 'strokeWidth' && units !== 'userSpaceOnUse') throw new NotSimple();
  const scale = units === 'strokeWidth' ? strokeWidth : 1;
  const orient = (el.getAttribute('orient') ?? '0').trim();
  let rotation: number;
  if (orient === 'auto') rotation = auto;
  else if (orient === 'auto-start-reverse') rotation = atStart ? auto + Math.PI : auto;
  else {
    const deg = /^([+-]?(?:\d+\.?\d*|\.\d+))(deg)?$/.exec(orient);
    if (!deg) throw new NotSimple();
    rotation = (Number(deg[1]) * Math.PI) / 180;
  }
  const vbRaw = el.getAttribute('viewBox');
  const vb = vbRaw !== null ? parseViewBox(vbRaw) : undefined;
  const box = { x: 0, y: 0, width, height };
  const fit: Matrix = vb
    ? fitViewBox(vb, parseAspect(el.getAttribute('preserveAspectRatio')), box)
    : IDENTITY;
  const refX = svgLength(el.getAttribute('refX') ?? '0');
  const refY = svgLength(el.getAttribute('refY') ?? '0');
  const ref0 = fit[0] * refX + fit[2] * refY + fit[4];
  const ref1 = fit[1] * refX + fit[3] * refY + fit[5];
  const cos = Math.cos(rotation);
  const sin = Math.sin(rotation);
  // Vertex, then direction, then stroke-width units, with the reference point on the vertex.
  const placed = multiplyMatrix(m, [
    cos * scale,
    sin * scale,
    -sin * scale,
    cos * scale,
    v.x - (cos * ref0 - sin * ref1) * scale,
    v.y - (sin * ref0 + cos * ref1) * scale,
  ]);
  // A marker's content inherits from the marker's ancestors, not from the shape using it.
  const { paint, text } = inheritedAt(el, walk);
  const nodes = children(
    el,
    paint,
    text,
    multiplyMatrix(placed, fit),
    walk,
    depth + 1,
    vb ? { width: vb[2], height: vb[3] } : { width, height },
  );
  if (nodes.length === 0) return [];
  const overflow = (el.getAttribute('overflow') ?? '').trim();
  if (overflow === 'visible' || overflow === 'auto') return nodes;
  return [
    {
      kind: 'group',
      opacity: 1,
      clip: transformOps([{ op: 'rect', ...box }], placed),
      children: nodes,
    },
  ];
}

/** The properties an element inherits from its ancestors in the file, and its own. */
function inheritedAt(el: Element, walk: Walk): { paint: Paint; text: SvgTextProps } {
  const chain: Element[] = [];
  for (let n: Node | null = el; n && n.nodeType === 1; n = n.parentNode)
    chain.unshift(n as Element);
  let paint = INITIAL;
  let text = INITIAL_TEXT_PROPS;
  for (const a of chain) {
    const own = presentation(a, walk.rules);
    paint = applyPaint(paint, own, undefined);
    text = applyTextProps(text, own.values, a.getAttribute('xml:space'));
  }
  return { paint, text };
}

function finiteOp(o: PathOp): boolean {
  return Object.values(o).every((v) => typeof v !== 'number' || Number.isFinite(v));
}

function shapeNode(
  ops: PathOp[],
  p: Paint,
  m: Matrix,
  name: string,
  scope: PaintScope,
): SvgVectorNode[] {
  // Bounding-box gradients need the shape's own box, before its transform.
  let box: [number, number, number, number] | null | undefined;
  const ownBox = (): [number, number, number, number] | null => {
    if (box !== undefined) return box;
    const inv = invertMatrix(m);
    box = inv ? pathBounds(transformOps(ops, inv)) : null;
    return box;
  };
  // A line encloses no area, so it is never filled.
  let fill: FillPaint | undefined;
  if (p.fill && name !== 'line' && p.fillOpacity > 0) {
    if (isReference(p.fill)) {
      const r = resolveGradient(
        p.fill.ref,
        p.fill.fallback,
        scope,
        ownBox(),
        m,
        p.fillOpacity,
        parseTransform,
      );
      fill = r === null ? undefined : 'kind' in r ? r : { ...r, a: r.a * p.fillOpacity };
    } else fill = { ...p.fill, a: p.fill.a * p.fillOpacity };
    if (fill && !('kind' in fill) && fill.a <= 0) fill = undefined;
  }
  // Stroke width follows the element's transform; a uniform scale is exact, a skewed or
  // non-uniform one is approximated by the area scale factor.
  const scale = Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
  const width = p.strokeWidth * scale;
  let strokeColor: RgbaColor | null = null;
  if (p.stroke && width > 0 && p.strokeOpacity > 0) {
    if (isReference(p.stroke)) {
      const r = resolveGradient(
        p.stroke.ref,
        p.stroke.fallback,
        scope,
        ownBox(),
        m,
        1,
        parseTransform,
      );
      // Gradient strokes would need a stroke-to-outline step; librsvg draws those files.
      if (r !== null && 'kind' in r) throw new NotSimple();
      strokeColor = r;
    } else strokeColor = p.stroke;
  }
  const stroke =
    strokeColor && strokeColor.a * p.strokeOpacity > 0
      ? {
          paint: { ...strokeColor, a: strokeColor.a * p.strokeOpacity },
          width,
          cap: p.cap,
          join: p.join,
          ...(p.dash ? { dash: p.dash.map((d) => d * scale) } : {}),
          ...(p.dash && p.dashOffset !== 0 ? { dashOffset: p.dashOffset * scale } : {}),
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
      ...(fill && p.fill === HOST_COLOR ? { hostFill: true as const } : {}),
      ...(stroke && p.stroke === HOST_COLOR ? { hostStroke: true as const } : {}),
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
    if (n === 'style' || n === 'transform' || BENIGN.has(n)) continue;
    if (PAINT_PROPS.has(n)) continue;
    if (NEUTRAL_PROPS.has(n)) {
      neutral(n, a.value);
      continue;
    }
    if (geometry.includes(n)) continue;
    if (n === 'xml:space' || n === 'xml:lang') continue;
    throw new NotSimple();
  }
}

/** Checks that a neutral property has a value that changes nothing drawn. */
function neutral(prop: string, value: string): void {
  const allowed = NEUTRAL_PROPS.get(prop);
  if (allowed && !allowed.includes(value.trim().toLowerCase())) throw new NotSimple();
}

interface OwnProps {
  /** The element's own declared values, by property, after the cascade. */
  readonly values: ReadonlyMap<string, string>;
  readonly opacity?: number;
  readonly display?: string;
  /** The id its clip-path references. */
  readonly clipPath?: string;
}

/**
 * The element's own property values: presentation attributes, then the file's style sheet
 * rules, then its style="" declarations (the order CSS specificity gives them).
 */
function presentation(el: Element, rules: readonly SvgRule[]): OwnProps {
  const values = new Map<string, string>();
  // The element's own attributes, rather than a look-up of every property name: most
  // elements carry two or three.
  const attrs = el.attributes;
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs.item(i)!;
    if (PAINT_PROPS.has(a.name)) values.set(a.name, a.value.trim());
  }
  const root = el.parentNode?.nodeType === 9;
  const declared = (prop: string, value: string): void => {
    if (root && ROOT_BOX_PROPS.has(prop) && prop !== 'display') return;
    if (prop === 'font') {
      for (const [longhand, v] of expandFontShorthand(value)) declared(longhand, v);
      return;
    }
    if (NEUTRAL_PROPS.has(prop)) neutral(prop, value);
    else if (PAINT_PROPS.has(prop)) values.set(prop, value);
    else throw new NotSimple();
  };
  for (const [prop, value] of sheetDeclarations(el, rules)) declared(prop, value);
  const style = el.getAttribute('style');
  if (style !== null) for (const [prop, value] of parseDeclarations(style)) declared(prop, value);
  const o = values.get('opacity');
  const display = values.get('display');
  const clip = values.get('clip-path');
  let clipPath: string | undefined;
  if (clip !== undefined && clip !== 'none') {
    const m = /^url\(\s*['"]?#([^'")\s]+)['"]?\s*\)$/.exec(clip);
    if (!m) throw new NotSimple();
    clipPath = m[1];
  }
  return {
    values,
    ...(o !== undefined ? { opacity: fraction(o) } : {}),
    ...(display !== undefined ? { display: display.toLowerCase() } : {}),
    ...(clipPath !== undefined ? { clipPath } : {}),
  };
}

function applyPaint(parent: Paint, own: OwnProps, vp: Viewport | undefined): Paint {
  let p = parent;
  // currentColor in any property of this element means this element's color.
  const color = own.values.get('color');
  if (color !== undefined && color !== 'inherit') {
    const c = parseSvgColor(color, parent.color);
    p = { ...p, color: c ?? { ...BLACK, a: 0 }, colorSet: true };
  }
  for (const [prop, raw] of own.values) {
    if (raw === 'inherit') continue;
    switch (prop) {
      case 'fill':
        p = { ...p, fill: hostOr(raw, p) ?? parsePaint(raw, p.color) };
        break;
      case 'stroke':
        p = { ...p, stroke: hostOr(raw, p) ?? parsePaint(raw, p.color) };
        break;
      case 'stroke-width':
        p = { ...p, strokeWidth: svgLength(raw, vp ? diagonal(vp) : undefined) };
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
      case 'stroke-dasharray':
        p = { ...p, dash: dashArray(raw, vp) };
        break;
      case 'stroke-dashoffset':
        p = { ...p, dashOffset: svgLength(raw, vp ? diagonal(vp) : undefined) };
        break;
      case 'visibility':
        if (raw !== 'visible' && raw !== 'hidden' && raw !== 'collapse') throw new NotSimple();
        p = { ...p, visible: raw === 'visible' };
        break;
      case 'marker':
        p = { ...p, markers: { start: markerRef(raw), mid: markerRef(raw), end: markerRef(raw) } };
        break;
      case 'marker-start':
      case 'marker-mid':
      case 'marker-end':
        p = { ...p, markers: { ...p.markers, [prop.slice(7)]: markerRef(raw) } };
        break;
      case 'stroke-miterlimit':
        // PDF's and SVG's joins differ only past the limit; a number is all that is checked.
        if (!Number.isFinite(Number(raw)) || Number(raw) < 1) throw new NotSimple();
        break;
      default:
        // opacity, display and clip-path are not inherited: element() applies them.
        break;
    }
  }
  return p;
}

const FONT_STYLES = new Set(['italic', 'oblique']);
const FONT_WEIGHTS = new Set(['bold', 'bolder', 'lighter']);
const FONT_STRETCHES = new Set(CSS_FONT_STRETCH_KEYWORDS);
const FONT_SIZE =
  /^(?:[+-]?(?:\d+\.?\d*|\.\d+)(?:[a-z]+|%)?|(?:xx?-)?(?:small|large)|medium|smaller|larger)$/i;

/**
 * The CSS font shorthand as its longhands: [style] [variant] [weight] [stretch] size
 * [/line-height] family. Longhands it leaves out return to their initial values. System font
 * keywords (caption, menu, ...) name fonts of a desktop and are outside the subset.
 */
function expandFontShorthand(value: string): [string, string][] {
  const tokens = value.trim().split(/\s+/);
  const out: [string, string][] = [
    ['font-style', 'normal'],
    ['font-variant', 'normal'],
    ['font-weight', 'normal'],
    ['font-stretch', 'normal'],
  ];
  let i = 0;
  for (; i < tokens.length && i < 4; i++) {
    const t = tokens[i].toLowerCase();
    if (t === 'normal') continue;
    if (FONT_STYLES.has(t)) out[0] = ['font-style', t];
    else if (t === 'small-caps') out[1] = ['font-variant', t];
    else if (FONT_WEIGHTS.has(t) || /^[1-9]00$/.test(t)) out[2] = ['font-weight', t];
    else if (FONT_STRETCHES.has(t)) out[3] = ['font-stretch', t];
    else break;
  }
  const [size, lineHeight] = (tokens[i] ?? '').split('/');
  if (!FONT_SIZE.test(size) || (lineHeight !== undefined && lineHeight === ''))
    throw new NotSimple();
  const family = tokens.slice(i + 1).join(' ');
  if (family === '') throw new NotSimple();
  // line-height means nothing to SVG text, which never wraps.
  return [...out, ['font-size', size], ['font-family', family]];
}

/** The id a marker property references; undefined for none. */
function markerRef(raw: string): string | undefined {
  if (raw === 'none') return undefined;
  const m = /^url\(\s*['"]?#([^'")\s]+)['"]?\s*\)$/.exec(raw);
  if (!m) throw new NotSimple();
  return m[1];
}

/** HOST_COLOR for currentColor when no color property is in effect; undefined otherwise. */
function hostOr(raw: string, p: Paint): RgbaColor | undefined {
  return !p.colorSet && raw.trim().toLowerCase() === 'currentcolor' ? HOST_COLOR : undefined;
}

/** The normalised diagonal SVG measures non-directional percentages against. */
function diagonal(vp: Viewport): number {
  return Math.sqrt((vp.width * vp.width + vp.height * vp.height) / 2);
}

/** Dash lengths, or null for a solid line (none, all zero, or a negative length). */
function dashArray(raw: string, vp: Viewport | undefined): number[] | null {
  if (raw.trim() === 'none') return null;
  const parts = raw
    .trim()
    .split(/\s*,\s*|\s+/)
    .filter((s) => s !== '');
  const lengths = parts.map((s) => svgLength(s, vp ? diagonal(vp) : undefined));
  if (lengths.length === 0 || lengths.some((v) => v < 0) || lengths.every((v) => v === 0))
    return null;
  // An odd list repeats to make an even one.
  return lengths.length % 2 === 1 ? [...lengths, ...lengths] : lengths;
}

function fraction(raw: string): number {
  const m = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(%?)$/i.exec(raw.trim());
  if (!m) throw new NotSimple();
  const v = Number(m[1]) / (m[2] ? 100 : 1);
  return Math.min(1, Math.max(0, v));
}

/** A geometry attribute in user units; percentages against the viewport's width, height or diagonal. */
function geometry(
  el: Element,
  name: string,
  vp: Viewport | undefined,
  axis: 'x' | 'y' | 'diagonal',
  fallback = 0,
): number {
  const v = el.getAttribute(name);
  if (v === null || v.trim() === '') return fallback;
  const base =
    vp === undefined
      ? undefined
      : axis === 'x'
        ? vp.width
        : axis === 'y'
          ? vp.height
          : diagonal(vp);
  return svgLength(v, base);
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

function shapeOps(el: Element, name: string, vp: Viewport | undefined): PathOp[] {
  switch (name) {
    case 'path':
      return parsePathData(el.getAttribute('d') ?? '');
    case 'rect': {
      const x = geometry(el, 'x', vp, 'x');
      const y = geometry(el, 'y', vp, 'y');
      const w = geometry(el, 'width', vp, 'x');
      const h = geometry(el, 'height', vp, 'y');
      if (w <= 0 || h <= 0) return [];
      const rxA = el.getAttribute('rx');
      const ryA = el.getAttribute('ry');
      const rxOf = (raw: string): number => svgLength(raw, vp?.width);
      const ryOf = (raw: string): number => svgLength(raw, vp?.height);
      // rx and ry stand in for each other when one is missing or auto.
      const rxSet = rxA !== null && rxA.trim() !== 'auto';
      const rySet = ryA !== null && ryA.trim() !== 'auto';
      let rx = rxSet ? rxOf(rxA) : rySet ? ryOf(ryA) : 0;
      let ry = rySet ? ryOf(ryA) : rx;
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
      const r = geometry(el, 'r', vp, 'diagonal');
      return ellipseOps(geometry(el, 'cx', vp, 'x'), geometry(el, 'cy', vp, 'y'), r, r);
    }
    case 'ellipse':
      return ellipseOps(
        geometry(el, 'cx', vp, 'x'),
        geometry(el, 'cy', vp, 'y'),
        geometry(el, 'rx', vp, 'x'),
        geometry(el, 'ry', vp, 'y'),
      );
    case 'line':
      return [
        { op: 'moveTo', x: geometry(el, 'x1', vp, 'x'), y: geometry(el, 'y1', vp, 'y') },
        { op: 'lineTo', x: geometry(el, 'x2', vp, 'x'), y: geometry(el, 'y2', vp, 'y') },
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
export function parsePathData(d: string, ends?: number[]): PathOp[] {
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
      ends?.push(ops.length);
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
    // One command, however many ops it became (an arc is several curves): one vertex.
    ends?.push(ops.length);
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
 * The matrix that maps a viewBox into a viewport with preserveAspectRatio's alignment
 * (meet or slice), as SVG specifies.
 */
function fitViewBox(
  vb: readonly [number, number, number, number],
  par: Pick<SvgVector, 'align' | 'slice'>,
  viewport: Rect,
): Matrix {
  const [vx, vy, vw, vh] = vb;
  let sx = viewport.width / vw;
  let sy = viewport.height / vh;
  let tx = viewport.x;
  let ty = viewport.y;
  if (par.align !== 'none') {
    const s = par.slice ? Math.max(sx, sy) : Math.min(sx, sy);
    sx = sy = s;
    tx += (viewport.width - vw * s) * par.align.x;
    ty += (viewport.height - vh * s) * par.align.y;
  }
  return [sx, 0, 0, sy, tx - vx * sx, ty - vy * sy];
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
  text: SvgTextShaper,
): DisplayItem[] {
  const vb = svg.viewBox ?? [0, 0, intrinsic.width, intrinsic.height];
  if (vb[2] <= 0 || vb[3] <= 0 || viewport.width <= 0 || viewport.height <= 0) return [];
  const m = fitViewBox(vb, svg, viewport);
  const widthScale = Math.sqrt(Math.abs(m[0] * m[3]));
  const place = (nodes: readonly SvgVectorNode[]): DisplayItem[] =>
    nodes.map((node): DisplayItem => {
      if (node.kind === 'group')
        return {
          kind: 'group',
          ...(node.opacity < 1 ? { opacity: node.opacity } : {}),
          ...(node.clip ? { clip: transformOps(node.clip, m) } : {}),
          items: place(node.children),
        };
      if (node.kind === 'text') return placeSvgText(node, m, tag, text);
      const host = text.host.color;
      const fill =
        node.hostFill && node.fill && !('kind' in node.fill)
          ? { ...host, a: host.a * node.fill.a }
          : node.fill && transformPaint(node.fill, m);
      const stroke = node.stroke && {
        ...node.stroke,
        ...(node.hostStroke ? { paint: { ...host, a: host.a * node.stroke.paint.a } } : {}),
        width: node.stroke.width * widthScale,
        ...(node.stroke.dash ? { dash: node.stroke.dash.map((d) => d * widthScale) } : {}),
        ...(node.stroke.dashOffset ? { dashOffset: node.stroke.dashOffset * widthScale } : {}),
      };
      return {
        kind: 'path',
        ops: transformOps(node.ops, m),
        ...(fill ? { fill, fillRule: node.fillRule } : {}),
        ...(stroke ? { stroke } : {}),
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
