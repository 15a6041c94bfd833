/**
 * @counter-style (CSS Counter Styles 3): author-defined counter styles, by system (cyclic,
 * fixed, symbolic, alphabetic, numeric, additive, or extending another style), with negative
 * signs, prefix and suffix, ranges, padding and a fallback style.
 */
import type { CssNode } from 'css-tree';
import type { CounterStyleName } from './types.js';
import * as cssValues from './values.js';

export type CounterSystem =
  'cyclic' | 'fixed' | 'symbolic' | 'alphabetic' | 'numeric' | 'additive' | 'extends';

/** One @counter-style rule as written: only the descriptors it gives. */
export interface CounterStyleDef {
  readonly system?: CounterSystem;
  /** First value of a fixed system (default 1). */
  readonly first?: number;
  /** The style an `extends` system builds on. */
  readonly base?: string;
  readonly symbols?: readonly string[];
  /** additive-symbols: weights in descending order with their symbols. */
  readonly additive?: readonly (readonly [number, string])[];
  readonly negative?: readonly [string, string];
  readonly prefix?: string;
  readonly suffix?: string;
  /** Inclusive ranges; absent: the system's own range. */
  readonly range?: readonly (readonly [number, number])[];
  readonly pad?: readonly [number, string];
  readonly fallback?: string;
}

export type CounterStyleDefs = ReadonlyMap<string, CounterStyleDef>;

/** The predefined counter styles (their names match case-insensitively). */
export const PREDEFINED: ReadonlySet<string> = new Set<CounterStyleName>([
  'disc',
  'circle',
  'square',
  'disclosure-open',
  'disclosure-closed',
  'decimal',
  'decimal-leading-zero',
  'lower-roman',
  'upper-roman',
  'lower-alpha',
  'upper-alpha',
  'lower-latin',
  'upper-latin',
  'lower-greek',
  'arabic-indic',
  'hebrew',
]);

/**
 * The rule's descriptors read into a definition, or why the rule is invalid (CSS Counter
 * Styles 3 §3.1: a system that needs symbols without enough of them invalidates the rule).
 */
export function counterStyleRule(
  name: string,
  descriptors: ReadonlyMap<string, readonly CssNode[]>,
): CounterStyleDef | { why: string } {
  if (!name || PREDEFINED.has(name.toLowerCase()) || name === 'none')
    return { why: `'${name}' cannot be redefined` };
  const def: { -readonly [K in keyof CounterStyleDef]: CounterStyleDef[K] } = {};
  const system = descriptors.get('system');
  if (system) {
    const id = cssValues.ident(system[0]);
    if (id === 'extends') {
      const base = system[1]?.type === 'Identifier' ? system[1].name : null;
      if (!base) return { why: `${name}: extends needs a counter style name` };
      def.system = 'extends';
      def.base = PREDEFINED.has(base.toLowerCase()) ? base.toLowerCase() : base;
    } else if (id === 'fixed') {
      def.system = 'fixed';
      const first = system[1] ? cssValues.parseInteger(system[1]) : 1;
      if (first === null) return { why: `${name}: fixed takes an integer` };
      def.first = first;
    } else if (
      id === 'cyclic' ||
      id === 'symbolic' ||
      id === 'alphabetic' ||
      id === 'numeric' ||
      id === 'additive'
    )
      def.system = id;
    else return { why: `${name}: unknown system` };
  }
  const symbols = descriptors.get('symbols');
  if (symbols) {
    const list = symbols.map(symbolText);
    if (list.some((s) => s === null)) return { why: `${name}: symbols must be strings` };
    def.symbols = list as string[];
  }
  const additive = descriptors.get('additive-symbols');
  if (additive) {
    const tuples: [number, string][] = [];
    for (const part of cssValues.splitCommas(additive)) {
      const weight = part.map((n) => cssValues.parseInteger(n)).find((v) => v !== null);
      const symbol = part.map(nonNumericSymbol).find((s) => s !== null);
      if (weight === undefined || weight === null || weight < 0 || symbol === undefined)
        return { why: `${name}: additive-symbols take a weight and a symbol each` };
      tuples.push([weight, symbol as string]);
    }
    def.additive = tuples.sort((a, b) => b[0] - a[0]);
  }
  const text = (key: string): string | undefined => {
    const n = descriptors.get(key);
    return n ? (symbolText(n[0]) ?? undefined) : undefined;
  };
  const negative = descriptors.get('negative');
  if (negative) def.negative = [symbolText(negative[0]) ?? '-', symbolText(negative[1]) ?? ''];
  const prefix = text('prefix');
  if (prefix !== undefined) def.prefix = prefix;
  const suffix = text('suffix');
  if (suffix !== undefined) def.suffix = suffix;
  const range = descriptors.get('range');
  if (range && cssValues.ident(range[0]) !== 'auto') {
    const ranges: [number, number][] = [];
    for (const part of cssValues.splitCommas(range)) {
      const bound = (n: CssNode | undefined, inf: number): number | null =>
        cssValues.ident(n) === 'infinite' ? inf : cssValues.parseInteger(n);
      const lo = bound(part[0], -Infinity);
      const hi = bound(part[1], Infinity);
      if (lo === null || hi === null || lo > hi) return { why: `${name}: invalid range` };
      ranges.push([lo, hi]);
    }
    def.range = ranges;
  }
  const pad = descriptors.get('pad');
  if (pad) {
    const length = pad.map((n) => cssValues.parseInteger(n)).find((v) => v !== null);
    const symbol = pad.map(nonNumericSymbol).find((s) => s !== null);
    if (length !== undefined && length !== null && length >= 0 && symbol !== undefined)
      def.pad = [length, symbol as string];
  }
  const fallback = descriptors.get('fallback');
  if (fallback?.[0]?.type === 'Identifier') def.fallback = fallback[0].name;
  const sys = def.system ?? 'symbolic';
  const needs =
    sys === 'additive'
      ? (def.additive?.length ?? 0) >= 1
      : sys === 'extends'
        ? true
        : (def.symbols?.length ?? 0) >= (sys === 'alphabetic' || sys === 'numeric' ? 2 : 1);
  if (!needs) return { why: `${name}: not enough symbols for its system` };
  return def;
}

