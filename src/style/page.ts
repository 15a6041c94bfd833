/**
 * @page rules: page size (named sizes, orientation, lengths), page margins, page-context style
 * and the sixteen margin boxes with their content (counter(page) and counter(pages) left for
 * pagination to fill in). Every page variant is cascaded once while styling; `pageStyleFor` then
 * only picks one, so layout needs no CSS machinery.
 */
import type { Warning } from '../diagnostics.js';
import type { StyleEngine } from './cascade.js';
import { TRANSPARENT } from './colors.js';
import { resolveLength } from './length.js';
import { makeDeclaration, type Declaration, type RawPageRule } from './sheet.js';
import type {
  ComputedStyle,
  ContentItem,
  Length,
  LengthPercentageAuto,
  PageContentItem,
  PageMarginBox,
  PageMarginBoxName,
  PagePseudoClass,
  PageRule,
  PageRuleSelector,
  PageRules,
  PageSelectorContext,
  PageStyle,
  RgbaColor,
} from './types.js';
import {
  computeLength,
  ident,
  parseLength,
  valueNodes,
  type LengthEnv,
  type LenSpec,
} from './values.js';
import { boxSides } from './properties/kit.js';

const MM = 96 / 25.4;
const IN = 96;

/** Named page sizes, portrait, in px. */
const PAGE_SIZES: Readonly<Record<string, readonly [number, number]>> = {
  a6: [105 * MM, 148 * MM],
  a5: [148 * MM, 210 * MM],
  a4: [210 * MM, 297 * MM],
  a3: [297 * MM, 420 * MM],
  b5: [176 * MM, 250 * MM],
  b4: [250 * MM, 353 * MM],
  'jis-b5': [182 * MM, 257 * MM],
  'jis-b4': [257 * MM, 364 * MM],
  letter: [8.5 * IN, 11 * IN],
  legal: [8.5 * IN, 14 * IN],
  ledger: [11 * IN, 17 * IN],
  tabloid: [11 * IN, 17 * IN],
};

const DEFAULT_SIZE = { width: PAGE_SIZES.a4[0], height: PAGE_SIZES.a4[1] };

const BOX_ALIGN: Readonly<Record<PageMarginBoxName, [string, string]>> = {
  'top-left-corner': ['right', 'middle'],
  'top-left': ['left', 'middle'],
  'top-center': ['center', 'middle'],
  'top-right': ['right', 'middle'],
  'top-right-corner': ['left', 'middle'],
  'right-top': ['center', 'top'],
  'right-middle': ['center', 'middle'],
  'right-bottom': ['center', 'bottom'],
  'bottom-right-corner': ['left', 'middle'],
  'bottom-right': ['right', 'middle'],
  'bottom-center': ['center', 'middle'],
  'bottom-left': ['left', 'middle'],
  'bottom-left-corner': ['right', 'middle'],
  'left-bottom': ['center', 'bottom'],
  'left-middle': ['center', 'middle'],
  'left-top': ['center', 'top'],
};

/** Page size from the `size` value; null for auto or invalid. */
export function parsePageSize(
  raw: string,
  env: LengthEnv,
): { width: Length; height: Length } | null | 'invalid' {
  const nodes = valueNodes(raw);
  if (!nodes || nodes.length === 0 || nodes.length > 2) return 'invalid';
  const ids = nodes.map(ident);
  if (ids.length === 1 && ids[0] === 'auto') return null;
  let orientation: 'portrait' | 'landscape' | null = null;
  let named: readonly [number, number] | null = null;
  const lens: LenSpec[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const id = ids[i];
    if (id === 'portrait' || id === 'landscape') {
      if (orientation) return 'invalid';
      orientation = id;
    } else if (id !== null && PAGE_SIZES[id]) {
      if (named || lens.length) return 'invalid';
      named = PAGE_SIZES[id];
    } else {
      const l = parseLength(nodes[i], { nonNegative: true });
      if (!l || named) return 'invalid';
      lens.push(l);
    }
  }
  if (lens.length && orientation) return 'invalid';
  if (lens.length) {
    const w = computeLength(lens[0], env) as number;
    const h = lens[1] ? (computeLength(lens[1], env) as number) : w;
    return w > 0 && h > 0 ? { width: w, height: h } : 'invalid';
  }
  const [pw, ph] = named ?? PAGE_SIZES.a4;
  if (orientation === 'landscape') return { width: Math.max(pw, ph), height: Math.min(pw, ph) };
  return { width: Math.min(pw, ph), height: Math.max(pw, ph) };
}

