/** What every layout entry point (HTML engine, templates) takes and returns. */
import type { Deadline, Warning } from '../diagnostics.js';
import type { DocumentLimits } from '../html/limits.js';
import type { CssLimits } from '../style/index.js';
import type { ResourceLoader } from '../resources/types.js';
import type { Attachment, LaidOutDocument, XmpSchema } from './display-list.js';

export interface LayoutOptions {
  /**
   * paged: @page sizes, pagination, page margin boxes (PDF and page thumbnails).
   * continuous: one page as wide as the viewport and as tall as the content (raster output).
   */
  readonly mode: 'paged' | 'continuous';
  /** Viewport width in CSS pixels for continuous mode (default 1024). */
  readonly viewportWidthPx?: number;
  readonly now: Date;
  readonly documentId: string;
  /** Claim PDF/A (embed output intent); false = PDF/UA-1 only. */
  readonly pdfa: boolean;
  readonly attachments: readonly Attachment[];
  readonly xmpSchemas: readonly XmpSchema[];
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
}

export interface LayoutResult {
  readonly document: LaidOutDocument;
  readonly warnings: readonly Warning[];
}
