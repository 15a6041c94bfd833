/**
 * Stylesheets → rules: css-tree parsing, @import through the resource loader, @media and
 * @supports evaluation, @page and @font-face collection, and the rule index by rightmost
 * compound that keeps matching fast with very large sheets.
 */
import { csstree } from './css-tree.js';
import type { CssNode } from 'css-tree';
import { LimitError, type Warning } from '../diagnostics.js';
import { ResourceError, type ResourceLoader } from '../resources/index.js';
import type { DomElement } from '../html/index.js';
import {
  LONGHANDS,
  NO_EFFECT_PROPERTIES,
  PROPERTY_ALIASES,
  SHORTHANDS,
} from './properties/index.js';
import { resolveUrl } from './properties/kit.js';
import { SVG_ONLY_PROPERTIES } from './svg-properties.js';
import { officeSuiteOf } from './office-properties.js';
import {
  SelectorError,
  compileSelector,
  type AncestorFilter,
  type ComplexSelector,
} from './selectors.js';
import type { CssFontFaceRule, FontStyle, PageMarginBoxName, PageRuleSelector } from './types.js';
import { ident, parseNumber, splitCommas, valueNodes } from './values.js';
import { LayerRegistry } from './layers.js';
import {
  blockHasNesting,
  resolveNesting,
  selectorList,
  sheetHasNesting,
  splitBlock,
} from './nesting.js';
import { DEFAULT_CSS_LIMITS, type CssLimits } from './limits.js';
import { counterStyleRule, type CounterStyleDef } from './counter-styles.js';
import { containerCondition, type ContainerCondition } from './container-queries.js';
import { conditionTerms, ratioValue } from './conditions.js';

export type Origin = 'ua' | 'author';

/** One declaration as written; its value is parsed lazily (see ./declarations.ts). */
export interface Declaration {
  /** Lower-case, aliases resolved; custom properties keep their case. */
  readonly property: string;
  readonly raw: string;
  readonly important: boolean;
  /** Base URL for url() in the value. */
  readonly base?: string;
  /** Where it came from, for warnings. */
  readonly source: string;
}

export interface StyleRule {
  readonly selector: ComplexSelector;
  readonly declarations: readonly Declaration[];
  readonly origin: Origin;
  /** Position in the whole cascade (UA rules first). */
  readonly order: number;
  /**
   * Cascade layer: while the sheets load, the layer's id; in the loaded rule set, its rank
   * (0 = the first layer). Absent for unlayered rules.
   */
  readonly layer?: number;
  /** Conditions of the @container rules around it: all must hold for an element. */
  readonly container?: readonly ContainerCondition[];
}

export interface RawPageRule {
  readonly selectors: readonly PageRuleSelector[];
  readonly order: number;
  readonly declarations: readonly Declaration[];
  readonly marginBoxes: ReadonlyMap<PageMarginBoxName, readonly Declaration[]>;
  /** Declarations of an @footnote rule inside this @page rule (the footnote area). */
  readonly footnote?: readonly Declaration[];
}

/** What media queries are evaluated against. */
export interface MediaEnv {
  readonly width: number;
  readonly height: number;
  /** The media type the document is rendered for (default print). */
  readonly type?: MediaType;
}

export type MediaType = 'print' | 'screen';

export interface SheetSource {
  readonly kind: 'inline' | 'link';
  /** CSS text (inline) or the href (link). */
  readonly text: string;
  /** media attribute, if any. */
  readonly media?: string;
  /** Base of an inline sheet's URLs when it is not the document's (a caller's own sheet). */
  readonly base?: string;
}

/** Mutable collector filled while loading sheets in cascade order. */
export interface RuleSet {
  readonly rules: StyleRule[];
  readonly pageRules: RawPageRule[];
  readonly fontFaces: CssFontFaceRule[];
  /** Custom properties registered with @property, by name (the last rule for a name wins). */
  readonly properties: Map<string, RegisteredProperty>;
  /** @counter-style rules by name (the last rule for a name wins). */
  readonly counterStyles: Map<string, CounterStyleDef>;
}

/** A custom property's registration (CSS Properties and Values API 1 §2). */
export interface RegisteredProperty {
  readonly inherits: boolean;
  /** initial-value as written; null when the syntax is '*' and none is given. */
  readonly initial: string | null;
}

export interface LoadContext {
  readonly loader: ResourceLoader;
  readonly media: MediaEnv;
  readonly strict: boolean;
  readonly signal?: AbortSignal;
  readonly warn: (w: Warning) => void;
  /** Bounds on the document's author sheets; absent: DEFAULT_CSS_LIMITS. */
  readonly limits?: CssLimits;
}

/** What the author sheets of one document have used of their CssLimits so far. */
interface Budget {
  readonly limits: CssLimits;
  bytes: number;
  rules: number;
}

const MARGIN_BOXES: ReadonlySet<string> = new Set<PageMarginBoxName>([
  'top-left-corner',
  'top-left',
  'top-center',
  'top-right',
  'top-right-corner',
  'right-top',
  'right-middle',
  'right-bottom',
  'bottom-right-corner',
  'bottom-right',
  'bottom-center',
  'bottom-left',
  'bottom-left-corner',
  'left-bottom',
  'left-middle',
  'left-top',
]);

const MAX_IMPORT_DEPTH = 8;
const SILENT_AT_RULES = new Set([
  'charset',
  'namespace',
  'keyframes',
  '-webkit-keyframes',
  'viewport',
  '-ms-viewport',
]);

// ---------------------------------------------------------------------------------------------
// Media queries and @supports

function mediaFeatureValue(n: CssNode | null | undefined, env: MediaEnv): number | string | null {
  if (!n) return null;
  if (n.type === 'Dimension') {
    const v = parseFloat(n.value);
    const u = n.unit.toLowerCase();
    const px: Record<string, number> = {
      px: 1,
      pt: 4 / 3,
      pc: 16,
      in: 96,
      cm: 96 / 2.54,
      mm: 96 / 25.4,
      em: 16,
      rem: 16,
    };
    if (u in px) return v * px[u];
    if (u === 'dpi') return v;
    if (u === 'dppx' || u === 'x') return v * 96;
    if (u === 'dpcm') return v * 2.54;
    return null;
  }
  if (n.type === 'Number') return parseFloat(n.value);
  // An aspect ratio compares as the number it stands for (16/9 → 1.777…).
  if (n.type === 'Ratio') return ratioValue(n);
  if (n.type === 'Identifier') return n.name.toLowerCase();
  void env;
  return null;
}

