/**
 * The cascade for one element (or pseudo-element): matching rules from the index, ordering by
 * origin, importance, specificity and source order, then computing every longhand once into a
 * frozen ComputedStyle. Elements with the same parent style and the same matched declarations
 * share one ComputedStyle object (a 500-row table computes each distinct cell style once).
 */
import type { Warning } from '../diagnostics.js';
import type { DomElement } from '../html/index.js';
import type { BlendMode } from '../document/index.js';
import {
  DeclarationParser,
  computeCustomProperties,
  substituteVars,
  type ParsedDeclaration,
  type WideKeyword,
} from './declarations.js';
import { COMPUTE_ORDER, LOGICAL_INLINE, LONGHANDS } from './properties/index.js';
import { INITIAL, type ComputeCtx, type Longhand } from './properties/kit.js';
import { matchesSelector, type AncestorFilter, type PseudoElement } from './selectors.js';
import type { Declaration, RegisteredProperty, RuleIndex, StyleRule } from './sheet.js';
import type {
  BackgroundLayer,
  BackgroundPosition,
  BackgroundSize,
  ComputedStyle,
  CssImage,
  Display,
  FontMetricsProvider,
  FontStyle,
  RgbaColor,
  TextWrapMode,
  WhiteSpaceCollapse,
} from './types.js';
import type { LengthEnv } from './values.js';
import { zoomInherited, zoomInitial } from './zoom.js';
import type { LegacyBoxDisplay } from './properties/display.js';
import { legacyWhiteSpace, usedTextAlign, type TextAlignSpec } from './properties/text.js';

/**
 * Precedence of a declaration: origin and importance (CSS Cascade 5 §6.1), then, inside the
 * author origin, element-attached styles and cascade layers. A rank is tier * TIER + place.
 */
const RANK_UA = 0;
const RANK_HINT = 1;
const RANK_AUTHOR = 2;
const RANK_AUTHOR_IMPORTANT = 3;
const RANK_UA_IMPORTANT = 4;
const TIER = 1 << 20;
/** Places inside the author tiers: layers are 0..LAYERS-1, then unlayered, then style="". */
const LAYERS = TIER - 2;

/**
 * Normal declarations: later layers win, unlayered rules beat every layer, the style attribute
 * beats them all. Important ones reverse the layers (the first layer's !important wins, and
 * unlayered !important is the weakest); the style attribute's !important still wins.
 */
export function authorRank(important: boolean, layer: number | 'unlayered' | 'inline'): number {
  if (layer === 'inline')
    return (important ? RANK_AUTHOR_IMPORTANT : RANK_AUTHOR) * TIER + LAYERS + 1;
  if (!important) return RANK_AUTHOR * TIER + (layer === 'unlayered' ? LAYERS : layer);
  return RANK_AUTHOR_IMPORTANT * TIER + (layer === 'unlayered' ? 0 : LAYERS - layer);
}

type Cascaded =
  | { readonly t: 'spec'; readonly spec: unknown }
  | { readonly t: 'wide'; readonly kw: WideKeyword }
  | { readonly t: 'pending'; readonly decl: Declaration };

interface Slot {
  rank: number;
  /** Application order, to decide between a logical and a physical declaration of equal rank. */
  seq: number;
  value: Cascaded;
  /**
   * The logical longhand (border-inline-start-color, …) whose declaration this physical slot
   * took; a var() value is re-parsed as that property, whose expansion names the logical one.
   */
  declaredAs?: Longhand;
}

/** Internal per-style record: every longhand's computed value by key, plus custom properties. */
type Record_ = Record<string, unknown>;

/**
 * What the cq* units of one element resolve against: 1cqw and 1cqh in px from its nearest size
 * containers (absent: the page area), and a key naming them for style sharing.
 */
export interface ContainerUnits {
  readonly cqw?: number;
  readonly cqh?: number;
  readonly key: string;
}

export interface EngineOptions {
  readonly viewport: { readonly width: number; readonly height: number };
  /** Custom properties registered with @property. */
  readonly registered?: ReadonlyMap<string, RegisteredProperty>;
  readonly fontMetrics?: FontMetricsProvider;
  readonly warn: (w: Warning) => void;
}

