/**
 * Cross-references and page-dependent generated content (CSS GCPM): target-counter(),
 * target-counters(), target-text(), and counter(page) / counter(pages) in the flow. The styled
 * tree is rewritten with those values as plain text before the box tree is built, from the page
 * facts of the previous layout pass; the pipeline lays out again until the values it used are
 * the values the layout produced (see pipeline.ts).
 *
 * Elements that must be found on the pages (bookmarks, the owners of counter(page) content) get
 * a synthetic id so the paginator records where they land. It starts with a space: no '#id' link
 * can name it (fragment ids are trimmed).
 */
import type { Deadline } from '../../diagnostics.js';
import type {
  GeneratedContent,
  ListStyleType,
  PageRules,
  StyledDocument,
  StyledElement,
  StyledNode,
  StyledPseudo,
  TargetInfo,
} from '../../style/index.js';
import { formatCounter } from '../../style/index.js';
import { TOC_ENTRY_ATTR } from '../box-tree/semantics.js';
import { counterValue, type PageCounters } from './page-counters.js';

/** What one layout pass tells about pages: where each id landed, how many pages there are. */
export interface PageFacts {
  /** Counters of the page (page, pages, @page counters) the element with this id starts on. */
  readonly countersAt: (id: string) => PageCounters | undefined;
  readonly pages: number;
  /** 0-based page the element with this id starts on (a footnote: where its call landed). */
  readonly pageOf?: (id: string) => number | undefined;
  /**
   * Per page, the value its page context restarts the footnote counter at
   * (`@page { counter-reset: footnote }`), undefined where it does not.
   */
  readonly footnoteRestarts?: readonly (number | undefined)[];
}

export interface ResolvedTree {
  readonly root: StyledElement;
  /** Every page-dependent value put in the tree, by where it went: equal maps = settled layout. */
  readonly used: ReadonlyMap<string, string>;
  /** What each rewritten node of the document became (nodes left alone are not in it). */
  readonly rewritten: WeakMap<StyledNode, StyledNode>;
}

const SYNTHETIC_PREFIX = ' a11ypdf-';

/** The id under which layout records the element's position (its own or a synthetic one). */
export function locatorId(el: StyledElement): string | undefined {
  const own = el.attrs.get('id') ?? (el.tag === 'a' ? el.attrs.get('name') : undefined);
  return own && own !== '' ? own : undefined;
}

/** True when the content list needs anything from pagination or targets. */
function needsResolving(content: readonly GeneratedContent[]): boolean {
  return content.some(resolvedLater);
}

// Predicates at module level: a callback written inline is a closure made anew on every call,
// and those lose their optimized code at each major garbage collection (Node 20).
const resolvedLater = (c: GeneratedContent): boolean =>
  c.kind === 'page-counter' ||
  c.kind === 'target-counter' ||
  c.kind === 'target-text' ||
  c.kind === 'footnote-counter';

/** Whether some page context restarts (resets or sets) the footnote counter. */
export function restartsFootnotes(rules: PageRules): boolean {
  for (const page of rules.variants.values()) {
    const c = page.context;
    if ([...c.counterReset, ...c.counterSet].some((x) => x.name === 'footnote')) return true;
  }
  return false;
}

/** The document value of a footnote's counter: what its call or marker shows without pages. */
function documentFootnoteValue(el: StyledElement): number | undefined {
  for (const c of el.children) {
    if (c.kind !== 'pseudo') continue;
    for (const g of c.content)
      if (g.kind === 'footnote-counter') return g.values[g.values.length - 1];
  }
  return undefined;
}

/** How much a footnote element adds to the footnote counter (itself, unless told otherwise). */
function footnoteStep(el: StyledElement): number {
  const own = el.style.counterIncrement.filter((c) => c.name === 'footnote');
  return own.length === 0 ? 1 : own.reduce((n, c) => n + c.value, 0);
}

/**
 * Footnote numbers restarted by the pages (CSS GCPM §2.5): footnotes are visited in document
 * order; where a footnote lands on a later page than the previous one and a page in between
 * restarts the counter, counting starts again from that value. A change the document makes
 * itself (an element's counter-reset between two footnotes, a chapter's) shows as a document
 * value other than the previous one plus the step, and wins: such an element is taken to be on
 * the footnote's page, after the page's own restart.
 */
class FootnoteNumbering {
  private documentValue = 0;
  private shown = 0;
  private page = -1;

  constructor(private readonly facts: PageFacts | undefined) {}

