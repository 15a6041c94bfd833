/**
 * Selector compilation (css-tree AST → plain matcher data), specificity and matching against
 * the DOM, right to left.
 */
import { csstree } from './css-tree.js';
import type { CssNode } from 'css-tree';
import type { DomElement } from '../html/index.js';

export type PseudoElement =
  | 'before'
  | 'after'
  | 'marker'
  | 'first-letter'
  | 'footnote-call'
  | 'footnote-marker'
  | 'placeholder'
  | 'first-line'
  | 'slider-track'
  | 'slider-fill'
  | 'slider-thumb';

const PSEUDO_ELEMENTS: ReadonlySet<string> = new Set<PseudoElement>([
  'before',
  'after',
  'marker',
  'footnote-call',
  'footnote-marker',
  'first-letter',
  'placeholder',
  'first-line',
  'slider-track',
  'slider-fill',
  'slider-thumb',
]);

/** Vendor spellings of pseudo-elements that mean a standard one. */
const PSEUDO_ELEMENT_ALIASES: Readonly<Record<string, PseudoElement>> = {
  '-webkit-input-placeholder': 'placeholder',
  '-moz-placeholder': 'placeholder',
  '-ms-input-placeholder': 'placeholder',
  // A progress bar's track and its filled part, by the names CSS Forms gives them.
  '-webkit-progress-bar': 'slider-track',
  '-webkit-progress-value': 'slider-fill',
  '-moz-progress-bar': 'slider-fill',
  // A range input's track, the part of it left of the thumb, and the thumb.
  '-webkit-slider-runnable-track': 'slider-track',
  '-moz-range-track': 'slider-track',
  '-moz-range-progress': 'slider-fill',
  '-webkit-slider-thumb': 'slider-thumb',
  '-moz-range-thumb': 'slider-thumb',
};

type AttrOp = 'exists' | '=' | '~=' | '|=' | '^=' | '$=' | '*=';
interface AttrTest {
  readonly name: string;
  readonly op: AttrOp;
  readonly value: string;
  readonly caseInsensitive: boolean;
}

type PseudoTest =
  | {
      readonly kind:
        'root' | 'empty' | 'link' | 'never' | 'checked' | 'disabled' | 'enabled' | 'any-element';
    }
  | {
      readonly kind:
        | 'first-child'
        | 'last-child'
        | 'only-child'
        | 'first-of-type'
        | 'last-of-type'
        | 'only-of-type';
    }
  | {
      readonly kind: 'nth';
      readonly a: number;
      readonly b: number;
      readonly fromEnd: boolean;
      readonly ofType: boolean;
      readonly of: readonly ComplexSelector[] | null;
      /**
       * With `of S`: per parent, each child's 1-based position among siblings matching S (0 when
       * it does not match), computed once so long sibling lists stay linear.
       */
      readonly memo: WeakMap<DomElement, Int32Array> | null;
    }
  | { readonly kind: 'not' | 'is'; readonly list: readonly ComplexSelector[] }
  /** :has(): relative selectors anchored at the subject (their first compound is 'anchor'). */
  | { readonly kind: 'has'; readonly list: readonly ComplexSelector[] }
  | { readonly kind: 'anchor' }
  | { readonly kind: 'lang'; readonly langs: readonly string[] };

export interface Compound {
  /** Lower-case type, or null for any. */
  readonly tag: string | null;
  readonly ids: readonly string[];
  readonly classes: readonly string[];
  readonly attrs: readonly AttrTest[];
  readonly pseudos: readonly PseudoTest[];
}

type Combinator = ' ' | '>' | '+' | '~';

export interface ComplexSelector {
  /** Left to right. */
  readonly compounds: readonly Compound[];
  /** combinators[i] joins compounds[i] and compounds[i + 1]. */
  readonly combinators: readonly Combinator[];
  readonly pseudoElement: PseudoElement | null;
  /** a * 1e8 + b * 1e4 + c. */
  readonly specificity: number;
  /**
   * Type, id and class keys ('t:div', 'i:main', 'c:note') some ancestor of the subject must
   * carry: a quick reject before the full right-to-left match.
   */
  readonly ancestorKeys: readonly string[];
  /**
   * A pseudo-element that is valid CSS but names something a printed page does not have
   * (browser UI such as `::selection` or `::-webkit-slider-thumb`): the selector never matches,
   * but unlike an invalid one it leaves the rest of its selector list standing.
   */
  readonly unrendered?: string;
}