const BLOCKIFY: Partial<Record<Display, Display>> = {
  inline: 'block',
  'inline-block': 'block',
  'inline-flex': 'flex',
  'inline-grid': 'grid',
  'inline-table': 'table',
  'table-row-group': 'block',
  'table-header-group': 'block',
  'table-footer-group': 'block',
  'table-row': 'block',
  'table-cell': 'block',
  'table-column-group': 'block',
  'table-column': 'block',
  'table-caption': 'block',
};

const ORIGIN_INITIAL: Record_ = (() => {
  const r: Record_ = {};
  for (const l of COMPUTE_ORDER) r[l.key] = l.initial;
  r.color = { r: 0, g: 0, b: 0, a: 1 };
  return r;
})();

export interface MatchedRules {
  readonly element: readonly StyleRule[];
  readonly before: readonly StyleRule[];
  readonly after: readonly StyleRule[];
  readonly marker: readonly StyleRule[];
  readonly 'footnote-call': readonly StyleRule[];
  readonly 'footnote-marker': readonly StyleRule[];
  readonly 'first-letter': readonly StyleRule[];
  readonly placeholder: readonly StyleRule[];
  readonly 'first-line': readonly StyleRule[];
  readonly 'slider-track': readonly StyleRule[];
  readonly 'slider-fill': readonly StyleRule[];
  readonly 'slider-thumb': readonly StyleRule[];
}

/** No matching rule: shared by the many lists that stay empty (most pseudo-elements). */
const NO_RULES: readonly StyleRule[] = Object.freeze([]);

/**
 * A list of matched rules in cascade order (sorted in place; one rule or none is left as is).
 * An element matches a handful of rules, mostly already in order: an insertion sort does that
 * without the scratch array Array.prototype.sort allocates for every element.
 */
function ordered(list: StyleRule[] | undefined): readonly StyleRule[] {
  if (!list) return NO_RULES;
  const n = list.length;
  if (n > 32) return list.sort(byCascadeOrder);
  for (let i = 1; i < n; i++) {
    const rule = list[i];
    let j = i - 1;
    while (j >= 0 && byCascadeOrder(list[j], rule) > 0) {
      list[j + 1] = list[j];
      j--;
    }
    list[j + 1] = rule;
  }
  return list;
}

const byCascadeOrder = (a: StyleRule, b: StyleRule): number =>
  a.selector.specificity - b.selector.specificity || a.order - b.order;

export class StyleEngine {
  readonly parser: DeclarationParser;
  private readonly internal = new WeakMap<ComputedStyle, Record_>();
  private readonly shared = new WeakMap<ComputedStyle, Map<string, ComputedStyle>>();
  private readonly rootShared = new Map<string, ComputedStyle>();
  private readonly sharedLists = new Map<string, readonly Declaration[]>();
  private readonly listIds = new Map<readonly Declaration[], number>();
  private rootFontSize = 16;
  private computed = 0;
  private readonly metricsCache = new Map<string, { exRatio: number; chRatio: number }>();

  /** What the root inherits: the initial values of the registered custom properties. */
  private readonly initialCustom: ReadonlyMap<string, string>;

  constructor(
    private readonly index: RuleIndex,
    private readonly opts: EngineOptions,
  ) {
    this.parser = new DeclarationParser(opts.warn);
    const initial = new Map<string, string>();
    for (const [name, r] of opts.registered ?? [])
      if (r.initial !== null) initial.set(name, r.initial);
    this.initialCustom = initial;
  }