  next(el: StyledElement, id: string | undefined): number | undefined {
    const v = documentFootnoteValue(el);
    const step = footnoteStep(el);
    const expected = this.documentValue + step;
    const page = id === undefined ? undefined : this.facts?.pageOf?.(id);
    let shown: number;
    if (v !== undefined && v !== expected) shown = v;
    else {
      const restart = page === undefined ? undefined : this.restartBetween(this.page, page);
      shown = (restart ?? this.shown) + step;
    }
    this.documentValue = v ?? expected;
    this.shown = shown;
    if (page !== undefined) this.page = page;
    return v === undefined ? undefined : shown;
  }

  /** The last restart of the pages after `from` up to `to`. */
  private restartBetween(from: number, to: number): number | undefined {
    const restarts = this.facts?.footnoteRestarts ?? [];
    for (let p = to; p > from; p--) if (restarts[p] !== undefined) return restarts[p];
    return undefined;
  }
}

/**
 * The styled tree with cross-references resolved against `facts` (undefined on the first pass:
 * page values are then placeholders of one digit). Subtrees without anything to resolve are
 * shared, not copied; a node that comes out equal to what it became in `previous` (the tree of
 * the pass before) is that same object, so a later layout pass can tell the parts of the
 * document that did not change by identity (flow-reuse.ts).
 */
export function resolveCrossReferences(
  doc: StyledDocument,
  facts: PageFacts | undefined,
  previous?: ResolvedTree,
  deadline?: Pick<Deadline, 'check'>,
): ResolvedTree {
  const targets = doc.targets ?? new Map<string, TargetInfo>();
  const used = new Map<string, string>();
  const rewritten = new WeakMap<StyledNode, StyledNode>();
  /** `made` for `source`, or the previous pass's node for it when the two are equal. */
  const settle = <N extends StyledNode>(source: N, made: N): N => {
    const before = previous?.rewritten.get(source);
    const kept = before !== undefined && sameNode(before, made) ? (before as N) : made;
    rewritten.set(source, kept);
    return kept;
  };
  const perPageFootnotes = restartsFootnotes(doc.pageRules);
  const footnotes = perPageFootnotes ? new FootnoteNumbering(facts) : undefined;

  const pageCounter = (ids: readonly string[], name: string): number | undefined => {
    if (!facts) return undefined;
    if (name === 'pages') return facts.pages;
    const at = ids.find((id) => facts.countersAt(id) !== undefined);
    const counters = at === undefined ? undefined : facts.countersAt(at);
    return counters ? counterValue(counters, name) : undefined;
  };
  const format = (v: number | undefined, style: ListStyleType): string =>
    // First pass: a one-digit stand-in keeps the line close to its final width.
    formatCounter(v ?? 0, style, doc.counterStyles);

  const resolveItem = (
    c: GeneratedContent,
    selfIds: readonly string[],
    key: string,
    footnote: number | undefined,
  ): GeneratedContent | undefined => {
    switch (c.kind) {
      case 'footnote-counter': {
        const values = footnote === undefined ? c.values : [...c.values.slice(0, -1), footnote];
        const text = values.map((v) => format(v, c.style)).join(c.separator ?? '');
        if (perPageFootnotes) used.set(key, text);
        return { kind: 'text', text };
      }
      case 'page-counter': {
        const text = format(pageCounter(selfIds, c.name), c.style);
        used.set(key, text);
        return { kind: 'text', text };
      }
      case 'target-counter': {
        const info = targets.get(c.id);
        let values: readonly number[];
        if (c.name === 'page' || c.name === 'pages') {
          const v = pageCounter([c.id], c.name);
          values = [v ?? 0];
          used.set(key, String(v));
        } else values = info?.counters.get(c.name) ?? [0];
        if (!info && !facts?.countersAt(c.id)) return undefined;
        const text =
          c.separator === undefined
            ? format(values[values.length - 1], c.style)
            : values.map((v) => format(v, c.style)).join(c.separator);
        return { kind: 'text', text };
      }
      case 'target-text': {
        const text = targets.get(c.id)?.text[c.part] ?? '';
        return text === '' ? undefined : { kind: 'text', text };
      }
      default:
        return c;
    }
  };

  const pseudo = (
    p: StyledPseudo,
    selfIds: readonly string[],
    footnote: number | undefined,
  ): StyledPseudo => {
    const content: GeneratedContent[] = [];
    p.content.forEach((c, i) => {
      const r = resolveItem(c, selfIds, `${p.nodeId}:${i}`, footnote);
      if (!r) return;
      const last = content[content.length - 1];
      if (r.kind === 'text' && last?.kind === 'text')
        content[content.length - 1] = { kind: 'text', text: last.text + r.text };
      else content.push(r);
    });
    return settle(p, { ...p, content });
  };

  /** An element on its way through the tree: what it will change, its children so far. */
  interface Frame {
    readonly el: StyledElement;
    readonly attrs: ReadonlyMap<string, string>;
    readonly id: string | undefined;
    /** Inside a nav, a doc-toc region or a table of contents. */
    readonly tocRegion: boolean;
    /** A footnote's number on its page (when the pages restart the numbering). */
    readonly footnote: number | undefined;
    /** Children that are entries of a table of contents made of other markup than a list. */
    readonly tocEntries: ReadonlySet<StyledElement> | undefined;
    children: StyledNode[] | undefined;
    next: number;
  }
  const open = (el: StyledElement, tocRegion: boolean, tocEntry: boolean): Frame => {
    let id = locatorId(el);
    const isFootnote =
      footnotes !== undefined && el.style.float === 'footnote' && el.style.display !== 'none';
    const needsId =
      isFootnote ||
      el.bookmark !== undefined ||
      el.children.some(
        (c) => c.kind === 'pseudo' && c.content.some((g) => g.kind === 'page-counter'),
      );
    let attrs =
      needsId && id === undefined
        ? new Map([...el.attrs, ['id', (id = `${SYNTHETIC_PREFIX}${el.nodeId}`)]])
        : el.attrs;
    const toc = isTableOfContents(el, tocRegion);
    if (toc && !el.attrs.has('role')) attrs = new Map([...attrs, ['role', 'doc-toc']]);
    if (tocEntry) attrs = new Map([...attrs, [TOC_ENTRY_ATTR, '']]);
    const inner = tocRegion || toc || el.tag === 'nav' || role(el) === 'doc-toc';
    const footnote = isFootnote ? footnotes.next(el, id) : undefined;
    const tocEntries = toc || tocEntry ? undefined : tableOfContentsEntries(el, inner);
    return {
      el,
      attrs,
      id,
      tocRegion: inner,
      footnote,
      tocEntries,
      children: undefined,
      next: 0,
    };
  };
  const replace = (f: Frame, i: number, node: StyledNode): void => {
    if (node === f.el.children[i]) return;
    f.children ??= [...f.el.children];
    f.children[i] = node;
  };
  // Without recursion: nesting depth is the author's to choose.
  const stack: Frame[] = [open(doc.root, false, false)];
  let visited = 0;
  let root: StyledElement = doc.root;
  while (stack.length > 0) {
    const f = stack[stack.length - 1];
    if (f.next < f.el.children.length) {
      const i = f.next++;
      const c = f.el.children[i];
      if (c.kind === 'element') {
        // A very long document's walk is long enough to pass a deadline.
        if (deadline && ++visited % DEADLINE_EVERY === 0) deadline.check('layout');
        stack.push(open(c, f.tocRegion, f.tocEntries?.has(c) === true));
      } else if (c.kind === 'pseudo' && needsResolving(c.content))
        // Where the generated box landed; its element's start when it has no anchor of its own
        // (a marker, or an inline ::before whose first run carries its element's anchor).
        replace(f, i, pseudo(c, [`${f.id ?? ''}::${c.pseudo}`, f.id ?? ''], f.footnote));
      continue;
    }
    stack.pop();
    const done: StyledElement =
      !f.children && f.attrs === f.el.attrs
        ? f.el
        : settle(f.el, {
            ...f.el,
            attrs: f.attrs,
            ...(f.children ? { children: f.children } : {}),
          });
    const parent = stack[stack.length - 1];
    if (parent) replace(parent, parent.next - 1, done);
    else root = done;
  }

  return { root, used, rewritten };
}

