/**
 * clip-path (CSS Masking 1 §3): a basic shape (inset, circle, ellipse, polygon, path) and/or a
 * reference box; url() to an SVG <clipPath> is kept so layout can say it is not drawn.
 */
import type { CssNode } from 'css-tree';
import * as kit from './kit.js';
import * as cssValues from '../values.js';
import { computePosition, splitAt, type PosSpec } from './backgrounds.js';
import type { BasicShape, ClipPath, CornerRadius, LengthPercentage, ShapeBox } from '../types.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

type LenSpec = cssValues.LenSpec;
type Extent = LenSpec | 'closest-side' | 'farthest-side';
interface RadiusSpec {
  readonly h: LenSpec;
  readonly v: LenSpec;
}
export type ShapeSpec =
  | {
      readonly kind: 'inset';
      readonly sides: readonly [LenSpec, LenSpec, LenSpec, LenSpec];
      readonly radii: readonly RadiusSpec[];
    }
  | { readonly kind: 'circle'; readonly r: Extent; readonly position: PosSpec }
  | {
      readonly kind: 'ellipse';
      readonly rx: Extent;
      readonly ry: Extent;
      readonly position: PosSpec;
    }
  | {
      readonly kind: 'polygon';
      readonly rule: 'nonzero' | 'evenodd';
      readonly points: readonly (readonly [LenSpec, LenSpec])[];
    }
  | { readonly kind: 'path'; readonly rule: 'nonzero' | 'evenodd'; readonly d: string };
type ClipPathSpec =
  'none' | { readonly url: string } | { readonly shape?: ShapeSpec; readonly box: ShapeBox };

const BOXES: ReadonlySet<string> = new Set([
  'border-box',
  'padding-box',
  'content-box',
  'margin-box',
]);
/** SVG's reference boxes mean the border box for an HTML element. */
const SVG_BOXES: ReadonlySet<string> = new Set(['fill-box', 'stroke-box', 'view-box']);
const lp = (n: CssNode): LenSpec | null => cssValues.parseLength(n, { pct: true });
const radius = (n: CssNode): LenSpec | null =>
  cssValues.parseLength(n, { pct: true, nonNegative: true });

function words(fn: CssNode): CssNode[] {
  return fn.type === 'Function' ? fn.children.toArray().filter((n) => n.type !== 'WhiteSpace') : [];
}

function parseExtent(n: CssNode): Extent | null {
  const id = cssValues.ident(n);
  if (id === 'closest-side' || id === 'farthest-side') return id;
  return id === null ? radius(n) : null;
}

/** `[<extent>]{0,count} [at <position>]?` of circle() and ellipse(). */
function parseRadial(
  nodes: readonly CssNode[],
  count: number,
): { extents: Extent[]; position: PosSpec } | null {
  const split = splitAt(nodes);
  if (!split || (split.before.length !== 0 && split.before.length !== count)) return null;
  const extents = split.before.map(parseExtent);
  if (extents.some((e) => e === null)) return null;
  return { extents: extents as Extent[], position: split.position };
}

/** `<length-percentage>{1,4} [round <'border-radius'>]?` of inset(). */
function parseInset(nodes: readonly CssNode[]): ShapeSpec | null {
  const round = nodes.findIndex((n) => cssValues.ident(n) === 'round');
  const sideNodes = round < 0 ? nodes : nodes.slice(0, round);
  const sides = sideNodes.map(lp);
  if (sides.length === 0 || sides.some((s) => s === null)) return null;
  const box = kit.boxSides(sides as LenSpec[]);
  if (!box) return null;
  let radii: RadiusSpec[] = [];
  if (round >= 0) {
    const rest = nodes.slice(round + 1);
    const slash = rest.findIndex(cssValues.isSlash);
    const h = (slash < 0 ? rest : rest.slice(0, slash)).map(radius);
    const v = (slash < 0 ? rest : rest.slice(slash + 1)).map(radius);
    if (h.some((x) => x === null) || v.some((x) => x === null)) return null;
    const hs = kit.boxSides(h as LenSpec[]);
    const vs = kit.boxSides(v as LenSpec[]);
    if (!hs || !vs) return null;
    radii = hs.map((x, i) => ({ h: x, v: vs[i] }));
  }
  return { kind: 'inset', sides: box, radii };
}

function fillRule(nodes: readonly CssNode[]): 'nonzero' | 'evenodd' | null {
  const id = nodes.length === 1 ? cssValues.ident(nodes[0]) : null;
  return id === 'nonzero' || id === 'evenodd' ? id : null;
}