export class SelectorError extends Error {}

const DYNAMIC = new Set([
  'hover',
  'active',
  'focus',
  'focus-within',
  'focus-visible',
  'visited',
  'target',
  'target-within',
  'current',
  'past',
  'future',
  'playing',
  'paused',
  'autofill',
  'placeholder-shown',
  'indeterminate',
  'invalid',
  'valid',
  'user-invalid',
  'user-valid',
  'in-range',
  'out-of-range',
  'required',
  'optional',
  'read-only',
  'read-write',
  'default',
  'defined',
  'fullscreen',
  'modal',
  'popover-open',
]);

/**
 * Pseudo-classes that are valid but cannot match an element of a static document without shadow
 * trees. Sheets list them beside real selectors (`:root, :host`), so they must not invalidate the
 * list.
 */
const INERT_PSEUDO_CLASSES = new Set(['host', 'host-context', 'state']);

/** Standard pseudo-elements of interactive or on-screen parts a printed page has none of. */
const UNRENDERED_PSEUDO_ELEMENTS = new Set([
  'selection',
  'target-text',
  'spelling-error',
  'grammar-error',
  'highlight',
  'search-text',
  'file-selector-button',
  'backdrop',
  'cue',
  'cue-region',
  'part',
  'slotted',
  'details-content',
  'picker',
  'picker-icon',
  'checkmark',
  'scroll-marker',
  'scroll-marker-group',
  'scroll-button',
  'view-transition',
  'view-transition-group',
  'view-transition-image-pair',
  'view-transition-old',
  'view-transition-new',
]);

/**
 * Browser-prefixed names (`::-webkit-scrollbar`, `:-moz-focusring`): each engine accepts its
 * own, and sheets written for it expect the rest of the rule to apply.
 */
function vendorPrefixed(name: string): boolean {
  return name.startsWith('-webkit-') || name.startsWith('-moz-') || name.startsWith('-ms-');
}

const LEGACY_PSEUDO_ELEMENTS = new Set(['before', 'after', 'first-letter', 'first-line']);

/** Selector names keep their CSS escapes in css-tree's AST (`.md\\:flex`); decode them. */
function decode(name: string): string {
  return name.includes('\\') ? csstree.ident.decode(name) : name;
}

function spec(a: number, b: number, c: number): number {
  return Math.min(a, 99) * 1e8 + Math.min(b, 9999) * 1e4 + Math.min(c, 9999);
}

function maxSpecificity(list: readonly ComplexSelector[]): number {
  let m = 0;
  for (const s of list) if (s.specificity > m) m = s.specificity;
  return m;
}

function parseNth(nth: CssNode): { a: number; b: number } {
  if (nth.type === 'AnPlusB') {
    return {
      a: nth.a === null ? 0 : parseInt(nth.a, 10),
      b: nth.b === null ? 0 : parseInt(nth.b, 10),
    };
  }
  if (nth.type === 'Identifier') {
    const id = nth.name.toLowerCase();
    if (id === 'odd') return { a: 2, b: 1 };
    if (id === 'even') return { a: 2, b: 0 };
  }
  throw new SelectorError('bad an+b');
}

function selectorListChildren(node: CssNode | null | undefined): CssNode[] {
  if (!node) throw new SelectorError('missing argument');
  if (node.type === 'SelectorList') return node.children.toArray();
  if (node.type === 'Selector') return [node];
  throw new SelectorError('expected a selector list');
}

/** Compiles one css-tree Selector node. Throws SelectorError when unsupported or invalid. */
export function compileSelector(sel: CssNode, nested = false): ComplexSelector {
  if (sel.type !== 'Selector') throw new SelectorError('not a selector');
  return compileParts(sel.children.toArray(), nested);
}