/**
 * Two rewritings of one source node with the same attributes and content: children are compared
 * by identity (each was settled against the previous pass before its parent).
 */
function sameNode(a: StyledNode, b: StyledNode): boolean {
  if (a.kind === 'pseudo' && b.kind === 'pseudo')
    return (
      a.content.length === b.content.length &&
      a.content.every((c, i) => {
        const d = b.content[i];
        return c === d || (c.kind === 'text' && d.kind === 'text' && c.text === d.text);
      })
    );
  if (a.kind !== 'element' || b.kind !== 'element') return false;
  if (a.children.length !== b.children.length || a.attrs.size !== b.attrs.size) return false;
  for (const [k, v] of a.attrs) if (b.attrs.get(k) !== v) return false;
  return a.children.every((c, i) => c === b.children[i]);
}

/** Elements visited between two readings of the deadline's clock. */
const DEADLINE_EVERY = 64;

function role(el: StyledElement): string {
  return (el.attrs.get('role') ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
}

const LIST_TAGS = new Set(['ul', 'ol', 'menu']);

/**
 * A list is a table of contents (tagged TOC, its items TOCI) when its entries point into the
 * document with a page number (a link with target-counter() content), or when it lists links
 * into the document inside a nav or a doc-toc region (or inside another table of contents).
 */
function isTableOfContents(el: StyledElement, tocRegion: boolean): boolean {
  if (!LIST_TAGS.has(el.tag) || (el.attrs.has('role') && role(el) !== 'list')) return false;
  const items = el.children.filter(isListItem);
  if (items.length === 0) return false;
  const entries = items.map(entryOf);
  if (entries.some(hasPageReference)) return true;
  return tocRegion && entries.every(hasInternalLink);
}

const isListItem = (c: StyledNode): c is StyledElement => c.kind === 'element' && c.tag === 'li';
const hasPageReference = (e: ReturnType<typeof entryOf>): boolean => e.pageReference;
const hasInternalLink = (e: ReturnType<typeof entryOf>): boolean => e.internalLink;

const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const ENTRY_TAGS = new Set(['p', 'div', 'li']);

/**
 * A table of contents made of other markup than a list: a container whose children, after any
 * heading, are paragraphs (or divs) holding one link into the document each, with a page
 * number among them, or inside a nav or a doc-toc region. Returns those entries.
 */
function tableOfContentsEntries(
  el: StyledElement,
  tocRegion: boolean,
): ReadonlySet<StyledElement> | undefined {
  if (LIST_TAGS.has(el.tag) || el.tag === 'table' || HEADING_TAGS.has(el.tag)) return undefined;
  const kids = el.children.filter(
    (c): c is StyledElement => c.kind === 'element' && c.style.display !== 'none',
  );
  let i = 0;
  while (i < kids.length && (HEADING_TAGS.has(kids[i].tag) || role(kids[i]) === 'heading')) i++;
  const candidates = kids.slice(i);
  if (candidates.length === 0 || candidates.some((c) => !ENTRY_TAGS.has(c.tag))) return undefined;
  const entries = candidates.map(entryOf);
  if (entries.some((e) => e.internalLinks !== 1)) return undefined;
  const pageReference = entries.some((e) => e.pageReference);
  if (!pageReference && !(tocRegion && candidates.length >= 2)) return undefined;
  return new Set(candidates);
}

/** What a list item holds outside its nested lists: a link into the document, a page number. */
function entryOf(li: StyledElement): {
  internalLink: boolean;
  internalLinks: number;
  pageReference: boolean;
} {
  let internalLinks = 0;
  let pageReference = false;
  const stack: StyledNode[] = [...li.children];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.kind === 'pseudo') {
      if (n.content.some((c) => c.kind === 'target-counter')) pageReference = true;
    } else if (n.kind === 'element' && !LIST_TAGS.has(n.tag)) {
      if (n.tag === 'a' && (n.attrs.get('href') ?? '').trim().startsWith('#')) internalLinks++;
      stack.push(...n.children);
    }
  }
  return { internalLink: internalLinks > 0, internalLinks, pageReference };
}

