/**
 * Paint servers of the vector subset: `fill="url(#id)"` naming a linearGradient (its stops,
 * units, gradientTransform and href chain), turned into the display list's linear gradient in
 * the coordinates of the shape it fills. Radial gradients, patterns, reflect/repeat spreads and
 * stops with differing opacity (which PDF would need a soft mask for) are outside the subset.
 */
import type { Element } from '@xmldom/xmldom';
import {
  multiplyMatrix,
  type LinearGradient,
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
    if (next.localName !== 'linearGradient') throw new NotSimple();
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
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'href',
  'xlink:href',
  'class',
  'color-interpolation',
]);

/**
 * The paint of `ref` for a shape whose bounding box in its own user space is `bbox`
 * ([x0, y0, x1, y1]) and whose user space maps to the root's by `ctm`: a linear gradient in
 * root user units, a solid colour, or null for nothing drawn. `opacity` multiplies the stops.
 */
export function resolveGradient(
  ref: string,
  fallback: RgbaColor | null | undefined,
  scope: PaintScope,
  bbox: readonly [number, number, number, number] | null,
  ctm: Matrix,
  opacity: number,
  parseTransform: (raw: string) => Matrix,
): LinearGradient | RgbaColor | null {
  const el = scope.ids.get(ref);
  // A reference to nothing paints the fallback, or nothing.
  if (!el) return fallback ?? null;
  if (el.localName !== 'linearGradient') throw new NotSimple();
  const links = chain(el, scope);
  for (const g of links)
    for (let i = 0; i < g.attributes.length; i++) {
      const n = g.attributes.item(i)!.name;
      if (!GRADIENT_ATTRIBUTES.has(n) && !n.startsWith('xmlns')) throw new NotSimple();
    }
  const attr = (name: string): string | null => {
    for (const g of links) {
      const v = g.getAttribute(name);
      if (v !== null) return v;
    }
    return null;
  };
  const spread = attr('spreadMethod');
  if (spread !== null && spread.trim() !== 'pad') throw new NotSimple();
  const stopsOwner = links.find((g) => hasStops(g));
  const stops = stopsOwner ? readStops(stopsOwner, opacity) : [];
  if (stops.length === 0) return null;
  if (stops.length === 1) return stops[0].color;

  const userSpace = (attr('gradientUnits') ?? 'objectBoundingBox').trim() === 'userSpaceOnUse';
  let space: Matrix = ctm;
  if (!userSpace) {
    // A box without area cannot carry a bounding-box gradient: the shape is not painted.
    if (!bbox || bbox[2] - bbox[0] <= 0 || bbox[3] - bbox[1] <= 0) return null;
    space = multiplyMatrix(ctm, [bbox[2] - bbox[0], 0, 0, bbox[3] - bbox[1], bbox[0], bbox[1]]);
  }
  const t = attr('gradientTransform');
  if (t !== null) space = multiplyMatrix(space, parseTransform(t));
  const vp = scope.viewport;
  const coord = (name: string, def: string, axis: 'width' | 'height'): number => {
    const raw = (attr(name) ?? def).trim();
    if (!userSpace) {
      // Fractions of the box: a percentage is the same fraction.
      return raw.endsWith('%') ? Number(raw.slice(0, -1)) / 100 : svgLength(raw);
    }
    return svgLength(raw, vp?.[axis]);
  };
  const x1 = coord('x1', '0%', 'width');
  const y1 = coord('y1', '0%', 'height');
  const x2 = coord('x2', '100%', 'width');
  const y2 = coord('y2', '0%', 'height');
  if (![x1, y1, x2, y2].every(Number.isFinite)) throw new NotSimple();
  // Start and end at one point: the area takes the last stop's colour.
  if (x1 === x2 && y1 === y2) return stops[stops.length - 1].color;
  return transformLinearGradient(
    { kind: 'linear-gradient', x0: x1, y0: y1, x1: x2, y1: y2, stops },
    space,
  );
}

function hasStops(g: Element): boolean {
  for (let n = g.firstChild; n; n = n.nextSibling)
    if (n.nodeType === 1 && (n as Element).localName === 'stop') return true;
  return false;
}

function readStops(g: Element, opacity: number): LinearGradient['stops'][number][] {
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
  // One opacity for the whole gradient: the writer paints shadings with a single alpha.
  if (out.some((s) => Math.abs(s.color.a - out[0].color.a) > 1e-3)) throw new NotSimple();
  return out;
}

function fractionOf(raw: string): number {
  const v = raw.endsWith('%') ? Number(raw.slice(0, -1)) / 100 : Number(raw);
  if (!Number.isFinite(v)) throw new NotSimple();
  return Math.min(1, Math.max(0, v));
}

/**
 * A linear gradient drawn through matrix `m`. Any affine image of a linear gradient is again
 * one: its colour is constant along lines that map to lines, so only the start point and the
 * direction across those lines change.
 */
export function transformLinearGradient(g: LinearGradient, m: Matrix): LinearGradient {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) throw new NotSimple();
  const vx = g.x1 - g.x0;
  const vy = g.y1 - g.y0;
  const len2 = vx * vx + vy * vy;
  // u = M^-T v / |v|^2: the gradient of the colour parameter in the new space.
  const ux = (d * vx - b * vy) / det / len2;
  const uy = (-c * vx + a * vy) / det / len2;
  const u2 = ux * ux + uy * uy;
  const x0 = a * g.x0 + c * g.y0 + e;
  const y0 = b * g.x0 + d * g.y0 + f;
  return { ...g, x0, y0, x1: x0 + ux / u2, y1: y0 + uy / u2 };
}
