/**
 * The shape of a property definition and small builders for the common kinds (keywords,
 * lengths, colours, numbers). The definitions live in the family modules beside it.
 */
import type { CssNode } from 'css-tree';
import { parseColor, resolveColorSpec, type ColorSpec } from '../colors.js';
import type { RgbaColor } from '../types.js';
import {
  computeLength,
  ident,
  parseLength,
  parseNumber,
  type LengthEnv,
  type LengthParseOptions,
  type LenSpec,
} from '../values.js';

/** What parsing a declaration value may need. */
export interface ParseCtx {
  /** Base URL of the stylesheet (or document) for url(). */
  readonly base?: string;
  /** Reports a value that parsed but is only partly supported. */
  readonly warn: (message: string) => void;
}

/** What computing a value for one element needs. */
export interface ComputeCtx {
  /** Lengths against the element's own font size (font-size itself uses the parent's). */
  readonly env: LengthEnv;
  /** The element's computed colour (for currentcolor). */
  readonly color: RgbaColor;
  /** Computed values of the element so far (font-size, line-height, display come first). */
  readonly self: Readonly<Record<string, unknown>>;
  /** Parent's computed values (root: initial values). */
  readonly parent: Readonly<Record<string, unknown>>;
}

export interface Longhand {
  readonly name: string;
  /** Key of the computed value (ComputedStyle field, or an internal key starting with '_'). */
  readonly key: string;
  readonly inherited: boolean;
  /** Computed initial value. */
  readonly initial: unknown;
  /** Specified value from value nodes, or null when invalid. */
  parse(nodes: readonly CssNode[], ctx: ParseCtx): unknown;
  compute(spec: unknown, ctx: ComputeCtx): unknown;
  /**
   * The computed value keeps `currentcolor` as the keyword (inherited, it stands for the
   * inheriting element's own colour); otherwise the cascade resolves it.
   */
  readonly keepsCurrentColor?: boolean;
}

export interface Shorthand {
  readonly name: string;
  readonly longhands: readonly string[];
  /** Specified values of every longhand it sets (missing ones reset to initial), or null. */
  expand(nodes: readonly CssNode[], ctx: ParseCtx): ReadonlyMap<string, unknown> | null;
}

/** Marker for a longhand reset to its initial value by a shorthand. */
export const INITIAL = Symbol('initial');

export function longhand<S>(def: {
  name: string;
  key: string;
  inherited: boolean;
  initial: unknown;
  parse(nodes: readonly CssNode[], ctx: ParseCtx): S | null;
  compute?(spec: S, ctx: ComputeCtx): unknown;
}): Longhand {
  const compute = def.compute ?? ((s: S) => s);
  return {
    name: def.name,
    key: def.key,
    inherited: def.inherited,
    initial: def.initial,
    parse: def.parse,
    compute: compute as (spec: unknown, ctx: ComputeCtx) => unknown,
  };
}

/** Parses one single node with `f` (most longhands take exactly one component). */
export function single<S>(f: (n: CssNode, ctx: ParseCtx) => S | null) {
  return (nodes: readonly CssNode[], ctx: ParseCtx): S | null =>
    nodes.length === 1 ? f(nodes[0], ctx) : null;
}

export function keywordParser<K extends string>(
  values: readonly K[],
  aliases: Readonly<Record<string, K>> = {},
): (n: CssNode) => K | null {
  const set = new Set<string>(values);
  return (n) => {
    const id = ident(n);
    if (id === null) return null;
    if (set.has(id)) return id as K;
    return Object.prototype.hasOwnProperty.call(aliases, id) ? aliases[id] : null;
  };
}

export function keywordProp<K extends string>(
  name: string,
  key: string,
  inherited: boolean,
  initial: K,
  values: readonly K[],
  aliases: Readonly<Record<string, K>> = {},
): Longhand {
  const p = keywordParser(values, aliases);
  return longhand<K>({ name, key, inherited, initial, parse: single(p) });
}

/** A length-percentage with optional keywords kept literally. */
export type LenOrKeyword = LenSpec | { readonly kw: string };

export function lengthOrKeyword(
  n: CssNode,
  opts: LengthParseOptions,
  keywords: readonly string[],
): LenOrKeyword | null {
  const id = ident(n);
  if (id !== null) return keywords.includes(id) ? { kw: id } : null;
  return parseLength(n, opts);
}

export function computeLenOrKeyword(s: LenOrKeyword, env: LengthEnv, nonNegative = false): unknown {
  return 'kw' in s ? s.kw : computeLength(s, env, nonNegative);
}

export function lengthProp(
  name: string,
  key: string,
  inherited: boolean,
  initial: unknown,
  opts: LengthParseOptions,
  keywords: readonly string[] = [],
  keywordAliases: Readonly<Record<string, string>> = {},
): Longhand {
  return longhand<LenOrKeyword>({
    name,
    key,
    inherited,
    initial,
    parse: single((n) => {
      const id = ident(n);
      if (id !== null && keywordAliases[id] !== undefined) return { kw: keywordAliases[id] };
      return lengthOrKeyword(n, opts, keywords);
    }),
    compute: (s, c) => computeLenOrKeyword(s, c.env, !!opts.nonNegative),
  });
}

export function resolveColor(spec: ColorSpec, current: RgbaColor): RgbaColor {
  return resolveColorSpec(spec, current);
}

export function colorProp(
  name: string,
  key: string,
  inherited: boolean,
  initial: unknown,
): Longhand {
  return longhand<ColorSpec>({
    name,
    key,
    inherited,
    initial,
    parse: single((n) => parseColor(n)),
    compute: (s, c) => resolveColor(s, c.color),
  });
}

export function numberProp(
  name: string,
  key: string,
  inherited: boolean,
  initial: number,
  check: (v: number) => boolean,
): Longhand {
  return longhand<number>({
    name,
    key,
    inherited,
    initial,
    parse: single((n) => {
      const v = parseNumber(n);
      return v !== null && check(v) ? v : null;
    }),
  });
}

/** Expands 1–4 values to top/right/bottom/left (CSS box shorthand order). */
export function boxSides<T>(vals: readonly T[]): [T, T, T, T] | null {
  switch (vals.length) {
    case 1:
      return [vals[0], vals[0], vals[0], vals[0]];
    case 2:
      return [vals[0], vals[1], vals[0], vals[1]];
    case 3:
      return [vals[0], vals[1], vals[2], vals[1]];
    case 4:
      return [vals[0], vals[1], vals[2], vals[3]];
  }
  return null;
}

export function resolveUrl(url: string, base: string | undefined): string {
  if (url.startsWith('data:')) return url;
  try {
    return base ? new URL(url, base).href : new URL(url).href;
  } catch {
    return url;
  }
}