/** Whether two passes used the same page-dependent values (the layout has settled). */
export function sameValues(
  a: ReadonlyMap<string, string>,
  b: ReadonlyMap<string, string>,
): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

/** Bookmarks of the tree in document order, with the id under which each one is located. */
export function bookmarksOf(root: StyledElement): {
  readonly id: string;
  readonly level: number;
  readonly label: string;
  readonly open: boolean;
}[] {
  const out: { id: string; level: number; label: string; open: boolean }[] = [];
  const stack: StyledNode[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.kind !== 'element' || n.style.display === 'none') continue;
    if (n.bookmark) {
      const id = locatorId(n);
      if (id !== undefined) out.push({ id, ...n.bookmark });
    }
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return out;
}

/** Most layout passes for page numbers to settle. */
export const MAX_PASSES = 4;

/**
 * Lays the document out until the page-dependent values it used are the ones its pages give:
 * pass N uses the page facts of pass N-1. A document without such values takes one pass.
 * `run` learns whether another pass may follow (so it can keep what a later pass reuses).
 */
export function settleCrossReferences<P>(
  doc: StyledDocument,
  run: (root: StyledElement, again: boolean) => P,
  factsOf: (pass: P) => PageFacts,
  warn: (message: string) => void,
  deadline?: Pick<Deadline, 'check'>,
): { readonly pass: P; readonly root: StyledElement; readonly passes: number } {
  let tree = resolveCrossReferences(doc, undefined, undefined, deadline);
  let pass = run(tree.root, tree.used.size > 0);
  let passes = 1;
  if (tree.used.size === 0) return { pass, root: tree.root, passes };
  for (;;) {
    const next = resolveCrossReferences(doc, factsOf(pass), tree, deadline);
    if (sameValues(next.used, tree.used)) break;
    if (passes >= MAX_PASSES) {
      warn(
        `page numbers of cross-references did not settle after ${MAX_PASSES} layout passes; some may be off by the width they change`,
      );
      break;
    }
    tree = next;
    pass = run(tree.root, true);
    passes++;
  }
  return { pass, root: tree.root, passes };
}
