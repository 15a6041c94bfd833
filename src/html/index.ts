/** HTML source → a small DOM (parse5 underneath), with the style sheets it refers to. */
export * from './dom.js';
export {
  MAX_DEPTH,
  parseHtml,
  type ParsedHtml,
  type ParseOptions,
  type SheetRef,
} from './parse.js';
export type { DocumentLimits } from './limits.js';
export { decodeHtml, encodingFor, type DecodedHtml } from './encoding.js';