  /**
   * Rules matching an element, split by pseudo-element, each list in cascade order. With a
   * filter, the caller keeps it holding exactly `el`'s ancestors.
   */
  match(el: DomElement, filter?: AncestorFilter): MatchedRules {
    // Lists are made for the pseudo-elements a rule matched (most elements: none).
    const lists: { -readonly [K in keyof MatchedRules]?: StyleRule[] } = {};
    for (const r of this.index.candidates(el, filter)) {
      if (!matchesSelector(el, r.selector)) continue;
      (lists[r.selector.pseudoElement ?? 'element'] ??= []).push(r);
    }
    return {
      element: ordered(lists.element),
      before: ordered(lists.before),
      after: ordered(lists.after),
      marker: ordered(lists.marker),
      'footnote-call': ordered(lists['footnote-call']),
      'footnote-marker': ordered(lists['footnote-marker']),
      'first-letter': ordered(lists['first-letter']),
      placeholder: ordered(lists.placeholder),
      'first-line': ordered(lists['first-line']),
      'slider-track': ordered(lists['slider-track']),
      'slider-fill': ordered(lists['slider-fill']),
      'slider-thumb': ordered(lists['slider-thumb']),
    };
  }

  /** Whether some rule is conditional on @container (see RuleIndex). */
  get hasContainerRules(): boolean {
    return this.index.hasContainerRules;
  }

  /** Whether some @container condition tests a container's size. */
  get hasSizeQueries(): boolean {
    return this.index.hasSizeQueries;
  }

  /** The root element's font size, what rem in a container query is measured in. */
  get rootFontSizePx(): number {
    return this.rootFontSize;
  }

  /** Whether computing `style` resolved a cq* unit (it then depends on container sizes). */
  usesContainerUnits(style: ComputedStyle): boolean {
    return this.internal.get(style)?._cq === true;
  }

  /** Declarations of a style="" attribute, parsed once per distinct text. */
  styleAttribute(
    text: string,
    base: string | undefined,
    parse: (t: string, b: string | undefined) => Declaration[],
  ): readonly Declaration[] {
    return this.sharedDeclarations(`style\n${base ?? ''}\n${text}`, () => parse(text, base));
  }

  /**
   * One declaration array per distinct key (a style attribute, presentational hints of an
   * attribute set, an @page margin box's declarations) for as long as the engine lives:
   * compute's cache key names these lists by array identity, so a list rebuilt for each
   * document would miss every style it had already computed.
   */
  sharedDeclarations(key: string, make: () => readonly Declaration[]): readonly Declaration[] {
    let d = this.sharedLists.get(key);
    if (!d) {
      d = make();
      this.sharedLists.set(key, d);
    }
    return d;
  }

  /**
   * Computes the style for one element or pseudo-element.
   * @param rules matched rules in cascade order
   * @param hints presentational-hint declarations (author level, below every author rule)
   * @param inline style attribute declarations
   * @param isPseudo pseudo-elements are never blockified as roots
   * @param units the element's cq* units, inside a size container only
   */
  compute(
    parent: ComputedStyle | null,
    rules: readonly StyleRule[],
    hints: readonly Declaration[],
    inline: readonly Declaration[],
    pseudo: PseudoElement | null,
    units?: ContainerUnits,
  ): ComputedStyle {
    // Style sharing: same parent style + same declarations ⇒ same computed style.
    // Hint and style-attribute lists are shared arrays per distinct text, so their identity
    // stands for their content.
    let key = pseudo ?? '';
    for (const r of rules) key += ',' + r.order;
    if (hints.length) key += '|h' + this.listId(hints);
    if (inline.length) key += '|s' + this.listId(inline);
    if (units) key += '|q' + units.key;
    const cache = parent ? this.sharedFor(parent) : this.rootShared;
    const hit = cache.get(key);
    if (hit) return hit;
    const style = this.computeUncached(parent, rules, hints, inline, pseudo, units);
    this.computed++;
    cache.set(key, style);
    return style;
  }

  /** Distinct styles computed so far (a measure of what the engine's caches hold). */
  get computedStyles(): number {
    return this.computed;
  }

  private listId(list: readonly Declaration[]): number {
    let id = this.listIds.get(list);
    if (id === undefined) {
      id = this.listIds.size + 1;
      this.listIds.set(list, id);
    }
    return id;
  }

  private sharedFor(parent: ComputedStyle): Map<string, ComputedStyle> {
    let m = this.shared.get(parent);
    if (!m) {
      m = new Map();
      this.shared.set(parent, m);
    }
    return m;
  }

