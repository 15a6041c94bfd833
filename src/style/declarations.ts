/**
 * Declaration values: parsing (once per declaration object, per document) into longhand
 * specified values, CSS-wide keywords, var() substitution with fallbacks and cycle detection.
 */
import { SVG_ONLY_PROPERTIES } from './svg-properties.js';
import { csstree } from './css-tree.js';
import type { Warning } from '../diagnostics.js';
import { LONGHANDS, SHORTHANDS } from './properties/index.js';
import type { Longhand, ParseCtx } from './properties/kit.js';
import type { Declaration, RegisteredProperty } from './sheet.js';
import { valueNodes } from './values.js';

export type WideKeyword = 'initial' | 'inherit' | 'unset' | 'revert';

export type ParsedDeclaration =
  /** Longhand → specified value (or INITIAL from a shorthand's omitted parts). */
  | { readonly kind: 'values'; readonly entries: readonly (readonly [Longhand, unknown])[] }
  | {
      readonly kind: 'wide';
      readonly keyword: WideKeyword;
      readonly longhands: readonly Longhand[];
    }
  /** Value holds var(): parsed per element after substitution. */
  | { readonly kind: 'pending'; readonly longhands: readonly Longhand[] }
  | { readonly kind: 'custom'; readonly name: string; readonly raw: string };

const WIDE = new Set<string>(['initial', 'inherit', 'unset', 'revert', 'revert-layer']);
const MAX_SUBSTITUTED_LENGTH = 65536;

