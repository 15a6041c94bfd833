/**
 * Builds the StyledNode tree: cascades every element in document order, generates ::marker,
 * ::before and ::after with their content resolved (counters with CSS scoping, list-item
 * numbering incl. <ol start reversed> and <li value>, quotes, attr()).
 */
import { csstree } from './css-tree.js';
import type { Warning } from '../diagnostics.js';
import type { DomElement } from '../html/index.js';
import type { ContainerUnits, MatchedRules, StyleEngine } from './cascade.js';
import {
  conditionMatches,
  queryContainer,
  sizeContainerType,
  type QueryContainer,
} from './container-queries.js';
import { formatCounter, markerText, quotePairs } from './counters.js';
import { presentationalHints } from './hints.js';
import {
  elementTexts,
  finishContent,
  partialContent,
  referencedIds,
  targetId,
  type PartialContent,
} from './paged-content.js';
import { hasFirstLine, withFirstLetter } from './first-letter.js';
import { AncestorFilter } from './selectors.js';
import { svgStyleAttribute } from './svg-cascade.js';
import { isOutermostSvg, svgMarkup } from './svg-markup.js';
import { blockDeclarations, makeDeclaration, type Declaration, type StyleRule } from './sheet.js';
import type {
  ComputedStyle,
  ContainerSize,
  SliderStyles,
  ContentItem,
  ContentList,
  CounterChange,
  GeneratedContent,
  StyledElement,
  StyledNode,
  StyledPseudo,
  StyledText,
  TargetInfo,
  ListStyleType,
} from './types.js';
import type { CounterStyleDefs } from './counter-styles.js';

export interface BuildOptions {
  readonly base?: string;
  /** The document's @counter-style rules. */
  readonly counterStyles?: CounterStyleDefs;
  readonly warn: (w: Warning) => void;
  readonly signal?: AbortSignal;
  /** See StyleOptions.checkpoint. */
  readonly checkpoint?: () => void;
  /** Content boxes of the size containers (CSS px) as the last layout measured them. */
  readonly containerSizes?: ReadonlyMap<DomElement, ContainerSize>;
}

/**
 * A styled element, built field by field in one order (optional fields only when present):
 * spreading small objects into it, once per element, was half of the styling walk's own time.
 */
function styledElement(
  el: DomElement,
  nodeId: number,
  style: ComputedStyle,
  lang: string,
  placeholderStyle: ComputedStyle | undefined,
  firstLineStyle: ComputedStyle | undefined,
  children: readonly StyledNode[],
  svgMarkup?: string,
  sliderStyles?: SliderStyles,
): StyledElement {
  const out: { -readonly [K in keyof StyledElement]: StyledElement[K] } = {
    kind: 'element',
    nodeId,
    style,
    tag: el.tag,
    namespace: el.namespace,
    attrs: el.attrs,
    lang,
    children,
  };
  if (svgMarkup !== undefined) out.svgMarkup = svgMarkup;
  if (placeholderStyle) out.placeholderStyle = placeholderStyle;
  if (firstLineStyle) out.firstLineStyle = firstLineStyle;
  if (sliderStyles) out.sliderStyles = sliderStyles;
  return out;
}

/**
 * The size to write on an outermost <svg> without width and height attributes: the content
 * size its style fixes; else, without a viewBox to give a ratio, CSS's default object size
 * (300 x 150 px), which browsers draw such an SVG in.
 */
function ownSize(
  el: DomElement,
  style: ComputedStyle,
): { size: { width: number; height: number } } | Record<string, never> {
  const fixed = definiteContentSize(style);
  if ('size' in fixed || el.attrs.has('viewBox')) return fixed;
  return { size: { width: 300, height: 150 } };
}

/**
 * The content box size a style fixes in CSS px, when both width and height are lengths (and,
 * with border-box sizing, the padding too); what an <svg> without its own size is drawn in.
 */
