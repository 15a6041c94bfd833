/**
 * HTML → DomElement tree with parse5 (the WHATWG parsing algorithm, so any tag soup gives the
 * tree a browser would build), plus what the cascade needs from the document: stylesheets in
 * order, <title>, <html lang>, <base href>. Scripts are never run, so <noscript> content is parsed
 * as markup and shown.
 */
import { defaultTreeAdapter, parse, type DefaultTreeAdapterMap, type TreeAdapter } from 'parse5';
import { LimitError, type Warning } from '../diagnostics.js';
import { assertHtmlSize, type DocumentLimits } from './limits.js';
import {
  appendChild,
  createElement,
  indexTypes,
  type DomElement,
  type MutableElement,
} from './dom.js';

type P5Node = DefaultTreeAdapterMap['node'];
type P5Element = DefaultTreeAdapterMap['element'];

export interface SheetRef {
  readonly kind: 'inline' | 'link';
  /** CSS text for inline sheets, the href for links. */
  readonly text: string;
  readonly media?: string;
}

export interface ParsedHtml {
  /** The <html> element. */
  readonly root: DomElement;
  readonly title: string | null;
  readonly lang: string | null;
  readonly baseHref: string | null;
  readonly sheets: readonly SheetRef[];
  readonly warnings: readonly Warning[];
  /**
   * The document declares a legacy DOCTYPE that puts browsers in quirks mode (HTML 4.0
   * Transitional without a system identifier, HTML 3.2, ...), as office suites' exports do. A
   * document with no DOCTYPE at all is not counted: fragments are the usual input here and are
   * meant as standards HTML.
   */
  readonly quirks: boolean;
}

/**
 * Elements nested deeper than this are attached to their ancestor at this depth (as browsers cap
 * tree depth), which keeps every later recursive stage safe from stack exhaustion.
 */
export const MAX_DEPTH = 256;

export { assertHtmlSize, type DocumentLimits } from './limits.js';

/**
 * Most elements open at once while parsing. The parser's scope lookups walk its stack of open
 * elements for each tag, so parsing time grows with the square of the depth (100,000 nested
 * <div>s took a minute); a document nested past this is refused while it is parsed. At this
 * depth parsing takes a few hundred milliseconds.
 */
export const MAX_OPEN_ELEMENTS = 4096;

export interface ParseOptions extends DocumentLimits {
  /** Called every few hundred elements: the deadline check of the parse stage (it may throw). */
  readonly checkpoint?: () => void;
  /** Most elements open at once (default MAX_OPEN_ELEMENTS); past it, LimitError 'html-depth'. */
  readonly maxOpenElements?: number;
}

function tooManyElements(limit: number): LimitError {
  return new LimitError(
    `the document has more than ${limit} elements (document-elements)`,
    'document-elements',
  );
}

function tooMuchText(limit: number): LimitError {
  return new LimitError(
    `the document has more than ${limit} characters of text (document-text)`,
    'document-text',
  );
}

/** How often, in elements opened, parsing reaches its checkpoint. */
const CHECKPOINT_EVERY = 256;

/**
 * parse5's tokenizer builds text and attribute values one character at a time, which V8 keeps
 * as a chain of one 32-byte node per character until something reads the string whole. A
 * 20 KB data: URL is then 600 KB of chain that outlives the parse and costs its full price on
 * the first read (measured: a 5 MB document of inline images parsed 3x faster once flattened).
 * Converting the string to a number reads it whole, which makes V8 flatten it in place while the
 * chain is still young and cheap to collect; short strings are never chains.
 */
function flattened(s: string): string {
  if (s.length > 12) void Number(s);
  return s;
}

/** The counts a bounded tree adapter keeps while parse5 builds the tree. */
interface Bounds {
  readonly limit: number;
  readonly maxElements: number;
  readonly maxText: number;
  readonly checkpoint: (() => void) | undefined;
  open: number;
  opened: number;
  elements: number;
  text: number;
}

type BoundedAdapter = TreeAdapter<DefaultTreeAdapterMap> & { readonly bounds: Bounds };

