/**
 * Container queries (CSS Conditional 5 §3): the condition of an @container rule, read once
 * from its prelude, and its evaluation for one element against the query container chosen
 * among the element's ancestors. Size features read the container's content box as the last
 * layout of the document measured it (the cascade runs before layout; see the restyle loop in
 * layout/document.ts); style() reads the container's custom properties.
 */
import type { CssNode } from 'css-tree';
import { csstree } from './css-tree.js';
import { conditionTerms, ratioValue } from './conditions.js';
import { CSS_PX_PER_UNIT } from '../document/index.js';
import type { ComputedStyle, ContainerType } from './types.js';

/** Size features, inline-size and block-size read as width and height (horizontal writing). */
type SizeFeature = 'width' | 'height' | 'aspect-ratio' | 'orientation';
type Comparison = '<' | '<=' | '>' | '>=' | '=';

type QueryValue =
  | { readonly kind: 'length'; readonly v: number; readonly unit: string }
  | { readonly kind: 'number'; readonly v: number }
  | { readonly kind: 'ident'; readonly name: string };

export type ContainerQuery =
  | { readonly t: 'and' | 'or'; readonly parts: readonly ContainerQuery[] }
  | { readonly t: 'not'; readonly part: ContainerQuery }
  | {
      readonly t: 'size';
      readonly feature: SizeFeature;
      /** Absent: the boolean form `(width)`, true when the feature is not zero. */
      readonly cmp?: Comparison;
      readonly value?: QueryValue;
    }
  | { readonly t: 'style'; readonly property: string; readonly value: string | null }
  | { readonly t: 'unknown' };

/** One @container condition: its container name and query. */
export interface ContainerCondition {
  readonly name: string | null;
  readonly query: ContainerQuery;
  /** Needs a container that answers inline-axis (width) or block-axis (height) features. */
  readonly inline: boolean;
  readonly block: boolean;
}

/** An element that may answer queries: an ancestor, or the originating element of a pseudo. */
export interface QueryContainer {
  readonly type: ContainerType;
  readonly names: readonly string[];
  readonly style: ComputedStyle;
  /** Content box in CSS px as the last layout measured it; undefined before any layout. */
  readonly size: { readonly width: number; readonly height: number } | undefined;
  /** The container's custom properties (for style()). */
  readonly custom: () => ReadonlyMap<string, string>;
}

/**
 * Boxes size containment does not apply to (CSS Contain 2 §3.1): inline boxes, internal table
 * boxes, and elements without a box. Their container-type gives no size container.
 */
const UNCONTAINABLE: ReadonlySet<string> = new Set([
  'inline',
  'contents',
  'none',
  'table-row-group',
  'table-header-group',
  'table-footer-group',
  'table-row',
  'table-cell',
  'table-column-group',
  'table-column',
]);

/** The container type an element's box takes: its container-type where size containment applies. */
export function sizeContainerType(style: ComputedStyle): ContainerType {
  return style.containerType === 'normal' || UNCONTAINABLE.has(style.display)
    ? 'normal'
    : style.containerType;
}

/** Words that may not name a container in a prelude. */
const NOT_NAMES = new Set(['not', 'and', 'or', 'none']);

/**
 * An @container prelude as a condition; `unsupported` hears each feature it cannot evaluate
 * (such a test is unknown, so it never matches). Null when the prelude is not a container
 * condition at all.
 */
export function containerCondition(
  prelude: CssNode | null | undefined,
  unsupported: (what: string) => void,
): ContainerCondition | null {
  if (!prelude || prelude.type !== 'AtrulePrelude') return null;
  const parts = prelude.children.toArray().filter((n) => n.type !== 'WhiteSpace');
  let name: string | null = null;
  const first = parts[0];
  if (first?.type === 'Identifier' && !NOT_NAMES.has(first.name.toLowerCase())) {
    name = first.name;
    parts.shift();
  }
  if (parts.length !== 1 || parts[0].type !== 'Condition') return null;
  const axes = { inline: false, block: false };
  const query = conditionOf(parts[0], axes, unsupported);
  return { name, query, inline: axes.inline, block: axes.block };
}

interface Axes {
  inline: boolean;
  block: boolean;
}

function conditionOf(n: CssNode, axes: Axes, unsupported: (what: string) => void): ContainerQuery {
  if (n.type !== 'Condition') return leafOf(n, axes, unsupported);
  const parts: ContainerQuery[] = [];
  let op: 'and' | 'or' = 'and';
  for (const term of conditionTerms(n)) {
    if (term.op) op = term.op;
    const q = conditionOf(term.node, axes, unsupported);
    parts.push(term.negated ? { t: 'not', part: q } : q);
  }
  if (parts.length === 1) return parts[0];
  return parts.length === 0 ? { t: 'unknown' } : { t: op, parts };
}

