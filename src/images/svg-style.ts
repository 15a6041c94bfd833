/**
 * <style> sheets inside an SVG, in the subset charting tools write: rules whose selectors are
 * type, class and id selectors (and *), joined by descendant or child combinators. Anything
 * else (pseudo-classes, attribute selectors, sibling combinators, at-rules) is outside the
 * vector subset, so such a file keeps librsvg's rendering.
 */
import type { Element } from '@xmldom/xmldom';
import { NotSimple } from './svg-subset.js';

interface Compound {
  readonly tag?: string;
  readonly ids: readonly string[];
  readonly classes: readonly string[];
}

/** Compounds from the subject backwards, each with the combinator that links it to the next. */
interface Selector {
  readonly parts: readonly { readonly compound: Compound; readonly child: boolean }[];
  /** [ids, classes, types], compared in that order. */
  readonly specificity: readonly [number, number, number];
}

export interface SvgRule {
  readonly selectors: readonly Selector[];
  readonly declarations: readonly (readonly [string, string])[];
  readonly order: number;
}

/** Rules and declarations read from a sheet; bounded so a hostile file cannot cost much. */
const MAX_RULES = 2_000;

/** Parses the text of every <style> element of a file into rules, in document order. */
export function parseSvgStyleSheet(text: string, firstOrder = 0): SvgRule[] {
  const rules: SvgRule[] = [];
  parseBlock(text.replace(/\/\*[\s\S]*?\*\//g, ' '), firstOrder, rules);
  return rules;
}

function parseBlock(css: string, firstOrder: number, rules: SvgRule[]): void {
  let pos = 0;
  while (pos < css.length) {
    const open = css.indexOf('{', pos);
    const prelude = css.slice(pos, open < 0 ? css.length : open).trim();
    // @charset only names the encoding the file was already decoded with.
    if (/^@charset\b[^;]*;/i.test(prelude)) {
      pos = css.indexOf(';', pos) + 1;
      continue;
    }
    if (open < 0) {
      if (prelude !== '') throw new NotSimple();
      return;
    }
    const close = matchingBrace(css, open);
    const body = css.slice(open + 1, close);
    pos = close + 1;
    if (prelude.startsWith('@')) {
      const media = /^@media\s+([^{]+)$/i.exec(prelude);
      if (!media) throw new NotSimple();
      if (mediaMatches(media[1])) parseBlock(body, firstOrder, rules);
      continue;
    }
    if (body.includes('{')) throw new NotSimple();
    if (rules.length >= MAX_RULES) throw new NotSimple();
    rules.push({
      selectors: prelude.split(',').map((sel) => parseSelector(sel.trim())),
      declarations: parseDeclarations(body),
      order: firstOrder + rules.length,
    });
  }
}

function matchingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) return i;
  }
  throw new NotSimple();
}

/**
 * Whether a media query list holds for a printed page: print and all do, screen does not; a
 * light colour scheme does, a dark one does not. Any other feature is outside the subset.
 */
function mediaMatches(list: string): boolean {
  return list.split(',').some((query) => {
    let q = query.trim().toLowerCase();
    const negate = q.startsWith('not ');
    q = q.replace(/^(?:not|only)\s+/, '');
    const parts = q.split(/\s+and\s+/);
    const holds = parts.every((part) => {
      if (part === 'all' || part === 'print') return true;
      if (part === 'screen' || part === 'speech') return false;
      const feature = /^\(\s*prefers-color-scheme\s*:\s*(light|dark)\s*\)$/.exec(part);
      if (feature) return feature[1] === 'light';
      throw new NotSimple();
    });
    return negate ? !holds : holds;
  });
}