function definiteContentSize(
  style: ComputedStyle,
): { size: { width: number; height: number } } | Record<string, never> {
  const { width, height } = style;
  if (typeof width !== 'number' || typeof height !== 'number') return {};
  if (style.boxSizing !== 'border-box') return { size: { width, height } };
  const pads = [style.paddingTop, style.paddingRight, style.paddingBottom, style.paddingLeft];
  if (!pads.every((p): p is number => typeof p === 'number')) return {};
  const w = width - pads[1] - pads[3] - style.borderLeftWidth - style.borderRightWidth;
  const h = height - pads[0] - pads[2] - style.borderTopWidth - style.borderBottomWidth;
  return w > 0 && h > 0 ? { size: { width: w, height: h } } : {};
}

/** Whether an element answers container queries of its descendants (a type or a name). */
function isQueryContainer(style: ComputedStyle): boolean {
  return style.containerType !== 'normal' || style.containerName.length > 0;
}

/** A progress bar or a range input: the controls drawn from slider pseudo-elements. */
function sliderKind(el: DomElement): 'progress' | 'range' | null {
  if (el.tag === 'progress') return 'progress';
  return el.tag === 'input' && el.attrs.get('type')?.toLowerCase() === 'range' ? 'range' : null;
}

/**
 * A checkbox or radio button. With appearance none, browsers give it ::before and ::after
 * boxes: custom check marks and switch knobs are drawn with them.
 */
function isToggle(el: DomElement): boolean {
  const type = el.tag === 'input' ? el.attrs.get('type')?.toLowerCase() : undefined;
  return type === 'checkbox' || type === 'radio';
}

/** Elements that never get ::before/::after boxes (replaced or void elements). */
const NO_GENERATED = new Set([
  'img',
  'br',
  'wbr',
  'hr',
  'input',
  'video',
  'audio',
  'iframe',
  'canvas',
  'embed',
  'object',
  'svg',
  'select',
  'textarea',
  'meter',
  'progress',
  'math',
]);

const NO_DECLARATIONS: readonly Declaration[] = [];

interface CounterInstance {
  value: number;
  /** Depth of the sibling level whose end closes this counter's scope. */
  readonly level: number;
}

/** CSS counters with their nesting scopes (CSS Lists 3 §4). */
class Counters {
  private readonly byName = new Map<string, CounterInstance[]>();
  private readonly created: string[][] = [];

  private stack(name: string): CounterInstance[] {
    let s = this.byName.get(name);
    if (!s) {
      s = [];
      this.byName.set(name, s);
    }
    return s;
  }

  private instantiate(name: string, value: number, level: number): CounterInstance {
    const s = this.stack(name);
    const top = s[s.length - 1];
    // A reset by a following sibling replaces the sibling's counter instead of nesting.
    if (top && top.level === level) {
      top.value = value;
      return top;
    }
    const inst = { value, level };
    s.push(inst);
    (this.created[level] ??= []).push(name);
    return inst;
  }

  private current(name: string): CounterInstance {
    const s = this.stack(name);
    // A counter used without any reset in scope lives at the document level, as browsers do
    // (so `h2::before { counter-increment: h }` numbers 1, 2, 3 without a reset).
    return s[s.length - 1] ?? this.instantiate(name, 0, 0);
  }

  reset(name: string, value: number, level: number): void {
    this.instantiate(name, value, level);
  }

  increment(name: string, by: number): void {
    this.current(name).value += by;
  }

  set(name: string, value: number): void {
    this.current(name).value = value;
  }

  value(name: string): number {
    return this.current(name).value;
  }

  values(name: string): number[] {
    const s = this.stack(name);
    if (s.length === 0) this.instantiate(name, 0, 0);
    return this.stack(name).map((i) => i.value);
  }

  /** Every counter in scope and its values, outermost first (what a cross-reference reads). */
  snapshot(): Map<string, number[]> {
    const out = new Map<string, number[]>();
    for (const [name, s] of this.byName)
      if (s.length > 0)
        out.set(
          name,
          s.map((i) => i.value),
        );
    return out;
  }

  /** Closes the scopes of counters created at `level` (its parent element ended). */
  closeLevel(level: number): void {
    const names = this.created[level];
    if (!names) return;
    for (const n of names) {
      const s = this.byName.get(n);
      if (s && s.length && s[s.length - 1].level === level) s.pop();
    }
    this.created[level] = [];
  }
}