// Counted as the parser creates nodes, so an oversized document stops early, not once it is all
// in memory. parse5 calls these as methods of the adapter; they are made once, at module level,
// rather than as closures per parse, whose optimised code V8 drops at each full collection.
function countText(b: Bounds, parent: P5Node, chars: string): void {
  const tag = isElement(parent) ? parent.tagName : '';
  // Style sheets have their own limits, and scripts are never run or shown.
  if (tag !== 'style' && tag !== 'script' && (b.text += chars.length) > b.maxText)
    throw tooMuchText(b.maxText);
}

function boundedCreateElement(
  this: BoundedAdapter,
  tagName: string,
  namespaceURI: Parameters<TreeAdapter<DefaultTreeAdapterMap>['createElement']>[1],
  attrs: Parameters<TreeAdapter<DefaultTreeAdapterMap>['createElement']>[2],
): P5Element {
  const b = this.bounds;
  if (++b.elements > b.maxElements) throw tooManyElements(b.maxElements);
  for (const a of attrs) flattened(a.value);
  return defaultTreeAdapter.createElement(tagName, namespaceURI, attrs);
}

function boundedInsertText(this: BoundedAdapter, parent: P5Element, chars: string): void {
  countText(this.bounds, parent, chars);
  defaultTreeAdapter.insertText(parent, flattened(chars));
}

function boundedInsertTextBefore(
  this: BoundedAdapter,
  parent: P5Element,
  chars: string,
  reference: DefaultTreeAdapterMap['childNode'],
): void {
  countText(this.bounds, parent, chars);
  defaultTreeAdapter.insertTextBefore(parent, flattened(chars), reference);
}

function boundedItemPush(this: BoundedAdapter): void {
  const b = this.bounds;
  b.open++;
  if (b.open > b.limit) {
    throw new LimitError(
      `the HTML nests elements more than ${b.limit} levels deep (unclosed or nested tags); nest them less deeply`,
      'html-depth',
    );
  }
  if (++b.opened % CHECKPOINT_EVERY === 0) b.checkpoint?.();
}

function boundedItemPop(this: BoundedAdapter): void {
  this.bounds.open--;
}

/** parse5's default tree, with a watch on the stack of open elements as it is built. */
function boundedTreeAdapter(options: ParseOptions): BoundedAdapter {
  return {
    ...defaultTreeAdapter,
    bounds: {
      limit: options.maxOpenElements ?? MAX_OPEN_ELEMENTS,
      maxElements: options.maxElements ?? Infinity,
      maxText: options.maxTextChars ?? Infinity,
      checkpoint: options.checkpoint,
      open: 0,
      opened: 0,
      elements: 0,
      text: 0,
    },
    createElement: boundedCreateElement,
    insertText: boundedInsertText,
    insertTextBefore: boundedInsertTextBefore,
    onItemPush: boundedItemPush,
    onItemPop: boundedItemPop,
  };
}

const NS: Readonly<Record<string, DomElement['namespace']>> = {
  'http://www.w3.org/1999/xhtml': 'html',
  'http://www.w3.org/2000/svg': 'svg',
  'http://www.w3.org/1998/Math/MathML': 'mathml',
};

function isElement(n: P5Node): n is P5Element {
  return 'tagName' in n;
}

function attrMap(el: P5Element, html: boolean): Map<string, string> {
  const m = new Map<string, string>();
  for (const a of el.attrs) {
    const name = a.prefix ? `${a.prefix}:${a.name}` : a.name;
    const key = html ? name.toLowerCase() : name;
    if (!m.has(key)) m.set(key, a.value);
  }
  return m;
}

// ---------------------------------------------------------------------------------------------

/**
 * The language on <body>, which then covers all the content: Word writes <body lang=EN-US> and
 * leaves <html> without one.
 */
function bodyLang(htmlEl: P5Element | undefined): string | undefined {
  const body = htmlEl?.childNodes.find((n): n is P5Element => isElement(n) && n.tagName === 'body');
  const attr =
    body?.attrs.find((a) => a.name === 'lang') ?? body?.attrs.find((a) => a.name === 'xml:lang');
  return attr?.value.trim() || undefined;
}