  /** Custom property values of a computed style (for tests and margin boxes). */
  customProperties(style: ComputedStyle): ReadonlyMap<string, string> {
    return (
      (this.internal.get(style)?._custom as ReadonlyMap<string, string> | undefined) ?? new Map()
    );
  }

  private cascadeDeclarations(
    rules: readonly StyleRule[],
    hints: readonly Declaration[],
    inline: readonly Declaration[],
  ): { slots: Map<Longhand, Slot>; ua: Map<Longhand, Cascaded>; custom: Map<string, string> } {
    const slots = new Map<Longhand, Slot>();
    const ua = new Map<Longhand, Cascaded>();
    const custom = new Map<string, string>();
    const customRank = new Map<string, number>();
    let seq = 0;
    const apply = (
      d: Declaration,
      origin: 'ua' | 'hint' | 'author',
      layer: number | 'unlayered' | 'inline',
    ): void => {
      const p: ParsedDeclaration | null = this.parser.parse(d);
      if (!p) return;
      const rank =
        origin === 'ua'
          ? (d.important ? RANK_UA_IMPORTANT : RANK_UA) * TIER
          : origin === 'hint'
            ? RANK_HINT * TIER
            : authorRank(d.important, layer);
      const baseRank = origin === 'ua' ? RANK_UA : RANK_AUTHOR;
      if (p.kind === 'custom') {
        if ((customRank.get(p.name) ?? -1) <= rank) {
          customRank.set(p.name, rank);
          custom.set(p.name, p.raw);
        }
        return;
      }
      const set = (l: Longhand, value: Cascaded): void => {
        const cur = slots.get(l);
        if (!cur || cur.rank <= rank) slots.set(l, { rank, value, seq: seq++ });
        if (baseRank === RANK_UA) ua.set(l, value);
      };
      if (p.kind === 'values') for (const [l, spec] of p.entries) set(l, { t: 'spec', spec });
      else if (p.kind === 'wide') for (const l of p.longhands) set(l, { t: 'wide', kw: p.keyword });
      else for (const l of p.longhands) set(l, { t: 'pending', decl: d });
    };
    for (const d of hints) apply(d, 'hint', 'unlayered');
    for (const r of rules) {
      const layer = r.layer ?? 'unlayered';
      for (const d of r.declarations) apply(d, r.origin, layer);
    }
    for (const d of inline) apply(d, 'author', 'inline');
    return { slots, ua, custom };
  }

  private metrics(
    family: readonly string[],
    weight: number,
    style: FontStyle,
  ): { exRatio: number; chRatio: number } {
    const key = `${family.join(',')}|${weight}|${style}`;
    let m = this.metricsCache.get(key);
    if (!m) {
      const got = this.opts.fontMetrics?.(family, weight, style);
      m = got ? { exRatio: got.xHeight, chRatio: got.zeroAdvance } : { exRatio: 0.5, chRatio: 0.5 };
      this.metricsCache.set(key, m);
    }
    return m;
  }

