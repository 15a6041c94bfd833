/**
 * Value parsing shared by the property definitions: lengths, percentages, numbers, calc() and
 * its relatives, urls, idents. Parsing happens once per declaration (cached by the caller);
 * `computeLength` turns a parsed length into px for one element.
 */
import { csstree } from './css-tree.js';
import type { CssNode } from 'css-tree';
import type { CalcNode, LengthPercentage } from './types.js';
import { CSS_PX_PER_UNIT } from '../document/index.js';

/** What a relative length needs from the element being computed. */
export interface LengthEnv {
  /**
   * Font size the em unit refers to (the element's own, or the parent's for font-size), with
   * the element's zoom already in it.
   */
  readonly fontSize: number;
  /** The root's font size before its zoom (rem is multiplied by the element's own zoom). */
  readonly rootFontSize: number;
  /** 1vw and 1vh in px. */
  readonly vw: number;
  readonly vh: number;
  /** ex and ch as fractions of the font size. */
  readonly exRatio: number;
  readonly chRatio: number;
  /** Effective zoom (CSS Viewport): multiplies every unit but the font-relative ones; 1 if absent. */
  readonly zoom?: number;
  /**
   * 1cqw and 1cqh in px: a hundredth of the nearest size container's content box on that axis;
   * absent, the cq* units fall back to vw and vh (the page area, CSS Conditional 5 §6.1).
   */
  readonly cqw?: number;
  readonly cqh?: number;
}

type CalcExpr =
  | { readonly t: 'dim'; readonly v: number; readonly unit: string }
  | { readonly t: 'pct'; readonly v: number }
  | { readonly t: 'num'; readonly v: number }
  | {
      readonly t: 'op';
      readonly op: '+' | '-' | '*' | '/';
      readonly a: CalcExpr;
      readonly b: CalcExpr;
    }
  | { readonly t: 'fn'; readonly fn: 'min' | 'max' | 'clamp'; readonly args: readonly CalcExpr[] };

/** A parsed length-ish value, resolved per element by computeLength. */
export type LenSpec =
  | { readonly t: 'dim'; readonly v: number; readonly unit: string }
  | { readonly t: 'pct'; readonly v: number }
  | { readonly t: 'calc'; readonly e: CalcExpr };

const ABSOLUTE = CSS_PX_PER_UNIT;
const RELATIVE = new Set([
  'em',
  'rem',
  'ex',
  'ch',
  'vw',
  'vh',
  'vmin',
  'vmax',
  'cqw',
  'cqh',
  'cqi',
  'cqb',
  'cqmin',
  'cqmax',
]);

export function isLengthUnit(unit: string): boolean {
  const u = unit.toLowerCase();
  return u in ABSOLUTE || RELATIVE.has(u);
}

/** px per unit for this element. */
function unitPx(unit: string, env: LengthEnv): number {
  switch (unit) {
    // The font size already carries the zoom: em, ex and ch must not take it twice.
    case 'em':
      return env.fontSize;
    case 'ex':
      return env.fontSize * env.exRatio;
    case 'ch':
      return env.fontSize * env.chRatio;
  }
  return unzoomedUnitPx(unit, env) * (env.zoom ?? 1);
}

function unzoomedUnitPx(unit: string, env: LengthEnv): number {
  const a = ABSOLUTE[unit];
  if (a !== undefined) return a;
  switch (unit) {
    case 'rem':
      return env.rootFontSize;
    case 'vw':
      return env.vw;
    case 'vh':
      return env.vh;
    case 'vmin':
      return Math.min(env.vw, env.vh);
    case 'vmax':
      return Math.max(env.vw, env.vh);
    // Horizontal writing only: the inline axis is the width.
    case 'cqw':
    case 'cqi':
      return env.cqw ?? env.vw;
    case 'cqh':
    case 'cqb':
      return env.cqh ?? env.vh;
    case 'cqmin':
      return Math.min(env.cqw ?? env.vw, env.cqh ?? env.vh);
    case 'cqmax':
      return Math.max(env.cqw ?? env.vw, env.cqh ?? env.vh);
  }
  return 0;
}

