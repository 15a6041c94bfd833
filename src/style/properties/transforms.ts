/**
 * 2D transforms (CSS Transforms 1 and the individual transform properties of level 2):
 * transform, transform-origin, translate, rotate and scale. 3D functions are read where they
 * have a 2D meaning (translate3d, scale3d, rotateZ; translateZ and scaleZ, which flatten to
 * nothing) and rejected otherwise.
 */
import type { CssNode } from 'css-tree';
import * as kit from './kit.js';
import * as cssValues from '../values.js';
import type { LengthPercentage, TransformFunction } from '../types.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

type LenSpec = NonNullable<ReturnType<typeof cssValues.parseLength>>;

/** A transform function before lengths are computed. */
type SpecifiedFunction =
  | { readonly kind: 'translate'; readonly x: LenSpec; readonly y: LenSpec }
  | Exclude<TransformFunction, { kind: 'translate' }>;

const ZERO: LenSpec = { t: 'dim', v: 0, unit: 'px' };

function args(fn: CssNode): CssNode[][] | null {
  if (fn.type !== 'Function') return null;
  const nodes = fn.children.toArray().filter((n) => n.type !== 'WhiteSpace');
  if (nodes.length === 0) return [];
  const parts = cssValues.splitCommas(nodes);
  return parts.every((p) => p.length === 1) ? parts : null;
}

function numbers(list: CssNode[][], min: number, max: number): number[] | null {
  if (list.length < min || list.length > max) return null;
  const out = list.map((p) => cssValues.parseNumber(p[0]));
  return out.every((v): v is number => v !== null) ? out : null;
}

function angles(list: CssNode[][], min: number, max: number): number[] | null {
  if (list.length < min || list.length > max) return null;
  const out = list.map((p) => cssValues.parseAngle(p[0]));
  return out.every((v): v is number => v !== null) ? out : null;
}

function lengths(list: CssNode[][], min: number, max: number): LenSpec[] | null {
  if (list.length < min || list.length > max) return null;
  const out = list.map((p) => cssValues.parseLength(p[0], { pct: true }));
  return out.every((v): v is LenSpec => v !== null) ? out : null;
}

/** A number or a percentage (scale accepts both), as a factor. */
function factors(list: CssNode[][], min: number, max: number): number[] | null {
  if (list.length < min || list.length > max) return null;
  const out = list.map((p) => cssValues.parseAlphaValue(p[0]));
  return out.every((v): v is number => v !== null) ? out : null;
}

function parseFunction(fn: CssNode): SpecifiedFunction | null {
  if (fn.type !== 'Function') return null;
  const a = args(fn);
  if (!a) return null;
  switch (fn.name.toLowerCase()) {
    case 'matrix': {
      const m = numbers(a, 6, 6);
      return m ? { kind: 'matrix', m: [m[0], m[1], m[2], m[3], m[4], m[5]] } : null;
    }
    case 'translate': {
      const l = lengths(a, 1, 2);
      return l ? { kind: 'translate', x: l[0], y: l[1] ?? ZERO } : null;
    }
    case 'translate3d': {
      const l = lengths(a, 3, 3);
      return l ? { kind: 'translate', x: l[0], y: l[1] } : null;
    }
    case 'translatex': {
      const l = lengths(a, 1, 1);
      return l ? { kind: 'translate', x: l[0], y: ZERO } : null;
    }
    case 'translatey': {
      const l = lengths(a, 1, 1);
      return l ? { kind: 'translate', x: ZERO, y: l[0] } : null;
    }
    case 'translatez': {
      // Depth alone moves nothing on a flat page: without perspective the element is flattened
      // where it stands. Google Docs adds translateZ(0px) to every image.
      const l = lengths(a, 1, 1);
      return l ? { kind: 'translate', x: ZERO, y: ZERO } : null;
    }
    case 'scale': {
      const f = factors(a, 1, 2);
      return f ? { kind: 'scale', x: f[0], y: f[1] ?? f[0] } : null;
    }
    case 'scale3d': {
      const f = factors(a, 3, 3);
      return f ? { kind: 'scale', x: f[0], y: f[1] } : null;
    }
    case 'scalex': {
      const f = factors(a, 1, 1);
      return f ? { kind: 'scale', x: f[0], y: 1 } : null;
    }
    case 'scaley': {
      const f = factors(a, 1, 1);
      return f ? { kind: 'scale', x: 1, y: f[0] } : null;
    }
    case 'scalez': {
      const f = factors(a, 1, 1);
      return f ? { kind: 'scale', x: 1, y: 1 } : null;
    }
    case 'rotate':
    case 'rotatez': {
      const r = angles(a, 1, 1);
      return r ? { kind: 'rotate', angle: r[0] } : null;
    }
    case 'skew': {
      const s = angles(a, 1, 2);
      return s ? { kind: 'skew', x: s[0], y: s[1] ?? 0 } : null;
    }
    case 'skewx': {
      const s = angles(a, 1, 1);
      return s ? { kind: 'skew', x: s[0], y: 0 } : null;
    }
    case 'skewy': {
      const s = angles(a, 1, 1);
      return s ? { kind: 'skew', x: 0, y: s[0] } : null;
    }
  }
  return null;
}

