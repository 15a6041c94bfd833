/**
 * HTML semantics → PDF structure types: which standard type each element becomes, with its
 * attributes. Pure functions over a styled element; build.ts decides where the node goes.
 */
import type { StyledElement, ListStyleType } from '../../style/index.js';
import type { StandardStructType, StructAttributes } from '../../document/index.js';

/**
 * Marks an element as one entry of a table of contents made of other markup than a list (a
 * `nav` of paragraphs each holding a link): it becomes a TOCI, its run of siblings a TOC. The
 * name starts with a space, so no document can set it.
 */
export const TOC_ENTRY_ATTR = ' a11ypdf-toc-entry';

/** Structure types whose inline content is wrapped in a P (they group blocks, not text). */
export const GROUPING: ReadonlySet<StandardStructType> = new Set<StandardStructType>([
  'Document',
  'Part',
  'Art',
  'Sect',
  'Div',
  'BlockQuote',
  'Figure',
  'L',
  'LI',
  'Table',
  'THead',
  'TBody',
  'TFoot',
  'TR',
  'TOC',
  'TOCI',
  'Index',
]);

export type Semantic =
  | {
      readonly kind: 'node';
      readonly type: StandardStructType;
      readonly attributes?: StructAttributes;
      /** Text read instead of the content (generated content's alternative text). */
      readonly actualText?: string;
    }
  /** No node of its own; content belongs to the enclosing node. */
  | { readonly kind: 'transparent' }
  /** Decorative or hidden from assistive technology: everything inside is an artifact. */
  | { readonly kind: 'artifact' };

const HEADINGS: Record<string, StandardStructType> = {
  h1: 'H1',
  h2: 'H2',
  h3: 'H3',
  h4: 'H4',
  h5: 'H5',
  h6: 'H6',
};

const ROLE_TYPES: Record<string, StandardStructType> = {
  article: 'Art',
  blockquote: 'BlockQuote',
  caption: 'Caption',
  code: 'Code',
  figure: 'Figure',
  img: 'Figure',
  link: 'Link',
  list: 'L',
  listitem: 'LI',
  main: 'Part',
  navigation: 'Div',
  paragraph: 'P',
  region: 'Sect',
  table: 'Table',
  row: 'TR',
  cell: 'TD',
  columnheader: 'TH',
  rowheader: 'TH',
  complementary: 'Sect',
};

export function semanticOf(el: StyledElement): Semantic {
  const a = el.attrs;
  if (a.get('aria-hidden') === 'true') return { kind: 'artifact' };
  const role = (a.get('role') ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (role === 'presentation' || role === 'none') {
    return el.tag === 'img' || el.tag === 'svg' ? { kind: 'artifact' } : { kind: 'transparent' };
  }
  if (role === 'heading') {
    const level = Math.min(6, Math.max(1, Number.parseInt(a.get('aria-level') ?? '2', 10) || 2));
    return { kind: 'node', type: `H${level}` as StandardStructType };
  }
  if (role && ROLE_TYPES[role]) return { kind: 'node', type: ROLE_TYPES[role] };
  // A table of contents (DPUB-ARIA doc-toc) is a TOC when it is the list itself; a region
  // holding the list (a nav with a heading) stays a Div around it.
  if (role === 'doc-toc') return { kind: 'node', type: isList(el) ? 'TOC' : 'Div' };
  const t = el.tag;
  if (HEADINGS[t]) return { kind: 'node', type: HEADINGS[t] };
  switch (t) {
    case 'p':
    case 'address':
    case 'dt':
    case 'dd':
      return { kind: 'node', type: 'P' };
    case 'ul':
    case 'ol':
    case 'menu':
      return {
        kind: 'node',
        type: 'L',
        attributes: { listNumbering: listNumbering(el.style.listStyleType) },
      };
    case 'li':
      return { kind: 'node', type: 'LI' };
    case 'table':
      return { kind: 'node', type: 'Table' };
    case 'thead':
      return { kind: 'node', type: 'THead' };
    case 'tbody':
      return { kind: 'node', type: 'TBody' };
    case 'tfoot':
      return { kind: 'node', type: 'TFoot' };
    case 'tr':
      return { kind: 'node', type: 'TR' };
    case 'th':
      return { kind: 'node', type: 'TH' };
    case 'td':
      return { kind: 'node', type: 'TD' };
    case 'caption':
    case 'figcaption':
      return { kind: 'node', type: 'Caption' };
    case 'blockquote':
      return { kind: 'node', type: 'BlockQuote' };
    case 'q':
      return { kind: 'node', type: 'Quote' };
    case 'code':
    case 'pre':
    case 'kbd':
    case 'samp':
      return { kind: 'node', type: 'Code' };
    case 'section':
    case 'aside':
      return { kind: 'node', type: 'Sect' };
    case 'article':
      return { kind: 'node', type: 'Art' };
    case 'main':
      return { kind: 'node', type: 'Part' };
    case 'nav':
    case 'header':
    case 'footer':
    case 'dl':
      return { kind: 'node', type: 'Div' };
    case 'figure':
      return { kind: 'node', type: 'Figure' };
    case 'img':
    case 'svg':
      return { kind: 'node', type: 'Figure' };
    case 'hr':
      return { kind: 'artifact' };
    case 'cite':
    case 'abbr':
      return a.has('title') ? { kind: 'node', type: 'Span' } : { kind: 'transparent' };
    default:
      return { kind: 'transparent' };
  }
}

function isList(el: StyledElement): boolean {
  return el.tag === 'ul' || el.tag === 'ol' || el.tag === 'menu';
}

export function listNumbering(t: ListStyleType): NonNullable<StructAttributes['listNumbering']> {
  if (typeof t !== 'string') return 'None';
  switch (t) {
    case 'disc':
      return 'Disc';
    case 'circle':
      return 'Circle';
    case 'square':
      return 'Square';
    case 'decimal':
    case 'decimal-leading-zero':
    case 'arabic-indic':
      return 'Decimal';
    case 'upper-roman':
      return 'UpperRoman';
    case 'lower-roman':
      return 'LowerRoman';
    case 'upper-alpha':
    case 'upper-latin':
      return 'UpperAlpha';
    case 'lower-alpha':
    case 'lower-latin':
    case 'lower-greek':
      return 'LowerAlpha';
    default:
      return 'None';
  }
}

/** Text alternative of an image-like element: alt, aria-label, title (in that order). */
export function altOf(el: StyledElement): string | undefined {
  const alt = el.attrs.get('alt');
  if (alt !== undefined) return alt.trim();
  const label = el.attrs.get('aria-label') ?? el.attrs.get('title');
  if (label !== undefined && label.trim() !== '') return label.trim();
  if (el.svgMarkup) {
    const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(el.svgMarkup);
    if (m) return decodeEntities(m[1]).replace(/\s+/g, ' ').trim();
  }
  return undefined;
}

function decodeEntities(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, '&');
}
