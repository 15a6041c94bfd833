/** What every layout entry point (HTML engine, templates) takes and returns. */
import type { Deadline, Warning } from '../diagnostics.js';
import type { DocumentLimits } from '../style/index.js';
import type { CssLimits, UserStylesheet } from '../style/index.js';
import type { ResourceLoader } from '../resources/index.js';
import type { LaidOutDocument } from '../document/index.js';

export interface LayoutOptions {
  /**
   * paged: @page sizes, pagination, page margin boxes (PDF and page thumbnails).
   * continuous: one page as wide as the viewport and as tall as the content (raster output).
   */
  readonly mode: 'paged' | 'continuous';
  /** Viewport width in CSS pixels for continuous mode (default 1024). */
  readonly viewportWidthPx?: number;
  readonly loader: ResourceLoader;
  /** A failed resource fails the render instead of giving a warning. */
  readonly strict: boolean;
  readonly signal?: AbortSignal;
  /** The caller's deadline, read on the clock per block, per page and between stages. */
  readonly deadline?: Pick<Deadline, 'check'>;
  /** Rules and bytes of author CSS per document (default: DEFAULT_CSS_LIMITS). */
  readonly cssLimits?: CssLimits;
  /** Most pages of one document (default MAX_PAGES, 10,000); over it: LimitError 'pages'. */
  readonly maxPages?: number;
  /** Largest decoded image of the document, in pixels (default 40 million). */
  readonly maxInputPixels?: number;
  /** Most elements and characters of text of the parsed document (default: none). */
  readonly documentLimits?: DocumentLimits;
  /** The caller's sheets, after the document's own (see StyleOptions). */
  readonly userStylesheets?: readonly UserStylesheet[];
  /** Media type for @media (default print). */
  readonly media?: 'print' | 'screen';
  /**
   * Filled, when given, with the border box of every block-level or atomic element that has an
   * id attribute (blocks, table cells, flex items, images; not inline elements), keyed by the
   * id: the instrument of layout tests. Nothing is recorded without it.
   */
  readonly boxes?: Map<string, PlacedBox[]>;
  /**
   * Filled, when given, with one entry per layout pass of a paged document (more than one when
   * its page numbers feed back into its content): the block-level boxes of the page flow laid
   * out in the pass and those taken from the pass before, counted only when a later pass may
   * follow. The instrument of tests of that reuse.
   */
  readonly passes?: LayoutPassCount[];
}

export interface LayoutPassCount {
  readonly laidOut: number;
  readonly reused: number;
}

/**
 * Where one piece of an element's border box landed: the page (0-based) and the box in that
 * page's coordinates (points, origin top-left, y down). A box split across pages has one piece
 * per page; a box inside content laid out side by side (a table row, a flex line) taller than a
 * page has one, on the page where it starts.
 */
export interface PlacedBox {
  readonly pageIndex: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface LayoutResult {
  readonly document: LaidOutDocument;
  readonly warnings: readonly Warning[];
}