function parseMarginValue(raw: string, env: LengthEnv): LengthPercentageAuto[] | null {
  const nodes = valueNodes(raw);
  if (!nodes) return null;
  const out: LengthPercentageAuto[] = [];
  for (const n of nodes) {
    if (ident(n) === 'auto') out.push('auto');
    else {
      const l = parseLength(n, { pct: true });
      if (!l) return null;
      out.push(computeLength(l, env));
    }
  }
  return out;
}

interface PageDecl {
  readonly rule: RawPageRule;
  readonly spec: number;
}

/** CSS Paged Media specificity: page name, then :first/:blank, then :left/:right. */
function specificity(sel: PageRuleSelector): number {
  let n = sel.name ? 100 : 0;
  for (const p of pseudosOf(sel)) n += p === 'first' || p === 'blank' ? 10 : 1;
  return n;
}

function pseudosOf(sel: PageRuleSelector): PagePseudoClass[] {
  return [...(sel.pseudo ? [sel.pseudo] : []), ...(sel.more ?? [])];
}

function selectorMatches(sel: PageRuleSelector, v: Variant): boolean {
  if (sel.name !== undefined && sel.name !== v.name) return false;
  return pseudosOf(sel).every((p) => {
    switch (p) {
      case 'first':
        return v.first;
      case 'blank':
        return v.blank;
      case 'left':
        return v.side === 'left';
      case 'right':
        return v.side === 'right';
    }
    return false;
  });
}

interface Variant {
  readonly name: string;
  readonly first: boolean;
  readonly side: 'left' | 'right';
  readonly blank: boolean;
}

export function pageVariantKey(v: Variant): string {
  return `${v.name}|${v.first ? 1 : 0}|${v.side}|${v.blank ? 1 : 0}`;
}

const PAGE_ONLY = new Set([
  'size',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'marks',
  'bleed',
  'page-orientation',
]);

/** A margin box's content list as page content; null for none/normal (no box). */
function contentItems(style: ComputedStyle): PageContentItem[] | null {
  if (!Array.isArray(style.content)) return null;
  const out: PageContentItem[] = [];
  for (const it of style.content as readonly ContentItem[]) {
    switch (it.kind) {
      case 'string':
        out.push({ kind: 'text', text: it.text });
        break;
      case 'url':
        out.push({ kind: 'image', url: it.url });
        break;
      case 'counter':
        out.push({ kind: 'counter', name: it.name, style: it.style });
        break;
      case 'counters':
        out.push({ kind: 'counters', name: it.name, separator: it.separator, style: it.style });
        break;
      case 'named-string':
        out.push({ kind: 'string', name: it.name, which: it.which });
        break;
      case 'element':
        out.push({ kind: 'element', name: it.name, which: it.which });
        break;
      case 'leader':
        out.push({ kind: 'leader', fill: it.fill });
        break;
      // A page has no element for attr(), quotes nest nothing, and cross-references have no
      // origin element here: they contribute nothing, as in other print engines.
      default:
        break;
    }
  }
  return out;
}

/** `bleed: auto | <length>`; undefined when invalid. */
function parseBleed(raw: string, env: LengthEnv): number | 'auto' | undefined {
  const nodes = valueNodes(raw);
  if (!nodes || nodes.length !== 1) return undefined;
  if (ident(nodes[0]) === 'auto') return 'auto';
  const l = parseLength(nodes[0]);
  if (!l) return undefined;
  return computeLength(l, env) as number;
}