function featureEnvValue(name: string, env: MediaEnv): number | string | null {
  switch (name) {
    case 'width':
    case 'device-width':
      return env.width;
    case 'height':
    case 'device-height':
      return env.height;
    case 'orientation':
      return env.height >= env.width ? 'portrait' : 'landscape';
    case 'aspect-ratio':
    case 'device-aspect-ratio':
      return env.height > 0 ? env.width / env.height : null;
    // Paper: printed once, never scrolled, no forced palette, sRGB.
    case 'update':
      return 'none';
    case 'overflow-block':
      return 'paged';
    case 'overflow-inline':
      return 'none';
    case 'color-gamut':
      return 'srgb';
    case 'color-index':
      return 0;
    case 'forced-colors':
    case 'inverted-colors':
      return 'none';
    case 'dynamic-range':
    case 'video-dynamic-range':
      return 'standard';
    case 'prefers-reduced-transparency':
    case 'prefers-reduced-data':
      return 'no-preference';
    case 'color':
      return 8;
    case 'monochrome':
      return 0;
    case 'resolution':
      return 96;
    case 'prefers-color-scheme':
      return 'light';
    case 'prefers-reduced-motion':
      return 'reduce';
    case 'prefers-contrast':
      return 'no-preference';
    case 'hover':
    case 'any-hover':
    case 'pointer':
    case 'any-pointer':
      return 'none';
    case 'scripting':
      return 'none';
    case 'grid':
      return 0;
  }
  return null;
}

function evalFeature(name: string, value: CssNode | null | undefined, env: MediaEnv): boolean {
  const lname = name.toLowerCase();
  const prefix = lname.startsWith('min-') ? 'min' : lname.startsWith('max-') ? 'max' : null;
  const base = prefix ? lname.slice(4) : lname;
  const actual = featureEnvValue(base, env);
  if (actual === null) return false;
  if (!value) return typeof actual === 'number' ? actual !== 0 : actual !== 'none';
  const want = mediaFeatureValue(value, env);
  if (want === null) return false;
  if (typeof actual === 'number' && typeof want === 'number') {
    if (prefix === 'min') return actual >= want;
    if (prefix === 'max') return actual <= want;
    return actual === want;
  }
  return actual === want;
}

function compare(a: number, op: string, b: number): boolean {
  switch (op) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '=':
      return a === b;
  }
  return false;
}

function evalCondition(
  node: CssNode,
  env: MediaEnv,
  leaf: (n: CssNode, env: MediaEnv) => boolean | null,
): boolean {
  if (node.type !== 'Condition') {
    const r = leaf(node, env);
    return r ?? false;
  }
  let result: boolean | null = null;
  for (const { node: p, negated, op } of conditionTerms(node)) {
    let v = p.type === 'Condition' ? evalCondition(p, env, leaf) : (leaf(p, env) ?? false);
    if (negated) v = !v;
    result = result === null ? v : op === 'or' ? result || v : result && v;
  }
  return result ?? false;
}

/**
 * A media feature test. The condition tests are module-level functions, handed the environment,
 * rather than closures made for every query: functions made anew on every call lose their
 * optimized code at each major garbage collection (Node 20).
 */
function mediaLeaf(n: CssNode, env: MediaEnv): boolean | null {
  if (n.type === 'Feature') return evalFeature(n.name, n.value as CssNode | null, env);
  if (n.type === 'FeatureRange') {
    const l = n.left.type === 'Identifier' ? n.left.name.toLowerCase() : null;
    const r = n.right && n.right.type === 'Identifier' ? n.right.name.toLowerCase() : null;
    if (l !== null && n.right === null) {
      const a = featureEnvValue(l, env);
      const b = mediaFeatureValue(n.middle as CssNode, env);
      return typeof a === 'number' && typeof b === 'number'
        ? compare(a, n.leftComparison, b)
        : false;
    }
    const m = n.middle.type === 'Identifier' ? n.middle.name.toLowerCase() : null;
    if (m !== null) {
      const a = mediaFeatureValue(n.left as CssNode, env);
      const v = featureEnvValue(m, env);
      const b = n.right ? mediaFeatureValue(n.right as CssNode, env) : null;
      if (typeof a !== 'number' || typeof v !== 'number') return false;
      if (!compare(a, n.leftComparison, v)) return false;
      return (
        b === null ||
        n.rightComparison === null ||
        (typeof b === 'number' && compare(v, n.rightComparison, b))
      );
    }
    void r;
    return false;
  }
  return null;
}

/** Does a media query list match output of the given size and type? Invalid lists never match. */
export function mediaMatches(list: CssNode | null | undefined, env: MediaEnv): boolean {
  if (!list) return true;
  let mql = list;
  if (mql.type === 'AtrulePrelude') {
    const first = mql.children.first;
    if (!first) return true;
    mql = first;
  }
  if (mql.type !== 'MediaQueryList') return false;
  const queries = mql.children.toArray();
  if (queries.length === 0) return true;
  for (const q of queries) {
    if (q.type !== 'MediaQuery') continue;
    const type = (q.mediaType ?? 'all').toLowerCase();
    let ok = type === 'all' || type === (env.type ?? 'print');
    if (ok && q.condition) ok = evalCondition(q.condition, env, mediaLeaf);
    if (q.modifier === 'not' ? !ok : ok) return true;
  }
  return false;
}

export function parseMediaAttribute(text: string, env: MediaEnv): boolean {
  try {
    return mediaMatches(csstree.parse(text, { context: 'mediaQueryList' }), env);
  } catch {
    return false;
  }
}

function declarationSupported(property: string, raw: string): boolean {
  const prop = PROPERTY_ALIASES.get(property) ?? property;
  if (prop.startsWith('--')) return true;
  const nodes = valueNodes(raw);
  if (!nodes) return false;
  const noop = (): void => {};
  const l = LONGHANDS.get(prop);
  if (l) return l.parse(nodes, { warn: noop }) !== null;
  const s = SHORTHANDS.get(prop);
  return !!s && s.expand(nodes, { warn: noop }) !== null;
}

function supportsMatches(prelude: CssNode | null | undefined): boolean {
  if (!prelude || prelude.type !== 'AtrulePrelude') return false;
  const cond = prelude.children.first;
  if (!cond) return false;
  return evalCondition(cond, { width: 0, height: 0 }, supportsLeaf);
}