/** The feature a name tests, the min-/max- prefix read as a comparison. */
function featureName(raw: string): { feature: SizeFeature | null; prefix: Comparison | null } {
  const lower = raw.toLowerCase();
  const prefix = lower.startsWith('min-') ? '>=' : lower.startsWith('max-') ? '<=' : null;
  const base = prefix ? lower.slice(4) : lower;
  const feature =
    base === 'width' || base === 'inline-size'
      ? 'width'
      : base === 'height' || base === 'block-size'
        ? 'height'
        : base === 'aspect-ratio' || base === 'orientation'
          ? base
          : null;
  return { feature, prefix };
}

function needAxes(feature: SizeFeature, axes: Axes): void {
  if (feature !== 'height') axes.inline = true;
  if (feature !== 'width') axes.block = true;
}

function valueOf(n: CssNode | null | undefined): QueryValue | null {
  if (!n) return null;
  if (n.type === 'Dimension') return { kind: 'length', v: parseFloat(n.value), unit: n.unit };
  if (n.type === 'Number') return { kind: 'number', v: parseFloat(n.value) };
  if (n.type === 'Identifier') return { kind: 'ident', name: n.name.toLowerCase() };
  if (n.type === 'Ratio') {
    const v = ratioValue(n);
    return v === null ? null : { kind: 'number', v };
  }
  return null;
}

const FLIPPED: Readonly<Record<Comparison, Comparison>> = {
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
  '=': '=',
};

function leafOf(n: CssNode, axes: Axes, unsupported: (what: string) => void): ContainerQuery {
  if (n.type === 'Feature') {
    const { feature, prefix } = featureName(n.name);
    if (!feature) {
      unsupported(`container feature '${n.name}'`);
      return { t: 'unknown' };
    }
    needAxes(feature, axes);
    if (!n.value) return prefix ? { t: 'unknown' } : { t: 'size', feature };
    const value = valueOf(n.value as CssNode);
    if (!value) return { t: 'unknown' };
    return { t: 'size', feature, cmp: prefix ?? '=', value };
  }
  if (n.type === 'FeatureRange') {
    // `width > 400px`, `400px < width`, or `400px <= width < 800px`.
    if (n.left.type === 'Identifier' && n.right === null) {
      const { feature, prefix } = featureName(n.left.name);
      const value = valueOf(n.middle as CssNode);
      if (!feature || prefix) return badRange(n.left.name, unsupported);
      needAxes(feature, axes);
      if (!value) return { t: 'unknown' };
      return { t: 'size', feature, cmp: n.leftComparison as Comparison, value };
    }
    if (n.middle.type !== 'Identifier') return { t: 'unknown' };
    const { feature, prefix } = featureName(n.middle.name);
    if (!feature || prefix) return badRange(n.middle.name, unsupported);
    needAxes(feature, axes);
    const low = valueOf(n.left as CssNode);
    if (!low) return { t: 'unknown' };
    const lower: ContainerQuery = {
      t: 'size',
      feature,
      cmp: FLIPPED[n.leftComparison as Comparison],
      value: low,
    };
    if (!n.right || !n.rightComparison) return lower;
    const high = valueOf(n.right as CssNode);
    if (!high) return { t: 'unknown' };
    return {
      t: 'and',
      parts: [lower, { t: 'size', feature, cmp: n.rightComparison as Comparison, value: high }],
    };
  }
  if (n.type === 'FeatureFunction' && n.feature.toLowerCase() === 'style') {
    const v = n.value as CssNode;
    if (v.type === 'Declaration' && v.property.startsWith('--'))
      return {
        t: 'style',
        property: v.property,
        value: v.value.type === 'Raw' ? normalized(v.value.value) : null,
      };
    if (v.type === 'Raw' && /^--[\w-]+$/.test(v.value.trim()))
      return { t: 'style', property: v.value.trim(), value: null };
    unsupported('style() queries on properties other than custom properties');
    return { t: 'unknown' };
  }
  unsupported(n.type === 'FeatureFunction' ? `${n.feature}() queries` : `'${textOf(n)}'`);
  return { t: 'unknown' };
}

function textOf(n: CssNode): string {
  try {
    return csstree.generate(n);
  } catch {
    return n.type;
  }
}