  private computeUncached(
    parent: ComputedStyle | null,
    rules: readonly StyleRule[],
    hints: readonly Declaration[],
    inline: readonly Declaration[],
    pseudo: PseudoElement | null,
    units: ContainerUnits | undefined,
  ): ComputedStyle {
    const pRec: Record_ = parent ? (this.internal.get(parent) as Record_) : ORIGIN_INITIAL;
    const { slots, ua, custom } = this.cascadeDeclarations(rules, hints, inline);
    const inheritedCustom =
      (pRec._custom as ReadonlyMap<string, string> | undefined) ?? this.initialCustom;
    const customProps = computeCustomProperties(inheritedCustom, custom, this.opts.registered);
    const rec: Record_ = { _custom: customProps };
    const vw = this.opts.viewport.width / 100;
    const vh = this.opts.viewport.height / 100;
    // ex/ch need font metrics: looked up only when such a unit is actually used.
    const lazyEnv = (
      fontSize: number,
      rootFontSize: number,
      font: () => [string[], number, FontStyle],
      zoom: number,
    ): LengthEnv => {
      let m: { exRatio: number; chRatio: number } | null = null;
      const get = (): { exRatio: number; chRatio: number } => (m ??= this.metrics(...font()));
      return {
        fontSize,
        rootFontSize,
        vw,
        vh,
        zoom,
        get exRatio() {
          return get().exRatio;
        },
        get chRatio() {
          return get().chRatio;
        },
        // Read only by cq* units: the style then depends on the containers' sizes.
        get cqw() {
          rec._cq = true;
          return units?.cqw;
        },
        get cqh() {
          rec._cq = true;
          return units?.cqh;
        },
      };
    };
    const parentFont = (): [string[], number, FontStyle] => [
      pRec.fontFamily as string[],
      pRec.fontWeight as number,
      pRec.fontStyle as FontStyle,
    ];
    const rootFontSize = parent ? this.rootFontSize : 16;
    let env: LengthEnv = lazyEnv(pRec.fontSize as number, rootFontSize, parentFont, 1);
    // The element's own zoom factor: what inherited lengths are multiplied by (set once zoom,
    // which is computed first, is known).
    let ownZoom = 1;
    const ctx: { env: LengthEnv; color: RgbaColor; self: Record_; parent: Record_ } = {
      env,
      color: pRec.color as RgbaColor,
      self: rec,
      parent: pRec,
    };

    const initialOrInherit = (l: Longhand, kw: WideKeyword | 'none'): unknown => {
      if (kw === 'inherit' || (kw !== 'initial' && l.inherited))
        return zoomInherited(l.key, pRec[l.key], ownZoom);
      return zoomInitial(l.key, l.initial, (rec.zoom as number | undefined) ?? 1);
    };

    const valueOf = (
      l: Longhand,
      c: Cascaded | undefined,
      depth = 0,
      declaredAs: Longhand = l,
    ): unknown => {
      if (!c) return initialOrInherit(l, 'none');
      if (c.t === 'wide') {
        if (c.kw === 'revert' && depth === 0) {
          // Author `revert` rolls back to the user-agent value.
          const u = ua.get(l);
          if (u && u !== c) return valueOf(l, u, 1);
          return initialOrInherit(l, 'unset');
        }
        return initialOrInherit(l, c.kw === 'revert' ? 'unset' : c.kw);
      }
      if (c.t === 'pending') {
        const sub = substituteVars(c.decl.raw, (n) => customProps.get(n) ?? null);
        const spec = sub === null ? null : this.parser.parseSubstituted(c.decl, sub, declaredAs);
        if (spec === null) {
          this.parser.warnOnce(
            `var() in '${c.decl.property}' did not resolve to a valid value`,
            c.decl.source,
            'css.invalid-value',
          );
          return initialOrInherit(l, 'unset');
        }
        if (typeof spec === 'object' && spec !== null && 'wide' in spec) {
          return initialOrInherit(
            l,
            (spec as { wide: WideKeyword }).wide === 'revert'
              ? 'unset'
              : (spec as { wide: WideKeyword }).wide,
          );
        }
        return spec === INITIAL
          ? initialOrInherit(l, 'initial')
          : l.compute(spec, ctx as ComputeCtx);
      }
      return c.spec === INITIAL
        ? initialOrInherit(l, 'initial')
        : l.compute(c.spec, ctx as ComputeCtx);
    };

    for (const l of COMPUTE_ORDER) {
      const slot = slots.get(l);
      let v = valueOf(l, slot?.value, 0, slot?.declaredAs ?? l);
      if (v === 'currentcolor' && !l.keepsCurrentColor)
        v = l.key === 'color' ? pRec.color : rec.color;
      rec[l.key] = v;
      if (l.key === 'zoom') {
        ownZoom = (v as number) / (pRec.zoom as number);
        // font-size's em and percentages refer to the parent's size at this element's zoom.
        env = lazyEnv((pRec.fontSize as number) * ownZoom, rootFontSize, parentFont, v as number);
        ctx.env = env;
      } else if (l.key === 'fontSize') {
        // rem is the root's size before its zoom; each element multiplies it by its own.
        const unzoomed = (v as number) / (rec.zoom as number);
        if (!parent) this.rootFontSize = unzoomed;
        const font = (): [string[], number, FontStyle] => [
          (rec.fontFamily ?? pRec.fontFamily) as string[],
          (rec.fontWeight ?? pRec.fontWeight) as number,
          (rec.fontStyle ?? pRec.fontStyle) as FontStyle,
        ];
        env = lazyEnv(v as number, parent ? rootFontSize : unzoomed, font, rec.zoom as number);
        ctx.env = env;
      } else if (l.key === 'color') {
        ctx.color = v as RgbaColor;
      } else if (l.key === 'direction') {
        mapLogical(slots, v === 'rtl' ? 1 : 0);
      }
    }
    // A drop cap floats to the start side, beside the lines it sinks into.
    if (rec.initialLetter !== 'normal') {
      if (pseudo === 'first-letter') rec.float = rec.direction === 'rtl' ? 'right' : 'left';
      else rec.initialLetter = 'normal';
    }
    return this.finish(rec, pRec, parent === null && pseudo === null);
  }

