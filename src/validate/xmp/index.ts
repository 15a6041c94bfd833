/**
 * XMP metadata: the packet parser and data model others use (identify() reads PDF/A and
 * PDF/UA identification, dc:title and xmpMM:DocumentID from it), and the metadata rule area.
 */
export { parseXmpPacket, detectEncoding } from './parse.js';
export {
  NS as XMP_NS,
  findProperty,
  findField,
  isLangAlt,
  langAltText,
  simpleText,
} from './model.js';
export type {
  XmpArrayKind,
  XmpEncoding,
  XmpNode,
  XmpPacket,
  XmpParseError,
  XmpParseResult,
} from './model.js';
export { xmpArea, documentMetadata } from './area.js';
export type { DocumentMetadata } from './area.js';
export { identifyXmp } from './identify.js';
export type { XmpIdentification } from './identify.js';