function badRange(name: string, unsupported: (what: string) => void): ContainerQuery {
  unsupported(`container feature '${name}' in a range`);
  return { t: 'unknown' };
}

function normalized(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ');
}

/**
 * The query container of a condition: the nearest candidate (innermost last) with its name
 * that answers every size feature it tests. A condition of style() only needs no container
 * type: unnamed, it asks the nearest candidate of all, `styleParent`.
 */
export function queryContainer(
  cond: ContainerCondition,
  candidates: readonly QueryContainer[],
  styleParent: QueryContainer | undefined,
): QueryContainer | undefined {
  const sized = cond.inline || cond.block;
  if (!sized && cond.name === null) return styleParent;
  for (let i = candidates.length - 1; i >= 0; i--) {
    const c = candidates[i];
    if (cond.name !== null && !c.names.includes(cond.name)) continue;
    if (cond.block && c.type !== 'size') continue;
    if (cond.inline && c.type === 'normal') continue;
    return c;
  }
  return undefined;
}

/** True, false, or null when unknown (no container, or one not laid out yet). */
type Truth = boolean | null;

/** Whether the condition holds for the container; an unknown result does not match. */
export function conditionMatches(
  cond: ContainerCondition,
  container: QueryContainer | undefined,
  rootFontSize: number,
): boolean {
  return container !== undefined && evaluate(cond.query, container, rootFontSize) === true;
}

function evaluate(q: ContainerQuery, c: QueryContainer, rootFontSize: number): Truth {
  switch (q.t) {
    case 'and': {
      let out: Truth = true;
      for (const p of q.parts) {
        const v = evaluate(p, c, rootFontSize);
        if (v === false) return false;
        if (v === null) out = null;
      }
      return out;
    }
    case 'or': {
      let out: Truth = false;
      for (const p of q.parts) {
        const v = evaluate(p, c, rootFontSize);
        if (v === true) return true;
        if (v === null) out = null;
      }
      return out;
    }
    case 'not': {
      const v = evaluate(q.part, c, rootFontSize);
      return v === null ? null : !v;
    }
    case 'size':
      return sizeTest(q, c, rootFontSize);
    case 'style': {
      const v = c.custom().get(q.property);
      if (q.value === null) return v !== undefined && v.trim() !== '';
      return v !== undefined && normalized(v) === q.value;
    }
    case 'unknown':
      return null;
  }
}

function sizeTest(
  q: Extract<ContainerQuery, { t: 'size' }>,
  c: QueryContainer,
  rootFontSize: number,
): Truth {
  const size = c.size;
  if (!size) return null;
  if (q.feature === 'orientation') {
    if (q.value?.kind !== 'ident' || q.cmp !== '=') return null;
    const actual = size.height >= size.width ? 'portrait' : 'landscape';
    return q.value.name === actual;
  }
  const actual =
    q.feature === 'width'
      ? size.width
      : q.feature === 'height'
        ? size.height
        : size.height > 0
          ? size.width / size.height
          : null;
  if (actual === null) return null;
  if (!q.cmp || !q.value) return actual !== 0;
  const want = q.feature === 'aspect-ratio' ? ratio(q.value) : px(q.value, c.style, rootFontSize);
  if (want === null) return null;
  return compare(actual, q.cmp, want);
}

function ratio(v: QueryValue): number | null {
  return v.kind === 'number' && v.v > 0 ? v.v : null;
}

/** A length in a query, in px: em and ex against the container's font (CSS Conditional 5). */
function px(v: QueryValue, container: ComputedStyle, rootFontSize: number): number | null {
  if (v.kind === 'number') return v.v === 0 ? 0 : null;
  if (v.kind !== 'length') return null;
  const unit = v.unit.toLowerCase();
  const abs = CSS_PX_PER_UNIT[unit];
  if (abs !== undefined) return v.v * abs;
  switch (unit) {
    case 'em':
      return v.v * container.fontSize;
    case 'rem':
      return v.v * rootFontSize;
    case 'ex':
    case 'ch':
      return v.v * container.fontSize * 0.5;
  }
  return null;
}

/** Sizes within this many px are equal (layout works in floating point). */
const SAME = 1 / 64;

function compare(a: number, op: Comparison, b: number): boolean {
  switch (op) {
    case '<':
      return a < b - SAME;
    case '<=':
      return a <= b + SAME;
    case '>':
      return a > b + SAME;
    case '>=':
      return a >= b - SAME;
    case '=':
      return Math.abs(a - b) <= SAME;
  }
}