  private finish(rec: Record_, pRec: Record_, isRoot: boolean): ComputedStyle {
    resolveLegacyBox(rec);
    rec.textAlign = usedTextAlign(rec._textAlign as TextAlignSpec);
    rec.whiteSpace = legacyWhiteSpace(
      rec.whiteSpaceCollapse as WhiteSpaceCollapse,
      rec.textWrapMode as TextWrapMode,
    );
    // Border widths compute to 0 with no border style.
    for (const s of ['Top', 'Right', 'Bottom', 'Left']) {
      const st = rec[`border${s}Style`];
      if (st === 'none' || st === 'hidden') rec[`border${s}Width`] = 0;
    }
    // Logical float and clear values follow the containing block's direction.
    const rtlParent = pRec.direction === 'rtl';
    for (const k of ['float', 'clear']) {
      if (rec[k] === 'inline-start') rec[k] = rtlParent ? 'right' : 'left';
      else if (rec[k] === 'inline-end') rec[k] = rtlParent ? 'left' : 'right';
    }
    if (rec.position === 'absolute' || rec.position === 'fixed') rec.float = 'none';
    const display = rec.display as Display;
    // The parent's box: through display: contents, the box of the nearest ancestor that has
    // one (the children of a contents element in a flex container are its flex items).
    const parentDisplay = ((pRec._boxDisplay as Display | undefined) ?? pRec.display) as Display;
    const blockify =
      isRoot ||
      rec.float !== 'none' ||
      rec.position === 'absolute' ||
      rec.position === 'fixed' ||
      parentDisplay === 'flex' ||
      parentDisplay === 'inline-flex' ||
      parentDisplay === 'grid' ||
      parentDisplay === 'inline-grid';
    if (blockify && display !== 'none' && display !== 'contents')
      rec.display = BLOCKIFY[display] ?? display;
    if (isRoot && rec.display === 'contents') rec.display = 'block';
    rec._boxDisplay = rec.display === 'contents' ? parentDisplay : rec.display;
    // An inline in another writing mode than its parent's lays its text out in a box of its
    // own: it becomes an inline-block (CSS Writing Modes 3 §3.1).
    if (!isRoot && rec.display === 'inline' && rec.writingMode !== pRec.writingMode)
      rec.display = 'inline-block';
    // overflow: a visible axis next to a clipping one behaves as auto.
    if (rec.overflowX === 'visible' && rec.overflowY !== 'visible' && rec.overflowY !== 'clip')
      rec.overflowX = 'auto';
    if (rec.overflowY === 'visible' && rec.overflowX !== 'visible' && rec.overflowX !== 'clip')
      rec.overflowY = 'auto';
    const [bsh, bsv] = rec._borderSpacing as [number, number];
    rec.borderSpacingH = bsh;
    rec.borderSpacingV = bsv;
    rec.backgroundLayers = buildLayers(rec);
    rec.backgroundClip = colorClip(rec);

    const style: Record<string, unknown> = { ...STYLE_SHAPE };
    for (const k of PUBLIC_KEYS) style[k] = rec[k];
    const frozen = Object.freeze(style) as unknown as ComputedStyle;
    this.internal.set(frozen, rec);
    return frozen;
  }
}