export function hasVar(raw: string): boolean {
  return /var\(/i.test(raw);
}

function longhandsOf(property: string): Longhand[] {
  const l = LONGHANDS.get(property);
  if (l) return [l];
  const s = SHORTHANDS.get(property);
  return s ? s.longhands.map((n) => LONGHANDS.get(n) as Longhand) : [];
}

/** Parses declaration values on first use and remembers the result for the document. */
export class DeclarationParser {
  private readonly cache = new Map<Declaration, ParsedDeclaration | null>();
  private readonly byText = new Map<string, ParsedDeclaration | null>();
  private readonly warned = new Set<string>();
  /** Base URLs by number, so a long base is not copied into the key of every value. */
  private readonly baseIds = new Map<string, number>();

  constructor(private readonly warn: (w: Warning) => void) {}

  private ctx(d: Declaration): ParseCtx {
    return {
      base: d.base,
      warn: (message) => this.warnOnce(`${d.property}: ${message}`, d.source),
    };
  }

  warnOnce(message: string, source?: string, code = 'css.unsupported'): void {
    if (this.warned.has(message)) return;
    this.warned.add(message);
    this.warn({ code, message, ...(source ? { source } : {}) });
  }

  parse(d: Declaration): ParsedDeclaration | null {
    const hit = this.cache.get(d);
    if (hit !== undefined) return hit;
    // Equal text parses equally (url() depends on the base too): big sheets repeat values a lot.
    const textKey = `${d.property}\u0000${d.raw}\u0000${this.baseId(d.base)}`;
    let r = this.byText.get(textKey);
    if (r === undefined) {
      r = this.parseUncached(d);
      this.byText.set(textKey, r);
    }
    this.cache.set(d, r);
    return r;
  }

  private baseId(base: string | undefined): number {
    if (base === undefined) return 0;
    let id = this.baseIds.get(base);
    if (id === undefined) {
      id = this.baseIds.size + 1;
      this.baseIds.set(base, id);
    }
    return id;
  }

  private parseUncached(d: Declaration): ParsedDeclaration | null {
    if (d.property.startsWith('--')) return { kind: 'custom', name: d.property, raw: d.raw };
    // Read by the SVG drawing (svg-cascade.ts), nothing for an element's computed style.
    if (SVG_ONLY_PROPERTIES.has(d.property)) return null;
    const lower = d.raw.trim().toLowerCase();
    if (WIDE.has(lower)) {
      const keyword = (lower === 'revert-layer' ? 'revert' : lower) as WideKeyword;
      return { kind: 'wide', keyword, longhands: longhandsOf(d.property) };
    }
    if (hasVar(d.raw)) return { kind: 'pending', longhands: longhandsOf(d.property) };
    const entries = this.parseValue(d.property, d.raw, this.ctx(d));
    if (!entries) {
      // Valid CSS that we cannot render (lab(), sign(), grid…) is "unsupported"; anything else
      // is a mistake in the stylesheet.
      if (validCss(d.property, d.raw)) {
        this.warnOnce(
          `value not supported for '${d.property}': ${truncate(d.raw)}`,
          d.source,
          'css.unsupported',
        );
      } else {
        this.warnOnce(
          `invalid value for '${d.property}': ${truncate(d.raw)}`,
          d.source,
          'css.invalid-value',
        );
      }
      return null;
    }
    return { kind: 'values', entries };
  }

  /** Longhand specified values of `property: raw`, or null when invalid. */
  parseValue(
    property: string,
    raw: string,
    ctx: ParseCtx,
  ): (readonly [Longhand, unknown])[] | null {
    const nodes = valueNodes(raw);
    if (!nodes || nodes.length === 0) return null;
    const l = LONGHANDS.get(property);
    if (l) {
      const spec = l.parse(nodes, ctx);
      return spec === null ? null : [[l, spec]];
    }
    const s = SHORTHANDS.get(property);
    if (!s) return null;
    const m = s.expand(nodes, ctx);
    if (!m) return null;
    return [...m].map(([name, spec]) => [LONGHANDS.get(name) as Longhand, spec] as const);
  }

  /** Parses a substituted var() value for one longhand; null = invalid at computed-value time. */
  parseSubstituted(d: Declaration, substituted: string, target: Longhand): unknown {
    const lower = substituted.trim().toLowerCase();
    if (WIDE.has(lower)) return { wide: lower === 'revert-layer' ? 'revert' : lower };
    const entries = this.parseValue(d.property, substituted, this.ctx(d));
    if (!entries) return null;
    const e = entries.find(([l]) => l === target);
    return e ? e[1] : null;
  }
}

/** Does the value match the property's grammar in css-tree's CSS data? */
function validCss(property: string, raw: string): boolean {
  try {
    const ast = csstree.parse(raw, { context: 'value' });
    return !csstree.cssLexer().matchProperty(property, ast).error;
  } catch {
    return false;
  }
}

function truncate(s: string): string {
  return s.length > 80 ? s.slice(0, 77) + '...' : s;
}

// ---------------------------------------------------------------------------------------------
// var()

/** Fallbacks nested deeper than this make the value invalid (a hostile sheet, not a design). */
const MAX_FALLBACK_DEPTH = 256;

/**
 * For each '(' of `s`, the index of its matching ')' (-1 when unclosed), strings and escapes
 * skipped: one pass, so nested var() fallbacks are resolved in linear time.
 */
function parenPairs(s: string): Int32Array {
  const pairs = new Int32Array(s.length).fill(-1);
  const open: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '"' || ch === "'") {
      const end = s.indexOf(ch, i + 1);
      if (end < 0) break;
      i = end;
    } else if (ch === '\\') i++;
    else if (ch === '(') open.push(i);
    else if (ch === ')') {
      const o = open.pop();
      if (o !== undefined) pairs[o] = i;
    }
  }
  return pairs;
}

/** Index of the next "var(" (any case) in s[from, to), or -1. */
function nextVar(s: string, from: number, to: number): number {
  for (let i = from; i + 4 <= to; i++) {
    if (
      (s.charCodeAt(i) | 32) === 118 &&
      (s.charCodeAt(i + 1) | 32) === 97 &&
      (s.charCodeAt(i + 2) | 32) === 114 &&
      s.charCodeAt(i + 3) === 40
    )
      return i;
  }
  return -1;
}

/** The first comma of s[from, to) outside parentheses and strings, or -1. */
function topLevelComma(s: string, pairs: Int32Array, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    const ch = s[i];
    if (ch === '"' || ch === "'") {
      const end = s.indexOf(ch, i + 1);
      if (end < 0 || end >= to) return -1;
      i = end;
    } else if (ch === '(') {
      if (pairs[i] < 0) return -1;
      i = pairs[i];
    } else if (ch === ',') return i;
  }
  return -1;
}

const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);