/** Shared by every empty list of a compiled selector. */
const NONE: readonly never[] = Object.freeze([]);

/**
 * The list at its exact length (or NONE): arrays grown by push keep spare capacity, and a large
 * sheet keeps a dozen of these per rule for the whole render.
 */
function fit<T>(list: T[]): readonly T[] {
  return list.length === 0 ? NONE : list.slice();
}

function compileParts(parts: readonly CssNode[], nested: boolean): ComplexSelector {
  const compounds: Compound[] = [];
  const combinators: Combinator[] = [];
  let cur = {
    tag: null as string | null,
    ids: [] as string[],
    classes: [] as string[],
    attrs: [] as AttrTest[],
    pseudos: [] as PseudoTest[],
  };
  let a = 0;
  let b = 0;
  let c = 0;
  let pseudoElement: PseudoElement | null = null;
  let unrendered: string | null = null;
  let empty = true;
  // Specificity contributed by functional pseudo-classes (:not, :is, :nth-child(of S)).
  let extra = 0;
  const pushCompound = (): void => {
    if (empty) throw new SelectorError('empty compound');
    compounds.push({
      tag: cur.tag,
      ids: fit(cur.ids),
      classes: fit(cur.classes),
      attrs: fit(cur.attrs),
      pseudos: fit(cur.pseudos),
    });
    cur = { tag: null, ids: [], classes: [], attrs: [], pseudos: [] };
    empty = true;
  };
  for (const n of parts) {
    if ((pseudoElement || unrendered) && n.type !== 'PseudoClassSelector')
      throw new SelectorError('content after pseudo-element');
    switch (n.type) {
      case 'TypeSelector': {
        const name = decode(n.name).toLowerCase();
        // Namespace prefixes (svg|rect) are not supported: ignore the prefix.
        const local = name.includes('|') ? name.slice(name.indexOf('|') + 1) : name;
        if (local !== '*') {
          cur.tag = local;
          c++;
        }
        empty = false;
        break;
      }
      case 'IdSelector':
        cur.ids.push(decode(n.name));
        a++;
        empty = false;
        break;
      case 'ClassSelector':
        cur.classes.push(decode(n.name));
        b++;
        empty = false;
        break;
      case 'AttributeSelector': {
        const name = decode(n.name.name).toLowerCase();
        const value = n.value
          ? n.value.type === 'String'
            ? n.value.value
            : decode(n.value.name)
          : '';
        const op = (n.matcher ?? 'exists') as AttrOp;
        if (!['exists', '=', '~=', '|=', '^=', '$=', '*='].includes(op))
          throw new SelectorError('bad attribute matcher');
        cur.attrs.push({ name, op, value, caseInsensitive: (n.flags ?? '').toLowerCase() === 'i' });
        b++;
        empty = false;
        break;
      }
      case 'PseudoClassSelector': {
        const name = n.name.toLowerCase();
        if (pseudoElement) throw new SelectorError('pseudo-class after pseudo-element');
        if (LEGACY_PSEUDO_ELEMENTS.has(name)) {
          if (nested) throw new SelectorError('pseudo-element inside a selector argument');
          pseudoElement = name as PseudoElement;
          c++;
          break;
        }
        const t = compilePseudo(name, n);
        cur.pseudos.push(t.test);
        extra += t.specificity;
        empty = false;
        break;
      }
      case 'PseudoElementSelector': {
        const lower = n.name.toLowerCase();
        const name = PSEUDO_ELEMENT_ALIASES[lower] ?? lower;
        if (nested) throw new SelectorError('pseudo-element inside a selector argument');
        if (PSEUDO_ELEMENTS.has(name)) pseudoElement = name as PseudoElement;
        else if (UNRENDERED_PSEUDO_ELEMENTS.has(name) || vendorPrefixed(name)) {
          unrendered = `::${name}`;
          cur.pseudos.push({ kind: 'never' });
          empty = false;
        } else throw new SelectorError(`::${name} is not supported`);
        c++;
        break;
      }
      case 'Combinator': {
        const name = n.name.trim() === '' ? ' ' : n.name.trim();
        if (name !== ' ' && name !== '>' && name !== '+' && name !== '~')
          throw new SelectorError(`combinator ${name}`);
        pushCompound();
        combinators.push(name);
        break;
      }
      case 'WhiteSpace':
        break;
      default:
        throw new SelectorError(`unsupported selector part ${n.type}`);
    }
  }
  if (empty && pseudoElement) {
    empty = false; // `::before` alone means `*::before`
  }
  pushCompound();
  const keys = ancestorKeys(compounds, combinators);
  return {
    compounds: fit(compounds),
    combinators: fit(combinators),
    pseudoElement,
    specificity: spec(a, b, c) + extra,
    ancestorKeys: keys,
    ...(unrendered !== null ? { unrendered } : {}),
  };
}