/** An @supports test: a declaration or selector(). */
function supportsLeaf(n: CssNode): boolean | null {
  if (n.type === 'SupportsDeclaration') {
    const d = n.declaration;
    if (d.type !== 'Declaration') return false;
    return declarationSupported(d.property.toLowerCase(), csstree.generate(d.value));
  }
  if (n.type === 'FeatureFunction' && n.feature === 'selector') {
    try {
      compileSelector(n.value as CssNode);
      return true;
    } catch {
      return false;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Declarations

/** Turns a css-tree block into declarations, warning once per unsupported property. */
export function blockDeclarations(
  block: CssNode | null | undefined,
  base: string | undefined,
  source: string,
  warn: (w: Warning) => void,
): Declaration[] {
  const out: Declaration[] = [];
  if (!block || (block.type !== 'Block' && block.type !== 'DeclarationList')) return out;
  for (const d of block.children.toArray()) {
    if (d.type !== 'Declaration') {
      if (d.type === 'Rule') {
        warn({
          code: 'css.unsupported',
          message: 'nested style rules are not allowed here and were ignored',
          source,
        });
      }
      continue;
    }
    const decl = makeDeclaration(
      d.property,
      d.value.type === 'Raw' ? d.value.value : csstree.generate(d.value),
      d.important === true,
      base,
      source,
      warn,
    );
    if (decl) out.push(decl);
  }
  // Exact length: a pushed-to array keeps spare capacity, and a big sheet keeps one per rule.
  return out.slice();
}

export function makeDeclaration(
  property: string,
  raw: string,
  important: boolean,
  base: string | undefined,
  source: string,
  warn: (w: Warning) => void,
): Declaration | null {
  if (property.startsWith('--')) return { property, raw: raw.trim(), important, base, source };
  const lower = property.toLowerCase();
  const prop = PROPERTY_ALIASES.get(lower) ?? lower;
  // SVG's own properties style inline SVG content (svg-cascade.ts), whichever sheet holds them.
  if (LONGHANDS.has(prop) || SHORTHANDS.has(prop) || SVG_ONLY_PROPERTIES.has(prop))
    return { property: prop, raw: raw.trim(), important, base, source };
  const suite = officeSuiteOf(prop);
  if (suite) {
    // One warning per suite: the message is the same for every name, so it is reported once.
    warn({
      code: 'css.unsupported',
      message: `${suite.name}'s private properties (${suite.family}) have no CSS meaning and were ignored`,
      source: prop,
    });
    return null;
  }
  // Vendor-prefixed duplicates and properties without effect in a PDF are dropped quietly.
  if (!prop.startsWith('-') && !NO_EFFECT_PROPERTIES.has(prop)) {
    warn({
      code: 'css.unsupported',
      message: `property '${prop}' is not supported and was ignored`,
      source: prop,
    });
  }
  return null;
}

function pageSelectors(prelude: CssNode | null | undefined): PageRuleSelector[] | null {
  if (!prelude) return [{}];
  if (prelude.type !== 'AtrulePrelude') return null;
  const list = prelude.children.first;
  if (!list) return [{}];
  if (list.type !== 'SelectorList') return null;
  const out: PageRuleSelector[] = [];
  for (const sel of list.children.toArray()) {
    if (sel.type !== 'Selector') return null;
    let name: string | undefined;
    const pseudos: ('first' | 'left' | 'right' | 'blank')[] = [];
    for (const p of sel.children.toArray()) {
      if (p.type === 'TypeSelector') name = p.name;
      else if (
        p.type === 'PseudoClassSelector' &&
        ['first', 'left', 'right', 'blank'].includes(p.name.toLowerCase())
      ) {
        pseudos.push(p.name.toLowerCase() as 'first' | 'left' | 'right' | 'blank');
      } else return null;
    }
    out.push({
      ...(name ? { name } : {}),
      ...(pseudos[0] ? { pseudo: pseudos[0] } : {}),
      // :first:left, :left:blank: every pseudo-class must match.
      ...(pseudos.length > 1 ? { more: pseudos.slice(1) } : {}),
    });
  }
  return out;
}

function parseFontFace(
  decls: readonly Declaration[],
  warn: (w: Warning) => void,
): CssFontFaceRule | null {
  let family: string | null = null;
  const sources: { url?: string; local?: string; format?: string }[] = [];
  let weight: [number, number] | undefined;
  let style: FontStyle = 'normal';
  const ranges: [number, number][] = [];
  for (const d of decls) {
    const nodes = valueNodes(d.raw);
    if (!nodes) continue;
    switch (d.property) {
      case 'font-family': {
        const f =
          nodes.length === 1 && nodes[0].type === 'String'
            ? nodes[0].value
            : nodes.every((n) => n.type === 'Identifier')
              ? nodes.map((n) => (n.type === 'Identifier' ? n.name : '')).join(' ')
              : null;
        if (f) family = f;
        break;
      }
      case 'src':
        for (const part of splitCommas(nodes)) {
          const head = part[0];
          if (!head) continue;
          if (head.type === 'Url') {
            const fmt =
              part[1] && part[1].type === 'Function' && part[1].name.toLowerCase() === 'format'
                ? part[1].children.first
                : null;
            const format = fmt
              ? fmt.type === 'String'
                ? fmt.value
                : fmt.type === 'Identifier'
                  ? fmt.name
                  : undefined
              : undefined;
            sources.push({
              url: resolveUrl(head.value, d.base),
              ...(format ? { format: format.toLowerCase() } : {}),
            });
          } else if (head.type === 'Function' && head.name.toLowerCase() === 'local') {
            const a = head.children.toArray().filter((x) => x.type !== 'WhiteSpace');
            const name =
              a.length === 1 && a[0].type === 'String'
                ? a[0].value
                : a.map((x) => (x.type === 'Identifier' ? x.name : '')).join(' ');
            if (name) sources.push({ local: name });
          }
        }
        break;
      case 'font-weight': {
        const w = nodes.map((n) =>
          ident(n) === 'normal' ? 400 : ident(n) === 'bold' ? 700 : parseNumber(n),
        );
        if (w.length >= 1 && w.length <= 2 && w.every((x) => x !== null))
          weight = [w[0] as number, (w[1] ?? w[0]) as number];
        break;
      }
      case 'font-style': {
        const s = ident(nodes[0]);
        if (s === 'italic' || s === 'oblique' || s === 'normal') style = s;
        break;
      }
      case 'unicode-range':
        for (const n of nodes) {
          if (n.type !== 'UnicodeRange') continue;
          const m = /^u\+([0-9a-f?]{1,6})(?:-([0-9a-f]{1,6}))?$/i.exec(n.value);
          if (!m) continue;
          if (m[1].includes('?'))
            ranges.push([
              parseInt(m[1].replace(/\?/g, '0'), 16),
              parseInt(m[1].replace(/\?/g, 'f'), 16),
            ]);
          else ranges.push([parseInt(m[1], 16), parseInt(m[2] ?? m[1], 16)]);
        }
        break;
    }
  }
  if (!family || sources.length === 0) {
    // Word declares every font it uses this way, with a family and no file: say which is missing.
    warn({
      code: 'css.invalid',
      message: family
        ? '@font-face without src (no font file to load) was ignored; the family falls back'
        : '@font-face without font-family was ignored',
    });
    return null;
  }
  return { family, sources, ...(weight ? { weight } : {}), style, unicodeRange: ranges };
}

// ---------------------------------------------------------------------------------------------
// Loading

interface SheetJob {
  readonly css: string;
  readonly base: string | undefined;
  readonly origin: Origin;
  readonly source: string;
  readonly depth: number;
  /** URLs on the current @import chain, to break cycles. */
  readonly chain: readonly string[];
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

async function fetchSheet(
  url: string,
  base: string | undefined,
  ctx: LoadContext,
): Promise<{ css: string; url: string } | null> {
  try {
    const res = await ctx.loader.load(url, 'stylesheet', base);
    return { css: new TextDecoder('utf-8').decode(res.bytes), url: res.url };
  } catch (e) {
    if (ctx.strict) throw e;
    const reason =
      e instanceof ResourceError
        ? `${e.reason}: ${e.message}`
        : e instanceof Error
          ? e.message
          : String(e);
    ctx.warn({
      code: 'resource.failed',
      message: `stylesheet could not be loaded (${reason})`,
      source: url,
    });
    return null;
  }
}

/** Numbers rules in cascade order and, for author sheets, charges them to the budget. */
interface Counter {
  n: number;
  readonly budget?: Budget;
  /** The document's cascade layers, made on the first @layer. */
  layers?: LayerRegistry;
}

/** Charges one sheet's text before it is parsed, so an oversized sheet costs no parsing. */
function chargeBytes(css: string, counter: Counter): void {
  const b = counter.budget;
  if (!b) return;
  b.bytes += Buffer.byteLength(css, 'utf8');
  if (b.bytes > b.limits.maxBytes) {
    throw new LimitError(
      `the document's style sheets have ${b.bytes} bytes of CSS or more; the limit is ${b.limits.maxBytes}`,
      'css-bytes',
    );
  }
}

function chargeRules(count: number, counter: Counter): void {
  const b = counter.budget;
  if (!b) return;
  b.rules += count;
  if (b.rules > b.limits.maxRules) {
    throw new LimitError(
      `the document's style sheets have more than ${b.limits.maxRules} style rules (the limit)`,
      'css-rules',
    );
  }
}

/**
 * A data: URL stands for its sheet in warnings by its first characters only: the whole URL can
 * be megabytes, and warnings are copied to the caller.
 */
function sheetLabel(url: string): string {
  return url.length > 64 && /^data:/i.test(url) ? `${url.slice(0, 60)}…` : url;
}

/**
 * Relative URLs cannot resolve against a data: URL, so a data: sheet has no base (the same
 * outcome), and its declarations do not keep the base64 text alive through their `base`.
 */
function sheetBase(url: string | undefined): string | undefined {
  return url && /^data:/i.test(url) ? undefined : url;
}

/** Sheets above this size are parsed in pieces (see splitStatements). */
const CHUNK_CHARS = 256 * 1024;

/**
 * Splits a large stylesheet into runs of whole top-level statements so css-tree builds one
 * modest AST at a time (a 4 MB sheet as a single AST spends most of its time in the garbage
 * collector). Tracks comments, strings, escapes and bracket depth like the CSS tokenizer; small
 * sheets are returned whole.
 */
export function splitStatements(css: string): string[] {
  if (css.length <= CHUNK_CHARS) return [css];
  const out: string[] = [];
  let start = 0;
  let depth = 0;
  let i = 0;
  const n = css.length;
  while (i < n) {
    const ch = css.charCodeAt(i);
    if (ch === 0x2f /* / */ && css.charCodeAt(i + 1) === 0x2a /* * */) {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
      continue;
    }
    if (ch === 0x22 || ch === 0x27) {
      // String: ends at the same quote or, unterminated, at a newline.
      let j = i + 1;
      while (j < n) {
        const c = css.charCodeAt(j);
        if (c === 0x5c) j += 2;
        else if (c === ch || c === 0x0a) break;
        else j++;
      }
      i = j + 1;
      continue;
    }
    if (ch === 0x5c) {
      i += 2;
      continue;
    }
    if (ch === 0x7b || ch === 0x28 || ch === 0x5b) depth++;
    else if (ch === 0x7d || ch === 0x29 || ch === 0x5d) {
      if (depth > 0) depth--;
    }
    i++;
    // Only a closing brace back at depth 0 surely ends a statement (a top-level ';' can sit
    // inside an invalid rule prelude, which CSS drops together with its block).
    const boundary = depth === 0 && ch === 0x7d;
    if (boundary && i - start >= CHUNK_CHARS) {
      out.push(css.slice(start, i));
      start = i;
    }
  }
  if (start < n) out.push(css.slice(start));
  return out;
}

/** Where a rule sits: the selectors of the style rule around it, and its cascade layer. */
interface Scope {
  /** Resolved selector list of the enclosing style rule (CSS Nesting); null at the top. */
  readonly parents: CssNode | null;
  /** Layer path; null for unlayered rules. */
  readonly layer: readonly string[] | null;
  /** Conditions of the enclosing @container rules; null outside them. */
  readonly container?: readonly ContainerCondition[];
}

const TOP: Scope = { parents: null, layer: null };

/** The scope inside an @container rule, or null (with a warning) when its prelude is invalid. */
function containerScope(
  prelude: CssNode | null | undefined,
  scope: Scope,
  warn: (w: Warning) => void,
): Scope | null {
  const cond = containerCondition(prelude, (what) =>
    warn({
      code: 'css.unsupported',
      message: `${what} in @container is not supported; the test never matches`,
      source: '@container',
    }),
  );
  if (!cond) {
    warn({
      code: 'css.invalid',
      message: '@container rule ignored: its condition could not be read',
      source: '@container',
    });
    return null;
  }
  return { ...scope, container: [...(scope.container ?? []), cond] };
}

/** The prelude of an at-rule met in a nested block (text), parsed as css-tree reads it. */
function atRulePrelude(name: string, prelude: string): CssNode | null {
  try {
    const ast = csstree.parse(`@${name} ${prelude} {}`, {
      parseValue: false,
      parseCustomProperty: false,
      onParseError: () => {},
    });
    const rule = ast.type === 'StyleSheet' ? ast.children.first : null;
    return rule?.type === 'Atrule' ? (rule.prelude as CssNode | null) : null;
  } catch {
    return null;
  }
}

/**
 * Parses one sheet and appends its rules (with imported sheets at the @import position) to
 * `out`. `counter` numbers rules in cascade order.
 */
export async function addSheet(
  job: SheetJob,
  out: RuleSet,
  counter: Counter,
  ctx: LoadContext,
  scope: Scope = TOP,
): Promise<void> {
  chargeBytes(job.css, counter);
  for (const chunk of splitStatements(job.css)) {
    throwIfAborted(ctx.signal);
    let ast: CssNode;
    try {
      ast = csstree.parse(chunk, {
        parseValue: false,
        parseCustomProperty: false,
        onParseError: () => {},
      });
      // Nested rules are read from the source text (css-tree reads only those starting with
      // `&`): only then are node positions needed.
      if (sheetHasNesting(ast)) {
        ast = csstree.parse(chunk, {
          parseValue: false,
          parseCustomProperty: false,
          positions: true,
          onParseError: () => {},
        });
      }
    } catch (e) {
      ctx.warn({
        code: 'css.invalid',
        message: `stylesheet could not be parsed: ${(e as Error).message}`,
        source: job.source,
      });
      continue;
    }
    if (ast.type !== 'StyleSheet') continue;
    const top = ast.children.toArray();
    // Start @import loads up front so they run in parallel; apply them in order.
    const imports = new Map<CssNode, Promise<{ css: string; url: string } | null>>();
    for (const node of top) {
      if (
        node.type === 'Atrule' &&
        node.name.toLowerCase() === 'import' &&
        node.prelude?.type === 'AtrulePrelude'
      ) {
        const cond = importConditions(node.prelude);
        if (!cond.href) continue;
        if (cond.media && !mediaMatches(cond.media, ctx.media)) continue;
        if (cond.supports !== null && !supportsText(cond.supports)) continue;
        const abs = resolveUrl(cond.href, job.base);
        if (job.depth >= MAX_IMPORT_DEPTH || job.chain.includes(abs)) {
          ctx.warn({
            code: 'css.import-cycle',
            message: '@import cycle or nesting too deep; import skipped',
            source: abs,
          });
          continue;
        }
        imports.set(node, fetchSheet(cond.href, job.base, ctx));
      }
    }
    await walk(top, job, out, counter, ctx, imports, scope, chunk);
  }
}

/** What an @import prelude asks for: the URL, and its layer, supports and media conditions. */
function importConditions(prelude: CssNode & { type: 'AtrulePrelude' }): {
  href: string | null;
  /** undefined = no layer; '' = an anonymous layer. */
  layer: string | undefined;
  supports: string | null;
  media: CssNode | undefined;
} {
  const parts = prelude.children.toArray();
  const first = parts[0];
  const href = first?.type === 'Url' ? first.value : first?.type === 'String' ? first.value : null;
  let layer: string | undefined;
  let supports: string | null = null;
  for (const p of parts.slice(1)) {
    if (p.type === 'Identifier' && p.name.toLowerCase() === 'layer') layer = '';
    else if (p.type === 'Function' && p.name.toLowerCase() === 'layer')
      layer = safeGenerate(p)
        .replace(/^layer\(|\)$/gi, '')
        .trim();
    else if (p.type === 'Function' && p.name.toLowerCase() === 'supports')
      supports = safeGenerate(p).replace(/^supports/i, '');
  }
  return {
    href,
    layer,
    supports,
    media: parts.find((c) => c.type === 'MediaQueryList'),
  };
}

/** Does a `@supports` condition, as text, hold? */
function supportsText(condition: string): boolean {
  try {
    const ast = csstree.parse(`@supports ${condition} {}`, { onParseError: () => {} });
    const rule = ast.type === 'StyleSheet' ? ast.children.first : null;
    return rule?.type === 'Atrule' && supportsMatches(rule.prelude as CssNode | null);
  } catch {
    return false;
  }
}

async function walk(
  nodes: readonly CssNode[],
  job: SheetJob,
  out: RuleSet,
  counter: Counter,
  ctx: LoadContext,
  imports: ReadonlyMap<CssNode, Promise<{ css: string; url: string } | null>>,
  scope: Scope,
  text: string,
): Promise<void> {
  const warn = ctx.warn;
  for (const node of nodes) {
    if (node.type === 'Rule') {
      if (node.prelude.type !== 'SelectorList') continue;
      const nested = blockHasNesting(node.block) && node.block.loc !== undefined;
      const body: RuleBody = nested
        ? { text: text.slice(node.block.loc!.start.offset + 1, node.block.loc!.end.offset - 1) }
        : { block: node.block };
      styleRule(node.prelude, body, job, out, counter, ctx, scope);
      continue;
    }
    if (node.type !== 'Atrule') continue;
    const name = node.name.toLowerCase();
    switch (name) {
      case 'import': {
        const p = imports.get(node);
        if (!p) break;
        const loaded = await p;
        if (!loaded) break;
        const cond = importConditions(node.prelude as CssNode & { type: 'AtrulePrelude' });
        await addSheet(
          {
            css: loaded.css,
            base: sheetBase(loaded.url),
            origin: job.origin,
            source: sheetLabel(loaded.url),
            depth: job.depth + 1,
            chain: [...job.chain, loaded.url],
          },
          out,
          counter,
          ctx,
          cond.layer === undefined
            ? scope
            : { ...scope, layer: declareLayer(counter, scope, cond.layer) },
        );
        break;
      }
      case 'media':
        if (mediaMatches(node.prelude as CssNode | null, ctx.media) && node.block) {
          await walk(node.block.children.toArray(), job, out, counter, ctx, imports, scope, text);
        }
        break;
      case 'supports':
        if (supportsMatches(node.prelude as CssNode | null) && node.block) {
          await walk(node.block.children.toArray(), job, out, counter, ctx, imports, scope, text);
        }
        break;
      case 'container': {
        const inner = node.block && containerScope(node.prelude as CssNode | null, scope, warn);
        if (inner && node.block)
          await walk(node.block.children.toArray(), job, out, counter, ctx, imports, inner, text);
        break;
      }
      case 'layer': {
        const names = layerNames(node.prelude as CssNode | null);
        if (!node.block) {
          // `@layer a, b;` only fixes the order.
          for (const n of names) declareLayer(counter, scope, n);
          break;
        }
        const layer = declareLayer(counter, scope, names[0] ?? '');
        await walk(
          node.block.children.toArray(),
          job,
          out,
          counter,
          ctx,
          imports,
          { ...scope, layer },
          text,
        );
        break;
      }
      case 'page': {
        const selectors = pageSelectors(node.prelude as CssNode | null);
        if (!selectors) {
          warn({
            code: 'css.unsupported',
            message: '@page selector not supported',
            source: '@page',
          });
          break;
        }
        const declarations = blockDeclarationsPage(node.block, job.base, warn);
        const marginBoxes = new Map<PageMarginBoxName, readonly Declaration[]>();
        let footnote: Declaration[] | undefined;
        for (const child of node.block ? node.block.children.toArray() : []) {
          if (child.type !== 'Atrule') continue;
          const box = child.name.toLowerCase();
          if (box === 'footnote') {
            footnote = blockDeclarations(child.block, job.base, '@footnote', warn);
            continue;
          }
          if (!MARGIN_BOXES.has(box)) {
            warn({
              code: 'css.unsupported',
              message: `@${box} inside @page is not supported`,
              source: '@page',
            });
            continue;
          }
          marginBoxes.set(
            box as PageMarginBoxName,
            blockDeclarations(child.block, job.base, `@${box}`, warn),
          );
        }
        out.pageRules.push({
          selectors,
          order: counter.n++,
          declarations,
          marginBoxes,
          ...(footnote ? { footnote } : {}),
        });
        break;
      }
      case 'font-face': {
        const ff = parseFontFace(blockDeclarationsPage(node.block, job.base, warn), warn);
        if (ff) out.fontFaces.push(ff);
        break;
      }
      case 'property': {
        const registered = propertyRule(node.prelude as CssNode | null, node.block);
        if ('why' in registered)
          warn({
            code: 'css.invalid',
            message: `@property rule ignored: ${registered.why}`,
            source: '@property',
          });
        else out.properties.set(registered.name, registered.property);
        break;
      }
      case 'counter-style': {
        const styleName = node.prelude ? safeGenerate(node.prelude as CssNode).trim() : '';
        const def = counterStyleRule(styleName, descriptorNodes(node.block));
        if ('why' in def)
          warn({
            code: 'css.invalid',
            message: `@counter-style rule ignored: ${def.why}`,
            source: '@counter-style',
          });
        else out.counterStyles.set(styleName, def);
        break;
      }
      default:
        if (!SILENT_AT_RULES.has(name)) {
          warn({
            code: 'css.unsupported',
            message: `@${name} is not supported and was ignored`,
            source: `@${name}`,
          });
        }
    }
  }
}

/** The value nodes of a block's descriptors (whitespace left out), by lower-case name. */
function descriptorNodes(block: CssNode | null | undefined): Map<string, CssNode[]> {
  const out = new Map<string, CssNode[]>();
  if (block?.type !== 'Block') return out;
  for (const d of block.children.toArray()) {
    if (d.type !== 'Declaration') continue;
    const nodes = valueNodes(d.value.type === 'Raw' ? d.value.value : safeGenerate(d.value));
    if (nodes) out.set(d.property.toLowerCase(), nodes);
  }
  return out;
}

/**
 * An @property rule: its name and registration, or why it is invalid (a missing syntax or
 * inherits descriptor, or no initial-value where the syntax needs one).
 */
function propertyRule(
  prelude: CssNode | null,
  block: CssNode | null | undefined,
): { name: string; property: RegisteredProperty } | { why: string } {
  const name = prelude ? safeGenerate(prelude).trim() : '';
  if (!name.startsWith('--')) return { why: `'${name}' is not a custom property name` };
  const descriptors = new Map<string, string>();
  if (block && block.type === 'Block')
    for (const d of block.children.toArray())
      if (d.type === 'Declaration')
        descriptors.set(
          d.property.toLowerCase(),
          (d.value.type === 'Raw' ? d.value.value : safeGenerate(d.value)).trim(),
        );
  const syntax = descriptors.get('syntax');
  const inherits = descriptors.get('inherits')?.toLowerCase();
  if (syntax === undefined) return { why: `${name} has no syntax` };
  if (inherits !== 'true' && inherits !== 'false') return { why: `${name} has no inherits` };
  const initial = descriptors.get('initial-value') ?? null;
  const universal = syntax.replace(/^["']|["']$/g, '').trim() === '*';
  if (initial === null && !universal) return { why: `${name} has no initial-value` };
  return { name, property: { inherits: inherits === 'true', initial } };
}

/** A style rule's block: css-tree's reading when it holds only declarations, else its text. */
type RuleBody = { readonly block: CssNode | null | undefined } | { readonly text: string };

/**
 * One style rule, nested or not: its selectors resolved against the enclosing rule's (`&`),
 * its declarations as rules in order, nested rules and at-rules after them. Declarations that
 * follow a nested rule come after it in the cascade, as CSS Nesting orders them.
 */
function styleRule(
  prelude: CssNode,
  body: RuleBody,
  job: SheetJob,
  out: RuleSet,
  counter: Counter,
  ctx: LoadContext,
  scope: Scope,
): void {
  const warn = ctx.warn;
  const resolved: CssNode[] = [];
  const compiled: ComplexSelector[] = [];
  try {
    for (const s of selectorListChildren(prelude)) {
      const r = resolveNesting(s, scope.parents);
      resolved.push(r);
      compiled.push(compileSelector(r));
    }
  } catch (e) {
    // One invalid selector drops the whole rule (CSS error handling).
    warn({
      code: 'css.unsupported',
      message: `rule ignored: ${e instanceof SelectorError ? e.message : 'invalid selector'}`,
      source: safeGenerate(prelude),
    });
    return;
  }
  const unrendered = compiled.filter((c) => c.unrendered !== undefined);
  if (unrendered.length > 0) {
    warn({
      code: 'css.unsupported',
      message:
        unrendered.length === compiled.length
          ? `rule ignored: ${unrendered[0].unrendered} is not rendered`
          : `${unrendered[0].unrendered} is not rendered; the rest of the rule applies`,
      source: safeGenerate(prelude),
    });
  }
  const matching = unrendered.length > 0 ? compiled.filter((c) => !c.unrendered) : compiled;
  const layer = scope.layer === null ? undefined : layerId(counter, scope.layer);
  const addDeclarations = (declarations: readonly Declaration[]): void => {
    if (declarations.length === 0 || matching.length === 0) return;
    chargeRules(matching.length, counter);
    for (const selector of matching) {
      out.rules.push({
        selector,
        declarations,
        origin: job.origin,
        order: counter.n++,
        ...(layer !== undefined ? { layer } : {}),
        ...(scope.container ? { container: scope.container } : {}),
      });
    }
  };
  if ('block' in body) {
    addDeclarations(blockDeclarations(body.block, job.base, job.source, warn));
    return;
  }
  nestedContents(
    body.text,
    { ...scope, parents: selectorList(resolved) },
    addDeclarations,
    job,
    out,
    counter,
    ctx,
  );
}

/** The contents of a nested block: declarations for the enclosing rule, rules, at-rules. */
function nestedContents(
  text: string,
  scope: Scope,
  addDeclarations: (d: readonly Declaration[]) => void,
  job: SheetJob,
  out: RuleSet,
  counter: Counter,
  ctx: LoadContext,
): void {
  const warn = ctx.warn;
  for (const item of splitBlock(text)) {
    if (item.kind === 'declarations') {
      addDeclarations(declarationText(item.text, job, warn));
    } else if (item.kind === 'rule') {
      let prelude: CssNode;
      try {
        prelude = csstree.parse(item.prelude, { context: 'selectorList' });
      } catch {
        warn({
          code: 'css.unsupported',
          message: 'rule ignored: invalid selector',
          source: item.prelude,
        });
        continue;
      }
      styleRule(prelude, { text: item.body }, job, out, counter, ctx, scope);
    } else {
      const inner = (s: Scope): void => {
        if (item.body === null) return;
        // Declarations directly inside a nested at-rule belong to the enclosing style rule.
        const layer = s.layer === null ? undefined : layerId(counter, s.layer);
        const add = (d: readonly Declaration[]): void => {
          if (d.length === 0 || !s.parents) return;
          styleRuleDeclarations(s.parents, d, layer, s.container, job, out, counter);
        };
        nestedContents(item.body, s, add, job, out, counter, ctx);
      };
      switch (item.name) {
        case 'media':
          if (parseMediaAttribute(item.prelude, ctx.media)) inner(scope);
          break;
        case 'supports':
          if (supportsText(item.prelude)) inner(scope);
          break;
        case 'container': {
          const s = containerScope(atRulePrelude('container', item.prelude), scope, warn);
          if (s) inner(s);
          break;
        }
        case 'layer': {
          const names = item.prelude.split(',').map((n) => n.trim());
          if (item.body === null) {
            for (const n of names) if (n) declareLayer(counter, scope, n);
          } else inner({ ...scope, layer: declareLayer(counter, scope, names[0] ?? '') });
          break;
        }
        default:
          warn({
            code: 'css.unsupported',
            message: `@${item.name} is not supported inside a style rule and was ignored`,
            source: `@${item.name}`,
          });
      }
    }
  }
}

/** Declarations of a nested at-rule's block, as a rule with the enclosing rule's selectors. */
function styleRuleDeclarations(
  parents: CssNode,
  declarations: readonly Declaration[],
  layer: number | undefined,
  container: readonly ContainerCondition[] | undefined,
  job: SheetJob,
  out: RuleSet,
  counter: Counter,
): void {
  const compiled: ComplexSelector[] = [];
  for (const s of selectorListChildren(parents)) {
    try {
      compiled.push(compileSelector(s));
    } catch {
      return;
    }
  }
  chargeRules(compiled.length, counter);
  for (const selector of compiled) {
    out.rules.push({
      selector,
      declarations,
      origin: job.origin,
      order: counter.n++,
      ...(layer !== undefined ? { layer } : {}),
      ...(container ? { container } : {}),
    });
  }
}

function declarationText(text: string, job: SheetJob, warn: (w: Warning) => void): Declaration[] {
  try {
    const ast = csstree.parse(text, {
      context: 'declarationList',
      parseValue: false,
      parseCustomProperty: false,
      onParseError: () => {},
    });
    return blockDeclarations(ast, job.base, job.source, warn);
  } catch {
    return [];
  }
}

function selectorListChildren(list: CssNode): CssNode[] {
  return list.type === 'SelectorList' ? list.children.toArray() : [list];
}

/** Names in an @layer prelude (`a, b.c`); empty for an anonymous layer block. */
function layerNames(prelude: CssNode | null): string[] {
  if (!prelude || prelude.type !== 'AtrulePrelude') return [];
  const text = safeGenerate(prelude);
  return text
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
}

function declareLayer(counter: Counter, scope: Scope, name: string): readonly string[] {
  counter.layers ??= new LayerRegistry();
  return counter.layers.declare(scope.layer ?? [], name);
}

function layerId(counter: Counter, path: readonly string[]): number {
  counter.layers ??= new LayerRegistry();
  return counter.layers.idOf(path);
}

/** Declarations of @page / @font-face blocks: every property kept (they have their own sets). */
function blockDeclarationsPage(
  block: CssNode | null | undefined,
  base: string | undefined,
  warn: (w: Warning) => void,
): Declaration[] {
  const out: Declaration[] = [];
  if (!block || block.type !== 'Block') return out;
  for (const d of block.children.toArray()) {
    if (d.type !== 'Declaration') continue;
    const raw = d.value.type === 'Raw' ? d.value.value : safeGenerate(d.value);
    out.push({
      property: d.property.toLowerCase(),
      raw: raw.trim(),
      important: d.important === true,
      base,
      source: '@page',
    });
  }
  void warn;
  return out;
}

function safeGenerate(n: CssNode): string {
  try {
    return csstree.generate(n);
  } catch {
    return '';
  }
}

/**
 * The UA sheet parsed once per process: its rules are immutable and independent of the document
 * (it has no @media or url()), so every document shares them.
 */
const uaCache = new Map<
  string,
  Promise<{ rules: readonly StyleRule[]; pageRules: readonly RawPageRule[]; count: number }>
>();

function parsedUserAgentSheet(
  ua: string,
  ctx: LoadContext,
): Promise<{ rules: readonly StyleRule[]; pageRules: readonly RawPageRule[]; count: number }> {
  let hit = uaCache.get(ua);
  if (!hit) {
    hit = (async () => {
      const set: RuleSet = {
        rules: [],
        pageRules: [],
        fontFaces: [],
        properties: new Map(),
        counterStyles: new Map(),
      };
      const counter = { n: 0 };
      await addSheet(
        { css: ua, base: undefined, origin: 'ua', source: 'user-agent', depth: 0, chain: [] },
        set,
        counter,
        { ...ctx, signal: undefined },
      );
      return {
        rules: Object.freeze(set.rules),
        pageRules: Object.freeze(set.pageRules),
        count: counter.n,
      };
    })();
    uaCache.set(ua, hit);
  }
  return hit;
}

/** Loads every sheet of the document in order (link loads run in parallel). */
export async function loadSheets(
  ua: string,
  sources: readonly SheetSource[],
  docBase: string | undefined,
  ctx: LoadContext,
): Promise<RuleSet> {
  const uaSet = await parsedUserAgentSheet(ua, ctx);
  const out: RuleSet = {
    rules: [...uaSet.rules],
    pageRules: [...uaSet.pageRules],
    fontFaces: [],
    properties: new Map(),
    counterStyles: new Map(),
  };
  const limits = ctx.limits ?? DEFAULT_CSS_LIMITS;
  const counter: Counter = { n: uaSet.count, budget: { limits, bytes: 0, rules: 0 } };
  // Inline sheets are all known now: refuse their total before fetching or parsing anything
  // (a probe budget, so the sheets are still charged one by one as they are parsed).
  const probe: Counter = { n: 0, budget: { limits, bytes: 0, rules: 0 } };
  for (const s of sources) if (s.kind === 'inline') chargeBytes(s.text, probe);
  const pending = sources.map((s) => {
    if (s.media !== undefined && !parseMediaAttribute(s.media, ctx.media)) return null;
    if (s.kind === 'inline') return Promise.resolve({ css: s.text, url: s.base ?? docBase });
    return fetchSheet(s.text, docBase, ctx);
  });
  for (let i = 0; i < sources.length; i++) {
    const p = pending[i];
    if (!p) continue;
    const loaded = await p;
    if (!loaded) continue;
    const src =
      sources[i].kind === 'link' || sources[i].base
        ? sheetLabel(loaded.url ?? sources[i].text)
        : '<style>';
    await addSheet(
      {
        css: loaded.css,
        base: sheetBase(loaded.url),
        origin: 'author',
        source: src,
        depth: 0,
        chain: loaded.url ? [loaded.url] : [],
      },
      out,
      counter,
      ctx,
    );
  }
  if (counter.layers) rankLayers(out.rules, counter.layers);
  return out;
}

/** Replaces the layer ids of the rules by the layers' ranks, now that every layer is known. */
function rankLayers(rules: StyleRule[], layers: LayerRegistry): void {
  const ranks = layers.ranks();
  for (let i = 0; i < rules.length; i++) {
    const r = rules[i];
    if (r.layer !== undefined) rules[i] = { ...r, layer: ranks.get(r.layer) ?? 0 };
  }
}

// ---------------------------------------------------------------------------------------------
// Rule index

/** Up to this many rules a bucket is one list, checked rule by rule against the filter. */
const SMALL_BUCKET = 8;

/**
 * Rules sharing one rightmost-compound key, split again by the most selective key their
 * ancestor part needs, so an element only walks the rules whose ancestors it actually has.
 */
class Bucket {
  /**
   * Rules in the order added while the bucket is small: most buckets of a big sheet hold one
   * rule (an id), and a Map per bucket would cost more than the rules.
   */
  private few: StyleRule[] | null = [];
  private free: StyleRule[] = [];
  private byAncestor: Map<string, StyleRule[]> | null = null;

  add(r: StyleRule): void {
    if (this.few) {
      if (this.few.length < SMALL_BUCKET) {
        // Copied at exact length: push would reserve room for 16 more.
        this.few = [...this.few, r];
        return;
      }
      const few = this.few;
      this.few = null;
      for (const x of few) this.file(x);
    }
    this.file(r);
  }

  private file(r: StyleRule): void {
    const k = r.selector.ancestorKeys[0];
    if (k === undefined) {
      this.free.push(r);
      return;
    }
    this.byAncestor ??= new Map();
    const list = this.byAncestor.get(k);
    if (list) list.push(r);
    else this.byAncestor.set(k, [r]);
  }

  collect(out: StyleRule[], filter: AncestorFilter | undefined): void {
    if (this.few) {
      for (const r of this.few) if (!filter || filter.mayMatch(r.selector)) out.push(r);
      return;
    }
    for (const r of this.free) out.push(r);
    const by = this.byAncestor;
    if (!by) return;
    const check = (list: readonly StyleRule[] | undefined): void => {
      if (list) for (const r of list) if (!filter || filter.mayMatch(r.selector)) out.push(r);
    };
    if (!filter) {
      for (const list of by.values()) check(list);
    } else if (filter.size <= by.size) {
      for (const k of filter.present()) check(by.get(k));
    } else {
      for (const [k, list] of by) if (filter.has(k)) check(list);
    }
  }
}

/**
 * Rules bucketed by the most selective part of their rightmost compound (id, then class, then
 * type, then attribute name); an element only visits the buckets its own id, classes, tag and
 * attributes select, and within them only the rules whose ancestor keys it has.
 */
export class RuleIndex {
  private readonly byId = new Map<string, Bucket>();
  private readonly byClass = new Map<string, Bucket>();
  private readonly byTag = new Map<string, Bucket>();
  private readonly byAttr = new Map<string, Bucket>();
  private readonly universal = new Bucket();
  /** Some rule sits in an @container rule (elements then check container conditions). */
  hasContainerRules = false;
  /** Some @container condition tests a size (the document's layout must measure containers). */
  hasSizeQueries = false;

  constructor(rules: readonly StyleRule[]) {
    for (const r of rules) this.add(r);
  }

  private static push(map: Map<string, Bucket>, key: string, r: StyleRule): void {
    let b = map.get(key);
    if (!b) {
      b = new Bucket();
      map.set(key, b);
    }
    b.add(r);
  }

  private add(r: StyleRule): void {
    if (r.container) {
      this.hasContainerRules = true;
      if (r.container.some((q) => q.inline || q.block)) this.hasSizeQueries = true;
    }
    const c = r.selector.compounds[r.selector.compounds.length - 1];
    if (c.ids.length) RuleIndex.push(this.byId, c.ids[0], r);
    else if (c.classes.length) RuleIndex.push(this.byClass, c.classes[0], r);
    else if (c.tag !== null) RuleIndex.push(this.byTag, c.tag, r);
    else if (c.attrs.length) RuleIndex.push(this.byAttr, c.attrs[0].name, r);
    else this.universal.add(r);
  }

  /**
   * Rules that may match `el`, in no particular order, each at most once. `filter`, when given,
   * must hold exactly `el`'s ancestors.
   */
  candidates(el: DomElement, filter?: AncestorFilter): StyleRule[] {
    const out: StyleRule[] = [];
    this.universal.collect(out, filter);
    if (el.idAttr) this.byId.get(el.idAttr)?.collect(out, filter);
    // Duplicate class names on one element would list a bucket twice.
    const seen = el.classes.length > 1 ? new Set<string>() : null;
    for (const c of el.classes) {
      if (seen) {
        if (seen.has(c)) continue;
        seen.add(c);
      }
      this.byClass.get(c)?.collect(out, filter);
    }
    this.byTag.get(el.tag)?.collect(out, filter);
    for (const name of el.attrs.keys()) this.byAttr.get(name)?.collect(out, filter);
    return out;
  }
}