function computeFunctions(
  list: readonly SpecifiedFunction[],
  env: cssValues.LengthEnv,
): TransformFunction[] {
  return list.map((f) =>
    f.kind === 'translate'
      ? {
          kind: 'translate',
          x: cssValues.computeLength(f.x, env),
          y: cssValues.computeLength(f.y, env),
        }
      : f,
  );
}

/** transform-origin keywords as percentages along each axis. */
const ORIGIN_X: Readonly<Record<string, number>> = { left: 0, center: 50, right: 100 };
const ORIGIN_Y: Readonly<Record<string, number>> = { top: 0, center: 50, bottom: 100 };

type OriginPart = LenSpec | { readonly kw: string };

function parseOrigin(nodes: readonly CssNode[]): readonly [OriginPart, OriginPart] | null {
  // A third value (z) is accepted and ignored: there is no depth in print.
  const list = nodes.length === 3 ? nodes.slice(0, 2) : nodes;
  if (list.length < 1 || list.length > 2) return null;
  const parts: OriginPart[] = [];
  for (const n of list) {
    const id = cssValues.ident(n);
    if (id !== null) {
      if (!(id in ORIGIN_X) && !(id in ORIGIN_Y)) return null;
      parts.push({ kw: id });
    } else {
      const l = cssValues.parseLength(n, { pct: true });
      if (!l) return null;
      parts.push(l);
    }
  }
  let [a, b] = parts.length === 2 ? parts : [parts[0], { kw: 'center' }];
  // Keywords may come in either order ("top left"); lengths are x then y.
  const isY = (p: OriginPart): boolean => 'kw' in p && p.kw in ORIGIN_Y && !(p.kw in ORIGIN_X);
  const isX = (p: OriginPart): boolean => 'kw' in p && p.kw in ORIGIN_X && !(p.kw in ORIGIN_Y);
  if (isY(a) || isX(b)) {
    if (!('kw' in a) || !('kw' in b)) return parts.length === 1 ? [{ kw: 'center' }, a] : null;
    [a, b] = [b, a];
  }
  if (('kw' in a && !(a.kw in ORIGIN_X)) || ('kw' in b && !(b.kw in ORIGIN_Y))) return null;
  return [a, b];
}

function computeOrigin(
  p: OriginPart,
  axis: Readonly<Record<string, number>>,
  env: cssValues.LengthEnv,
): LengthPercentage {
  return 'kw' in p ? { percent: axis[p.kw], px: 0 } : cssValues.computeLength(p, env);
}

longhands.push(
  kit.longhand<readonly SpecifiedFunction[]>({
    name: 'transform',
    key: 'transform',
    inherited: false,
    initial: [],
    parse(nodes) {
      if (nodes.length === 1 && cssValues.ident(nodes[0]) === 'none') return [];
      const out: SpecifiedFunction[] = [];
      for (const n of nodes) {
        const f = parseFunction(n);
        if (!f) return null;
        out.push(f);
      }
      return out.length > 0 ? out : null;
    },
    compute: (spec, c) => computeFunctions(spec, c.env),
  }),
  kit.longhand<readonly [OriginPart, OriginPart]>({
    name: 'transform-origin',
    key: 'transformOrigin',
    inherited: false,
    initial: [
      { percent: 50, px: 0 },
      { percent: 50, px: 0 },
    ],
    parse: (nodes) => parseOrigin(nodes),
    compute: (spec, c) => [
      computeOrigin(spec[0], ORIGIN_X, c.env),
      computeOrigin(spec[1], ORIGIN_Y, c.env),
    ],
  }),
  // The individual properties apply before `transform`: translate, then rotate, then scale.
  kit.longhand<readonly SpecifiedFunction[]>({
    name: 'translate',
    key: 'translate',
    inherited: false,
    initial: [],
    parse(nodes) {
      if (nodes.length === 1 && cssValues.ident(nodes[0]) === 'none') return [];
      const l = lengths(
        nodes.map((n) => [n]),
        1,
        3,
      );
      return l ? [{ kind: 'translate', x: l[0], y: l[1] ?? ZERO }] : null;
    },
    compute: (spec, c) => computeFunctions(spec, c.env),
  }),
  kit.longhand<readonly SpecifiedFunction[]>({
    name: 'rotate',
    key: 'rotate',
    inherited: false,
    initial: [],
    parse(nodes) {
      if (nodes.length === 1 && cssValues.ident(nodes[0]) === 'none') return [];
      // Only rotation about z (an angle, optionally after the z keyword) is 2D.
      const list = nodes.length === 2 && cssValues.ident(nodes[0]) === 'z' ? [nodes[1]] : nodes;
      if (list.length !== 1) return null;
      const a = cssValues.parseAngle(list[0]);
      return a === null ? null : [{ kind: 'rotate', angle: a }];
    },
  }),
  kit.longhand<readonly SpecifiedFunction[]>({
    name: 'scale',
    key: 'scale',
    inherited: false,
    initial: [],
    parse(nodes) {
      if (nodes.length === 1 && cssValues.ident(nodes[0]) === 'none') return [];
      const f = factors(
        nodes.map((n) => [n]),
        1,
        3,
      );
      return f ? [{ kind: 'scale', x: f[0], y: f[1] ?? f[0] }] : null;
    },
  }),
);