function ancestorKeys(
  compounds: readonly Compound[],
  combinators: readonly Combinator[],
): readonly string[] {
  const keys = new Set<string>();
  // Compound i is an ancestor of the subject iff the combinator right after it is a child or
  // descendant one: whatever follows is then inside it (`a > b + c`: a is c's parent too). After
  // a sibling combinator it is only a sibling of something (`h2 + p span`: h2 is no ancestor).
  for (let i = compounds.length - 2; i >= 0; i--) {
    const comb = combinators[i];
    if (comb !== ' ' && comb !== '>') continue;
    const c = compounds[i];
    if (c.tag !== null) keys.add('t:' + c.tag);
    for (const id of c.ids) keys.add('i:' + id);
    for (const cl of c.classes) keys.add('c:' + cl);
  }
  // Most selective first: ids, then classes, then types (the rule index buckets on the first).
  const rank = (k: string): number => (k[0] === 'i' ? 0 : k[0] === 'c' ? 1 : 2);
  return fit([...keys].sort((x, y) => rank(x) - rank(y)));
}

/**
 * The type/id/class keys of the ancestors of the element being styled, with counts, maintained
 * by a document-order walk (push on entering an element's children, pop on leaving).
 */
export class AncestorFilter {
  private readonly counts = new Map<string, number>();

  private static keys(el: DomElement): string[] {
    const k = ['t:' + el.tag];
    if (el.idAttr) k.push('i:' + el.idAttr);
    for (const c of el.classes) k.push('c:' + c);
    return k;
  }

  push(el: DomElement): void {
    for (const k of AncestorFilter.keys(el)) this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
  }

  pop(el: DomElement): void {
    for (const k of AncestorFilter.keys(el)) {
      const n = (this.counts.get(k) ?? 0) - 1;
      if (n <= 0) this.counts.delete(k);
      else this.counts.set(k, n);
    }
  }

  /** Distinct keys present on the ancestor chain. */
  present(): IterableIterator<string> {
    return this.counts.keys();
  }

  get size(): number {
    return this.counts.size;
  }

  has(key: string): boolean {
    return this.counts.has(key);
  }

  mayMatch(sel: ComplexSelector): boolean {
    for (const k of sel.ancestorKeys) if (!this.counts.has(k)) return false;
    return true;
  }
}

function compileList(arg: CssNode | null | undefined, forgiving: boolean): ComplexSelector[] {
  const out: ComplexSelector[] = [];
  for (const s of selectorListChildren(arg)) {
    try {
      out.push(compileSelector(s, true));
    } catch (e) {
      if (!forgiving) throw e;
    }
  }
  return out;
}

const CLASS = 1e4;