export function parseHtml(html: string, options: ParseOptions = {}): ParsedHtml {
  const warnings: Warning[] = [];
  assertHtmlSize(html, options);
  options.checkpoint?.();
  const doc = parse(html, { scriptingEnabled: false, treeAdapter: boundedTreeAdapter(options) });
  options.checkpoint?.();
  const htmlEl = doc.childNodes.find((n): n is P5Element => isElement(n) && n.tagName === 'html');
  // parse5 always creates <html>; the fallback keeps types honest.
  const root = createElement('html', 'html', htmlEl ? attrMap(htmlEl, true) : new Map());
  const sheets: SheetRef[] = [];
  let title: string | null = null;
  let baseHref: string | null = null;
  let flattened = false;

  // Iterative walk: (parse5 node, our parent, depth).
  const stack: [P5Node, MutableElement, number][] = [];
  if (htmlEl)
    for (let i = htmlEl.childNodes.length - 1; i >= 0; i--)
      stack.push([htmlEl.childNodes[i], root, 1]);
  while (stack.length) {
    const [n, parent, depth] = stack.pop() as [P5Node, MutableElement, number];
    if (n.nodeName === '#text') {
      const value = (n as DefaultTreeAdapterMap['textNode']).value;
      const last = parent.children[parent.children.length - 1];
      if (last && last.kind === 'text') {
        // Flattening can make text nodes adjacent; keep one.
        parent.children[parent.children.length - 1] = { kind: 'text', text: last.text + value };
      } else appendChild(parent, { kind: 'text', text: value });
      continue;
    }
    if (!isElement(n)) continue;
    const ns = NS[n.namespaceURI] ?? 'html';
    const el = createElement(n.tagName, ns, attrMap(n, ns === 'html'));
    // Past the cap, `parent` is already the ancestor at MAX_DEPTH (see childParent below).
    if (depth > MAX_DEPTH) flattened = true;
    appendChild(parent, el);

    if (ns === 'html') {
      if (el.tag === 'style') {
        const css = n.childNodes
          .map((c) =>
            c.nodeName === '#text' ? (c as DefaultTreeAdapterMap['textNode']).value : '',
          )
          .join('');
        sheets.push({
          kind: 'inline',
          text: css,
          ...(el.attrs.has('media') ? { media: el.attrs.get('media') } : {}),
        });
      } else if (el.tag === 'link') {
        const rel = (el.attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
        const href = el.attrs.get('href');
        if (rel.includes('stylesheet') && !rel.includes('alternate') && href && href.trim()) {
          sheets.push({
            kind: 'link',
            text: href.trim(),
            ...(el.attrs.has('media') ? { media: el.attrs.get('media') } : {}),
          });
        }
      } else if (el.tag === 'base' && baseHref === null && el.attrs.get('href')) {
        baseHref = (el.attrs.get('href') as string).trim();
      }
    } else if (ns === 'svg' && el.tag === 'style') {
      const css = n.childNodes
        .map((c) => (c.nodeName === '#text' ? (c as DefaultTreeAdapterMap['textNode']).value : ''))
        .join('');
      sheets.push({ kind: 'inline', text: css });
    }
    // <template> content lives in a separate fragment and is never rendered: not walked.
    const childDepth = Math.min(depth, MAX_DEPTH) + 1;
    const childParent = depth > MAX_DEPTH ? parent : el;
    for (let i = n.childNodes.length - 1; i >= 0; i--)
      stack.push([n.childNodes[i], childParent, childDepth]);
    if (ns === 'html' && el.tag === 'title' && title === null) {
      // Children not appended yet; read the text straight from parse5.
      const t = n.childNodes
        .map((c) => (c.nodeName === '#text' ? (c as DefaultTreeAdapterMap['textNode']).value : ''))
        .join('');
      const collapsed = t.replace(/[ \t\n\f\r]+/g, ' ').trim();
      title = collapsed || null;
    }
  }
  indexTypes(root);
  if (flattened) {
    warnings.push({
      code: 'html.too-deep',
      message: `elements nested deeper than ${MAX_DEPTH} levels were attached at depth ${MAX_DEPTH}`,
    });
  }
  const lang =
    root.attrs.get('lang')?.trim() ||
    root.attrs.get('xml:lang')?.trim() ||
    bodyLang(htmlEl) ||
    null;
  const quirks =
    doc.mode === 'quirks' && doc.childNodes.some((n) => n.nodeName === '#documentType');
  return { root, title, lang, baseHref, sheets, warnings, quirks };
}
