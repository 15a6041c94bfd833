/**
 * Paint servers of the vector subset: `fill="url(#id)"` naming a linear or radial gradient (its
 * stops, units, gradientTransform and href chain), turned into the display list's gradient in
 * the coordinates of the shape it fills. Patterns and reflect/repeat spreads are outside the
 * subset.
 */
import type { Element } from '@xmldom/xmldom';
import {
  invertMatrix,
  multiplyMatrix,
  transformPaint,
  type Gradient,
  type GradientStop,
  type Matrix,
  type RgbaColor,
} from '../document/index.js';
import { parseSvgColor } from './svg-color.js';
import { NotSimple, svgLength } from './svg-subset.js';
import { parseDeclarations } from './svg-style.js';

/** A fill or stroke as written: a colour, none (null), or a reference with its fallback. */
export type PaintSource =
  RgbaColor | null | { readonly ref: string; readonly fallback: RgbaColor | null | undefined };

const URL = /^url\(\s*['"]?#([^'")\s]+)['"]?\s*\)\s*(.*)$/i;

export function parsePaint(raw: string, current: RgbaColor): PaintSource {
  const m = URL.exec(raw.trim());
  if (!m) return parseSvgColor(raw, current);
  const rest = m[2].trim();
  return { ref: m[1], fallback: rest === '' ? undefined : parseSvgColor(rest, current) };
}

export function isReference(
  p: PaintSource,
): p is { readonly ref: string; readonly fallback: RgbaColor | null | undefined } {
  return p !== null && 'ref' in p;
}

/** Where a gradient is resolved: the file's elements by id and the viewport size (for %). */
export interface PaintScope {
  readonly ids: ReadonlyMap<string, Element>;
  readonly viewport?: { readonly width: number; readonly height: number };
}

const XLINK = 'http://www.w3.org/1999/xlink';

function hrefOf(el: Element): string | null {
  return el.getAttribute('href') ?? el.getAttributeNS(XLINK, 'href');
}

/** The gradient and the ones it inherits from through href, nearest first. */
function chain(start: Element, scope: PaintScope): Element[] {
  const out = [start];
  for (let el = start; out.length < 16;) {
    const href = hrefOf(el);
    if (href === null) return out;
    if (!href.startsWith('#')) throw new NotSimple();
    const next = scope.ids.get(href.slice(1));
    if (!next || out.includes(next)) return out;
    if (!GRADIENTS.has(next.localName ?? '')) throw new NotSimple();
    out.push(next);
    el = next;
  }
  throw new NotSimple();
}

const GRADIENT_ATTRIBUTES = new Set([
  'id',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'fx',
  'fy',
  'fr',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'href',
  'xlink:href',
  'class',
  'color-interpolation',
]);

const GRADIENTS = new Set(['linearGradient', 'radialGradient']);

/**
 * The paint of `ref` for a shape whose bounding box in its own user space is `bbox`
 * ([x0, y0, x1, y1]) and whose user space maps to the root's by `ctm`: a gradient in root user
 * units, a solid colour, or null for nothing drawn. `opacity` multiplies the stops.
 */