/** `marks: none | [crop || cross]`; undefined when invalid. */
function parseMarks(raw: string): { crop: boolean; cross: boolean } | undefined {
  const ids = valueNodes(raw)?.map(ident);
  if (!ids || ids.length === 0 || ids.length > 2) return undefined;
  if (ids.length === 1 && ids[0] === 'none') return { crop: false, cross: false };
  if (ids.some((i) => i !== 'crop' && i !== 'cross') || new Set(ids).size !== ids.length)
    return undefined;
  return { crop: ids.includes('crop'), cross: ids.includes('cross') };
}

export function buildPageRules(
  raw: readonly RawPageRule[],
  engine: StyleEngine,
  rootStyle: ComputedStyle,
  warn: (w: Warning) => void,
): PageRules {
  const env: LengthEnv = {
    fontSize: rootStyle.fontSize,
    rootFontSize: rootStyle.fontSize,
    vw: 0,
    vh: 0,
    exRatio: 0.5,
    chRatio: 0.5,
  };
  const rules: PageRule[] = [];
  for (const r of raw) {
    let size: PageRule['size'] = null;
    const margins: Partial<
      Record<'marginTop' | 'marginRight' | 'marginBottom' | 'marginLeft', LengthPercentageAuto>
    > = {};
    for (const d of r.declarations) {
      if (d.property === 'size') {
        const s = parsePageSize(d.raw, env);
        if (s === 'invalid')
          warn({
            code: 'css.invalid-value',
            message: `invalid page size '${d.raw}'`,
            source: '@page',
          });
        else size = s;
      } else if (d.property.startsWith('margin')) {
        const v = parseMarginValue(d.raw, env);
        if (!v) {
          warn({
            code: 'css.invalid-value',
            message: `invalid page margin '${d.raw}'`,
            source: '@page',
          });
          continue;
        }
        if (d.property === 'margin') {
          const s = boxSides(v);
          if (!s) continue;
          [margins.marginTop, margins.marginRight, margins.marginBottom, margins.marginLeft] = s;
        } else if (v.length === 1) {
          const key = ('margin' +
            d.property.slice(7, 8).toUpperCase() +
            d.property.slice(8)) as keyof typeof margins;
          margins[key] = v[0];
        }
      }
    }
    rules.push({
      selectors: r.selectors,
      order: r.order,
      size,
      ...margins,
      marginBoxNames: [...r.marginBoxes.keys()],
    });
  }

  const names = new Set<string>(['']);
  for (const r of raw) for (const s of r.selectors) if (s.name) names.add(s.name);
  const variants = new Map<string, PageStyle>();
  const declCache = new Map<string, Declaration | null>();
  for (const name of names) {
    for (const first of [true, false]) {
      for (const side of ['right', 'left'] as const) {
        for (const blank of [false, true]) {
          const v: Variant = { name, first, side, blank };
          variants.set(
            pageVariantKey(v),
            resolveVariant(v, raw, rules, engine, rootStyle, warn, declCache),
          );
        }
      }
    }
  }
  return { rules, variants };
}

