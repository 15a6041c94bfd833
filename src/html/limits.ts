/**
 * The size limits of one HTML document, in a module of its own (no parser) so the service's
 * HTTP thread can refuse oversized HTML before handing it to a worker.
 */
import { LimitError } from '../diagnostics.js';

/**
 * How big a document may be once parsed. Layout memory grows with its elements and characters
 * (about 10 KB per table cell and 250 bytes per character of text through layout and PDF
 * writing), so these bound a worker's heap where the request size cannot: 3 MB of HTML can
 * hold 200,000 table cells.
 */
export interface DocumentLimits {
  /**
   * Longest HTML source, in characters; past it, LimitError 'document-html' before parsing.
   * The parser itself holds about 100 bytes per character while it runs, and builds one long
   * word or attribute value a character at a time, so the source needs its own bound.
   */
  readonly maxHtmlChars?: number;
  /** Most elements; past it, LimitError 'document-elements'. */
  readonly maxElements?: number;
  /** Most characters of text (markup excluded); past it, LimitError 'document-text'. */
  readonly maxTextChars?: number;
}

/** Throws the LimitError of HTML source longer than the limit allows. */
export function assertHtmlSize(html: string, limits: DocumentLimits): void {
  if (limits.maxHtmlChars !== undefined && html.length > limits.maxHtmlChars) {
    throw new LimitError(
      `the HTML has ${html.length} characters; the limit is ${limits.maxHtmlChars} (document-html)`,
      'document-html',
    );
  }
}