/**
 * Deepest bracket nesting a declaration value may have. css-tree parses nested blocks
 * recursively and overflows the stack at a few thousand levels, so deeper values are refused
 * by a linear scan before css-tree sees them. Real stylesheets stay far below this.
 */
export const MAX_VALUE_NESTING = 64;

/** Bracket nesting depth of a value text, outside strings; stops early once past `limit`. */
export function valueNestingDepth(raw: string, limit = MAX_VALUE_NESTING): number {
  let depth = 0;
  let max = 0;
  let quote = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (quote) {
      if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[' || c === '{') {
      depth++;
      if (depth > max) max = depth;
      if (max > limit) return max;
    } else if ((c === ')' || c === ']' || c === '}') && depth > 0) depth--;
  }
  return max;
}

/** Value nodes of a parsed declaration value, without whitespace. */
export function valueNodes(raw: string): CssNode[] | null {
  if (valueNestingDepth(raw) > MAX_VALUE_NESTING) return null;
  try {
    let failed = false;
    const ast = csstree.parse(raw, {
      context: 'value',
      onParseError: () => {
        failed = true;
      },
    });
    if (failed || ast.type !== 'Value') return null;
    return ast.children.toArray().filter((n) => n.type !== 'WhiteSpace');
  } catch {
    return null;
  }
}

export function ident(n: CssNode | undefined): string | null {
  return n && n.type === 'Identifier' ? n.name.toLowerCase() : null;
}

export function isComma(n: CssNode | undefined): boolean {
  return !!n && n.type === 'Operator' && n.value.trim() === ',';
}

export function isSlash(n: CssNode | undefined): boolean {
  return !!n && n.type === 'Operator' && n.value.trim() === '/';
}

/** Splits value nodes on top-level commas. */
export function splitCommas(nodes: readonly CssNode[]): CssNode[][] {
  const out: CssNode[][] = [[]];
  for (const n of nodes) {
    if (isComma(n)) out.push([]);
    else out[out.length - 1].push(n);
  }
  return out;
}

function functionArgs(fn: CssNode): CssNode[] {
  return fn.type === 'Function' || fn.type === 'Parentheses'
    ? fn.children.toArray().filter((n) => n.type !== 'WhiteSpace')
    : [];
}

// ---------------------------------------------------------------------------------------------
// calc()

const MATH_FUNCTIONS = new Set(['calc', 'min', 'max', 'clamp', '-webkit-calc']);

/**
 * Bounds on one math expression. Parsing and evaluation recurse once per nesting level and
 * per operand, so without them a hostile value overflows the stack; past them the value is
 * invalid (the declaration is dropped with the usual warning).
 */
export const MAX_CALC_DEPTH = 32;
export const MAX_CALC_TERMS = 1000;

/** Operands left for the whole expression, shared across nested functions. */
interface CalcBudget {
  terms: number;
}

function parseCalcOperand(n: CssNode, depth: number, budget: CalcBudget): CalcExpr | null {
  switch (n.type) {
    case 'Number':
      return { t: 'num', v: parseFloat(n.value) };
    case 'Percentage':
      return { t: 'pct', v: parseFloat(n.value) };
    case 'Dimension': {
      const unit = n.unit.toLowerCase();
      return isLengthUnit(unit) ? { t: 'dim', v: parseFloat(n.value), unit } : null;
    }
    case 'Parentheses':
      return depth >= MAX_CALC_DEPTH ? null : parseCalcSum(functionArgs(n), depth + 1, budget);
    case 'Function':
      return parseMathFunction(n, depth + 1, budget);
    case 'Identifier': {
      const id = n.name.toLowerCase();
      if (id === 'pi') return { t: 'num', v: Math.PI };
      if (id === 'e') return { t: 'num', v: Math.E };
      return null;
    }
  }
  return null;
}

function parseCalcSum(
  tokens: readonly CssNode[],
  depth: number,
  budget: CalcBudget,
): CalcExpr | null {
  // Sum of products, left to right; operators arrive as Operator nodes.
  const terms: CalcExpr[] = [];
  const ops: ('+' | '-')[] = [];
  let current: CalcExpr | null = null;
  let pendingMul: '*' | '/' | null = null;
  let expectOperand = true;
  for (const tok of tokens) {
    if (tok.type === 'Operator') {
      const op = tok.value.trim();
      if (expectOperand) return null;
      if (op === '+' || op === '-') {
        // CSS requires whitespace around + and -; css-tree keeps it in the operator text.
        if (!/^\s.*\s$/.test(tok.value)) return null;
        terms.push(current as CalcExpr);
        ops.push(op);
        current = null;
      } else if (op === '*' || op === '/') {
        pendingMul = op;
      } else return null;
      expectOperand = true;
      continue;
    }
    if (!expectOperand) return null;
    if (--budget.terms < 0) return null;
    const operand = parseCalcOperand(tok, depth, budget);
    if (!operand) return null;
    if (current && pendingMul) current = { t: 'op', op: pendingMul, a: current, b: operand };
    else current = operand;
    pendingMul = null;
    expectOperand = false;
  }
  if (expectOperand || !current) return null;
  terms.push(current);
  let acc = terms[0];
  for (let i = 0; i < ops.length; i++) acc = { t: 'op', op: ops[i], a: acc, b: terms[i + 1] };
  return acc;
}

/** A math function; `depth` counts the enclosing math functions and parentheses, from 1. */
function parseMathFunction(
  fn: CssNode,
  depth = 1,
  budget: CalcBudget = { terms: MAX_CALC_TERMS },
): CalcExpr | null {
  if (fn.type !== 'Function' || depth > MAX_CALC_DEPTH) return null;
  const name = fn.name.toLowerCase();
  if (!MATH_FUNCTIONS.has(name)) return null;
  const args = functionArgs(fn);
  if (name === 'calc' || name === '-webkit-calc') return parseCalcSum(args, depth, budget);
  const parts = splitCommas(args).map((p) => parseCalcSum(p, depth, budget));
  if (parts.some((p) => p === null) || parts.length === 0) return null;
  if (name === 'clamp' && parts.length !== 3) return null;
  return { t: 'fn', fn: name as 'min' | 'max' | 'clamp', args: parts as CalcExpr[] };
}

function containsPercent(e: CalcExpr): boolean {
  switch (e.t) {
    case 'pct':
      return true;
    case 'op':
      return containsPercent(e.a) || containsPercent(e.b);
    case 'fn':
      return e.args.some(containsPercent);
    default:
      return false;
  }
}

/** Result of evaluating a calc expression for one element. */
type CalcVal =
  | { readonly k: 'num'; readonly v: number }
  | { readonly k: 'len'; readonly px: number; readonly pct: number }
  | { readonly k: 'tree'; readonly node: CalcNode };

function toNode(v: CalcVal): CalcNode {
  if (v.k === 'tree') return v.node;
  if (v.k === 'len') return { op: 'value', px: v.px, percent: v.pct };
  return { op: 'value', px: v.v, percent: 0 };
}

function evalCalc(e: CalcExpr, env: LengthEnv): CalcVal | null {
  switch (e.t) {
    case 'num':
      return { k: 'num', v: e.v };
    case 'pct':
      return { k: 'len', px: 0, pct: e.v };
    case 'dim':
      return { k: 'len', px: e.v * unitPx(e.unit, env), pct: 0 };
    case 'op': {
      const a = evalCalc(e.a, env);
      const b = evalCalc(e.b, env);
      if (!a || !b) return null;
      if (e.op === '+' || e.op === '-') {
        const s = e.op === '+' ? 1 : -1;
        if (a.k === 'num' && b.k === 'num') return { k: 'num', v: a.v + s * b.v };
        if (a.k === 'num' || b.k === 'num') return null;
        if (a.k === 'len' && b.k === 'len')
          return { k: 'len', px: a.px + s * b.px, pct: a.pct + s * b.pct };
        return { k: 'tree', node: { op: e.op, a: toNode(a), b: toNode(b) } };
      }
      if (e.op === '*') {
        const [num, other] = a.k === 'num' ? [a, b] : b.k === 'num' ? [b, a] : [null, null];
        if (!num || num.k !== 'num' || !other) return null;
        if (other.k === 'num') return { k: 'num', v: num.v * other.v };
        if (other.k === 'len') return { k: 'len', px: other.px * num.v, pct: other.pct * num.v };
        return { k: 'tree', node: { op: '*', a: other.node, factor: num.v } };
      }
      if (b.k !== 'num' || b.v === 0) return null;
      if (a.k === 'num') return { k: 'num', v: a.v / b.v };
      if (a.k === 'len') return { k: 'len', px: a.px / b.v, pct: a.pct / b.v };
      return { k: 'tree', node: { op: '*', a: a.node, factor: 1 / b.v } };
    }
    case 'fn': {
      const vals = e.args.map((x) => evalCalc(x, env));
      if (vals.some((v) => v === null)) return null;
      const vs = vals as CalcVal[];
      const allNum = vs.every((v) => v.k === 'num');
      if (!allNum && vs.some((v) => v.k === 'num')) return null;
      const nums = (f: (x: readonly number[]) => number, get: (v: CalcVal) => number): number =>
        f(vs.map(get));
      const pick = (xs: readonly number[]): number => {
        if (e.fn === 'min') return Math.min(...xs);
        if (e.fn === 'max') return Math.max(...xs);
        return Math.max(xs[0], Math.min(xs[1], xs[2]));
      };
      if (allNum) return { k: 'num', v: nums(pick, (v) => (v as { v: number }).v) };
      const lens = vs.filter((v): v is { k: 'len'; px: number; pct: number } => v.k === 'len');
      if (lens.length === vs.length && lens.every((v) => v.pct === 0)) {
        return { k: 'len', px: pick(lens.map((v) => v.px)), pct: 0 };
      }
      // Mixed percentages and lengths: only layout knows which wins.
      const nodes = vs.map(toNode);
      if (e.fn === 'clamp')
        return { k: 'tree', node: { op: 'clamp', min: nodes[0], value: nodes[1], max: nodes[2] } };
      return { k: 'tree', node: { op: e.fn, args: nodes } };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Public parsers

export interface LengthParseOptions {
  /** Accept percentages. */
  readonly pct?: boolean;
  /** Reject negative values (padding, widths). */
  readonly nonNegative?: boolean;
  /** Accept unitless numbers other than 0 as px (quirks such as HTML width attributes). */
  readonly unitlessPx?: boolean;
}

/** A <length> or <length-percentage> (incl. math functions); null when not one. */
export function parseLength(n: CssNode | undefined, opts: LengthParseOptions = {}): LenSpec | null {
  if (!n) return null;
  switch (n.type) {
    case 'Dimension': {
      const unit = n.unit.toLowerCase();
      const v = parseFloat(n.value);
      if (!isLengthUnit(unit) || !Number.isFinite(v)) return null;
      if (opts.nonNegative && v < 0) return null;
      return { t: 'dim', v, unit };
    }
    case 'Percentage': {
      const v = parseFloat(n.value);
      if (!opts.pct || !Number.isFinite(v) || (opts.nonNegative && v < 0)) return null;
      return { t: 'pct', v };
    }
    case 'Number': {
      const v = parseFloat(n.value);
      if (v === 0 || (opts.unitlessPx && Number.isFinite(v))) return { t: 'dim', v, unit: 'px' };
      return null;
    }
    case 'Function': {
      const e = parseMathFunction(n);
      if (!e || (!opts.pct && containsPercent(e))) return null;
      // Type check with a neutral environment: a number where a length is due is invalid.
      const probe = evalCalc(e, {
        fontSize: 16,
        rootFontSize: 16,
        vw: 8,
        vh: 8,
        exRatio: 0.5,
        chRatio: 0.5,
      });
      if (!probe || probe.k === 'num') return null;
      return { t: 'calc', e };
    }
  }
  return null;
}

/**
 * px or percentage for one element. `nonNegative` clamps calc() results at 0 as CSS requires
 * for properties that forbid negatives.
 */
export function computeLength(
  spec: LenSpec,
  env: LengthEnv,
  nonNegative = false,
): LengthPercentage {
  if (spec.t === 'dim') return spec.v * unitPx(spec.unit, env);
  if (spec.t === 'pct') return { percent: spec.v, px: 0 };
  const v = evalCalc(spec.e, env);
  if (!v || v.k === 'num') return 0;
  if (v.k === 'tree') {
    return {
      calc: nonNegative
        ? { op: 'max', args: [v.node, { op: 'value', px: 0, percent: 0 }] }
        : v.node,
    };
  }
  if (v.pct === 0) return nonNegative ? Math.max(0, v.px) : v.px;
  return { percent: v.pct, px: v.px };
}

/** px for a length that may not hold percentages, or whose percentage basis is known. */
export function computeAbsolute(spec: LenSpec, env: LengthEnv, pctBasis = 0): number {
  const v = computeLength(spec, env);
  if (typeof v === 'number') return v;
  if ('calc' in v) {
    return evalCalcNode(v.calc, pctBasis);
  }
  return v.px + (v.percent * pctBasis) / 100;
}

function evalCalcNode(n: CalcNode, basis: number): number {
  switch (n.op) {
    case 'value':
      return n.px + (n.percent * basis) / 100;
    case 'min':
      return Math.min(...n.args.map((a) => evalCalcNode(a, basis)));
    case 'max':
      return Math.max(...n.args.map((a) => evalCalcNode(a, basis)));
    case 'clamp':
      return Math.max(
        evalCalcNode(n.min, basis),
        Math.min(evalCalcNode(n.value, basis), evalCalcNode(n.max, basis)),
      );
    case '+':
      return evalCalcNode(n.a, basis) + evalCalcNode(n.b, basis);
    case '-':
      return evalCalcNode(n.a, basis) - evalCalcNode(n.b, basis);
    case '*':
      return evalCalcNode(n.a, basis) * n.factor;
  }
}

/** A <number> (incl. calc() of numbers). */
export function parseNumber(n: CssNode | undefined): number | null {
  if (!n) return null;
  if (n.type === 'Number') {
    const v = parseFloat(n.value);
    return Number.isFinite(v) ? v : null;
  }
  if (n.type === 'Function') {
    const e = parseMathFunction(n);
    if (!e) return null;
    const v = evalCalc(e, {
      fontSize: 16,
      rootFontSize: 16,
      vw: 8,
      vh: 8,
      exRatio: 0.5,
      chRatio: 0.5,
    });
    return v && v.k === 'num' && Number.isFinite(v.v) ? v.v : null;
  }
  return null;
}

export function parseInteger(n: CssNode | undefined): number | null {
  const v = parseNumber(n);
  return v !== null && Number.isInteger(v) ? v : null;
}

/** A <number> or <percentage> as a fraction (opacity). */
export function parseAlphaValue(n: CssNode | undefined): number | null {
  if (n && n.type === 'Percentage') return parseFloat(n.value) / 100;
  return parseNumber(n);
}

/** An angle in degrees. */
export function parseAngle(n: CssNode | undefined): number | null {
  if (!n) return null;
  if (n.type === 'Number' && parseFloat(n.value) === 0) return 0;
  if (n.type !== 'Dimension') return null;
  const v = parseFloat(n.value);
  switch (n.unit.toLowerCase()) {
    case 'deg':
      return v;
    case 'rad':
      return (v * 180) / Math.PI;
    case 'grad':
      return v * 0.9;
    case 'turn':
      return v * 360;
  }
  return null;
}

/** A url() or string URL token, raw (resolved against the sheet's base by the caller). */
export function parseUrl(n: CssNode | undefined): string | null {
  if (!n) return null;
  if (n.type === 'Url') return n.value;
  return null;
}

export function stringValue(n: CssNode | undefined): string | null {
  return n && n.type === 'String' ? n.value : null;
}