export function resolveGradient(
  ref: string,
  fallback: RgbaColor | null | undefined,
  scope: PaintScope,
  bbox: readonly [number, number, number, number] | null,
  ctm: Matrix,
  opacity: number,
  parseTransform: (raw: string) => Matrix,
): Gradient | RgbaColor | null {
  const el = scope.ids.get(ref);
  // A reference to nothing paints the fallback, or nothing.
  if (!el) return fallback ?? null;
  if (!GRADIENTS.has(el.localName ?? '')) throw new NotSimple();
  const links = chain(el, scope);
  for (const g of links)
    for (let i = 0; i < g.attributes.length; i++) {
      const n = g.attributes.item(i)!.name;
      if (!GRADIENT_ATTRIBUTES.has(n) && !n.startsWith('xmlns')) throw new NotSimple();
    }
  const attr = (name: string): string | null => {
    for (const g of links) {
      const v = g.getAttribute(name);
      if (v !== null) return v.trim();
    }
    return null;
  };
  const spread = attr('spreadMethod');
  if (spread !== null && spread !== 'pad') throw new NotSimple();
  const stopsOwner = links.find((g) => hasStops(g));
  const stops = stopsOwner ? readStops(stopsOwner, opacity) : [];
  if (stops.length === 0) return null;
  if (stops.length === 1) return stops[0].color;

  const userSpace = (attr('gradientUnits') ?? 'objectBoundingBox') === 'userSpaceOnUse';
  let space: Matrix = ctm;
  if (!userSpace) {
    // A box without area cannot carry a bounding-box gradient: the shape is not painted.
    if (!bbox || bbox[2] - bbox[0] <= 0 || bbox[3] - bbox[1] <= 0) return null;
    space = multiplyMatrix(ctm, [bbox[2] - bbox[0], 0, 0, bbox[3] - bbox[1], bbox[0], bbox[1]]);
  }
  const t = attr('gradientTransform');
  if (t !== null) space = multiplyMatrix(space, parseTransform(t));
  // A space flattened to a line or a point has no area to paint.
  if (!invertMatrix(space)) throw new NotSimple();
  const vp = scope.viewport;
  const diagonal = vp ? Math.sqrt((vp.width ** 2 + vp.height ** 2) / 2) : undefined;
  const coord = (raw: string, base: number | undefined): number => {
    // In bounding-box units a percentage is the same fraction of the box.
    const v = !userSpace
      ? raw.endsWith('%')
        ? Number(raw.slice(0, -1)) / 100
        : svgLength(raw)
      : svgLength(raw, base);
    if (!Number.isFinite(v)) throw new NotSimple();
    return v;
  };
  if (el.localName === 'linearGradient') {
    const x1 = coord(attr('x1') ?? '0%', vp?.width);
    const y1 = coord(attr('y1') ?? '0%', vp?.height);
    const x2 = coord(attr('x2') ?? '100%', vp?.width);
    const y2 = coord(attr('y2') ?? '0%', vp?.height);
    // Start and end at one point: the area takes the last stop's colour.
    if (x1 === x2 && y1 === y2) return stops[stops.length - 1].color;
    return transformPaint(
      { kind: 'linear-gradient', x0: x1, y0: y1, x1: x2, y1: y2, stops },
      space,
    );
  }
  const cx = coord(attr('cx') ?? '50%', vp?.width);
  const cy = coord(attr('cy') ?? '50%', vp?.height);
  const radius = coord(attr('r') ?? '50%', diagonal);
  let fx = coord(attr('fx') ?? String(cx), vp?.width);
  let fy = coord(attr('fy') ?? String(cy), vp?.height);
  const focalRadius = coord(attr('fr') ?? '0', diagonal);
  if (radius < 0 || focalRadius < 0) throw new NotSimple();
  // A zero radius paints the area in the last stop's colour.
  if (radius === 0) return stops[stops.length - 1].color;
  // A focal point outside the end circle moves onto it (SVG 1.1, 13.2.3): PDF would draw a
  // cone there instead.
  const d = Math.hypot(fx - cx, fy - cy);
  if (d > radius * 0.999) {
    fx = cx + ((fx - cx) * radius * 0.999) / d;
    fy = cy + ((fy - cy) * radius * 0.999) / d;
  }
  if (focalRadius >= radius) return stops[stops.length - 1].color;
  return {
    kind: 'radial-gradient',
    cx,
    cy,
    radius,
    ...(fx !== cx || fy !== cy ? { fx, fy } : {}),
    ...(focalRadius > 0 ? { focalRadius } : {}),
    transform: space,
    stops,
  };
}

function hasStops(g: Element): boolean {
  for (let n = g.firstChild; n; n = n.nextSibling)
    if (n.nodeType === 1 && (n as Element).localName === 'stop') return true;
  return false;
}

function readStops(g: Element, opacity: number): GradientStop[] {
  const out: { offset: number; color: RgbaColor }[] = [];
  let last = 0;
  for (let n = g.firstChild; n; n = n.nextSibling) {
    if (n.nodeType !== 1) continue;
    const stop = n as Element;
    if (stop.localName !== 'stop') throw new NotSimple();
    const props = new Map<string, string>();
    for (const name of ['offset', 'stop-color', 'stop-opacity']) {
      const v = stop.getAttribute(name);
      if (v !== null) props.set(name, v.trim());
    }
    const style = stop.getAttribute('style');
    if (style !== null)
      for (const [k, v] of parseDeclarations(style)) {
        if (k !== 'stop-color' && k !== 'stop-opacity') throw new NotSimple();
        props.set(k, v);
      }
    const rawOffset = props.get('offset') ?? '0';
    let offset = rawOffset.endsWith('%') ? Number(rawOffset.slice(0, -1)) / 100 : Number(rawOffset);
    if (!Number.isFinite(offset)) throw new NotSimple();
    // Offsets are clamped to [0, 1] and never go back (SVG 1.1, 13.2.4).
    offset = Math.max(last, Math.min(1, Math.max(0, offset)));
    last = offset;
    const black = { r: 0, g: 0, b: 0, a: 1 };
    const color = parseSvgColor(props.get('stop-color') ?? 'black', black) ?? {
      ...black,
      a: 0,
    };
    const so = props.get('stop-opacity');
    const stopOpacity = so === undefined ? 1 : fractionOf(so);
    out.push({ offset, color: { ...color, a: color.a * stopOpacity * opacity } });
  }
  return out;
}

function fractionOf(raw: string): number {
  const v = raw.endsWith('%') ? Number(raw.slice(0, -1)) / 100 : Number(raw);
  if (!Number.isFinite(v)) throw new NotSimple();
  return Math.min(1, Math.max(0, v));
}