interface PagedStart {
  readonly strings?: readonly { readonly name: string; readonly parts: PartialContent }[];
  readonly bookmark?: PartialContent;
  readonly counters?: ReadonlyMap<string, readonly number[]>;
  readonly id?: string;
}

export class TreeBuilder {
  private nextId = 0;
  private readonly counters = new Counters();
  /** Ids some attribute points to, and what cross-references read of those elements. */
  private referenced: ReadonlySet<string> = new Set();
  readonly targets = new Map<string, TargetInfo>();
  private warnedPageOnly = false;
  private quoteDepth = 0;
  private readonly hintCache = new Map<string, Declaration | null>();
  private readonly unknownStyles = new Set<string>();
  private visited = 0;
  private readonly ancestors = new AncestorFilter();
  /** While inside an inline SVG: the style attributes the page's cascade gives its elements. */
  private svgStyles: Map<DomElement, string> | null = null;
  private root: DomElement | null = null;
  /** The page's SVG elements by id, made when a drawing first references one it lacks. */
  private svgIds: Map<string, DomElement> | null = null;
  /** Ancestor query containers (container-type or container-name set), innermost last. */
  private readonly containers: QueryContainer[] = [];
  /** The parent element as a style container (kept only when some rule is in @container). */
  private styleParent: QueryContainer | undefined;
  /** cq* units of the pseudo-elements of the element being built. */
  private pseudoUnits: ContainerUnits | undefined;
  /** Size containers by node id: what layout measures for the next styling. */
  readonly sizeContainers = new Map<number, DomElement>();
  /** Some style inside a size container resolved cq* units. */
  usesContainerUnits = false;

  constructor(
    private readonly engine: StyleEngine,
    private readonly opts: BuildOptions,
  ) {}

  /** A counter value in a counter style (the document's own styles included). */
  private format(value: number, style: ListStyleType): string {
    this.checkCounterStyle(style);
    return formatCounter(value, style, this.opts.counterStyles);
  }

  /** Reports, once per name, a counter style no @counter-style rule defines (decimal is used). */
  private checkCounterStyle(style: ListStyleType): void {
    if (typeof style !== 'object' || !('name' in style)) return;
    if (this.opts.counterStyles?.has(style.name) || this.unknownStyles.has(style.name)) return;
    this.unknownStyles.add(style.name);
    this.opts.warn({
      code: 'css.unsupported',
      message: `counter style '${style.name}' is not defined; decimal is used`,
      source: style.name,
    });
  }

  build(root: DomElement): StyledElement {
    this.root = root;
    this.referenced = referencedIds(root);
    return this.element(root, null, '', 0);
  }

  private svgElementById(id: string): DomElement | undefined {
    if (!this.svgIds) {
      const ids = new Map<string, DomElement>();
      const stack: DomElement[] = this.root ? [this.root] : [];
      while (stack.length) {
        const el = stack.pop() as DomElement;
        if (el.namespace === 'svg' && el.idAttr !== null && !ids.has(el.idAttr))
          ids.set(el.idAttr, el);
        for (let i = el.elementChildren.length - 1; i >= 0; i--) stack.push(el.elementChildren[i]);
      }
      this.svgIds = ids;
    }
    return this.svgIds.get(id);
  }

  /** Hint declarations of an element; one shared array per distinct set (see compute's key). */
  private hints(el: DomElement): readonly Declaration[] {
    const pairs = presentationalHints(el);
    if (pairs.length === 0) return NO_DECLARATIONS;
    const listKey = pairs.map(([p, v]) => `${p}:${v}`).join(';');
    return this.engine.sharedDeclarations(listKey, () => {
      const out: Declaration[] = [];
      for (const [prop, value] of pairs) {
        const key = `${prop}:${value}`;
        let d = this.hintCache.get(key);
        if (d === undefined) {
          d = makeDeclaration(
            prop,
            value,
            false,
            undefined,
            `${el.tag}[attribute]`,
            this.opts.warn,
          );
          this.hintCache.set(key, d);
        }
        if (d) out.push(d);
      }
      return out;
    });
  }