function compilePseudo(name: string, n: CssNode): { test: PseudoTest; specificity: number } {
  if (n.type !== 'PseudoClassSelector') throw new SelectorError('not a pseudo-class');
  const arg = n.children ? n.children.first : null;
  switch (name) {
    case 'root':
    case 'empty':
    case 'checked':
    case 'disabled':
    case 'enabled':
      return { test: { kind: name }, specificity: CLASS };
    case 'link':
    case 'any-link':
      return { test: { kind: 'link' }, specificity: CLASS };
    case 'first-child':
    case 'last-child':
    case 'only-child':
    case 'first-of-type':
    case 'last-of-type':
    case 'only-of-type':
      return { test: { kind: name }, specificity: CLASS };
    case 'nth-child':
    case 'nth-last-child':
    case 'nth-of-type':
    case 'nth-last-of-type': {
      if (!arg || arg.type !== 'Nth') throw new SelectorError('bad :nth argument');
      const { a, b } = parseNth(arg.nth);
      const ofType = name.endsWith('of-type');
      const of = arg.selector && !ofType ? compileList(arg.selector, false) : null;
      return {
        test: {
          kind: 'nth',
          a,
          b,
          fromEnd: name.includes('last'),
          ofType,
          of,
          memo: of ? new WeakMap() : null,
        },
        specificity: CLASS + (of ? maxSpecificity(of) : 0),
      };
    }
    case 'not': {
      const list = compileList(arg, false);
      return { test: { kind: 'not', list }, specificity: maxSpecificity(list) };
    }
    case 'is':
    case 'matches':
    case '-webkit-any':
    case '-moz-any':
    case 'where': {
      const list = compileList(arg, true);
      return {
        test: { kind: 'is', list },
        specificity: name === 'where' ? 0 : maxSpecificity(list),
      };
    }
    case 'has': {
      const list: ComplexSelector[] = [];
      for (const rel of selectorListChildren(arg)) {
        if (rel.type !== 'Selector') throw new SelectorError('bad :has() argument');
        const parts = rel.children.toArray();
        let comb: Combinator = ' ';
        if (parts[0]?.type === 'Combinator') {
          const c = parts[0].name.trim();
          comb = (c === '' ? ' ' : c) as Combinator;
          if (!['>', '+', '~', ' '].includes(comb))
            throw new SelectorError('bad :has() combinator');
          parts.shift();
        }
        const inner = compileParts(parts, true);
        if (inner.compounds.some((c) => c.pseudos.some((p) => p.kind === 'has'))) {
          throw new SelectorError(':has() cannot nest');
        }
        list.push({
          ...inner,
          compounds: [
            { tag: null, ids: [], classes: [], attrs: [], pseudos: [{ kind: 'anchor' }] },
            ...inner.compounds,
          ],
          combinators: [comb, ...inner.combinators],
          ancestorKeys: [],
        });
      }
      return { test: { kind: 'has', list }, specificity: maxSpecificity(list) };
    }
    case 'lang': {
      const langs: string[] = [];
      for (const x of n.children ? n.children.toArray() : []) {
        if (x.type === 'Identifier') langs.push(x.name.toLowerCase());
        else if (x.type === 'String') langs.push(x.value.toLowerCase());
        else if (x.type === 'Raw')
          langs.push(
            ...x.value
              .split(',')
              .map((s) =>
                s
                  .trim()
                  .replace(/^["']|["']$/g, '')
                  .toLowerCase(),
              )
              .filter(Boolean),
          );
      }
      if (!langs.length) throw new SelectorError(':lang() needs a language');
      return { test: { kind: 'lang', langs }, specificity: CLASS };
    }
  }
  if (DYNAMIC.has(name) || INERT_PSEUDO_CLASSES.has(name) || vendorPrefixed(name))
    return { test: { kind: 'never' }, specificity: CLASS };
  throw new SelectorError(`:${name} is not supported`);
}

// ---------------------------------------------------------------------------------------------
// Matching

function attrMatches(el: DomElement, t: AttrTest): boolean {
  const v = el.attrs.get(t.name);
  if (v === undefined) return false;
  if (t.op === 'exists') return true;
  const val = t.caseInsensitive ? v.toLowerCase() : v;
  const want = t.caseInsensitive ? t.value.toLowerCase() : t.value;
  switch (t.op) {
    case '=':
      return val === want;
    case '~=':
      return want !== '' && !/\s/.test(want) && val.split(/[ \t\n\f\r]+/).includes(want);
    case '|=':
      return val === want || val.startsWith(want + '-');
    case '^=':
      return want !== '' && val.startsWith(want);
    case '$=':
      return want !== '' && val.endsWith(want);
    case '*=':
      return want !== '' && val.includes(want);
  }
  return false;
}

function nthMatches(a: number, b: number, pos: number): boolean {
  // pos is 1-based; is there n >= 0 with a*n + b = pos?
  if (a === 0) return pos === b;
  const n = (pos - b) / a;
  return Number.isInteger(n) && n >= 0;
}

function siblingsOf(el: DomElement): readonly DomElement[] {
  return el.parent ? el.parent.elementChildren : [el];
}

function elementLang(el: DomElement): string {
  for (let e: DomElement | null = el; e; e = e.parent) {
    const l = e.attrs.get('lang') ?? e.attrs.get('xml:lang');
    if (l !== undefined) return l.toLowerCase();
  }
  return '';
}

function nthOfPosition(
  el: DomElement,
  of: readonly ComplexSelector[],
  fromEnd: boolean,
  memo: WeakMap<DomElement, Int32Array> | null,
): number {
  const sibs = siblingsOf(el);
  let positions = el.parent && memo ? memo.get(el.parent) : undefined;
  if (!positions) {
    // One extra slot at the end holds the number of matching siblings.
    positions = new Int32Array(sibs.length + 1);
    let n = 0;
    for (let i = 0; i < sibs.length; i++)
      if (of.some((s) => matchesSelector(sibs[i], s))) positions[i] = ++n;
    positions[sibs.length] = n;
    if (el.parent && memo) memo.set(el.parent, positions);
  }
  const pos = positions[el.index];
  if (pos === 0) return 0;
  return fromEnd ? positions[sibs.length] - pos + 1 : pos;
}

function pseudoMatches(el: DomElement, p: PseudoTest, anchor: DomElement | null): boolean {
  switch (p.kind) {
    case 'root':
      return el.parent === null;
    case 'empty':
      return el.children.every((c) => c.kind === 'text' && c.text.length === 0);
    case 'link':
      return (el.tag === 'a' || el.tag === 'area') && el.attrs.has('href');
    case 'never':
      return false;
    case 'any-element':
      return true;
    case 'checked':
      return (
        (el.tag === 'input' && el.attrs.has('checked')) ||
        (el.tag === 'option' && el.attrs.has('selected'))
      );
    case 'disabled':
      return el.attrs.has('disabled');
    case 'enabled':
      return (
        ['input', 'button', 'select', 'textarea', 'option'].includes(el.tag) &&
        !el.attrs.has('disabled')
      );
    case 'first-child':
      return el.index === 0;
    case 'last-child':
      return el.index === siblingsOf(el).length - 1;
    case 'only-child':
      return siblingsOf(el).length === 1;
    case 'first-of-type':
      return el.typeIndex === 0;
    case 'last-of-type':
      return el.typeIndex === el.typeCount - 1;
    case 'only-of-type':
      return el.typeCount === 1;
    case 'nth': {
      if (p.of && !p.of.some((s) => matchesSelector(el, s))) return false;
      let pos: number;
      if (p.ofType) pos = p.fromEnd ? el.typeCount - el.typeIndex : el.typeIndex + 1;
      else if (!p.of) pos = p.fromEnd ? siblingsOf(el).length - el.index : el.index + 1;
      else pos = nthOfPosition(el, p.of, p.fromEnd, p.memo);
      return nthMatches(p.a, p.b, pos);
    }
    case 'not':
      return !p.list.some((s) => matchFrom(el, s, s.compounds.length - 1, anchor) === MATCH);
    case 'is':
      return p.list.some((s) => matchFrom(el, s, s.compounds.length - 1, anchor) === MATCH);
    case 'anchor':
      return el === anchor;
    case 'has':
      return p.list.some((rel) => hasRelative(el, rel));
    case 'lang': {
      const l = elementLang(el);
      return p.langs.some((w) => w === '*' || l === w || l.startsWith(w + '-'));
    }
  }
}

export function compoundMatches(
  el: DomElement,
  c: Compound,
  anchor: DomElement | null = null,
): boolean {
  if (c.tag !== null && c.tag !== el.tag) return false;
  // Indexed loops: this runs for every candidate rule of every element, and array iterators
  // showed up as a leading allocation of the cascade.
  for (let i = 0; i < c.ids.length; i++) if (el.idAttr !== c.ids[i]) return false;
  for (let i = 0; i < c.classes.length; i++) if (!el.classes.includes(c.classes[i])) return false;
  for (let i = 0; i < c.attrs.length; i++) if (!attrMatches(el, c.attrs[i])) return false;
  for (let i = 0; i < c.pseudos.length; i++)
    if (!pseudoMatches(el, c.pseudos[i], anchor)) return false;
  return true;
}

// Match results: failing "all siblings" or "completely" stops the outer combinator loops early,
// which keeps chains of descendant combinators from backtracking exponentially on deep trees.
const MATCH = 0;
const FAILS_LOCALLY = 1;
const FAILS_ALL_SIBLINGS = 2;
const FAILS_COMPLETELY = 3;

function matchFrom(
  el: DomElement,
  sel: ComplexSelector,
  i: number,
  anchor: DomElement | null = null,
): number {
  if (!compoundMatches(el, sel.compounds[i], anchor)) return FAILS_LOCALLY;
  if (i === 0) return MATCH;
  switch (sel.combinators[i - 1]) {
    case '>':
      return el.parent === null ? FAILS_COMPLETELY : matchFrom(el.parent, sel, i - 1, anchor);
    case ' ':
      for (let p = el.parent; p; p = p.parent) {
        const r = matchFrom(p, sel, i - 1, anchor);
        if (r === MATCH || r === FAILS_COMPLETELY) return r;
      }
      return FAILS_COMPLETELY;
    case '+': {
      const sibs = siblingsOf(el);
      return el.index > 0 ? matchFrom(sibs[el.index - 1], sel, i - 1, anchor) : FAILS_ALL_SIBLINGS;
    }
    case '~': {
      const sibs = siblingsOf(el);
      for (let k = el.index - 1; k >= 0; k--) {
        const r = matchFrom(sibs[k], sel, i - 1, anchor);
        if (r !== FAILS_LOCALLY) return r;
      }
      return FAILS_ALL_SIBLINGS;
    }
  }
  return FAILS_COMPLETELY;
}

/** Is there an element, placed relative to `el` as `rel` says, that matches it? */
function hasRelative(el: DomElement, rel: ComplexSelector): boolean {
  const last = rel.compounds.length - 1;
  const first = rel.combinators[0];
  const test = (d: DomElement): boolean => matchFrom(d, rel, last, el) === MATCH;
  // Candidates: the subtree for descendant/child relations, later siblings (and, when the
  // relative selector goes deeper, their subtrees) for sibling relations.
  // A chain of sibling combinators (`+ li + li`) reaches past the next sibling.
  const rest = rel.combinators.slice(1);
  const roots: DomElement[] = [];
  if (first === ' ' || first === '>') roots.push(...el.elementChildren);
  else {
    const sibs = siblingsOf(el);
    const onlyNext = first === '+' && rest.length === 0;
    for (let i = el.index + 1; i < sibs.length; i++) {
      roots.push(sibs[i]);
      if (onlyNext) break;
    }
  }
  const deep = first === ' ' || rest.some((c) => c === ' ' || c === '>');
  const stack = roots.reverse();
  while (stack.length) {
    const d = stack.pop() as DomElement;
    if (test(d)) return true;
    if (deep)
      for (let i = d.elementChildren.length - 1; i >= 0; i--) stack.push(d.elementChildren[i]);
  }
  return false;
}

/** Does `el` match the selector (ignoring its pseudo-element part)? */
export function matchesSelector(el: DomElement, sel: ComplexSelector): boolean {
  return matchFrom(el, sel, sel.compounds.length - 1) === MATCH;
}