/**
 * `display: -webkit-box` (old flexbox) and `continue: -webkit-legacy`: a legacy box stacked
 * vertically with -webkit-line-clamp is a block container that clamps its lines (as browsers
 * lay out the common teaser pattern); any other legacy box is a flex container, a column when
 * it stacks vertically. -webkit-line-clamp clamps nothing else.
 */
function resolveLegacyBox(rec: Record_): void {
  const d = rec.display as Display | LegacyBoxDisplay;
  const legacy = d === '-webkit-box' || d === '-webkit-inline-box';
  const vertical = rec._boxOrient === 'vertical';
  if (rec.continue === '-webkit-legacy')
    rec.continue = legacy && vertical && rec.maxLines !== 'none' ? 'discard' : 'auto';
  if (!legacy) return;
  const inline = d === '-webkit-inline-box';
  if (rec.continue === 'discard' && rec.maxLines !== 'none') {
    rec.display = inline ? 'inline-block' : 'block';
    return;
  }
  rec.display = inline ? 'inline-flex' : 'flex';
  if (vertical) rec.flexDirection = 'column';
}

/** Moves cascaded inline-start/end values onto left/right when they beat the physical ones. */
function mapLogical(slots: Map<Longhand, Slot>, rtl: 0 | 1): void {
  for (const [name, targets] of LOGICAL_INLINE) {
    const l = LONGHANDS.get(name) as Longhand;
    const slot = slots.get(l);
    if (!slot) continue;
    const phys = LONGHANDS.get(targets[rtl]) as Longhand;
    const cur = slots.get(phys);
    if (!cur || cur.rank < slot.rank || (cur.rank === slot.rank && cur.seq < slot.seq))
      slots.set(phys, { ...slot, declaredAs: l });
  }
}

const PUBLIC_KEYS: readonly string[] = [
  ...COMPUTE_ORDER.map((l) => l.key).filter((k) => !k.startsWith('_')),
  'whiteSpace',
  'textAlign',
  'borderSpacingH',
  'borderSpacingV',
  'backgroundLayers',
  'backgroundClip',
];

/**
 * Every public key, in order. Styles start as a copy of it, so they all share one hidden class
 * in V8 and layout reads their properties fast; filled key by key into an empty object, each
 * of the 138 keys was a dictionary lookup on every read (and every `{ ...style }` copy slow).
 */
const STYLE_SHAPE: Readonly<Record<string, unknown>> = Object.fromEntries(
  PUBLIC_KEYS.map((k) => [k, undefined]),
);

/** background-color is clipped as the bottom layer is (CSS Backgrounds 3, 3.2). */
function colorClip(rec: Record_): BackgroundLayer['clip'] {
  const layers = (rec._bgImage as unknown[]).length;
  const clip = rec._bgClip as BackgroundLayer['clip'][];
  return clip[(layers - 1) % clip.length];
}

function buildLayers(rec: Record_): BackgroundLayer[] {
  const images = rec._bgImage as (CssImage | 'none')[];
  if (images.every((i) => i === 'none')) return [];
  const pick = <T>(list: readonly T[], i: number): T => list[i % list.length];
  const pos = rec._bgPosition as BackgroundPosition[];
  const size = rec._bgSize as BackgroundSize[];
  const rep = rec._bgRepeat as [BackgroundLayer['repeatX'], BackgroundLayer['repeatY']][];
  const origin = rec._bgOrigin as BackgroundLayer['origin'][];
  const clip = rec._bgClip as BackgroundLayer['clip'][];
  const blend = rec.backgroundBlendMode as readonly BlendMode[];
  const out: BackgroundLayer[] = [];
  images.forEach((image, i) => {
    if (image === 'none') return;
    const [rx, ry] = pick(rep, i);
    const mode = pick(blend, i);
    out.push({
      image,
      position: pick(pos, i),
      size: pick(size, i),
      repeatX: rx,
      repeatY: ry,
      origin: pick(origin, i),
      clip: pick(clip, i),
      ...(mode !== 'normal' ? { blend: mode } : {}),
    });
  });
  return out;
}