  private inlineStyle(el: DomElement): readonly Declaration[] {
    const text = el.attrs.get('style');
    if (!text || !text.trim()) return [];
    return this.engine.styleAttribute(text, this.opts.base, (t, base) => {
      try {
        const ast = csstree.parse(t, {
          context: 'declarationList',
          parseValue: false,
          onParseError: () => {},
        });
        return blockDeclarations(ast, base, 'style attribute', this.opts.warn);
      } catch {
        this.opts.warn({
          code: 'css.invalid',
          message: 'style attribute could not be parsed',
          source: t.slice(0, 80),
        });
        return [];
      }
    });
  }

  private applyCounters(
    style: ComputedStyle,
    el: DomElement | null,
    level: number,
    isListItem: boolean,
  ): void {
    let resets: readonly CounterChange[] = style.counterReset;
    let sets: readonly CounterChange[] = style.counterSet;
    let increments: readonly CounterChange[] = style.counterIncrement;
    if (el && el.namespace === 'html') {
      // <ol start> / <ol reversed> feed the list-item counter the lists establish.
      if (el.tag === 'ol' && resets.some((c) => c.name === 'list-item')) {
        const reversed = el.attrs.has('reversed');
        const startAttr = el.attrs.get('start');
        const parsed = startAttr !== undefined ? parseInt(startAttr, 10) : NaN;
        let start: number;
        if (Number.isFinite(parsed)) start = parsed;
        else if (reversed) start = el.elementChildren.filter((c) => c.tag === 'li').length;
        else start = 1;
        resets = resets.map((c) =>
          c.name === 'list-item'
            ? { name: 'list-item', value: reversed ? start + 1 : start - 1 }
            : c,
        );
      }
      if (el.tag === 'li') {
        const v = el.attrs.get('value');
        const parsed = v !== undefined ? parseInt(v, 10) : NaN;
        if (Number.isFinite(parsed)) {
          // Counters apply in the order reset, increment, set: the set value is final.
          sets = [
            ...sets.filter((c) => c.name !== 'list-item'),
            { name: 'list-item', value: parsed },
          ];
        }
      }
    }
    if (isListItem && !increments.some((c) => c.name === 'list-item')) {
      const reversed = el?.parent?.tag === 'ol' && el.parent.attrs.has('reversed');
      increments = [...increments, { name: 'list-item', value: reversed ? -1 : 1 }];
    }
    for (const c of resets) this.counters.reset(c.name, c.value, level);
    for (const c of increments) this.counters.increment(c.name, c.value);
    for (const c of sets) this.counters.set(c.name, c.value);
  }

  private resolveContent(
    items: readonly ContentItem[],
    el: DomElement,
    style: ComputedStyle,
    lang: string,
    footnote = false,
  ): GeneratedContent[] {
    const out: GeneratedContent[] = [];
    const text = (t: string): void => {
      if (!t) return;
      const last = out[out.length - 1];
      if (last && last.kind === 'text') out[out.length - 1] = { kind: 'text', text: last.text + t };
      else out.push({ kind: 'text', text: t });
    };
    for (const it of items) {
      switch (it.kind) {
        case 'string':
          text(it.text);
          break;
        case 'url':
          out.push({ kind: 'image', url: it.url });
          break;
        case 'attr':
          text(el.attrs.get(it.name) ?? '');
          break;
        case 'counter':
          // The page counters in the flow are those of the page the content lands on.
          if (it.name === 'page' || it.name === 'pages')
            out.push({ kind: 'page-counter', name: it.name, style: it.style });
          else if (footnote && it.name === 'footnote')
            out.push({
              kind: 'footnote-counter',
              values: [this.counters.value(it.name)],
              style: it.style,
            });
          else text(this.format(this.counters.value(it.name), it.style));
          break;
        case 'counters':
          // A footnote's number may restart on every page: layout decides the last value.
          if (footnote && it.name === 'footnote') {
            out.push({
              kind: 'footnote-counter',
              values: this.counters.values(it.name),
              style: it.style,
              separator: it.separator,
            });
            break;
          }
          text(
            this.counters
              .values(it.name)
              .map((v) => this.format(v, it.style))
              .join(it.separator),
          );
          break;
        case 'target-counter':
        case 'target-counters': {
          const id = targetId(it.target, el.attrs);
          if (id === undefined) break;
          // The page counter is known after pagination, and so is every other counter of a
          // target later in the document: layout reads them (StyledDocument.targets).
          out.push({
            kind: 'target-counter',
            id,
            name: it.name,
            style: it.style,
            ...(it.kind === 'target-counters' ? { separator: it.separator } : {}),
          });
          break;
        }
        case 'target-text': {
          const id = targetId(it.target, el.attrs);
          if (id !== undefined) out.push({ kind: 'target-text', id, part: it.part });
          break;
        }
        case 'leader':
          out.push({ kind: 'leader', fill: it.fill });
          break;
        case 'named-string':
        case 'element':
        case 'content':
          if (!this.warnedPageOnly) {
            this.warnedPageOnly = true;
            this.opts.warn({
              code: 'css.unsupported',
              message: `${it.kind === 'named-string' ? 'string' : it.kind}() is only allowed in page margin boxes; it was ignored`,
              source: 'content',
            });
          }
          break;
        case 'quote': {
          const pairs = quotePairs(style.quotes, lang);
          if (it.which === 'open-quote' || it.which === 'no-open-quote') {
            if (it.which === 'open-quote' && pairs.length)
              text(pairs[Math.min(this.quoteDepth, pairs.length - 1)][0]);
            this.quoteDepth++;
          } else {
            if (this.quoteDepth > 0) this.quoteDepth--;
            if (it.which === 'close-quote' && pairs.length)
              text(pairs[Math.min(this.quoteDepth, pairs.length - 1)][1]);
          }
          break;
        }
      }
    }
    return out;
  }