function parsePolygon(nodes: readonly CssNode[]): ShapeSpec | null {
  const groups = cssValues.splitCommas(nodes);
  const rule = groups.length > 0 ? fillRule(groups[0]) : null;
  const pointGroups = rule ? groups.slice(1) : groups;
  if (pointGroups.length === 0) return null;
  const points: [LenSpec, LenSpec][] = [];
  for (const g of pointGroups) {
    if (g.length !== 2) return null;
    const x = lp(g[0]);
    const y = lp(g[1]);
    if (!x || !y) return null;
    points.push([x, y]);
  }
  return { kind: 'polygon', rule: rule ?? 'nonzero', points };
}

function parsePath(nodes: readonly CssNode[]): ShapeSpec | null {
  const groups = cssValues.splitCommas(nodes);
  const rule = groups.length === 2 ? fillRule(groups[0]) : null;
  const last = groups[groups.length - 1];
  if (groups.length > 2 || (groups.length === 2 && !rule)) return null;
  if (!last || last.length !== 1 || last[0].type !== 'String') return null;
  return { kind: 'path', rule: rule ?? 'nonzero', d: last[0].value };
}

/** One basic shape function (shared with shape-outside). */
export function parseShape(n: CssNode): ShapeSpec | null {
  if (n.type !== 'Function') return null;
  const nodes = words(n);
  switch (n.name.toLowerCase()) {
    case 'inset':
      return parseInset(nodes);
    case 'circle': {
      const r = parseRadial(nodes, 1);
      return r ? { kind: 'circle', r: r.extents[0] ?? 'closest-side', position: r.position } : null;
    }
    case 'ellipse': {
      const r = parseRadial(nodes, 2);
      return r
        ? {
            kind: 'ellipse',
            rx: r.extents[0] ?? 'closest-side',
            ry: r.extents[1] ?? 'closest-side',
            position: r.position,
          }
        : null;
    }
    case 'polygon':
      return parsePolygon(nodes);
    case 'path':
      return parsePath(nodes);
    default:
      return null;
  }
}

function parseClipPath(nodes: readonly CssNode[], ctx: kit.ParseCtx): ClipPathSpec | null {
  if (nodes.length === 1 && cssValues.ident(nodes[0]) === 'none') return 'none';
  if (nodes.length === 1 && nodes[0].type === 'Url')
    return { url: kit.resolveUrl(nodes[0].value, ctx.base) };
  let shape: ShapeSpec | undefined;
  let box: ShapeBox | undefined;
  for (const n of nodes) {
    const id = cssValues.ident(n);
    if (id !== null && (BOXES.has(id) || SVG_BOXES.has(id)) && !box) {
      box = BOXES.has(id) ? (id as ShapeBox) : 'border-box';
      continue;
    }
    const s = !shape ? parseShape(n) : null;
    if (!s) return null;
    shape = s;
  }
  if (!shape && !box) return null;
  return { ...(shape ? { shape } : {}), box: box ?? 'border-box' };
}

const computeExtent = (
  e: Extent,
  c: kit.ComputeCtx,
): LengthPercentage | 'closest-side' | 'farthest-side' =>
  typeof e === 'string' ? e : cssValues.computeLength(e, c.env, true);

export function computeShape(s: ShapeSpec, c: kit.ComputeCtx): BasicShape {
  const len = (l: LenSpec): LengthPercentage => cssValues.computeLength(l, c.env);
  switch (s.kind) {
    case 'inset': {
      const corner = (i: number): CornerRadius => {
        const r = s.radii[i];
        return r
          ? {
              horizontal: cssValues.computeLength(r.h, c.env, true),
              vertical: cssValues.computeLength(r.v, c.env, true),
            }
          : { horizontal: 0, vertical: 0 };
      };
      return {
        kind: 'inset',
        top: len(s.sides[0]),
        right: len(s.sides[1]),
        bottom: len(s.sides[2]),
        left: len(s.sides[3]),
        radii: [corner(0), corner(1), corner(2), corner(3)],
      };
    }
    case 'circle':
      return {
        kind: 'circle',
        radius: computeExtent(s.r, c),
        position: computePosition(s.position, c),
      };
    case 'ellipse':
      return {
        kind: 'ellipse',
        rx: computeExtent(s.rx, c),
        ry: computeExtent(s.ry, c),
        position: computePosition(s.position, c),
      };
    case 'polygon':
      return {
        kind: 'polygon',
        rule: s.rule,
        points: s.points.map(([x, y]) => [len(x), len(y)] as const),
      };
    case 'path':
      return s;
  }
}

longhands.push(
  kit.longhand<ClipPathSpec>({
    name: 'clip-path',
    key: 'clipPath',
    inherited: false,
    initial: 'none',
    parse: parseClipPath,
    compute: (s, c): ClipPath => {
      if (s === 'none' || 'url' in s) return s;
      return { ...(s.shape ? { shape: computeShape(s.shape, c) } : {}), box: s.box };
    },
  }),
);
