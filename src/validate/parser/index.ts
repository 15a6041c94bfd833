/**
 * The validator's PDF reader. `openDocument` never throws for a damaged PDF: it recovers and
 * records what it worked around in `lexical.recoveries`. It throws NotPdfError only when the
 * bytes are not a PDF at all.
 */
export { PdfPage } from './page.js';
export {
  NotPdfError,
  PdfReader,
  openDocument,
  type ObjectSpacing,
  type ReaderOptions,
} from './reader.js';
export { IMAGE_CODECS, applyFilter, canonicalFilterName, filterChain } from './filters.js';
export { Lexer, MAX_DEPTH, isValidUtf8, parseObject, type Token } from './lexer.js';
export type { Revision } from './xref.js';