  private pseudo(
    kind: 'before' | 'after' | 'footnote-call' | 'footnote-marker',
    rules: readonly StyleRule[],
    el: DomElement,
    parentStyle: ComputedStyle,
    parentId: number,
    lang: string,
    level: number,
  ): StyledPseudo | null {
    if (rules.length === 0) return null;
    const style = this.engine.compute(parentStyle, rules, [], [], kind, this.pseudoUnits);
    this.noteContainerUnits(style);
    if (!Array.isArray(style.content) || style.display === 'none') return null;
    const list = style.content as ContentList;
    this.applyCounters(style, null, level, false);
    const footnote = kind === 'footnote-call' || kind === 'footnote-marker';
    const content = this.resolveContent(list, el, style, lang, footnote);
    const alt = this.resolveAlt(list, el, style, lang);
    return {
      kind: 'pseudo',
      pseudo: kind,
      nodeId: this.nextId++,
      style,
      parentNodeId: parentId,
      lang,
      content,
      ...(alt !== undefined ? { alt } : {}),
    };
  }

  private marker(
    rules: readonly StyleRule[],
    el: DomElement,
    liStyle: ComputedStyle,
    parentId: number,
    lang: string,
  ): StyledPseudo | null {
    const style = this.engine.compute(liStyle, rules, [], [], 'marker', this.pseudoUnits);
    this.noteContainerUnits(style);
    let content: GeneratedContent[];
    let alt: string | undefined;
    if (Array.isArray(style.content)) {
      content = this.resolveContent(style.content as ContentList, el, style, lang);
      alt = this.resolveAlt(style.content as ContentList, el, style, lang);
    } else if (style.content === 'none') {
      return null;
    } else if (liStyle.listStyleImage !== 'none') {
      content = [{ kind: 'image', url: liStyle.listStyleImage.url }];
    } else {
      this.checkCounterStyle(liStyle.listStyleType);
      const t = markerText(
        this.counters.value('list-item'),
        liStyle.listStyleType,
        this.opts.counterStyles,
      );
      if (!t) return null;
      content = [{ kind: 'text', text: t }];
    }
    return {
      kind: 'pseudo',
      pseudo: 'marker',
      nodeId: this.nextId++,
      style,
      parentNodeId: parentId,
      lang,
      content,
      ...(alt !== undefined ? { alt } : {}),
    };
  }

  /** The alternative text of `content: ... / <alt>`, as text; undefined when none is given. */
  private resolveAlt(
    list: ContentList,
    el: DomElement,
    style: ComputedStyle,
    lang: string,
  ): string | undefined {
    if (!list.alt) return undefined;
    return this.resolveContent(list.alt, el, style, lang)
      .map((c) => (c.kind === 'text' ? c.text : ''))
      .join('');
  }