/** `prop: value; ...` as lower-case property names and trimmed values, in order. */
export function parseDeclarations(body: string): [string, string][] {
  const out: [string, string][] = [];
  for (const decl of body.split(';')) {
    if (decl.trim() === '') continue;
    const colon = decl.indexOf(':');
    if (colon < 0) throw new NotSimple();
    const value = decl.slice(colon + 1).trim();
    // !important would reorder the cascade; files that need it stay with librsvg.
    if (/!\s*important$/i.test(value)) throw new NotSimple();
    out.push([decl.slice(0, colon).trim().toLowerCase(), value]);
  }
  return out;
}

const COMPOUND = /^(\*|[a-zA-Z][\w-]*)?((?:[.#][\w-]+)*)$/;

function parseSelector(text: string): Selector {
  if (text === '') throw new NotSimple();
  const tokens = text.replace(/\s*>\s*/g, ' > ').split(/\s+/);
  const parts: { compound: Compound; child: boolean }[] = [];
  let child = false;
  let ids = 0;
  let classes = 0;
  let types = 0;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i];
    if (token === '>') {
      if (child || parts.length === 0) throw new NotSimple();
      child = true;
      continue;
    }
    const m = COMPOUND.exec(token);
    if (!m || token === '') throw new NotSimple();
    const simple = m[2].match(/[.#][\w-]+/g) ?? [];
    const compound: Compound = {
      ...(m[1] && m[1] !== '*' ? { tag: m[1] } : {}),
      ids: simple.filter((s) => s[0] === '#').map((s) => s.slice(1)),
      classes: simple.filter((s) => s[0] === '.').map((s) => s.slice(1)),
    };
    ids += compound.ids.length;
    classes += compound.classes.length;
    types += compound.tag ? 1 : 0;
    // `child` tells how this compound links to the one matched before it (to its right).
    if (parts.length > 0) parts[parts.length - 1] = { ...parts[parts.length - 1], child };
    parts.push({ compound, child: false });
    child = false;
  }
  if (child || parts.length === 0) throw new NotSimple();
  return { parts, specificity: [ids, classes, types] };
}

function matchesCompound(el: Element, c: Compound): boolean {
  if (c.tag !== undefined && el.localName !== c.tag) return false;
  if (c.ids.length > 0 && c.ids.some((id) => el.getAttribute('id') !== id)) return false;
  if (c.classes.length > 0) {
    const own = (el.getAttribute('class') ?? '').split(/\s+/);
    if (c.classes.some((k) => !own.includes(k))) return false;
  }
  return true;
}

function parentElement(el: Element): Element | null {
  const p = el.parentNode;
  return p && p.nodeType === 1 ? (p as Element) : null;
}

function matches(el: Element, sel: Selector): boolean {
  if (!matchesCompound(el, sel.parts[0].compound)) return false;
  let at: Element | null = el;
  for (let i = 1; i < sel.parts.length; i++) {
    const { compound } = sel.parts[i];
    const child = sel.parts[i - 1].child;
    at = parentElement(at!);
    if (child) {
      if (!at || !matchesCompound(at, compound)) return false;
    } else {
      while (at && !matchesCompound(at, compound)) at = parentElement(at);
      if (!at) return false;
    }
  }
  return true;
}

function compareSpecificity(a: readonly number[], b: readonly number[]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/**
 * The sheet's declarations for `el`, in cascade order (lower specificity first, then later
 * rules), so that applying them one after another leaves the winning value of each property.
 */
export function sheetDeclarations(el: Element, rules: readonly SvgRule[]): [string, string][] {
  if (rules.length === 0) return [];
  const hits: { spec: readonly number[]; order: number; rule: SvgRule }[] = [];
  for (const rule of rules) {
    let best: readonly number[] | undefined;
    for (const sel of rule.selectors)
      if (matches(el, sel) && (!best || compareSpecificity(sel.specificity, best) > 0))
        best = sel.specificity;
    if (best) hits.push({ spec: best, order: rule.order, rule });
  }
  hits.sort((a, b) => compareSpecificity(a.spec, b.spec) || a.order - b.order);
  return hits.flatMap((h) => h.rule.declarations.map((d): [string, string] => [d[0], d[1]]));
}