/** A symbol beside an integer (additive-symbols, pad): a string or an identifier. */
function nonNumericSymbol(n: CssNode | undefined): string | null {
  return n?.type === 'Number' ? null : symbolText(n);
}

function symbolText(n: CssNode | undefined): string | null {
  if (!n) return null;
  if (n.type === 'String') return n.value;
  if (n.type === 'Identifier') return n.name;
  if (n.type === 'Number') return n.value;
  return null;
}

/** A definition with its `extends` chain folded in (a loop reads as decimal). */
function resolved(
  name: string,
  defs: CounterStyleDefs,
  seen: ReadonlySet<string> = new Set(),
): CounterStyleDef | string {
  const own = defs.get(name);
  if (!own) return PREDEFINED.has(name.toLowerCase()) ? name.toLowerCase() : 'decimal';
  if (own.system !== 'extends' || !own.base) return own;
  if (seen.has(name)) return 'decimal';
  const base = resolved(own.base, defs, new Set([...seen, name]));
  if (typeof base === 'string') return { ...own, base };
  const { system: _s, base: _b, ...overrides } = own;
  return { ...base, ...overrides };
}

/**
 * The representation of `value` in the custom style `name` (no prefix or suffix), with its
 * negative sign and padding; `predefined` formats a predefined style.
 */
export function customCounter(
  value: number,
  name: string,
  defs: CounterStyleDefs,
  predefined: (value: number, style: CounterStyleName) => string,
  depth = 0,
): string {
  const def = resolved(name, defs);
  if (typeof def === 'string') return predefined(value, def as CounterStyleName);
  const fallback = (): string =>
    depth > 8 || !def.fallback
      ? predefined(value, 'decimal')
      : customCounter(value, def.fallback, defs, predefined, depth + 1);
  const system = def.system ?? 'symbolic';
  if (system === 'extends') {
    // A predefined style with this rule's negative sign and padding.
    if (!inRange(value, def, 'numeric')) return fallback();
    return predefined(value, def.base as CounterStyleName);
  }
  if (!inRange(value, def, system)) return fallback();
  const negative = value < 0 && usesNegative(system);
  const body = representation(negative ? -value : value, def, system);
  if (body === null) return fallback();
  const [minus, plus] = def.negative ?? ['-', ''];
  let out = negative ? minus + body + plus : body;
  if (def.pad) {
    const [length, symbol] = def.pad;
    const missing = Math.min(MAX_REPEATS, length) - [...out].length;
    if (missing > 0)
      out = (negative ? minus : '') + symbol.repeat(missing) + (negative ? body + plus : body);
  }
  return out;
}

/** The prefix and suffix a marker in this style gets (suffix ". " by default). */
export function markerAffixes(name: string, defs: CounterStyleDefs): [string, string] {
  const def = resolved(name, defs);
  if (typeof def === 'string') return ['', '. '];
  return [def.prefix ?? '', def.suffix ?? '. '];
}

/** Repetitions a symbol may make (symbolic, additive, pad) before the fallback style is used. */
const MAX_REPEATS = 60;

function usesNegative(system: CounterSystem): boolean {
  return (
    system === 'symbolic' ||
    system === 'alphabetic' ||
    system === 'numeric' ||
    system === 'additive'
  );
}

function inRange(value: number, def: CounterStyleDef, system: CounterSystem): boolean {
  if (def.range) return def.range.some(([lo, hi]) => value >= lo && value <= hi);
  if (system === 'alphabetic' || system === 'symbolic') return value >= 1;
  if (system === 'additive') return value >= 0;
  return true;
}

function representation(v: number, def: CounterStyleDef, system: CounterSystem): string | null {
  const symbols = def.symbols ?? [];
  const n = symbols.length;
  switch (system) {
    case 'cyclic':
      return n > 0 ? symbols[(((v - 1) % n) + n) % n] : null;
    case 'fixed': {
      const i = v - (def.first ?? 1);
      return i >= 0 && i < n ? symbols[i] : null;
    }
    case 'symbolic':
      return v >= 1 && n > 0 && Math.ceil(v / n) <= MAX_REPEATS
        ? symbols[(v - 1) % n].repeat(Math.ceil(v / n))
        : null;
    case 'alphabetic': {
      if (v < 1 || n < 2) return null;
      let out = '';
      for (let x = v; x > 0; x = Math.floor((x - 1) / n)) out = symbols[(x - 1) % n] + out;
      return out;
    }
    case 'numeric': {
      if (n < 2) return null;
      if (v === 0) return symbols[0];
      let out = '';
      for (let x = v; x > 0; x = Math.floor(x / n)) out = symbols[x % n] + out;
      return out;
    }
    case 'additive': {
      const tuples = def.additive ?? [];
      if (v === 0) return tuples.find(([w]) => w === 0)?.[1] ?? null;
      let out = '';
      let x = v;
      for (const [w, s] of tuples) {
        if (w === 0) continue;
        const times = Math.floor(x / w);
        if (times > MAX_REPEATS) return null;
        if (times > 0) out += s.repeat(times);
        x -= times * w;
        if (x === 0) break;
      }
      return x === 0 ? out : null;
    }
    default:
      return null;
  }
}