  private element(
    el: DomElement,
    parentStyle: ComputedStyle | null,
    parentLang: string,
    level: number,
  ): StyledElement {
    if ((++this.visited & 1023) === 0) {
      this.opts.checkpoint?.();
      if (this.opts.signal?.aborted) {
        throw this.opts.signal.reason instanceof Error
          ? this.opts.signal.reason
          : new Error('aborted');
      }
    }
    let matched = this.engine.match(el, this.ancestors);
    const queries = this.engine.hasContainerRules;
    const style = this.engine.compute(
      parentStyle,
      queries ? this.holding(matched.element, this.containers, this.styleParent) : matched.element,
      this.hints(el),
      this.inlineStyle(el),
      null,
      this.containers.length > 0 ? this.unitsIn(this.containers) : undefined,
    );
    this.noteContainerUnits(style);
    const langAttr = el.attrs.get('lang') ?? el.attrs.get('xml:lang');
    const lang = langAttr !== undefined ? langAttr.trim() : parentLang;
    const nodeId = this.nextId++;
    const outermostSvg = style.display !== 'none' && isOutermostSvg(el);
    const enclosingSvgStyles = this.svgStyles;
    if (outermostSvg) this.svgStyles = new Map();
    // Before display: none returns: the drawing must learn that it hides the element.
    if (el.namespace === 'svg' && this.svgStyles) {
      const own = svgStyleAttribute(
        matched.element,
        this.inlineStyle(el),
        this.engine.customProperties(style),
        outermostSvg,
        el.attrs.get('style'),
      );
      if (own !== undefined) this.svgStyles.set(el, own);
    }
    if (style.display === 'none')
      return styledElement(el, nodeId, style, lang, undefined, undefined, []);
    // The element itself is a query container of its pseudo-elements and descendants.
    const frame = queries || isQueryContainer(style) ? this.frameOf(el, style) : undefined;
    const pushed = frame !== undefined && isQueryContainer(style);
    if (pushed) this.containers.push(frame);
    if (sizeContainerType(style) !== 'normal') this.sizeContainers.set(nodeId, el);
    const enclosingStyleParent = this.styleParent;
    const enclosingUnits = this.pseudoUnits;
    const units = this.containers.length > 0 ? this.unitsIn(this.containers) : undefined;
    this.pseudoUnits = units;
    if (queries) matched = this.pseudoRulesHolding(matched, frame);
    const placeholderStyle =
      el.namespace === 'html' &&
      (el.tag === 'input' || el.tag === 'textarea') &&
      el.attrs.has('placeholder')
        ? this.engine.compute(style, matched.placeholder, [], [], 'placeholder', this.pseudoUnits)
        : undefined;
    const slider = el.namespace === 'html' && style.appearance === 'none' ? sliderKind(el) : null;
    const sliderStyles = slider ? this.sliderStyles(style, matched, slider) : undefined;

    const isListItem = style.display === 'list-item';
    const footnote = style.float === 'footnote';
    this.applyCounters(style, el, level, isListItem);
    // A footnote counts itself, unless the author increments the footnote counter themselves.
    if (footnote && !style.counterIncrement.some((c) => c.name === 'footnote'))
      this.counters.increment('footnote', 1);
    const paged = this.pagedStart(el, style);
    const children: StyledNode[] = [];
    const inner = level + 1;
    if (footnote) {
      // The call stays where the footnote was; the marker starts the footnote's body.
      for (const kind of ['footnote-call', 'footnote-marker'] as const) {
        const p = this.pseudo(kind, matched[kind], el, style, nodeId, lang, inner);
        if (p) children.push(p);
      }
    }
    if (isListItem) {
      const m = this.marker(matched.marker, el, style, nodeId, lang);
      if (m) children.push(m);
    }
    const generates =
      el.namespace === 'html' &&
      (!NO_GENERATED.has(el.tag) || (style.appearance === 'none' && isToggle(el)));
    const before = generates
      ? this.pseudo('before', matched.before, el, style, nodeId, lang, inner)
      : null;
    if (before) children.push(before);
    // SVG content is drawn from svgMarkup; its children are kept for structure only.
    this.ancestors.push(el);
    this.styleParent = frame;
    for (const c of el.children) {
      if (c.kind === 'text')
        children.push({ kind: 'text', nodeId: this.nextId++, style, text: c.text });
      else children.push(this.element(c, style, lang, inner));
    }
    this.styleParent = enclosingStyleParent;
    this.pseudoUnits = units;
    this.ancestors.pop(el);
    const after = generates
      ? this.pseudo('after', matched.after, el, style, nodeId, lang, inner)
      : null;
    if (after) children.push(after);
    this.counters.closeLevel(inner);
    let svg: string | undefined;
    if (outermostSvg) {
      const styles = this.svgStyles as Map<DomElement, string>;
      svg = svgMarkup(el, {
        styleOf: (e) => styles.get(e),
        elementById: (id) => this.svgElementById(id),
        ...ownSize(el, style),
      });
      this.svgStyles = enclosingSvgStyles;
    }
    const lettered =
      generates && matched['first-letter'].length > 0 && hasFirstLine(style)
        ? withFirstLetter(children, (letter) =>
            this.firstLetter(matched['first-letter'], letter, lang),
          )
        : undefined;
    const firstLineStyle =
      generates && matched['first-line'].length > 0 && hasFirstLine(style)
        ? this.engine.compute(style, matched['first-line'], [], [], 'first-line', units)
        : undefined;
    if (pushed) this.containers.pop();
    this.pseudoUnits = enclosingUnits;
    return this.pagedEnd(
      styledElement(
        el,
        nodeId,
        style,
        lang,
        placeholderStyle,
        firstLineStyle,
        lettered ?? children,
        svg,
        sliderStyles,
      ),
      paged,
    );
  }