/**
 * Replaces every var(--name[, fallback]) in `raw` using `lookup`. Returns null when a reference
 * cannot be resolved (no value and no fallback, cycle), fallbacks nest past a sane depth, or the
 * result grows past a sane size.
 */
export function substituteVars(
  raw: string,
  lookup: (name: string) => string | null,
): string | null {
  const pairs = parenPairs(raw);
  const range = (from: number, to: number, depth: number): string | null => {
    if (depth > MAX_FALLBACK_DEPTH) return null;
    let out = '';
    let i = from;
    for (;;) {
      const at = nextVar(raw, i, to);
      if (at < 0) break;
      out += raw.slice(i, at);
      const open = at + 4;
      const close = pairs[open - 1];
      if (close < 0 || close >= to) return null;
      const comma = topLevelComma(raw, pairs, open, close);
      const name = raw.slice(open, comma < 0 ? close : comma).trim();
      if (!name.startsWith('--')) return null;
      let value = lookup(name);
      if (value === null && comma >= 0) {
        let a = comma + 1;
        let b = close;
        while (a < b && isSpace(raw.charCodeAt(a))) a++;
        while (b > a && isSpace(raw.charCodeAt(b - 1))) b--;
        value = range(a, b, depth + 1);
      }
      if (value === null) return null;
      out += value;
      if (out.length > MAX_SUBSTITUTED_LENGTH) return null;
      i = close + 1;
    }
    out += raw.slice(i, to);
    return out.length > MAX_SUBSTITUTED_LENGTH ? null : out;
  };
  return range(0, raw.length, 0);
}

/**
 * Computes an element's custom properties: inherited ones, overridden by its own declarations,
 * each with var() references resolved. Properties in a reference cycle become invalid (absent).
 */
const NO_REGISTRATIONS: ReadonlyMap<string, RegisteredProperty> = new Map();

export function computeCustomProperties(
  inherited: ReadonlyMap<string, string>,
  declared: ReadonlyMap<string, string>,
  registered: ReadonlyMap<string, RegisteredProperty> = NO_REGISTRATIONS,
): ReadonlyMap<string, string> {
  // Registered properties that do not inherit start from their initial value on every element.
  const resets: [string, string | null][] = [];
  for (const [name, r] of registered)
    if (!r.inherits && (inherited.get(name) ?? null) !== r.initial) resets.push([name, r.initial]);
  if (declared.size === 0 && resets.length === 0) return inherited;
  const result = new Map(inherited);
  for (const [name, initial] of resets)
    if (initial === null) result.delete(name);
    else result.set(name, initial);
  const initialOf = (name: string): string | null => registered.get(name)?.initial ?? null;
  const unset = (name: string): string | null =>
    registered.get(name)?.inherits === false ? initialOf(name) : (inherited.get(name) ?? null);
  const state = new Map<string, 'busy' | 'done'>();
  // Names being resolved, outermost first: a reference back into it closes a cycle, and every
  // property on that cycle is invalid, whatever fallbacks its references carry.
  const stack: string[] = [];
  const cyclic = new Set<string>();
  const resolve = (name: string): string | null => {
    const raw = declared.get(name);
    if (raw === undefined) return result.get(name) ?? null;
    const st = state.get(name);
    if (st === 'busy') {
      for (let i = stack.lastIndexOf(name); i >= 0 && i < stack.length; i++) cyclic.add(stack[i]);
      return null;
    }
    if (st === 'done') return result.get(name) ?? null;
    state.set(name, 'busy');
    stack.push(name);
    let v: string | null;
    const kw = raw.trim().toLowerCase();
    if (kw === 'initial') v = initialOf(name);
    else if (kw === 'inherit') v = inherited.get(name) ?? null;
    else if (kw === 'unset' || kw === 'revert') v = unset(name);
    else v = hasVar(raw) ? substituteVars(raw, resolve) : raw;
    stack.pop();
    state.set(name, 'done');
    if (cyclic.has(name)) v = null;
    // Invalid at computed-value time: a registered property falls back as `unset` does.
    if (v === null && registered.has(name)) v = unset(name);
    if (v === null) {
      result.delete(name);
      return null;
    }
    result.set(name, v);
    return v;
  };
  for (const name of declared.keys()) resolve(name);
  return result;
}