function resolveVariant(
  v: Variant,
  raw: readonly RawPageRule[],
  parsed: readonly PageRule[],
  engine: StyleEngine,
  rootStyle: ComputedStyle,
  warn: (w: Warning) => void,
  declCache: Map<string, Declaration | null>,
): PageStyle {
  const matching: PageDecl[] = [];
  raw.forEach((r) => {
    let best = -1;
    for (const s of r.selectors) if (selectorMatches(s, v)) best = Math.max(best, specificity(s));
    if (best >= 0) matching.push({ rule: r, spec: best });
  });
  matching.sort((a, b) => a.spec - b.spec || a.rule.order - b.rule.order);

  let size = DEFAULT_SIZE;
  const margin: Record<string, LengthPercentageAuto> = {
    marginTop: 0,
    marginRight: 0,
    marginBottom: 0,
    marginLeft: 0,
  };
  const byOrder = new Map(parsed.map((p) => [p.order, p]));
  // Page-level properties: later/more specific wins; !important lifts a declaration above the rest.
  const contextDecls: Declaration[] = [];
  const importantCtx: Declaration[] = [];
  const footnoteDecls: Declaration[] = [];
  const importantFootnote: Declaration[] = [];
  let bleed: number | 'auto' = 'auto';
  let marks = { crop: false, cross: false };
  const env: LengthEnv = {
    fontSize: rootStyle.fontSize,
    rootFontSize: rootStyle.fontSize,
    vw: 0,
    vh: 0,
    exRatio: 0.5,
    chRatio: 0.5,
  };
  for (const m of matching) {
    const p = byOrder.get(m.rule.order);
    if (!p) continue;
    if (p.size) size = p.size;
    for (const k of ['marginTop', 'marginRight', 'marginBottom', 'marginLeft'] as const) {
      if (p[k] !== undefined) margin[k] = p[k] as LengthPercentageAuto;
    }
    for (const d of m.rule.declarations) {
      if (d.property === 'bleed') {
        const b = parseBleed(d.raw, env);
        if (b === undefined) invalidPageValue(warn, d.property, d.raw);
        else bleed = b;
      } else if (d.property === 'marks') {
        const mk = parseMarks(d.raw);
        if (!mk) invalidPageValue(warn, d.property, d.raw);
        else marks = mk;
      }
      if (PAGE_ONLY.has(d.property)) continue;
      const decl = cachedDecl(d.property, d.raw, d.important, d.base, warn, declCache);
      if (decl) (d.important ? importantCtx : contextDecls).push(decl);
    }
    for (const d of m.rule.footnote ?? [])
      (d.important ? importantFootnote : footnoteDecls).push(d);
  }
  const context = engine.compute(
    rootStyle,
    [],
    [],
    sharedDeclarations(engine, [...contextDecls, ...importantCtx]),
    null,
  );
  const px = (val: LengthPercentageAuto, basis: number): number =>
    val === 'auto' ? 0 : Math.max(0, resolveLength(val, basis));
  const boxes: PageMarginBox[] = [];
  const boxNames = new Set<PageMarginBoxName>();
  for (const m of matching) for (const n of m.rule.marginBoxes.keys()) boxNames.add(n);
  for (const name of boxNames) {
    const decls: Declaration[] = [];
    const important: Declaration[] = [];
    for (const m of matching) {
      for (const d of m.rule.marginBoxes.get(name) ?? []) (d.important ? important : decls).push(d);
    }
    const [h, vAlign] = BOX_ALIGN[name];
    const hints = [
      cachedDecl('text-align', h, false, undefined, warn, declCache),
      cachedDecl('vertical-align', vAlign, false, undefined, warn, declCache),
    ].filter((d): d is Declaration => d !== null);
    const style = engine.compute(
      context,
      [],
      sharedDeclarations(engine, hints),
      sharedDeclarations(engine, [...decls, ...important]),
      null,
    );
    const content = contentItems(style);
    if (!content) continue;
    boxes.push({ name, content, style });
  }
  const footnote = engine.compute(
    context,
    [],
    [],
    sharedDeclarations(engine, [...footnoteDecls, ...importantFootnote]),
    null,
  );
  const bg: RgbaColor = context.backgroundColor ?? TRANSPARENT;
  // CSS Paged Media: bleed auto is 6pt when crop marks are drawn, else nothing.
  const b = bleed === 'auto' ? (marks.crop ? 8 : 0) : Math.max(0, bleed);
  return {
    name: v.name,
    width: size.width,
    height: size.height,
    marginTop: px(margin.marginTop, size.height),
    marginRight: px(margin.marginRight, size.width),
    marginBottom: px(margin.marginBottom, size.height),
    marginLeft: px(margin.marginLeft, size.width),
    backgroundColor: bg,
    marginBoxes: boxes,
    context,
    footnote,
    bleed: { top: b, right: b, bottom: b, left: b },
    marks,
  };
}