  /** Notes a style inside a size container that resolved cq* units (see usesContainerUnits). */
  private noteContainerUnits(style: ComputedStyle): void {
    if (this.containers.length > 0 && this.engine.usesContainerUnits(style))
      this.usesContainerUnits = true;
  }

  /** An element as the query container its descendants and pseudo-elements may ask. */
  private frameOf(el: DomElement, style: ComputedStyle): QueryContainer {
    const type = sizeContainerType(style);
    const size = type === 'normal' ? undefined : this.opts.containerSizes?.get(el);
    let custom: ReadonlyMap<string, string> | undefined;
    return {
      type,
      names: style.containerName,
      style,
      size,
      custom: () => (custom ??= this.engine.customProperties(style)),
    };
  }

  /**
   * The cq* units inside `containers`: a hundredth of the nearest container's content box on
   * each axis, or undefined (the page area) where none answers or none is measured yet.
   */
  private unitsIn(containers: readonly QueryContainer[]): ContainerUnits | undefined {
    let cqw: number | undefined;
    let cqh: number | undefined;
    let inlineFound = false;
    let blockFound = false;
    for (let i = containers.length - 1; i >= 0 && !(inlineFound && blockFound); i--) {
      const c = containers[i];
      if (c.type === 'normal') continue;
      if (!inlineFound) {
        inlineFound = true;
        if (c.size) cqw = c.size.width / 100;
      }
      if (!blockFound && c.type === 'size') {
        blockFound = true;
        if (c.size) cqh = c.size.height / 100;
      }
    }
    if (cqw === undefined && cqh === undefined) return undefined;
    return {
      ...(cqw !== undefined ? { cqw } : {}),
      ...(cqh !== undefined ? { cqh } : {}),
      key: `${cqw ?? ''}/${cqh ?? ''}`,
    };
  }

  /** The rules of `list` whose @container conditions hold (the list itself when none has any). */
  private holding(
    list: readonly StyleRule[],
    candidates: readonly QueryContainer[],
    styleParent: QueryContainer | undefined,
  ): readonly StyleRule[] {
    if (!list.some((r) => r.container !== undefined)) return list;
    const rootFontSize = this.engine.rootFontSizePx;
    return list.filter(
      (r) =>
        r.container === undefined ||
        r.container.every((c) =>
          conditionMatches(c, queryContainer(c, candidates, styleParent), rootFontSize),
        ),
    );
  }

  /**
   * The pseudo-element rules that hold: a pseudo-element's query containers include its
   * originating element (`self`), which is already among the containers when it is one.
   */
  private pseudoRulesHolding(m: MatchedRules, self: QueryContainer | undefined): MatchedRules {
    const c = this.containers;
    return {
      element: m.element,
      before: this.holding(m.before, c, self),
      after: this.holding(m.after, c, self),
      marker: this.holding(m.marker, c, self),
      'footnote-call': this.holding(m['footnote-call'], c, self),
      'footnote-marker': this.holding(m['footnote-marker'], c, self),
      'first-letter': this.holding(m['first-letter'], c, self),
      placeholder: this.holding(m.placeholder, c, self),
      'first-line': this.holding(m['first-line'], c, self),
      'slider-track': this.holding(m['slider-track'], c, self),
      'slider-fill': this.holding(m['slider-fill'], c, self),
      'slider-thumb': this.holding(m['slider-thumb'], c, self),
    };
  }

  /**
   * The track of a slider inherits from the control, its filled part from the track; a range
   * input's thumb inherits from the input.
   */
  private sliderStyles(
    style: ComputedStyle,
    matched: MatchedRules,
    kind: 'progress' | 'range',
  ): SliderStyles {
    const track = this.engine.compute(style, matched['slider-track'], [], [], 'slider-track');
    const fill = this.engine.compute(track, matched['slider-fill'], [], [], 'slider-fill');
    if (kind === 'progress') return { track, fill };
    const thumb = this.engine.compute(style, matched['slider-thumb'], [], [], 'slider-thumb');
    return { track, fill, thumb };
  }

  /**
   * The ::first-letter element around `letter`: styled from the text's own element (the
   * innermost one holding the letter, as CSS 2.1 §5.12.2 nests it), its text still the
   * element's content.
   */
  private firstLetter(
    rules: readonly StyleRule[],
    letter: StyledText,
    lang: string,
  ): StyledElement {
    const style = this.engine.compute(
      letter.style,
      rules,
      [],
      [],
      'first-letter',
      this.pseudoUnits,
    );
    return {
      kind: 'element',
      nodeId: this.nextId++,
      style,
      tag: '::first-letter',
      namespace: 'html',
      attrs: new Map(),
      lang,
      children: [{ ...letter, style }],
    };
  }

  /** What the element's paged-media values need from when it starts (counters, attributes). */
  private pagedStart(el: DomElement, style: ComputedStyle): PagedStart | undefined {
    const strings =
      style.stringSet === 'none'
        ? undefined
        : style.stringSet.map((s) => ({
            name: s.name,
            parts: partialContent(s.items, el.attrs, this.counters, this.opts.counterStyles),
          }));
    const bookmark =
      style.bookmarkLevel === 'none'
        ? undefined
        : partialContent(style.bookmarkLabel, el.attrs, this.counters, this.opts.counterStyles);
    const id = el.attrs.get('id');
    const counters =
      id !== undefined && this.referenced.has(id) ? this.counters.snapshot() : undefined;
    if (!strings && !bookmark && !counters) return undefined;
    return { strings, bookmark, counters, id };
  }

  /** Finishes the element's named strings, bookmark and target record with its text. */
  private pagedEnd(built: StyledElement, start: PagedStart | undefined): StyledElement {
    if (!start) return built;
    const texts = elementTexts(built);
    if (start.counters && start.id !== undefined && !this.targets.has(start.id))
      this.targets.set(start.id, { counters: start.counters, text: texts });
    const level = built.style.bookmarkLevel;
    const label = start.bookmark
      ? finishContent(start.bookmark, texts).replace(/\s+/g, ' ').trim()
      : '';
    return {
      ...built,
      ...(start.strings
        ? {
            stringSet: start.strings.map((s) => ({
              name: s.name,
              value: finishContent(s.parts, texts),
            })),
          }
        : {}),
      ...(typeof level === 'number' && label !== ''
        ? { bookmark: { level, label, open: built.style.bookmarkState === 'open' } }
        : {}),
    };
  }
}