function invalidPageValue(warn: (w: Warning) => void, property: string, raw: string): void {
  warn({
    code: 'css.invalid-value',
    message: `invalid value '${raw}' for ${property} in @page`,
    source: '@page',
  });
}

/**
 * One array per distinct list of declarations for as long as the engine lives: compute's cache
 * names declaration lists by identity, so a list built afresh for each document would never hit.
 */
function sharedDeclarations(engine: StyleEngine, list: Declaration[]): readonly Declaration[] {
  if (list.length === 0) return list;
  const key = list.map((d) => declKey(d.property, d.raw, d.important, d.base)).join('\n');
  return engine.sharedDeclarations(`@page\n${key}`, () => list);
}

/** What makes two @page declarations the same. */
function declKey(property: string, raw: string, important: boolean, base?: string): string {
  return `${property}:${raw}:${important ? 1 : 0}:${base ?? ''}`;
}

function cachedDecl(
  property: string,
  raw: string,
  important: boolean,
  base: string | undefined,
  warn: (w: Warning) => void,
  cache: Map<string, Declaration | null>,
): Declaration | null {
  const key = declKey(property, raw, important, base);
  let d = cache.get(key);
  if (d === undefined) {
    d = makeDeclaration(property, raw, important, base, '@page', warn);
    cache.set(key, d);
  }
  return d;
}

/**
 * The used page for one page. Page 1 (index 0) is a right page, as in left-to-right books;
 * `:first` applies to index 0 only.
 */
export function pageStyleFor(rules: PageRules, ctx: PageSelectorContext): PageStyle {
  const name =
    ctx.name &&
    rules.variants.has(
      pageVariantKey({ name: ctx.name, first: false, side: 'right', blank: false }),
    )
      ? ctx.name
      : '';
  const key = pageVariantKey({
    name,
    first: ctx.index === 0,
    side: ctx.index % 2 === 0 ? 'right' : 'left',
    blank: ctx.blank === true,
  });
  const hit = rules.variants.get(key);
  if (hit) return hit;
  // Only reachable with PageRules built by hand: A4 with no margins, no page context.
  const fallback = rules.variants.values().next().value;
  if (fallback) return fallback;
  throw new Error('page rules without any page variant');
}

/** Page area (page box minus margins) of the first page, for vw/vh before the cascade runs. */
export function firstPageArea(raw: readonly RawPageRule[]): { width: number; height: number } {
  const env: LengthEnv = {
    fontSize: 16,
    rootFontSize: 16,
    vw: 0,
    vh: 0,
    exRatio: 0.5,
    chRatio: 0.5,
  };
  const v: Variant = { name: '', first: true, side: 'right', blank: false };
  let size = DEFAULT_SIZE;
  const m = [0, 0, 0, 0] as (number | string)[];
  const matching = raw
    .map((r) => ({
      r,
      s: Math.max(-1, ...r.selectors.map((s) => (selectorMatches(s, v) ? specificity(s) : -1))),
    }))
    .filter((x) => x.s >= 0)
    .sort((a, b) => a.s - b.s || a.r.order - b.r.order);
  for (const { r } of matching) {
    for (const d of r.declarations) {
      if (d.property === 'size') {
        const s = parsePageSize(d.raw, env);
        if (s && s !== 'invalid') size = s;
      } else if (d.property === 'margin') {
        const val = parseMarginValue(d.raw, env);
        const s = val && boxSides(val);
        if (s)
          s.forEach(
            (x, i) =>
              (m[i] =
                typeof x === 'number'
                  ? x
                  : typeof x === 'object'
                    ? resolveLength(x, i % 2 ? size.width : size.height)
                    : 0),
          );
      }
    }
  }
  const n = m.map((x) => (typeof x === 'number' ? x : 0));
  return {
    width: Math.max(1, size.width - n[1] - n[3]),
    height: Math.max(1, size.height - n[0] - n[2]),
  };
}
